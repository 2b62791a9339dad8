import { type CheckSpec, withoutCodes } from '@agent-seam/canonical';
import { CHECKPOINT_CHECKS, NOTE_CHECKS } from '@agent-seam/tlog-note';
import type { TilePathCode } from './paths.js';
import type { TlogProofCode } from './proof-verify.js';
import type { TileCheckpointCode, TileProofCode } from './reader.js';
import { READ_CODES } from './source.js';

/** tlog-note's checks with the quorum always judged: the verifiers here require one. */
const quorumRequired = <C extends string>(checks: readonly CheckSpec<C>[]): CheckSpec<C>[] =>
  checks.map(({ needs, ...check }) =>
    needs === 'quorum' ? check : { ...check, ...(needs ? { needs } : {}) },
  );

/** tlog-note's checkpoint checks, less the text checks a note's own reading already made. */
const checkpointContent = withoutCodes(CHECKPOINT_CHECKS, [
  'not-a-string',
  'invalid-utf8',
  'control-character',
  'missing-final-newline',
]);

/** tlog-note's note checks as a tlog-proof verifier makes them: the file's text checks cover the note's. */
const [noteShape, ...noteSignatures] = quorumRequired(
  withoutCodes(NOTE_CHECKS, ['not-bytes', 'note-too-large', 'invalid-utf8', 'control-character']),
);

/** `verifyTlogProof`'s checks, in its order (tlog-proof.md's steps 2 to 4 after the file's reading). */
export const TLOG_PROOF_CHECKS: readonly CheckSpec<TlogProofCode>[] = [
  {
    id: 'text',
    title: 'bytes (or a string) within maxBytes, UTF-8, no control character but newline',
    codes: ['not-bytes', 'proof-too-large', 'invalid-utf8', 'control-character'],
  },
  { id: 'header', title: 'the first line is c2sp.org/tlog-proof@v1', codes: ['bad-header'] },
  { id: 'extra', title: 'an extra line, if any, holds non-empty canonical base64', codes: ['bad-extra'] },
  { id: 'index', title: 'then "index" and the entry index, a uint64 in decimal', codes: ['bad-index'] },
  {
    id: 'proof-hashes',
    title: 'then at most 64 proof lines, each canonical base64 of 32 bytes',
    codes: ['bad-proof-hash', 'too-many-proof-hashes'],
  },
  { id: 'blank-line', title: 'then a blank line, and the checkpoint note after it', codes: ['truncated'] },
  noteShape!,
  ...checkpointContent,
  { id: 'expected-origin', title: 'the checkpoint origin is the one you accept', codes: ['origin-mismatch'] },
  ...noteSignatures,
  { id: 'leaf-index', title: 'the index is below the checkpoint tree size', codes: ['index-out-of-range'] },
  {
    id: 'proof-length',
    title: 'the proof has exactly as many hashes as that index and size need',
    codes: ['wrong-proof-length'],
  },
  {
    id: 'inclusion',
    title: "the leaf hash and the proof lead to the checkpoint's root hash",
    codes: ['root-mismatch'],
  },
];

/** `parseTilePath`'s checks, in its order. */
export const TILE_PATH_CHECKS: readonly CheckSpec<TilePathCode>[] = [
  { id: 'text', title: 'a string', codes: ['not-a-string'] },
  { id: 'prefix', title: 'tile/<level>/<index>', codes: ['not-a-tile-path'] },
  {
    id: 'level',
    title: 'the level is entries or a decimal 0..63 without leading zeros',
    codes: ['bad-level'],
  },
  {
    id: 'index',
    title: 'the index is 3-digit groups, all but the last behind an x, with no leading x000',
    codes: ['bad-index'],
  },
  {
    id: 'width',
    title: 'a partial width .p/W is a decimal 1..255 without leading zeros',
    codes: ['bad-width'],
  },
  { id: 'range', title: 'the tile starts below 2^64 leaves', codes: ['index-out-of-range'] },
];

const READ_TITLE = 'HTTP 200 (or the file), within its byte cap, after at most maxRedirects redirects';

/** `TileLog.refresh`'s checks, in its order: the checkpoint, then (after a verified one) consistency. */
export const TILE_CHECKPOINT_CHECKS: readonly CheckSpec<TileCheckpointCode>[] = [
  {
    id: 'read',
    title: `the checkpoint is read: ${READ_TITLE}`,
    codes: [...READ_CODES],
    detailStarts: ['checkpoint'],
  },
  ...quorumRequired(withoutCodes(NOTE_CHECKS, ['not-bytes', 'note-too-large'])).map((check) =>
    check.id === 'text' ? { ...check, title: 'UTF-8, no control character but newline' } : check,
  ),
  ...checkpointContent,
  { id: 'expected-origin', title: 'the checkpoint origin is the one you accept', codes: ['origin-mismatch'] },
  { id: 'tree-size', title: 'a tree of at most 2^53 - 1 leaves', codes: ['tree-too-large'] },
  {
    id: 'no-rollback',
    title: 'the tree is not smaller than the last one verified',
    codes: ['checkpoint-rollback'],
  },
  {
    id: 'tiles',
    title: 'the tiles a consistency proof needs are read, of their exact length, and hash to the new root',
    codes: [...READ_CODES, 'tile-wrong-length', 'tile-mismatch'],
    detailStarts: ['tile/'],
  },
  {
    id: 'consistency',
    title: 'the new tree extends the last one verified (same root at the same size)',
    codes: ['fork'],
  },
];

/** The checks of a proof or entry read from tiles (`inclusionProof`, `consistencyProof`, `leafHash`, `entry`). */
export const TILE_PROOF_CHECKS: readonly CheckSpec<TileProofCode>[] = [
  {
    id: 'question',
    title: 'the leaf or size asked for is within the checkpoint tree',
    codes: ['beyond-checkpoint'],
  },
  { id: 'read', title: `each tile is read: ${READ_TITLE}`, codes: [...READ_CODES], detailStarts: ['tile/'] },
  {
    id: 'tile-length',
    title: 'each tile is exactly 32 bytes per hash of its width',
    codes: ['tile-wrong-length'],
  },
  {
    id: 'tile-hash',
    title: "each tile hashes to its hash in the tile above, or the partial tiles to the checkpoint's root",
    codes: ['tile-mismatch'],
  },
  {
    id: 'bundle-read',
    title: `the entry bundle is read: ${READ_TITLE}`,
    codes: [...READ_CODES],
    detailStarts: ['entry bundle '],
  },
  {
    id: 'bundle',
    title:
      'the entry bundle holds exactly its tile width of length-prefixed entries, each hashing to its leaf',
    codes: ['bad-entry-bundle', 'entry-mismatch'],
  },
];
