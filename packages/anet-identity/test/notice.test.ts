import { unwrap } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { replayKel, verifyNotice, type WitnessRoots } from '../src/index.js';
import {
  AGENT,
  agent,
  HOUR,
  hub,
  NOW,
  noticeOf,
  OTHER_WITNESS,
  otherHub,
  pub,
  seed,
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
