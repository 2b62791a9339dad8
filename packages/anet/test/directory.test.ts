import { KelWriter, MemoryKelPinStore, replayKel } from '@agent-seam/anet-identity';
import { SeamError, unwrap } from '@agent-seam/canonical';
import { encode } from '@agent-seam/coredet-cbor';
import { describe, expect, it } from 'vitest';
import {
  bucketOf,
  dirLookupHash,
  encodeBucket,
  type OpenDirEntryOptions,
  openBucket,
  openDirEntry,
  sealDirEntry,
  sealDirPlaintext,
} from '../src/index.js';
import {
  AGENT,
  AGENT_KEL,
  agentEntry,
  agentWriter,
  DAY,
  dirNonce,
  HUB,
  HUB_KEL,
  keySetFor,
  NOW,
  OTHER_KEL,
  pub,
  ROTATED_KEL,
  seed,
  T0,
  thrown,
  utf8,
} from './fixture.js';

/**
 * The sealed directory's rules as a client meets them, each refusal with its detail written
 * out (the vectors pin the codes): the options a caller gets wrong, an entry's box at its
 * edges, the entry's log, pin and notice, and a bucket's shape, choice and summary.
 */
const now = new Date(NOW);
const options: OpenDirEntryOptions = { aid: AGENT, now, pins: 'off', notices: 'off' };
/** The agent's entry sealed, its members replaced by `edit` (a member set to undefined is left out). */
const box = (edit: Record<string, unknown> = {}, label = 'e') => {
  const entry: Record<string, unknown> = agentEntry(edit as never);
  for (const key of Object.keys(entry)) if (entry[key] === undefined) delete entry[key];
  return sealDirEntry(entry as never, dirNonce(label)).box;
};
const refused = (code: string, detail: string) => ({ ok: false, code, detail });

describe('the options of openDirEntry and openBucket, a programmer’s errors', () => {
  const both = [
    ['openDirEntry', (o: unknown) => openDirEntry(box(), o as never)],
    ['openBucket', (o: unknown) => openBucket(encodeBucket([]), o as never)],
  ] as const;
  it('options that are not an object throw bad-argument naming the function', () => {
    // why: directory.ts:124:15 `bad` → undefined, 125:7 (four), 125:38, 124:46, 124:62, 125:66, 209:55, 228:39
    for (const [name, call] of both)
      for (const o of [null, 'aid'])
        expect(thrown(() => call(o))).toBe(`SeamError bad-argument: ${name}: takes an options object`);
  });
  it('an aid that is empty or not text throws bad-argument', () => {
    // why: directory.ts:126:7 (four), 126:42, 126:58, 127:15
    for (const [name, call] of both)
      for (const aid of ['', 7, undefined])
        expect(thrown(() => call({ ...options, aid }))).toBe(
          `SeamError bad-argument: ${name}: aid is required: the AID you look up`,
        );
  });
  it('notices left out throws missing-option saying what they judge and how to opt out', () => {
    // why: directory.ts:133:7 the message
    expect(thrown(() => openDirEntry(box(), { ...options, notices: undefined } as never))).toBe(
      "SeamError missing-option: openDirEntry needs notices (the witness roots you trust: { witnessKeys } or { witnesses }) to judge a version-2 agent's witness notice; to leave that unjudged, pass notices: 'off'",
    );
  });
  it('a size limit that is negative or not whole throws bad-argument; 0 is a limit', () => {
    // why: directory.ts:135:68 the loop's block, 137:9, 137:29, 137:57 (two), 138:17
    for (const name of ['maxEntryBytes', 'maxBucketBytes'])
      for (const v of [-1, 1.5, '7'])
        expect(thrown(() => openDirEntry(box(), { ...options, [name]: v }))).toBe(
          `SeamError bad-argument: openDirEntry: ${name} must be a non-negative integer`,
        );
    expect(openDirEntry(box(), { ...options, maxEntryBytes: 0 })).toMatchObject({
      code: 'dir-entry-too-large',
    });
  });
  it('the clock and the pin store are required; a pin store or cache of another kind throws', () => {
    // why: steps.ts:258:39, 263:7 the messages, 265:7, 265:40 `pins?.` (null), 267:7, NoCoverage 266:15, 268:15
    expect(thrown(() => openDirEntry(box(), { ...options, now: undefined } as never))).toBe(
      "SeamError missing-option: openDirEntry needs now (a Date or Unix seconds) to replay the signer's key event log at that time",
    );
    expect(thrown(() => openDirEntry(box(), { ...options, pins: undefined } as never))).toBe(
      "SeamError missing-option: openDirEntry needs pins (a KelPinStore) to refuse a key event log older than one already seen; to leave that unjudged, pass pins: 'off'",
    );
    for (const pins of [{}, null])
      expect(thrown(() => openDirEntry(box(), { ...options, pins } as never))).toBe(
        "SeamError bad-argument: openDirEntry: pins must be a KelPinStore or 'off'",
      );
    expect(thrown(() => openDirEntry(box(), { ...options, cache: new Map() } as never))).toBe(
      'SeamError bad-argument: openDirEntry: cache must be an IdentityCache',
    );
  });
});

describe("an entry's box", () => {
  it('a box that is not bytes is not-bytes', () => {
    // why: directory.ts:148:62 the detail
    expect(openDirEntry([1, 2, 3], options)).toEqual(refused('not-bytes', 'the entry is not a Uint8Array'));
  });
  it('a box one byte over the limit is too large, saying both sizes; one at the limit opens', () => {
    // why: directory.ts:150:7 `>` → `>=`, 150:60 the detail
    const b = box();
    expect(openDirEntry(b, { ...options, maxEntryBytes: b.length - 1 })).toEqual(
      refused('dir-entry-too-large', `${b.length} bytes, over the limit of ${b.length - 1}`),
    );
    expect(openDirEntry(b, { ...options, maxEntryBytes: b.length }).ok).toBe(true);
  });
  it('a box of a nonce and a tag alone opens to an empty plaintext, which is no DirEntry', () => {
    // why: directory.ts:153:5 `<` → `<=` (28 bytes would be called unopened), 163:49 the detail
    const empty = sealDirPlaintext(AGENT, new Uint8Array(0), dirNonce('empty')).box;
    expect(empty).toHaveLength(28);
    expect(openDirEntry(empty, options)).toMatchObject({
      ok: false,
      code: 'bad-dir-entry',
      detail: expect.stringMatching(/^the DirEntry table: \S+: ./),
    });
  });
  it('a box shorter than a nonce and a tag, or sealed for another AID, does not open', () => {
    // why: directory.ts:161:59 the detail
    const refusal = refused('dir-entry-not-opened', 'the entry does not open with the key of this AID');
    expect(openDirEntry(new Uint8Array(27), options)).toEqual(refusal);
    expect(openDirEntry(box(), { ...options, aid: 'bafyreiother' })).toEqual(refusal);
  });
  it('an entry sealed for the AID that names another is refused', () => {
    // why: directory.ts:166:43 the detail
    const named = sealDirPlaintext(
      AGENT,
      encode(
        new Map<number, string | Uint8Array>([
          [1, 'bafyreiother'],
          [2, HUB],
          [3, AGENT_KEL],
          [4, keySetFor(agentWriter())],
        ]),
      ),
      dirNonce('named'),
    ).box;
    expect(openDirEntry(named, options)).toEqual(
      refused('dir-entry-aid-mismatch', 'the entry names another AID than the one it is sealed for'),
    );
  });
});

describe("an entry's log, pin and notice", () => {
  it('a log cut short does not replay, and says why', () => {
    // why: directory.ts:169:7 `!replayed.ok` → false (a throw), NoCoverage 169:33, 169:50
    const cut = box({ kel: AGENT_KEL.subarray(0, AGENT_KEL.length - 1) });
    expect(openDirEntry(cut, options)).toMatchObject({
      ok: false,
      code: 'bad-entry-kel',
      detail: expect.stringMatching(/^the log does not replay \(\S+: .+\)$/),
    });
  });
  it("another agent's log in the AID's entry replays to another AID", () => {
    // why: directory.ts:171:61 the detail
    expect(openDirEntry(box({ kel: OTHER_KEL }), options)).toEqual(
      refused('bad-entry-kel', 'the log replays to another AID'),
    );
  });
  it('a log older than the pinned one is refused against the pin', () => {
    // why: directory.ts:175:9 `!pinned.ok` → false, NoCoverage 175:33, 175:50
    const pins = new MemoryKelPinStore();
    const kel = unwrap(replayKel(ROTATED_KEL, { now }));
    pins.compareAndSet(kel.aid, undefined, { aid: kel.aid, eventIds: kel.states.map((s) => s.id) });
    expect(openDirEntry(box(), { ...options, pins })).toEqual(
      refused(
        'bad-entry-kel',
        'against the pinned log: kel-rollback: the log ends at event 1; the pinned one reaches event 2',
      ),
    );
  });
  it("a version-2 agent's entry without its notice is refused; a hub's entry without one is taken", () => {
    // why: directory.ts:182:20 `&&` → `||`, `version === 'v2'` → true, `kind === 'agent'` → true; 184:51 the detail
    const notices = { witnessKeys: {} };
    expect(openDirEntry(box({ notice: undefined }), { ...options, notices })).toEqual(
      refused('bad-entry-notice', "a version-2 agent's entry carries its witness notice"),
    );
    const hub = KelWriter.incept({
      version: 'v2',
      seed: seed('w0'),
      nextPublicKey: pub('w1'),
      timestampMs: T0 - DAY,
      kind: 'hub',
    });
    const hubBox = sealDirEntry(
      { aid: HUB, hub: HUB, kel: HUB_KEL, keys: keySetFor(hub, seed('w0')) },
      dirNonce('hub'),
    ).box;
    const opened = openDirEntry(hubBox, { ...options, aid: HUB, notices });
    expect(opened.ok ? opened.value.notice : opened).toBe('absent');
  });
  it("an entry's card is handed back; an entry without one has no card member", () => {
    // why: directory.ts:200:7 `f.card !== undefined` → true / false / `===`
    const card = utf8('{"name":"a card"}');
    const withCard = openDirEntry(box({ card }), options);
    expect(withCard.ok && withCard.value.card).toEqual(card);
    const without = openDirEntry(box(), options);
    expect(without.ok && 'card' in without.value).toBe(false);
  });
});

describe('a bucket', () => {
  const hash = dirLookupHash(AGENT);
  it('a bucket that is not bytes is not-bytes; one over the limit says both sizes; one at the limit is read', () => {
    // why: directory.ts:229:65, 231:60 the details, 231:7 `>` → `>=`
    expect(openBucket('a bucket', options)).toEqual(refused('not-bytes', 'the bucket is not a Uint8Array'));
    const bucket = encodeBucket([{ hash, box: box() }]);
    expect(openBucket(bucket, { ...options, maxBucketBytes: bucket.length - 1 })).toEqual(
      refused('bucket-too-large', `${bucket.length} bytes, over ${bucket.length - 1}`),
    );
    expect(openBucket(bucket, { ...options, maxBucketBytes: bucket.length }).ok).toBe(true);
  });
  it('a bucket over the decoder’s default of 16 MiB is read when the caller allows it', () => {
    // why: directory.ts:232:34 `{ maxBytes: max }` → `{}` (the decoder would stop at its own default)
    const big = encodeBucket([{ hash: new Uint8Array(32), box: new Uint8Array(17 * 2 ** 20) }]);
    expect(openBucket(big, { ...options, maxBucketBytes: 32 * 2 ** 20 })).toEqual(
      refused('not-in-bucket', 'no entry of the bucket is under the hash of this AID'),
    );
  });
  it('a bucket that is not CBOR is bad-bucket with the decoder’s reason', () => {
    // why: directory.ts:233:7 `!decoded.ok` → false
    expect(openBucket(utf8('{not cbor}'), options)).toMatchObject({
      ok: false,
      code: 'bad-bucket',
      detail: expect.not.stringContaining('a bucket is an array'),
    });
  });
  it('a bucket that is not an array, or of 4097 entries, is bad-bucket; 4096 entries are read', () => {
    // why: directory.ts:235:7 (three), 235:32 `>` → `>=`, 236:31 the detail
    const detail = 'a bucket is an array of at most 4096 entries';
    expect(openBucket(encode(new Map([[1, 2]])), options)).toEqual(refused('bad-bucket', detail));
    const others = (n: number) =>
      encodeBucket(Array.from({ length: n }, () => ({ hash: new Uint8Array(32), box: new Uint8Array(0) })));
    expect(openBucket(others(4097), options)).toEqual(refused('bad-bucket', detail));
    expect(openBucket(others(4096), options)).toEqual(
      refused('not-in-bucket', 'no entry of the bucket is under the hash of this AID'),
    );
  });
  it('an entry that is not a map of a hash and a box, or has a third member, is bad-bucket', () => {
    // why: directory.ts:242:7 (two), 243:7 `item.size !== 2` → false, 247:33 the detail
    const refusal = refused('bad-bucket', 'entry 0 is not {1: hash, 2: box}');
    expect(openBucket(encode([[hash, box()]]), options)).toEqual(refusal);
    const third = new Map<number, Uint8Array>([
      [1, hash],
      [2, box()],
      [3, new Uint8Array(0)],
    ]);
    expect(openBucket(encode([third]), options)).toEqual(refusal);
  });
  it('an entry whose hash is not 32 bytes is bad-bucket, naming the entry', () => {
    // why: directory.ts:249:33 the detail
    const bucket = encodeBucket([
      { hash, box: box() },
      { hash: hash.subarray(0, 31), box: box() },
    ]);
    expect(openBucket(bucket, options)).toEqual(refused('bad-bucket', 'entry 1: the hash is not 32 bytes'));
  });
  it('of two good entries the newer key set wins, whichever comes first; of two of one seq, the first', () => {
    // why: directory.ts:253:14 `… || seq > best.seq` → true, 253:36 `>` → `>=`
    const entryOf = (hub: string, seq: number) => ({
      hash,
      box: box({ hub, keys: keySetFor(agentWriter(), seed('a1'), { seq }) }, hub),
    });
    const winner = (entries: { hash: Uint8Array; box: Uint8Array }[]) => {
      const opened = openBucket(encodeBucket(entries), options);
      return opened.ok ? opened.value.entry.hub : opened;
    };
    expect(winner([entryOf('newer', NOW), entryOf('older', NOW - 1000)])).toBe('newer');
    expect(winner([entryOf('first', NOW), entryOf('second', NOW)])).toBe('first');
  });
  it('when none passes, not-in-bucket counts the skipped entries and names their codes', () => {
    // why: directory.ts:258:7 (three), 259:11, 260:11, 260:36 (three), 260:59, 260:65, 260:132, 260:152
    const unopened = { hash, box: new Uint8Array(40) };
    const foreign = { hash, box: box({ kel: OTHER_KEL }) };
    expect(openBucket(encodeBucket([unopened]), options)).toEqual(
      refused('not-in-bucket', '1 entry under the hash of this AID, none judged good (dir-entry-not-opened)'),
    );
    expect(openBucket(encodeBucket([unopened, foreign]), options)).toEqual(
      refused(
        'not-in-bucket',
        '2 entries under the hash of this AID, none judged good (dir-entry-not-opened, bad-entry-kel)',
      ),
    );
  });
});

describe("an AID's bucket", () => {
  const h = Uint8Array.of(0xab, 0xcd, 0xef);
  it('is the first bits of the lookup hash: none, 4 or all 10', () => {
    // why: directory.ts NoCoverage 62:66, 63:7 (six), 63:34 (three), 63:46 (three), 65:10 (three), 65:61
    expect(bucketOf(h, 0)).toBe(0);
    expect(bucketOf(h, 4)).toBe(0xa);
    expect(bucketOf(h, 10)).toBe(0xabcd >>> 6);
  });
  it('a prefix of 11 bits, -1 or a fraction throws bad-argument', () => {
    // why: directory.ts NoCoverage 63:7, 64:25, 64:41
    for (const bits of [11, -1, 1.5])
      expect(() => bucketOf(h, bits)).toThrow(
        new SeamError('bad-argument', 'a bucket prefix has 0 to 10 bits'),
      );
  });
});
