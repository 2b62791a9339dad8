/**
 * The sealed directory (seed 002): an entry is found by SHA-256("anet-dir-hash/v1" ‖ 0x00
 * ‖ aid) and sealed with ChaCha20-Poly1305 under a key HKDF-SHA256 derives from the AID,
 * with that hash as associated data, so only a party that already knows the AID can find
 * and open it. A client asks for a bucket (the entries whose hash begins with a prefix of
 * at most 10 bits); in the bucket, an entry that does not open, or opens to a table with a
 * key it does not know, is skipped, never an error for the bucket. The entry's log, key
 * set and notice are judged by anet-identity.
 */

import {
  type KelPinStore,
  type PinOutcome,
  pinKel,
  type ReplayedKel,
  replayKel,
  type VerifiedKeySet,
  type VerifiedNotice,
  verifyKeySet,
  verifyNotice,
  type WitnessRoots,
} from '@agent-seam/anet-identity';
import {
  bytesEqual,
  concatBytes,
  fail,
  hkdfSha256Expand,
  hkdfSha256Extract,
  type Instant,
  missingOption,
  ok,
  SeamError,
  sha256,
  utf8Strict,
  type Verdict,
} from '@agent-seam/canonical';
import { decode, decodeObject, defineObject } from '@agent-seam/coredet-cbor';
import {
  CHACHA_NONCE_BYTES,
  DIR_HASH_LABEL,
  DIR_KEY_INFO,
  DIR_MAX_PREFIX_BITS,
  MAX_BUCKET_BYTES,
  MAX_BUCKET_ENTRIES,
  MAX_DIR_ENTRY_BYTES,
} from './limits.js';
import { chachaOpen } from './primitives.js';
import { identityAnswers } from './steps.js';

const text = (s: string) => utf8Strict.encode(s);

/** The lookup hash of an AID: SHA-256("anet-dir-hash/v1" ‖ 0x00 ‖ aid). */
export const dirLookupHash = (aid: string): Uint8Array =>
  sha256(concatBytes([text(DIR_HASH_LABEL), Uint8Array.of(0), text(aid)]));

/** DECIDED (spec/anet.md): the entry key, HKDF-SHA256(ikm = aid, salt = empty, info = "anet-dir-key/v1"), 32 bytes. */
export const dirEntryKey = (aid: string): Uint8Array =>
  hkdfSha256Expand(hkdfSha256Extract(new Uint8Array(0), text(aid)), text(DIR_KEY_INFO), 32);

/** The bucket an AID's entry falls in: the first `bits` (0 to 10) bits of its lookup hash, as a number. */
export function bucketOf(hash: Uint8Array, bits: number): number {
  if (!Number.isInteger(bits) || bits < 0 || bits > DIR_MAX_PREFIX_BITS)
    throw new SeamError('bad-argument', `a bucket prefix has 0 to ${DIR_MAX_PREFIX_BITS} bits`);
  return ((hash[0]! << 8) | hash[1]!) >>> (16 - bits);
}

/** DirEntry, the plaintext of a box (closed; DECIDED names, spec/anet.md). */
export const DIR_ENTRY = defineObject({
  keys: {
    1: { name: 'aid', type: 'text', presence: 'required' },
    2: { name: 'hub', type: 'text', presence: 'required' },
    3: { name: 'kel', type: 'bytes', presence: 'required' },
    4: { name: 'keys', type: 'bytes', presence: 'required' },
    5: { name: 'card', type: 'bytes', presence: 'optional' },
    6: { name: 'notice', type: 'bytes', presence: 'optional' },
  },
  keySpace: 'closed',
});

export const DIR_ENTRY_CODES = [
  'not-bytes',
  'dir-entry-too-large',
  'dir-entry-not-opened',
  'bad-dir-entry',
  'dir-entry-aid-mismatch',
  'bad-entry-kel',
  'bad-entry-key-set',
  'bad-entry-notice',
] as const;
export type DirEntryCode = (typeof DIR_ENTRY_CODES)[number];

export interface OpenedDirEntry {
  aid: string;
  /** The hub the AID is registered with. */
  hub: string;
  kel: ReplayedKel;
  keySet: VerifiedKeySet;
  notice: VerifiedNotice | 'absent' | 'off-by-caller';
  /** The A2A card bytes, if the entry carries one (judge it with verifyAnetCard). */
  card?: Uint8Array;
  pin: PinOutcome | 'off-by-caller';
}

export interface OpenDirEntryOptions {
  /** The AID you look up: its hash and key open the entry. */
  aid: string;
  now: Instant;
  pins: KelPinStore | 'off';
  /**
   * The witness hubs you trust for notices; then a version-2 agent's entry must carry a
   * notice that verifies. 'off': notices are not judged.
   */
  notices: WitnessRoots | 'off';
  /** The largest sealed entry opened (default 128 KiB). */
  maxEntryBytes?: number;
  /** The largest bucket read (default 4 MiB). */
  maxBucketBytes?: number;
}

const because = (r: { code: string; detail?: string }) => `${r.code}${r.detail ? `: ${r.detail}` : ''}`;

function checkOptions(options: OpenDirEntryOptions, name: string): number {
  const bad = (why: string) => new SeamError('bad-argument', `${name}: ${why}`);
  if (typeof options !== 'object' || options === null) throw bad('takes an options object');
  if (typeof options.aid !== 'string' || options.aid === '')
    throw bad('aid is required: the AID you look up');
  const { nowMs } = identityAnswers(options, name, bad);
  if (options.notices === undefined)
    throw missingOption(
      name,
      'notices',
      "(the witness roots you trust: { witnessKeys } or { witnesses }) to judge a version-2 agent's witness notice",
    );
  for (const name of ['maxEntryBytes', 'maxBucketBytes'] as const) {
    const v = options[name];
    if (v !== undefined && (!Number.isSafeInteger(v) || v < 0))
      throw bad(`${name} must be a non-negative integer`);
  }
  return nowMs;
}

function openWith(
  box: unknown,
  options: OpenDirEntryOptions,
  nowMs: number,
): Verdict<OpenedDirEntry, DirEntryCode> {
  if (!(box instanceof Uint8Array)) return fail('not-bytes', 'the entry is not a Uint8Array');
  const max = options.maxEntryBytes ?? MAX_DIR_ENTRY_BYTES;
  if (box.length > max) return fail('dir-entry-too-large', `${box.length} bytes, over the limit of ${max}`);
  const hash = dirLookupHash(options.aid);
  // chachaOpen answers null for a box too short to hold a nonce and a tag.
  const plain = chachaOpen(
    dirEntryKey(options.aid),
    box.subarray(0, CHACHA_NONCE_BYTES),
    hash,
    box.subarray(CHACHA_NONCE_BYTES),
  );
  if (plain === null) return fail('dir-entry-not-opened', 'the entry does not open with the key of this AID');
  const decoded = decodeObject(DIR_ENTRY, plain);
  if (!decoded.ok) return fail('bad-dir-entry', `the DirEntry table: ${because(decoded)}`);
  const f = decoded.value.fields;
  if (f.aid !== options.aid)
    return fail('dir-entry-aid-mismatch', 'the entry names another AID than the one it is sealed for');
  const now = new Date(nowMs);
  const replayed = replayKel(f.kel, { now });
  if (!replayed.ok) return fail('bad-entry-kel', `the log does not replay (${because(replayed)})`);
  const kel = replayed.value;
  if (kel.aid !== options.aid) return fail('bad-entry-kel', 'the log replays to another AID');
  let pin: OpenedDirEntry['pin'] = 'off-by-caller';
  if (options.pins !== 'off') {
    const pinned = pinKel(options.pins, kel);
    if (!pinned.ok) return fail('bad-entry-kel', `against the pinned log: ${because(pinned)}`);
    pin = pinned.value;
  }
  const keySet = verifyKeySet(f.keys, { kel, now });
  if (!keySet.ok) return fail('bad-entry-key-set', because(keySet));
  let notice: OpenedDirEntry['notice'] = 'off-by-caller';
  if (options.notices !== 'off') {
    // Only a version-2 log has a kind, so this is a version-2 agent.
    const needed = kel.kind === 'agent';
    if (f.notice === undefined) {
      if (needed) return fail('bad-entry-notice', "a version-2 agent's entry carries its witness notice");
      notice = 'absent';
    } else {
      const judged = verifyNotice(f.notice, { ...options.notices, kel, now });
      if (!judged.ok) return fail('bad-entry-notice', because(judged));
      notice = judged.value;
    }
  }
  const opened: OpenedDirEntry = {
    aid: f.aid as string,
    hub: f.hub as string,
    kel,
    keySet: keySet.value,
    notice,
    pin,
  };
  if (f.card !== undefined) opened.card = f.card as Uint8Array;
  return ok(opened);
}

/** Open and judge one entry's box for an AID (DIR_ENTRY_CHECKS, in order). Never throws on the box. */
export function openDirEntry(
  box: unknown,
  options: OpenDirEntryOptions,
): Verdict<OpenedDirEntry, DirEntryCode> {
  return openWith(box, options, checkOptions(options, 'openDirEntry'));
}

export const BUCKET_CODES = ['not-bytes', 'bucket-too-large', 'bad-bucket', 'not-in-bucket'] as const;
export type BucketCode = (typeof BUCKET_CODES)[number];

export interface OpenedBucket {
  entry: OpenedDirEntry;
  /** Entries under the AID's hash that were skipped, with why. */
  skipped: { index: number; code: DirEntryCode }[];
}

/**
 * Find and open the AID's entry in a bucket (a CoreDet array of {1: hash, 2: box}).
 * Entries under other hashes are not looked at; one under the AID's hash that does not
 * open or is not judged good is skipped. Of those that pass, the one with the newest key
 * set (highest seq) is the answer; `not-in-bucket` when none passes.
 */
export function openBucket(bucket: unknown, options: OpenDirEntryOptions): Verdict<OpenedBucket, BucketCode> {
  const nowMs = checkOptions(options, 'openBucket');
  if (!(bucket instanceof Uint8Array)) return fail('not-bytes', 'the bucket is not a Uint8Array');
  const max = options.maxBucketBytes ?? MAX_BUCKET_BYTES;
  if (bucket.length > max) return fail('bucket-too-large', `${bucket.length} bytes, over ${max}`);
  const decoded = decode(bucket, { maxBytes: max });
  if (!decoded.ok) return fail('bad-bucket', because(decoded));
  const items = decoded.value;
  if (!Array.isArray(items) || items.length > MAX_BUCKET_ENTRIES)
    return fail('bad-bucket', `a bucket is an array of at most ${MAX_BUCKET_ENTRIES} entries`);
  const hash = dirLookupHash(options.aid);
  const skipped: OpenedBucket['skipped'] = [];
  let best: OpenedDirEntry | undefined;
  for (const [index, item] of items.entries()) {
    if (
      !(item instanceof Map) ||
      item.size !== 2 ||
      !(item.get(1) instanceof Uint8Array) ||
      !(item.get(2) instanceof Uint8Array)
    )
      return fail('bad-bucket', `entry ${index} is not {1: hash, 2: box}`);
    if ((item.get(1) as Uint8Array).length !== 32)
      return fail('bad-bucket', `entry ${index}: the hash is not 32 bytes`);
    if (!bytesEqual(item.get(1) as Uint8Array, hash)) continue;
    const opened = openWith(item.get(2), options, nowMs);
    if (!opened.ok) skipped.push({ index, code: opened.code });
    else if (best === undefined || opened.value.keySet.seq > best.keySet.seq) best = opened.value;
  }
  if (best === undefined)
    return fail(
      'not-in-bucket',
      skipped.length === 0
        ? 'no entry of the bucket is under the hash of this AID'
        : `${skipped.length} entr${skipped.length === 1 ? 'y' : 'ies'} under the hash of this AID, none judged good (${skipped.map((s) => s.code).join(', ')})`,
    );
  return ok({ entry: best, skipped });
}
