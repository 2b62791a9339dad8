/**
 * The JavaScript value model every profile writes from and `parseJSON` reads into.
 *
 * - `null`, `boolean`, `string` as usual.
 * - `number`: a finite double. An integral number is an integer; any other is a float.
 * - `bigint`: an exact integer. `parseJSON` returns one for an integer literal beyond
 *   +/-(2^53 - 1), so `9007199254740993` is never silently rounded.
 * - `JsonFloat`: a number that was WRITTEN as a float literal (`1.0`, `1e16`, `-0.0`).
 *   `parseJSON(..., { floats: 'marked' })` returns these so that `1.0` and `1` stay
 *   distinct; the `seam` profile needs the distinction because CPython writes `1.0`.
 * - arrays, and plain objects (prototype `Object.prototype` or `null`) read with
 *   `Object.keys`; `toJSON` is never called.
 */
export class JsonFloat {
  readonly value: number;
  constructor(value: number) {
    this.value = value;
    Object.freeze(this);
  }
}

export type JsonValue =
  | null
  | boolean
  | number
  | bigint
  | string
  | JsonFloat
  | JsonValue[]
  | { [key: string]: JsonValue };
