import { fail, ok, type Verdict } from '@agent-seam/canonical';

/** Refusals of the base58btc decoder. */
export const BASE58_CODES = ['base58-too-long', 'bad-base58'] as const;
export type Base58Code = (typeof BASE58_CODES)[number];

/**
 * Longest text `base58btc.decode` will look at. Decoding is quadratic in the length,
 * so the cap is checked before any work; 512 characters is far above any did:key
 * (48 or 49 characters after the `z`) and still cheap.
 */
export const BASE58_MAX_CHARS = 512;

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const DIGIT = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) DIGIT[ALPHABET.charCodeAt(i)] = i;

/**
 * Bitcoin's base58 alphabet (the multibase `z` body). Each leading zero byte is one
 * leading `1`; the rest is the big-endian number in base 58. That convention makes
 * the spelling unique, so no re-encode check is needed.
 */
export const base58btc = {
  encode(bytes: Uint8Array): string {
    let zeros = 0;
    while (zeros < bytes.length && bytes[zeros] === 0) zeros++;
    // Little-endian base-58 digits of the number, grown as needed.
    const digits: number[] = [];
    for (let i = zeros; i < bytes.length; i++) {
      let carry = bytes[i]!;
      for (let j = 0; j < digits.length; j++) {
        carry += digits[j]! << 8;
        digits[j] = carry % 58;
        carry = (carry / 58) | 0;
      }
      while (carry > 0) {
        digits.push(carry % 58);
        carry = (carry / 58) | 0;
      }
    }
    let out = '1'.repeat(zeros);
    for (let i = digits.length - 1; i >= 0; i--) out += ALPHABET[digits[i]!];
    return out;
  },

  decode(text: string): Verdict<Uint8Array, Base58Code> {
    if (typeof text !== 'string') return fail('bad-base58', 'not a string');
    if (text.length > BASE58_MAX_CHARS)
      return fail('base58-too-long', `more than ${BASE58_MAX_CHARS} characters`);
    let zeros = 0;
    while (zeros < text.length && text.charCodeAt(zeros) === 0x31) zeros++;
    // Little-endian base-256 bytes of the number, three digits folded in per pass over them:
    // 255 * 58^3 plus the carry stays below 2^31, so the bit operations stay exact.
    const bytes: number[] = [];
    for (let i = zeros; i < text.length; ) {
      let group = 0;
      let scale = 1;
      for (const end = Math.min(i + 3, text.length); i < end; i++) {
        const c = text.charCodeAt(i);
        const digit = c < 128 ? DIGIT[c]! : -1;
        if (digit < 0) return fail('bad-base58', 'character outside the base58btc alphabet');
        group = group * 58 + digit;
        scale *= 58;
      }
      let carry = group;
      for (let j = 0; j < bytes.length; j++) {
        carry += bytes[j]! * scale;
        bytes[j] = carry & 0xff;
        carry >>= 8;
      }
      while (carry > 0) {
        bytes.push(carry & 0xff);
        carry >>= 8;
      }
    }
    const out = new Uint8Array(zeros + bytes.length);
    for (let i = 0; i < bytes.length; i++) out[out.length - 1 - i] = bytes[i]!;
    return ok(out);
  },
};
