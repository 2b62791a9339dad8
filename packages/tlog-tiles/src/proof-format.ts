import { base64Strict, SeamError, utf8Strict } from '@agent-seam/canonical';
import { HASH_SIZE } from '@agent-seam/merkle';
import { MAX_PROOF_HASHES, TLOG_PROOF_HEADER } from './proof-text.js';

export interface TlogProofFields {
  /** Opaque extra data for the verifier's application; omitted (or null) for none. */
  extra?: Uint8Array | null;
  /** The entry's index (uint64). */
  index: number | bigint;
  /** The inclusion proof, bottom-up (at most 64 hashes of 32 bytes). */
  proof: readonly Uint8Array[];
  /** The signed (and cosigned) checkpoint note, verbatim: text or its UTF-8 bytes. */
  note: string | Uint8Array;
}

const MAX_UINT64 = (1n << 64n) - 1n;

/**
 * The tlog-proof@v1 text of the fields. Throws SeamError naming the field when the text
 * would not read back to the same fields (parseTlogProof): an index outside uint64, a
 * proof hash that is not 32 bytes or more than 64 of them, empty extra data (a file says
 * "no extra" by leaving the line out), a note that is not UTF-8 text ending in a newline
 * without control characters.
 */
export function formatTlogProof(fields: TlogProofFields): string {
  if (typeof fields !== 'object' || fields === null)
    throw new SeamError('invalid-argument', 'formatTlogProof takes { extra?, index, proof, note }');
  const { extra, index, proof, note } = fields;
  const i = typeof index === 'bigint' ? index : Number.isSafeInteger(index) ? BigInt(index) : -1n;
  if (i < 0n || i > MAX_UINT64) throw new SeamError('invalid-argument', 'index must be a uint64');
  if (!Array.isArray(proof) || proof.length > MAX_PROOF_HASHES)
    throw new SeamError('invalid-argument', `proof must be a list of at most ${MAX_PROOF_HASHES} hashes`);
  for (const [k, hash] of proof.entries())
    if (!(hash instanceof Uint8Array) || hash.length !== HASH_SIZE)
      throw new SeamError('bad-hash-length', `proof[${k}] is not 32 bytes`);
  if (extra !== undefined && extra !== null && !(extra instanceof Uint8Array && extra.length > 0))
    throw new SeamError('invalid-argument', 'extra must be non-empty bytes (or left out)');
  const text = typeof note === 'string' ? note : note instanceof Uint8Array ? utf8Strict.decode(note) : null;
  const noteText = typeof text === 'string' ? text : text?.ok ? text.value : null;
  if (noteText === null || /\p{Cs}/u.test(noteText))
    throw new SeamError('invalid-argument', 'note must be UTF-8 text (a string or its bytes)');
  if (!noteText.endsWith('\n') || /[\u0000-\u0009\u000b-\u001f]/.test(noteText))
    throw new SeamError('invalid-argument', 'note must end in a newline and hold no control character');
  const lines = [TLOG_PROOF_HEADER];
  if (extra) lines.push(`extra ${base64Strict.encode(extra)}`);
  lines.push(`index ${i}`, ...proof.map((hash) => base64Strict.encode(hash)), '');
  return `${lines.join('\n')}\n${noteText}`;
}
