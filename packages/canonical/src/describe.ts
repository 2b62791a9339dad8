/**
 * A value's JavaScript type, for a refusal's detail or an error message: what kind of
 * thing the input holds where it should hold something else, never the value itself
 * (a detail never echoes attacker bytes).
 */
export const describeType = (v: unknown): string =>
  v === undefined
    ? 'undefined'
    : v === null
      ? 'null'
      : Array.isArray(v)
        ? 'an array'
        : v instanceof Uint8Array
          ? 'a Uint8Array'
          : typeof v === 'object'
            ? 'an object'
            : `a ${typeof v}`;
