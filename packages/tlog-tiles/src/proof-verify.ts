import { fail, type Instant, type Off, ok, SeamError, type Verdict } from '@agent-seam/canonical';
import { HASH_SIZE, leafHash, verifyInclusion } from '@agent-seam/merkle';
import {
  type Checkpoint,
  type NoteTime,
  openNote,
  parseCheckpoint,
  splitNote,
  type VerifiedSignature,
  type WitnessQuorum,
} from '@agent-seam/tlog-note';
import { witnessClock } from './clock.js';
import { CHECKPOINT_CONTENT_CODES, NOTE_SHAPE_CODES_AFTER_TEXT, SIGNATURE_CODES } from './note-codes.js';
import { type ProofLimits, parseTlogProof, readProofLimits, TLOG_PROOF_TEXT_CODES } from './proof-text.js';
import { requireOriginAndQuorum } from './trust-options.js';

/**
 * Every way verifyTlogProof refuses a file, in the order of its checks: the file's text,
 * the note's shape, the checkpoint, the origin, the signatures, the cosignatures' times and
 * the witness quorum (tlog-note's codes, where they can arise: the file's text checks already cover the
 * note's), then the inclusion proof (merkle's codes).
 */
export const TLOG_PROOF_CODES = [
  ...TLOG_PROOF_TEXT_CODES,
  ...NOTE_SHAPE_CODES_AFTER_TEXT,
  ...CHECKPOINT_CONTENT_CODES,
  'origin-mismatch',
  ...SIGNATURE_CODES,
  'index-out-of-range',
  'wrong-proof-length',
  'root-mismatch',
] as const;
export type TlogProofCode = (typeof TLOG_PROOF_CODES)[number];

/** What a verifier trusts and expects, given before the file is read. */
export interface TlogProofPolicy extends ProofLimits {
  /** The checkpoint origin line the verifier accepts (compared exactly). */
  origin: string;
  /** The log's key and the witnesses: `{ log, witnesses, atLeast }` (tlog-note's WitnessQuorum). */
  quorum: WitnessQuorum;
  /** The entry's 32-byte leaf hash (RFC 6962: SHA-256(0x00 ‖ entry)). Give this or `entry`. */
  leafHash?: Uint8Array;
  /** The entry's bytes, hashed as a leaf. Give this or `leafHash`. */
  entry?: Uint8Array;
  /**
   * The caller's clock (a Date or Unix seconds), required when the quorum names witnesses:
   * a cosignature dated after it is refused. `'off'` leaves the cosignatures' times
   * unjudged, by name (`time: 'off-by-caller'`).
   */
  now?: Instant | Off;
  /** Needs `now`: each witness's newest cosignature at most this many seconds old (application policy). */
  maxAge?: number;
}

export interface VerifiedTlogProof {
  checkpoint: Checkpoint;
  index: bigint;
  leafHash: Uint8Array;
  /** The file's extra data, as it says (not authenticated: the application judges it). */
  extra: Uint8Array | null;
  /** The trusted keys that verified, as openNote reports them. */
  verifiedBy: VerifiedSignature[];
  /** What was judged of the cosignatures' times: `judged`, `off-by-caller` or `no-timed-keys` (no witness trusted). */
  time: NoteTime;
}

/**
 * A refusal of tlog-note or merkle, passed on as it is. Only the codes listed above can
 * arrive here: the file's text checks already covered the note's text codes (the note is
 * part of the file), a note text always ends in a newline, and the inclusion claim is
 * built of values the file's reading checked (test/hostile.test.ts holds every verdict to
 * the list).
 */
const passOn = (refusal: { code: string; detail?: string }) =>
  fail(refusal.code as TlogProofCode, refusal.detail);

/** Step 1 of tlog-proof.md: the leaf hash, from the caller (never from the file); and the clock the quorum needs. */
function readPolicy(policy: TlogProofPolicy): { hash: Uint8Array; now: Instant | Off | undefined } {
  if (typeof policy !== 'object' || policy === null)
    throw new SeamError(
      'invalid-argument',
      'verifyTlogProof takes a policy { origin, quorum, leafHash | entry }',
    );
  const { leafHash: given, entry } = policy;
  const { quorum } = requireOriginAndQuorum(policy.origin, policy.quorum, 'policy.');
  const now = witnessClock(quorum, policy.now, policy.maxAge, 'verifyTlogProof');
  if ((given === undefined) === (entry === undefined))
    throw new SeamError('invalid-argument', 'give exactly one of policy.leafHash and policy.entry');
  if (entry !== undefined) {
    if (!(entry instanceof Uint8Array))
      throw new SeamError('invalid-argument', 'policy.entry is a Uint8Array');
    return { hash: leafHash(entry), now };
  }
  if (!(given instanceof Uint8Array) || given.length !== HASH_SIZE)
    throw new SeamError('bad-hash-length', 'policy.leafHash is 32 bytes');
  return { hash: given, now };
}

/**
 * Verifies a C2SP tlog-proof@v1 file under a policy, in the four steps of tlog-proof.md:
 * the leaf hash (the caller's), the checkpoint's origin and the log's signature, the
 * witnesses' cosignatures (at least `atLeast` of them), and the inclusion proof from that
 * leaf hash at the file's index to the checkpoint's root. A cosignature's time is signed
 * with it and judged at the caller's `now` (none from the future; with `maxAge`, none too
 * old), or turned off by name. Never throws on the file; a policy that is not one, or one
 * naming witnesses without `now`, throws SeamError.
 */
export function verifyTlogProof(
  input: string | Uint8Array,
  policy: TlogProofPolicy,
): Verdict<VerifiedTlogProof, TlogProofCode> {
  const { hash, now } = readPolicy(policy);
  const maxBytes = readProofLimits(policy);
  const file = parseTlogProof(input, { maxBytes });
  if (!file.ok) return file;
  const { extra, index, proof, note } = file.value;

  const parts = splitNote(note, { maxBytes });
  if (!parts.ok) return passOn(parts);
  const checkpoint = parseCheckpoint(parts.value.text);
  if (!checkpoint.ok) return passOn(checkpoint);
  if (checkpoint.value.origin !== policy.origin)
    return fail('origin-mismatch', 'the checkpoint is from another log than the origin you accept');

  const opened = openNote(note, { quorum: policy.quorum, maxBytes, now, maxAge: policy.maxAge });
  if (!opened.ok) return passOn(opened);

  const included = verifyInclusion({
    leafHash: hash,
    index,
    size: checkpoint.value.size,
    proof,
    root: checkpoint.value.root,
  });
  if (!included.ok) return passOn(included);
  return ok({
    checkpoint: checkpoint.value,
    index,
    leafHash: hash,
    extra,
    verifiedBy: opened.value.verifiedBy,
    time: opened.value.time,
  });
}
