/** Small byte helpers shared by the HPKE and envelope modules. */
import { SeamError } from '@agent-seam/canonical';

const encoder = new TextEncoder();

export const ascii = (text: string): Uint8Array => encoder.encode(text);

/** I2OSP(n, width): n as a big-endian unsigned integer of `width` bytes (n < 2^53). */
export function i2osp(n: number, width: number): Uint8Array {
  const out = new Uint8Array(width);
  let rest = n;
  for (let i = width - 1; i >= 0 && rest > 0; i--) {
    out[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  return out;
}

/** A byte argument the caller holds (info, aad, a psk...): anything else is a programmer error. */
export function requireBytes(value: unknown, name: string): Uint8Array {
  if (!(value instanceof Uint8Array)) throw new SeamError('bad-argument', `${name} must be a Uint8Array`);
  return value;
}
