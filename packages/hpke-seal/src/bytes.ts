/** Small byte helpers shared by the HPKE and envelope modules. */

const encoder = new TextEncoder();

export const ascii = (text: string): Uint8Array => encoder.encode(text);

export function concat(...parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

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

/** Constant-time-ish equality for equal-length secrets; false on differing lengths. */
export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}
