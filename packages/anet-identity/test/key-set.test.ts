import { unwrap } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import {
  CLOCK_SKEW_MS,
  chooseEncryptionKey,
  encryptionKeyId,
  keySetUpdate,
  MAX_KEY_SET_BYTES,
  MAX_KEY_SPAN_V2_MS,
  replayKel,
  verifyKeySet,
} from '../src/index.js';
import {
  AGENT,
  DAY,
  epochKeys,
  HOUR,
  keyEdited,
  keySet,
  log,
  NOW,
  pub,
  setEdited,
  signedEdited,
  T0,
  v1KeySet,
  v2icp,
  v2rot,
  v015Sender,
  WITNESS,
} from './fixture.js';

const now = new Date(NOW);
const kel = unwrap(replayKel(AGENT.bytes(), { now }));
const judge = (bytes: unknown) => verifyKeySet(bytes, { kel, now });
const beyond2to53 = 2n ** 60n;
type KeyMap = Map<number, unknown>;
/** A key map of `suite` over `publicKey`, its kid as the rule computes it. */
const rawKey = (suite: number, publicKey: Uint8Array, notBeforeMs: number, notAfterMs: number): KeyMap =>
  new Map<number, unknown>([
    [1, encryptionKeyId(suite, publicKey)],
    [2, suite],
    [3, publicKey],
    [4, notBeforeMs],
    [5, notAfterMs],
  ]);
const keysOf = (set: Map<number, unknown>) => set.get(3) as KeyMap[];

describe('encryptionKeyId: a suite is one byte', () => {
  // why: key-set.ts:125:7 the suite check (false, `&&`), 125:35 `suite < 0` (false, `<=`), 125:48 `suite > 0xff` (false, `>=`), 126:25, 126:38
  it('0 and 255 are suites; -1, 1.5 and 256 throw bad-suite', () => {
    expect(encryptionKeyId(0, pub('k')).length).toBe(16);
    expect(encryptionKeyId(255, pub('k')).length).toBe(16);
    for (const suite of [-1, 1.5, 256])
      expect(() => encryptionKeyId(suite, pub('k'))).toThrow(
        expect.objectContaining({ code: 'bad-suite', message: 'bad-suite: a suite is one byte in a key id' }),
      );
  });
});

describe('verifyKeySet: each refusal said in the set’s terms', () => {
  it.each<[string, Uint8Array | string, string, string]>([
    // why: key-set.ts:131:14 detail emptied, 131:35 `d.detail === undefined` true/`!==`, 131:65, 136:50
    [
      'a key whose kid is text',
      keyEdited((k) => k.set(1, 'x')),
      'bad-enc-key',
      'key 0: wrong-type: field kid is not bytes',
    ],
    // why: key-set.ts:139:36 `suite > 0xff` false (the key-id door would throw), 140:17, 140:32
    [
      'a key of suite 256',
      keyEdited((k) => k.set(2, 256)),
      'bad-enc-key',
      'key 0: the suite is not one byte',
    ],
    // why: key-set.ts:139:36 `>=` for `>`, 147:28 detail emptied
    [
      'a key of suite 255 with a suite-1 kid',
      keyEdited((k) => k.set(2, 255)),
      'bad-kid',
      'key 0: the kid is not KID(suite, pub)',
    ],
    // why: key-set.ts:141:53 detail emptied
    [
      'a 15-byte kid',
      keyEdited((k) => k.set(1, new Uint8Array(15))),
      'bad-enc-key',
      'key 0: the kid is not 16 bytes',
    ],
    // why: key-set.ts:143:32 detail emptied
    [
      'a 31-byte X25519 key',
      keyEdited((k) => k.set(3, new Uint8Array(31))),
      'bad-enc-key',
      'key 0: an X25519 key is 32 bytes',
    ],
    // why: key-set.ts:144:7 the validity check (false, `&&`), `typeof notBefore` false, 145:17, 145:32
    [
      'a notBefore beyond 2^53',
      keyEdited((k) => k.set(4, beyond2to53)),
      'bad-enc-key',
      'key 0: a validity time beyond 2^53',
    ],
    // why: key-set.ts:144:42 `typeof f.notAfter !== 'number'` false
    [
      'a notAfter beyond 2^53',
      keyEdited((k) => k.set(5, beyond2to53)),
      'bad-enc-key',
      'key 0: a validity time beyond 2^53',
    ],
    // why: key-set.ts:153:7 detail emptied, 153:31 `span * 1000`, 153:81 `maxSpan * 1000`
    [
      'a key valid for two days and a second',
      keyEdited((k) => k.set(5, (k.get(4) as number) + MAX_KEY_SPAN_V2_MS + 1000)),
      'bad-key-span',
      'key 0: valid for 172801 s; allowed more than 0 and at most 172800 s',
    ],
    // why: key-set.ts:171:5 `typeof tag === 'string'` true, 176:50 'the set' emptied
    [
      'a set whose tag is a number',
      setEdited((s) => s.set(0, 5)),
      'bad-key-set',
      'the set: wrong-type: field tag is not text',
    ],
    // why: key-set.ts:174:37 detail emptied
    [
      'a version-1 set for a version-2 log',
      setEdited((s) => s.set(0, 'anet.enckeys/1')),
      'bad-key-set-type',
      'the set is not anet.enckeys/2, the key set of a v2 key event log',
    ],
    // why: key-set.ts:178:7 the seq check (false, `&&`), `typeof f.seq` false, 179:17, 179:32
    [
      'a set seq beyond 2^53',
      setEdited((s) => s.set(2, beyond2to53)),
      'bad-key-set',
      'the set: seq or issued_at beyond 2^53',
    ],
    // why: key-set.ts:178:36 `typeof f.issuedAt !== 'number'` false
    [
      'an issued_at beyond 2^53',
      setEdited((s) => s.set(4, beyond2to53)),
      'bad-key-set',
      'the set: seq or issued_at beyond 2^53',
    ],
    // why: key-set.ts:183:9 `!read.ok` false, 183:34, 183:49
    [
      'a mailbox key whose epoch is text',
      setEdited((s) => (s.get(5) as Map<number, unknown>).set(1, 'one')),
      'bad-key-set',
      'the mailbox key: wrong-type: field epoch is not uint',
    ],
    // why: key-set.ts:185:9 `typeof epoch !== 'number'` false, 186:34 detail emptied
    [
      'a mailbox epoch beyond 2^53',
      setEdited((s) => (s.get(5) as Map<number, unknown>).set(1, beyond2to53)),
      'bad-key-set',
      'the mailbox key: an epoch from 1 and a 32-byte key',
    ],
    // why: key-set.ts:185:51 `key.length !== 32` false
    [
      'a 31-byte mailbox key',
      setEdited((s) => (s.get(5) as Map<number, unknown>).set(2, new Uint8Array(31))),
      'bad-key-set',
      'the mailbox key: an epoch from 1 and a 32-byte key',
    ],
    // why: key-set.ts:192:34 detail emptied
    ['a set of no keys', setEdited((s) => s.set(3, [])), 'bad-key-count', '0 keys; a set holds 1 to 32'],
    // why: key-set.ts:201:40 detail emptied, 201:71 `at + 1`
    [
      'a second key beginning before the first',
      setEdited((s) => keysOf(s).reverse()),
      'keys-out-of-order',
      'key 1 begins before key 0',
    ],
    // why: key-set.ts:202:9 `.some` → `.every`, 203:40 detail emptied
    [
      'a third key repeating the first key’s kid',
      setEdited((s) => {
        const [k0, k1] = keysOf(s);
        const again = new Map(k0!);
        again.set(4, (k1!.get(4) as number) + DAY).set(5, (k1!.get(4) as number) + 2 * DAY);
        s.set(3, [k0, k1, again]);
      }),
      'keys-out-of-order',
      'key 2 repeats an earlier kid',
    ],
    // why: key-set.ts:215:64 detail emptied
    ['a set that is not bytes', 'set', 'not-bytes', 'the key set is not a Uint8Array'],
    // why: key-set.ts:217:38 detail emptied
    [
      'a set one byte over the limit',
      new Uint8Array(MAX_KEY_SET_BYTES + 1),
      'key-set-too-large',
      `${MAX_KEY_SET_BYTES + 1} bytes, over the limit of ${MAX_KEY_SET_BYTES}`,
    ],
    // why: key-set.ts:219:56 'the signed set' emptied
    [
      'a signed set whose ksn is text',
      signedEdited((s) => s.set(2, 'two')),
      'bad-signed-key-set',
      'the signed set: wrong-type: field ksn is not uint',
    ],
    // why: key-set.ts:225:60 detail emptied
    [
      'a 63-byte set signature',
      signedEdited((s) => s.set(3, (s.get(3) as Uint8Array).subarray(0, 63))),
      'bad-signed-key-set',
      'the signature is 63 bytes, not 64',
    ],
    // why: key-set.ts:229:41 detail emptied
    [
      "a set of the witness's AID",
      setEdited((s) => s.set(1, WITNESS)),
      'key-set-aid-mismatch',
      'the set is of another AID than the log',
    ],
    // why: key-set.ts:235:11 detail emptied
    [
      'a set signed at state 1',
      keySet({}, 'a1', 1),
      'key-set-not-tip',
      "signed at key state 1, not the log's last event 2",
    ],
    // why: key-set.ts:241:7 detail emptied
    [
      'a set signed by another key',
      keySet({}, 'a9', 2),
      'bad-key-set-sig',
      'the set signature does not verify under the current key (bad-signature)',
    ],
    // why: key-set.ts:244:34 detail emptied; 158:79 `ms < notAfterMs` true / `<=` (the key ends exactly at now + skew)
    [
      'a set whose one key ends at now plus the skew',
      keySet({ keys: [{ ...epochKeys(1)[0]!, notAfterMs: NOW + CLOCK_SKEW_MS }] }),
      'no-usable-key',
      'no key is valid at your clock (5 minutes of skew allowed)',
    ],
  ])('%s is refused, said so', (_, bytes, code, detail) =>
    expect(judge(bytes)).toEqual({ ok: false, code, detail }),
  );

  // why: key-set.ts:142:7 `suite === SUITE_X25519` true (a 31-byte key of another suite is not X25519's)
  it('a key of suite 2 holds bytes of any length', () =>
    expect(
      judge(setEdited((s) => keysOf(s).push(rawKey(2, new Uint8Array(31), NOW + 13 * DAY, NOW + 14 * DAY))))
        .ok,
    ).toBe(true));

  // why: key-set.ts:150:20 `>=` for `>`
  it('a key valid for exactly two days is accepted', () =>
    expect(judge(keySet({ keys: epochKeys(1, MAX_KEY_SPAN_V2_MS) })).ok).toBe(true));

  // why: key-set.ts:200:9 `<=` for `<`
  it('two keys beginning at the same time are in order', () =>
    expect(
      judge(keySet({ keys: [epochKeys(1)[0]!, { ...epochKeys(2)[1]!, notBeforeMs: NOW - DAY }] })).ok,
    ).toBe(true));

  // why: key-set.ts:288:7 the options check (false, `&&` ×2, typeof false), 288:38 `options === null` false, 288:58 kel check false, 288:65 `options.kel.aid`, 289:25, 289:41
  it('options without a replayed log throw bad-argument, said so', () => {
    for (const options of [null, 5, { now }, { kel: {}, now }])
      expect(() => verifyKeySet(keySet(), options as never)).toThrow(
        expect.objectContaining({
          code: 'bad-argument',
          message: 'bad-argument: verifyKeySet takes { kel, now } with a log from replayKel',
        }),
      );
  });

  // why: key-set.ts:295:48 'now' emptied
  it('a now that is not an instant throws, naming now', () =>
    expect(() => verifyKeySet(keySet(), { kel, now: 'soon' as never })).toThrow(
      expect.objectContaining({ message: expect.stringMatching(/^bad-instant: now /) }),
    ));
});

describe('chooseEncryptionKey: of the suite-1 keys valid now, the one that begins last', () => {
  const suite1 = epochKeys(3, 2 * DAY, NOW - 2 * DAY);
  // why: key-set.ts:274:18 filter dropped, 274:41 `k.suite === 1` true (a suite-2 key begins last)
  it('a suite-2 key is never chosen', () => {
    const set = unwrap(
      judge(
        setEdited((s) => keysOf(s).push(rawKey(2, pub('other'), NOW + 3_600_000, NOW + DAY)), {
          keys: suite1,
        }),
      ),
    );
    expect(chooseEncryptionKey(set, NOW + 7_200_000)?.notBeforeMs).toBe(NOW);
  });
  // why: key-set.ts:275:31 validity filter emptied, 276:45 reducer emptied, 276:56 (true, false, `<=`, `>=`), 276:7 `valid.length > 0` false
  it('of two keys valid now, the later one; before either, the one within the skew', () => {
    const set = unwrap(judge(keySet({ keys: suite1 })));
    expect(chooseEncryptionKey(set, NOW - DAY + 1)?.notBeforeMs).toBe(NOW - DAY);
    expect(chooseEncryptionKey(set, NOW - 2 * DAY - CLOCK_SKEW_MS)?.notBeforeMs).toBe(NOW - 2 * DAY);
  });
});

describe('keySetUpdate: the high-water rule per AID', () => {
  const stored = unwrap(judge(keySet()));
  const other = unwrap(judge(keySet({ keys: epochKeys(13) })));
  // why: key-set.ts:260:7 `stored === undefined` false
  it('nothing stored: the candidate replaces', () =>
    expect(keySetUpdate(undefined, stored)).toEqual({ ok: true, value: 'replace' }));
  // why: key-set.ts:266:28 detail emptied
  it('another set of the same seq is a fork, said with the seq', () =>
    expect(keySetUpdate(stored, other)).toEqual({
      ok: false,
      code: 'key-set-fork',
      detail: `two different sets were published with seq ${stored.seq}`,
    }));
  // why: key-set.ts:261:7 AID check false, 262:25, 262:41
  it('a set of another AID throws bad-argument', () =>
    expect(() => keySetUpdate(stored, { ...other, aid: WITNESS })).toThrow(
      expect.objectContaining({
        code: 'bad-argument',
        message: 'bad-argument: keySetUpdate compares two sets of one AID',
      }),
    ));
});

// why: key-set.ts:234:11 detail emptied
it('a set signed at the deactivation is refused: the identity is deactivated', () => {
  const ended = unwrap(
    replayKel(log('v2', [v2icp(), v2rot(), { type: 'dip', key: 'a2', signer: 'a2', ts: T0 + 2 * HOUR }]), {
      now,
    }),
  );
  expect(
    verifyKeySet(
      setEdited((s) => s.set(1, ended.aid)),
      { kel: ended, now },
    ),
  ).toEqual({
    ok: false,
    code: 'key-set-not-tip',
    detail: 'the identity is deactivated',
  });
});

describe('verifyKeySet: a v0.15 sender’s set, and the size limit itself', () => {
  const v015 = unwrap(replayKel(v015Sender().bytes(), { now }));
  const judgeV015 = (bytes: Uint8Array) => verifyKeySet(bytes, { kel: v015, now });

  // why: key-set.ts:206:13 `mbox === undefined` false (the value would carry `mbox: undefined`)
  it('a v1 set of a v0.15 log verifies, with no mailbox key in what it returns', () => {
    const set = unwrap(judgeV015(v1KeySet()));
    expect(set.version).toBe('v1');
    expect('mbox' in set).toBe(false);
  });

  // why: key-set.ts:190:15 `version === 'v2'` true (a v1 set would be allowed 32 keys)
  it('a v1 set of five keys is refused: a v1 set holds at most four', () =>
    expect(judgeV015(v1KeySet(epochKeys(5)))).toEqual({
      ok: false,
      code: 'bad-key-count',
      detail: '5 keys; a set holds 1 to 4',
    }));

  // why: key-set.ts:216:7 `>=` for `>` (the limit itself is allowed)
  it('a signed set of exactly 16,384 bytes is read and judged, not refused as too large', () => {
    const padded = (pad: number) => setEdited((set) => set.set(1, 'x'.repeat(pad)));
    const room = MAX_KEY_SET_BYTES - padded(256).length; // each character more is one byte more from 256 on
    const exact = padded(256 + room);
    expect(exact.length).toBe(16_384);
    expect(judge(exact)).toEqual({
      ok: false,
      code: 'key-set-aid-mismatch',
      detail: 'the set is of another AID than the log',
    });
  });
});
