import { bytesEqual, SeamError } from '@agent-seam/canonical';
import type { MerkleTree } from '@agent-seam/merkle';
import { parseCheckpoint, splitNote } from '@agent-seam/tlog-note';
import { formatTlogProof } from './proof-format.js';

/**
 * The tlog-proof@v1 file for leaf `index` of `tree`, under a signed (and cosigned)
 * checkpoint note of the tree at some size: the proof is computed for the checkpoint's
 * size, so a note of an earlier size of the tree works too. This is the log's side and
 * judges no signature; throws SeamError when the note is not a checkpoint of this tree
 * (`checkpoint-mismatch`) or the index is not in it (`index-out-of-range`).
 */
export function makeTlogProof(
  tree: MerkleTree,
  note: string | Uint8Array,
  index: number | bigint,
  options: { extra?: Uint8Array } = {},
): string {
  const bytes = typeof note === 'string' ? new TextEncoder().encode(note) : note;
  // The log's own note: no cap but its length (a reader's cap is the verifier's business).
  const parts = splitNote(bytes, { maxBytes: bytes.length });
  if (!parts.ok) throw new SeamError('invalid-argument', `note is not a signed note (${parts.code})`);
  const checkpoint = parseCheckpoint(parts.value.text);
  if (!checkpoint.ok)
    throw new SeamError('invalid-argument', `note is not a checkpoint (${checkpoint.code})`);
  const { size, root } = checkpoint.value;
  if (size > BigInt(tree.size) || !bytesEqual(tree.rootAt(size), root))
    throw new SeamError(
      'checkpoint-mismatch',
      'the checkpoint is not of this tree (its size or root differ)',
    );
  return formatTlogProof({
    index,
    proof: tree.inclusionProof(index, size),
    note: bytes,
    extra: options.extra ?? null,
  });
}
