import { unwrap } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { thrownSeamError } from '../../../tools/thrown.ts';
import { KelWriter, replayKel, signNotice, verifyNotice, type WitnessRoots } from '../src/index.js';
import {
  AGENT,
  AID,
  agent,
  bodyEdited,
  editNotice,
  HOUR,
  hub,
  NOW,
  noticeOf,
  OTHER_WITNESS,
  otherHub,
  pub,
  seed,
  T0,
  WITNESS,
  witnessKeyRoots,
} from './fixture.js';

const now = new Date(NOW);
const kel = unwrap(replayKel(AGENT.bytes(), { now }));
const judge = (bytes: Uint8Array, roots: WitnessRoots) => verifyNotice(bytes, { kel, now, ...roots });
/** The witness hub's log, its key of state 0 rotated out at `ms`. */
const hubRotatedAt = (ms: number) =>
  hub()
    .rotate({ seed: seed('w1'), nextPublicKey: pub('w2'), timestampMs: ms })
    .bytes();
const byLog = (log: Uint8Array): WitnessRoots => ({ witnesses: { [WITNESS]: log } });

describe("verifyNotice: the witness's key read from its own log, each refusal said", () => {
  it.each<[string, Uint8Array, WitnessRoots, string, string]>([
    // why: notice.ts:110:36 detail emptied
    [
      'a notice of a witness you trust no key or log for',
      noticeOf(),
      { witnessKeys: {} },
      'unknown-witness',
      'you trust no key and no log for the witness this notice names',
    ],
    // why: notice.ts:112:7 `!replayed.ok` false, 112:33, 112:52
    [
      'a witness log that is not CBOR',
      noticeOf(),
      byLog(new Uint8Array([0xff])),
      'bad-witness-kel',
      'the witness log does not replay: bad-kel-encoding',
    ],
    // why: notice.ts:114:7 `!clocked.ok` false, 114:32, 114:51
    [
      'a witness log whose last event is an hour ahead',
      noticeOf(),
      byLog(hubRotatedAt(NOW + HOUR)),
      'bad-witness-kel',
      'the witness log: the last event is 3600 s ahead of your clock (allowed skew 300 s)',
    ],
    // why: notice.ts:116:59 detail emptied
    [
      "another hub's log given for the witness",
      noticeOf(),
      byLog(otherHub().bytes()),
      'bad-witness-kel',
      'the witness log you gave is of another AID',
    ],
    // why: notice.ts:120:59 detail emptied
    [
      'a notice signed at a state the witness log lacks',
      noticeOf({}, 'w0', 5),
      byLog(hub().bytes()),
      'bad-witness-kel',
      'the witness log has no key state 5',
    ],
    // why: notice.ts:121:7 `status === 'deactivated'` false, 121:24, 121:51, 121:70
    [
      'a notice signed at the deactivation of the witness',
      noticeOf({}, 'w1', 1),
      byLog(
        hub()
          .deactivate({ seed: seed('w1'), timestampMs: NOW - 3 * HOUR })
          .bytes(),
      ),
      'bad-witness-kel',
      'the witness identity is deactivated',
    ],
    // why: notice.ts:122:7 the retirement rule false, 122:24 'rotated' emptied, 122:37 `<` for `>=`, 124:7, 125:7
    [
      'a notice signed an hour after its key was rotated out',
      noticeOf(),
      byLog(hubRotatedAt(NOW - 2 * HOUR)),
      'bad-witness-kel',
      'the witness key of state 0 was retired before the notice was signed',
    ],
    // why: notice.ts:122:37 `>` for `>=` (signed the very millisecond of the rotation)
    [
      'a notice signed at the rotation itself',
      noticeOf({ timestampMs: NOW - 2 * HOUR }),
      byLog(hubRotatedAt(NOW - 2 * HOUR)),
      'bad-witness-kel',
      'the witness key of state 0 was retired before the notice was signed',
    ],
  ])('%s is refused, said so', (_, bytes, roots, code, detail) =>
    expect(judge(bytes, roots)).toEqual({ ok: false, code, detail }),
  );

  // why: notice.ts:122:37 `true` (a rotated-out key still vouches for what it signed before the rotation)
  it('a notice signed by the witness key before that key was rotated out verifies, its key read from the log', () =>
    expect(judge(noticeOf(), byLog(hubRotatedAt(NOW - HOUR / 2)))).toMatchObject({
      ok: true,
      value: { witnessKeyFrom: 'witness-kel' },
    }));
});

describe('verifyNotice: the notice against the log and the clock, each refusal said', () => {
  const pinned = witnessKeyRoots();
  it.each<[string, unknown, string, string]>([
    // why: notice.ts:143:64 detail emptied
    ['a notice that is not bytes', 'notice', 'not-bytes', 'the notice is not a Uint8Array'],
    // why: notice.ts:145:37 detail emptied
    [
      'a notice of 1025 bytes',
      new Uint8Array(1025),
      'notice-too-large',
      '1025 bytes, over the limit of 1024',
    ],
    // why: notice.ts:166:40 detail emptied
    [
      "a notice about the witness's own AID",
      noticeOf({ aid: WITNESS }),
      'notice-aid-mismatch',
      'the notice is about another AID than the log',
    ],
    // why: notice.ts:170:7 detail emptied
    [
      'a notice vouching for event 1',
      noticeOf({ seq: 1 }),
      'notice-tip-mismatch',
      "the notice vouches for another last event than the log's (event 2)",
    ],
    // why: notice.ts:175:7 `kel.witness === undefined` (true, `!==`), 177:11 detail emptied
    [
      'a notice of another witness',
      noticeOf({ witness: OTHER_WITNESS }, 'x0'),
      'notice-wrong-witness',
      'the notice is signed by another witness than the log designates',
    ],
    // why: notice.ts:183:7 detail emptied, 74:33 and 74:36 the seconds written
    [
      'a notice seven hours old',
      noticeOf({ timestampMs: NOW - 7 * HOUR }),
      'notice-expired',
      'the notice is 25200 s old (allowed 21600 s)',
    ],
    // why: notice.ts:188:7 detail emptied, 188:32 `+age`
    [
      'a notice an hour ahead',
      noticeOf({ timestampMs: NOW + HOUR }),
      'notice-from-future',
      'the notice is 3600 s in the future (allowed skew 300 s)',
    ],
    // why: notice.ts:204:7 detail emptied
    [
      "a notice signed by another hub's key",
      noticeOf({}, 'x0'),
      'bad-notice-sig',
      'the notice signature does not verify under the witness key (bad-signature)',
    ],
  ])('%s is refused, said so', (_, bytes, code, detail) =>
    expect(verifyNotice(bytes, { kel, now, ...pinned })).toEqual({ ok: false, code, detail }),
  );

  // why: notice.ts:172:7 `kel.witness === undefined` false, 175:7 false, 176:11 detail emptied
  it('a notice for a log that designates no witness is refused, said so', () => {
    const first = agent(1);
    const unwitnessed = unwrap(replayKel(first.bytes(), { now }));
    expect(
      verifyNotice(noticeOf({ aid: first.aid, seq: 0, id: first.tip.id }), {
        kel: unwitnessed,
        now,
        ...pinned,
      }),
    ).toEqual({ ok: false, code: 'notice-wrong-witness', detail: 'the log designates no witness' });
  });

  // why: notice.ts:185:7 `>=` for `>`
  it('a notice exactly 300 s ahead verifies', () => {
    expect(verifyNotice(noticeOf({ timestampMs: NOW + 300_000 }), { kel, now, ...pinned }).ok).toBe(true);
  });
});

describe('verifyNotice: the wire, the body and the witness log read strictly, each refusal said', () => {
  const pinned = witnessKeyRoots();
  const judgePinned = (bytes: Uint8Array) => verifyNotice(bytes, { kel, now, ...pinned });
  it.each<[string, Uint8Array, string, string]>([
    // why: notice.ts:85:48 detail emptied, 85:65 `wire.detail && ''`
    [
      'a notice wire with a key 3',
      editNotice((wire) => wire.set(3, 1)),
      'bad-notice-wire',
      'unknown-critical-field: key 3 is not a key this object allows',
    ],
    // why: notice.ts:87:52 detail emptied
    [
      'a notice whose envelope names another algorithm',
      editNotice((_, envelope) => envelope.set(3, -7)),
      'bad-notice-wire',
      'the envelope: the algorithm is not -8 (Ed25519)',
    ],
    // why: notice.ts:149:51 detail emptied, 149:71 `decoded.detail && ''`
    [
      'a notice body with a key 6',
      bodyEdited((body) => body.set(6, 'x')),
      'bad-notice-body',
      'unknown-critical-field: key 6 is not a key this object allows',
    ],
    // why: notice.ts:151:63 detail emptied
    [
      'a notice body tagged anet.ksn/2',
      bodyEdited((body) => body.set(0, 'anet.ksn/2')),
      'bad-notice-type',
      'key 0 of the body is not anet.ksn/1',
    ],
    // why: notice.ts:152:7 the check false, `&&` for `||`, `typeof body.seq !== 'number'` false, 153:17, 153:36
    [
      'a notice whose tip seq is 2^53',
      bodyEdited((body) => body.set(2, 2n ** 53n)),
      'bad-notice-body',
      'seq or timestamp beyond 2^53',
    ],
    // why: notice.ts:152:39 `typeof body.timestamp !== 'number'` false (the age would then mix a bigint and throw)
    [
      'a notice whose time is 2^53 ms',
      bodyEdited((body) => body.set(4, 2n ** 53n)),
      'bad-notice-body',
      'seq or timestamp beyond 2^53',
    ],
    // why: notice.ts:164:43 detail emptied
    [
      'a notice whose envelope names another signer than the body',
      editNotice((_, envelope) => envelope.set(1, OTHER_WITNESS)),
      'notice-signer-mismatch',
      'the envelope signer is not the witness the body names',
    ],
  ])('%s is refused, said so', (_, bytes, code, detail) =>
    expect(judgePinned(bytes)).toEqual({ ok: false, code, detail }),
  );

  // why: notice.ts:144:7 `>=` for `>` (the limit itself is allowed)
  it('a notice of exactly 1,024 bytes verifies (its envelope carries a long preimage reference)', () => {
    const padded = (pad: number) => editNotice((_, envelope) => envelope.set(5, 'x'.repeat(pad)));
    const room = 1024 - padded(256).length; // each character more is one byte more from 256 on
    const exact = padded(256 + room);
    expect(exact.length).toBe(1024);
    expect(judgePinned(exact)).toMatchObject({ ok: true, value: { witness: WITNESS } });
  });

  // why: notice.ts:117:7 `kel.kind !== 'hub'` false, 118:17 code emptied, 118:36 detail emptied
  it('an agent named as witness, its own log given as the witness log, is refused: a witness is a hub', () => {
    // Sender b names the agent of the fixture as its witness; the agent signs a notice with its current key.
    const sender = KelWriter.incept({
      version: 'v2',
      seed: seed('b0'),
      nextPublicKey: pub('b1'),
      timestampMs: T0,
      kind: 'agent',
    }).rotate({ seed: seed('b1'), nextPublicKey: pub('b2'), timestampMs: T0 + HOUR, witness: AID });
    const notice = signNotice(
      { aid: sender.aid, seq: 1, id: sender.tip.id, timestampMs: NOW - HOUR, witness: AID },
      seed('a2'),
      2,
    );
    const senderKel = unwrap(replayKel(sender.bytes(), { now }));
    expect(verifyNotice(notice, { kel: senderKel, now, witnesses: { [AID]: AGENT.bytes() } })).toEqual({
      ok: false,
      code: 'bad-witness-kel',
      detail: 'the witness log is not a hub identity (version 2, kind 0)',
    });
  });

  // why: notice.ts:217:7 the options check (false, `&&` ×2, `typeof options !== 'object'` false), 217:38 `options === null` false, 217:58 the log check false, 217:65 `options.kel.aid`, 218:25, 218:41
  it.each<[string, unknown]>([
    ['no options', undefined],
    ['null', null],
    ['options without a log', { now, ...pinned }],
  ])('%s throws bad-argument, said so', (_, options) => {
    const error = thrownSeamError(() => verifyNotice(noticeOf(), options as never));
    expect([error.code, error.message]).toEqual([
      'bad-argument',
      'bad-argument: verifyNotice takes { kel, now } with a log from replayKel',
    ]);
  });

  // why: notice.ts:232:36 'now' emptied
  it('a now that is not an instant throws bad-instant, naming now', () => {
    const error = thrownSeamError(() => verifyNotice(noticeOf(), { kel, now: 'soon' as never, ...pinned }));
    expect(error.code).toBe('bad-instant');
    expect(error.message).toMatch(/^bad-instant: now /);
  });
});
