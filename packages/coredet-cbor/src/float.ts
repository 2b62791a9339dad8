/**
 * IEEE 754 conversions between a JavaScript number and the three CBOR float widths.
 * The encoder needs "is this value exactly representable in binary16 / binary32?";
 * the strict decoder needs the same question to refuse a float written too wide.
 */

const scratch = new DataView(new ArrayBuffer(8));

/** The binary16 bit pattern of `v` when the conversion is exact, else -1. */
export function toHalfBits(v: number): number {
  if (Math.fround(v) !== v) return -1;
  scratch.setFloat32(0, v);
  const bits = scratch.getUint32(0);
  const sign = (bits >>> 16) & 0x8000;
  const exp = ((bits >>> 23) & 0xff) - 127;
  const mant = bits & 0x7fffff;
  if (exp === -127 && mant === 0) return sign; // ±0
  if (exp === 128) return mant === 0 ? sign | 0x7c00 : -1; // ±Infinity; NaN has no single pattern
  if (exp >= -14 && exp <= 15) {
    // Normal half: the 13 low mantissa bits must be zero.
    return (mant & 0x1fff) === 0 ? sign | ((exp + 15) << 10) | (mant >>> 13) : -1;
  }
  if (exp >= -24 && exp < -14) {
    // Subnormal half: value = m * 2^-24 with the implicit bit made explicit.
    const shift = -exp - 1;
    const full = 0x800000 | mant;
    return (full & ((1 << shift) - 1)) === 0 ? sign | (full >>> shift) : -1;
  }
  return -1;
}

/** The number a binary16 bit pattern denotes. */
export function fromHalfBits(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const exp = (h >>> 10) & 0x1f;
  const mant = h & 0x3ff;
  if (exp === 0) return sign * mant * 2 ** -24;
  if (exp === 0x1f) return mant === 0 ? sign * Infinity : Number.NaN;
  return sign * (1024 + mant) * 2 ** (exp - 25);
}

export function readFloat32(bytes: Uint8Array, at: number): number {
  for (let i = 0; i < 4; i++) scratch.setUint8(i, bytes[at + i]!);
  return scratch.getFloat32(0);
}

export function readFloat64(bytes: Uint8Array, at: number): number {
  for (let i = 0; i < 8; i++) scratch.setUint8(i, bytes[at + i]!);
  return scratch.getFloat64(0);
}

export function writeFloat32(out: Uint8Array, at: number, v: number): void {
  scratch.setFloat32(0, v);
  for (let i = 0; i < 4; i++) out[at + i] = scratch.getUint8(i);
}

export function writeFloat64(out: Uint8Array, at: number, v: number): void {
  scratch.setFloat64(0, v);
  for (let i = 0; i < 8; i++) out[at + i] = scratch.getUint8(i);
}
