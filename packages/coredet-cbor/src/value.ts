/**
 * The JavaScript value model of this package.
 *
 * | CBOR                         | JavaScript                                              |
 * |------------------------------|---------------------------------------------------------|
 * | unsigned / negative integer  | `number` when safe (|n| < 2^53), else `bigint`          |
 * | byte string                  | `Uint8Array`                                            |
 * | text string                  | `string`                                                |
 * | array                        | `Array`                                                 |
 * | map, every key text, size>0  | plain object                                            |
 * | any other map (empty too)    | `Map` (keys: number, bigint, string, Uint8Array)        |
 * | false / true / null          | `false` / `true` / `null`                               |
 * | float, value not a safe int  | `number` (includes -0)                                  |
 * | float holding a safe integer | `CborFloat` (so 1.0 stays a float and 1 an integer)     |
 *
 * Only the lenient decoder produces `undefined` (simple 23) and `SimpleValue`, and NaN
 * or ±Infinity numbers; `encode` refuses all three.
 */
export type CborKey = number | bigint | string | Uint8Array;

export type CborValue =
  | number
  | bigint
  | string
  | boolean
  | null
  | Uint8Array
  | CborFloat
  | RawCbor
  | SimpleValue
  | undefined
  | CborValue[]
  | Map<CborKey, CborValue>
  | { [key: string]: CborValue };

/**
 * A float whose value is a safe integer. A bare `number` such as 1 encodes as the
 * integer 01; `new CborFloat(1)` encodes as the float f93c00. The decoder returns this
 * wrapper for integral floats so that decoding and re-encoding never changes the bytes.
 */
export class CborFloat {
  constructor(readonly value: number) {}
}

/** A simple value other than false/true/null/undefined; only the lenient decoder yields it. */
export class SimpleValue {
  constructor(readonly value: number) {}
}

/**
 * Bytes that already hold exactly one encoded CBOR item. `encode` copies them
 * verbatim, which is how a signature preimage is rebuilt from values as received.
 * `encode` checks that they are one well-formed item (lenient rules, so foreign bytes
 * that were signed as they are stay as they are) and throws `bad-raw` otherwise.
 */
export class RawCbor {
  constructor(readonly bytes: Uint8Array) {}
}
