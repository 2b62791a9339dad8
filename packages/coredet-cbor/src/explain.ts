import { type Decoded, type DecodeOptions, decode } from './decode.js';
import { diagnosticNotation } from './diagnostic.js';
import type { CborValue } from './value.js';

export interface CborExplanation {
  /** The strict CoreDet verdict; a refusal carries the offset of the first byte that breaks a rule. */
  verdict: Decoded<CborValue>;
  /**
   * The item in RFC 8949 §8 diagnostic notation, as received (see `diagnosticNotation`);
   * null when not even the lenient reader takes it (not well-formed, a tag, a repeated
   * key, trailing bytes, over a bound).
   */
  diagnostic: string | null;
}

/**
 * CBOR bytes for a person: the strict verdict (where and why determinism breaks) beside
 * the item in diagnostic notation, where the §8.1 indicators mark every non-preferred
 * encoding and map entries keep their wire order.
 */
export function explainCbor(
  bytes: Uint8Array,
  options: Omit<DecodeOptions, 'lenient'> = {},
): CborExplanation {
  const verdict = decode(bytes, { ...options, lenient: false });
  const notation = diagnosticNotation(bytes, options);
  return { verdict, diagnostic: notation.ok ? notation.value : null };
}
