import { JsonFloat } from '../src/json-value.js';

/**
 * Sign-side inputs that JSON cannot carry are named by a construct in
 * vectors/canonical_profiles.json (group canonical.signSide); the generator and the
 * tests both build them here. The vocabulary:
 * `json:<text>` (JSON.parse), `number:<literal>` (Number, so NaN, Infinity, -0),
 * `bigint:<digits>`, `float:<literal>` (a JsonFloat), and the named shapes below.
 */
export function signSideValue(construct: string): unknown {
  const at = construct.indexOf(':');
  const [kind, arg] = at < 0 ? [construct, ''] : [construct.slice(0, at), construct.slice(at + 1)];
  switch (kind) {
    case 'json':
      return JSON.parse(arg);
    case 'number':
      return Number(arg);
    case 'bigint':
      return BigInt(arg);
    case 'float':
      return new JsonFloat(Number(arg));
    case 'undefined-member':
      return { a: undefined, b: 1 };
    case 'undefined-element':
      return [1, undefined];
    case 'undefined-deep':
      return { list: [1, { 'odd key': [undefined] }] };
    case 'cycle': {
      const a: Record<string, unknown> = { v: 1 };
      a.self = a;
      return a;
    }
    case 'shared-reference': {
      const x = { v: 1 };
      return { a: x, b: [x] };
    }
    case 'function':
      return { f: () => 0 };
    case 'date':
      return { d: new Date(0) };
    default:
      throw new Error(`unknown construct ${construct}`);
  }
}
