import { fail, ok, type Verdict } from '@agent-seam/canonical';

/** RFC 4648 base32, lower-case alphabet, no padding: the multibase `b` spelling of CIDs. */
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const TABLE = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) TABLE[ALPHABET.charCodeAt(i)] = i;

export function base32LowerEncode(bytes: Uint8Array): string {
  let out = '';
  let acc = 0;
  let bits = 0;
  for (const b of bytes) {
    acc = ((acc << 8) | b) & 0xfff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += ALPHABET[(acc >>> bits) & 31];
    }
  }
  if (bits > 0) out += ALPHABET[(acc << (5 - bits)) & 31];
  return out;
}

/**
 * Decodes only the one spelling base32LowerEncode produces: lower case, no padding,
 * no impossible lengths, zero residual bits.
 */
export function base32LowerDecode(text: string): Verdict<Uint8Array, 'bad-base32'> {
  const out = new Uint8Array(Math.floor((text.length * 5) / 8));
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const v = c < 128 ? TABLE[c]! : -1;
    if (v < 0)
      return fail('bad-base32', `the character at offset ${i} is outside the lower-case base32 alphabet`);
    acc = ((acc << 5) | v) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >>> bits) & 0xff;
    }
  }
  // Leftover bits must be fewer than 5 and zero, else another text spells the same bytes.
  if (bits >= 5 || (acc & ((1 << bits) - 1)) !== 0)
    return fail(
      'bad-base32',
      bits >= 5
        ? `not the canonical spelling: base32 writes no text of length ${text.length}`
        : `not the canonical spelling: the ${bits} bits left over at the end are not zero`,
    );
  return ok(out);
}
