/** Decoding and structural checks of the inner signed message shared by v1 and v2. */
import { fail, ok, type Verdict } from '@agent-seam/canonical';
import { INNER, KEL_MAX_BYTES } from './envelope-wire.js';
import {
  bytesField,
  decodeWireMap,
  firstBadField,
  firstUnknownKey,
  optionalBytes,
  type Schema,
  textField,
  uintField,
  type WireMap,
} from './wire-map.js';

export type InnerCode = 'bad-inner' | 'unknown-critical-field' | 'kel-too-large' | 'to-mismatch';

/**
 * The fields of every inner message that its sender chooses: what sealEnvelope takes and
 * what the openers give back.
 */
export interface MessageFields {
  from: string;
  ksn: number;
  type: string;
  ix: string;
  /** 16 random bytes; (from, mid) is the receiver's replay key. */
  mid: Uint8Array;
  /** When the message is sent: milliseconds since the Unix epoch (the wire's unit, inner key 7), not 0. */
  tsMs: number;
  /** When it expires, in the same unit (inner key 8): at most 15 days after tsMs. */
  expMs: number;
  body: Uint8Array;
}

/** The fields every inner message carries, as vetted values. */
export interface InnerFields extends MessageFields {
  to: string;
  sig: Uint8Array;
  kel?: Uint8Array;
}

/** Decode, key space, field rules, the kel size and `to` against the outer recipient. */
export function parseInner(
  bytes: Uint8Array,
  schema: Schema,
  outerTo: string,
): Verdict<{ map: WireMap; fields: InnerFields }, InnerCode> {
  const map = decodeWireMap(bytes, bytes.length);
  if (map === null) return fail('bad-inner', 'not a CoreDet map with unsigned integer keys');
  const unknown = firstUnknownKey(map, schema);
  if (unknown !== null) return fail('unknown-critical-field', `inner key ${unknown}`);
  const bad = firstBadField(map, schema);
  if (bad !== null) return fail('bad-inner', `inner key ${bad}`);
  const fields: InnerFields = {
    from: textField(map, INNER.from),
    ksn: uintField(map, INNER.ksn),
    to: textField(map, INNER.to),
    type: textField(map, INNER.type),
    ix: textField(map, INNER.ix),
    mid: bytesField(map, INNER.mid),
    tsMs: uintField(map, INNER.ts),
    expMs: uintField(map, INNER.exp),
    body: bytesField(map, INNER.body),
    sig: bytesField(map, INNER.sig),
  };
  if (fields.tsMs === 0) return fail('bad-inner', 'ts is zero');
  const kel = optionalBytes(map, INNER.kel);
  if (kel !== undefined) {
    if (kel.length > KEL_MAX_BYTES)
      return fail('kel-too-large', `the kel is ${kel.length} bytes, over ${KEL_MAX_BYTES}`);
    fields.kel = kel;
  }
  if (fields.to !== outerTo) return fail('to-mismatch', 'the inner to is not the outer to');
  return ok({ map, fields });
}
