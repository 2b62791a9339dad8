import { base64Strict, fail, ok, SeamError, utf8Strict, type Verdict } from '@agent-seam/canonical';
import { HASH_SIZE } from '@agent-seam/merkle';

/**
 * The text of a C2SP tlog-proof@v1 file: the header line, an optional `extra` line, the
 * `index` line, zero or more base64 proof hashes, a blank line, then the checkpoint note
 * verbatim. This module reads the text strictly and judges nothing the note says; that is
 * `verifyTlogProof`'s job.
 */
export const TLOG_PROOF_HEADER = 'c2sp.org/tlog-proof@v1';

/** Every way parseTlogProof refuses a file. */
export const TLOG_PROOF_TEXT_CODES = [
  'not-bytes',
  'proof-too-large',
  'invalid-utf8',
  'control-character',
  'bad-header',
  'bad-extra',
  'bad-index',
  'bad-proof-hash',
  'too-many-proof-hashes',
  'truncated',
] as const;
export type TlogProofTextCode = (typeof TLOG_PROOF_TEXT_CODES)[number];

/**
 * Default cap on a proof file: 256 KiB, tlog-note's cap on a note, which is most of the
 * file (the rest is at most 64 hashes and an extra line).
 */
export const DEFAULT_MAX_PROOF_BYTES = 256 * 1024;
/** The longest inclusion proof a uint64 tree has: 64 hashes. */
export const MAX_PROOF_HASHES = 64;

export interface TlogProof {
  /** The decoded `extra` data, or null when the file has no extra line. Not authenticated. */
  extra: Uint8Array | null;
  /** The entry's index (uint64). */
  index: bigint;
  /** The inclusion proof, bottom-up, 32-byte hashes. */
  proof: Uint8Array[];
  /** The checkpoint note's exact bytes (everything after the blank line). */
  note: Uint8Array;
}

export interface ProofLimits {
  /** Largest file accepted, in bytes. Default 256 KiB. */
  maxBytes?: number;
}

const NEWLINE = 0x0a;
const DECIMAL = /^(0|[1-9][0-9]*)$/;
const MAX_UINT64 = (1n << 64n) - 1n;
const LONE_SURROGATE = /\p{Cs}/u;

/** A file's caps; a cap that is not a byte count is a programming error. */
export function readProofLimits(limits: ProofLimits): number {
  if (typeof limits !== 'object' || limits === null)
    throw new SeamError('invalid-argument', 'the options are not an object');
  const maxBytes = limits.maxBytes ?? DEFAULT_MAX_PROOF_BYTES;
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 0)
    throw new SeamError('invalid-argument', 'maxBytes must be a non-negative integer');
  return maxBytes;
}

/** Reads the lines of a tlog-proof file; every malformation is refused with its own code. */
export function parseTlogProof(
  input: string | Uint8Array,
  limits: ProofLimits = {},
): Verdict<TlogProof, TlogProofTextCode> {
  const maxBytes = readProofLimits(limits);
  const isText = typeof input === 'string';
  if (!isText && !(input instanceof Uint8Array))
    return fail('not-bytes', 'a tlog proof is bytes or a string');
  // A string longer than the cap in code units is longer in bytes: refused before encoding.
  if (isText && input.length > maxBytes) return fail('proof-too-large');
  const bytes = isText ? utf8Strict.encode(input) : input;
  if (bytes.length > maxBytes) return fail('proof-too-large');
  // A lone surrogate has no UTF-8 spelling; encoding would silently turn it into U+FFFD.
  const decoded = isText ? (LONE_SURROGATE.test(input) ? null : input) : utf8Strict.decode(bytes);
  const text = typeof decoded === 'string' ? decoded : decoded?.ok ? decoded.value : null;
  if (text === null) return fail('invalid-utf8');
  for (const byte of bytes) if (byte < 0x20 && byte !== NEWLINE) return fail('control-character');

  // Every line before the note is ASCII once it is well formed (each is checked before the
  // next is read), so a character offset there is a byte offset.
  let at = 0;
  const nextLine = (): string | null => {
    const end = text.indexOf('\n', at);
    if (end < 0) return null;
    const line = text.slice(at, end);
    at = end + 1;
    return line;
  };

  if (nextLine() !== TLOG_PROOF_HEADER)
    return text === TLOG_PROOF_HEADER
      ? fail('truncated', 'the file ends after its header')
      : fail('bad-header', `the first line is not ${TLOG_PROOF_HEADER}`);
  let line = nextLine();
  let extra: Uint8Array | null = null;
  if (line?.startsWith('extra ')) {
    const decoded = base64Strict.decode(line.slice(6));
    if (!decoded.ok || decoded.value.length === 0)
      return fail('bad-extra', 'the extra line holds non-empty canonical standard base64');
    extra = decoded.value;
    line = nextLine();
  }
  if (line === null) return fail('truncated', 'the file ends before its index line');
  const indexText = line.slice(6);
  // At most 20 digits (2^64 - 1 has 20) before a number is made of them.
  if (
    !line.startsWith('index ') ||
    !DECIMAL.test(indexText) ||
    indexText.length > 20 ||
    BigInt(indexText) > MAX_UINT64
  )
    return fail('bad-index', 'the line after the header (and extra) is "index" and a uint64 in decimal');
  const index = BigInt(indexText);

  const proof: Uint8Array[] = [];
  for (line = nextLine(); line !== ''; line = nextLine()) {
    if (line === null) return fail('truncated', 'the file ends before the blank line and the checkpoint');
    if (proof.length === MAX_PROOF_HASHES)
      return fail('too-many-proof-hashes', `more than ${MAX_PROOF_HASHES} proof hashes`);
    const hash = base64Strict.decode(line);
    if (!hash.ok || hash.value.length !== HASH_SIZE)
      return fail('bad-proof-hash', `proof line ${proof.length + 1} is not canonical base64 of 32 bytes`);
    proof.push(hash.value);
  }
  return ok({ extra, index, proof, note: bytes.slice(at) });
}
