import { describe, expect, it } from 'vitest';
import { replayKel } from '../src/index.js';
import {
  type Ev,
  HOUR,
  log,
  NOW,
  OTHER_WITNESS,
  pub,
  T0,
  v2icp,
  v2rot,
  v015icp,
  WITNESS,
} from './fixture.js';

const now = new Date(NOW);
const replay = (bytes: unknown) => replayKel(bytes, { now });
type EventMap = Map<number, unknown>;
const v2dip = (over: Partial<Ev> = {}): Ev => ({
  type: 'dip',
  key: 'a1',
  next: null,
  ts: T0 + HOUR,
  signer: 'a1',
  fields: {},
  ...over,
});
const beyond2to53 = 2n ** 60n;
const short = new Uint8Array(31);
/** An agent's rotation naming `witnesses` (written in place of the fixture's). */
const naming = (witnesses: unknown[]) => v2rot({ edit: (m: EventMap) => m.set(9, witnesses) });

describe("readSignedEvent and readEvent: each event's own table, refused by name", () => {
  it.each<[string, Ev[], string, string]>([
    // why: events.ts:91:52 detail emptied, 91:72 `decoded.detail && ''`
    [
      'a wrapper whose signature is text',
      [v2icp({ wrap: (s) => s.set(2, 'x') })],
      'bad-signed-event',
      'event 0: wrong-type: field sig is not bytes',
    ],
    // why: events.ts:94:37 detail emptied
    [
      'a 63-byte signature',
      [v2icp({ wrap: (s) => s.set(2, (s.get(2) as Uint8Array).subarray(0, 63)) })],
      'bad-signed-event',
      'event 0: the signature is 63 bytes, not 64',
    ],
    // why: events.ts:127:45 detail emptied, 127:65 `decoded.detail && ''`
    [
      'an event whose type is a number',
      [v2icp({ edit: (m) => m.set(4, 5) })],
      'bad-event',
      'event 0: wrong-type: field type is not text',
    ],
    // why: events.ts:129:7 tag check false, 129:19 'v2' emptied, 129:61 code emptied, 129:74 detail emptied
    [
      'a second event of another tag',
      [v2icp(), v2rot({ edit: (m) => m.set(0, 'anet.kel/3') })],
      'bad-event',
      'event 1: key 0 is not anet.kel/2',
    ],
    // why: events.ts:131:30 detail emptied
    [
      'a version-2 interaction event',
      [v2icp(), v2rot({ edit: (m) => m.set(4, 'ixn') })],
      'bad-event',
      'event 1: the type is not one this version names',
    ],
    // why: events.ts:132:51 detail emptied
    [
      'a threshold of 2',
      [v2icp({ edit: (m) => m.set(7, 2) })],
      'bad-event',
      'event 0: the threshold is not 1',
    ],
    // why: events.ts:133:7 seq/timestamp check false, `&&` for `||`, `typeof f.seq !== 'number'` false
    [
      'a seq beyond 2^53',
      [v2icp({ edit: (m) => m.set(2, beyond2to53) })],
      'bad-event',
      'event 0: seq or timestamp beyond 2^53',
    ],
    // why: events.ts:133:37 timestamp check false
    [
      'a timestamp beyond 2^53',
      [v2icp({ edit: (m) => m.set(8, beyond2to53) })],
      'bad-event',
      'event 0: seq or timestamp beyond 2^53',
    ],
    // why: events.ts:136:52 detail emptied
    [
      'a 31-byte key',
      [v2icp({ edit: (m) => m.set(5, [short]) })],
      'bad-event',
      'event 0: a key is not a 32-byte string',
    ],
    // why: events.ts:136:8 keys.every → keys.some
    [
      'a good key followed by a 31-byte one',
      [v2icp({ edit: (m) => m.set(5, [pub('a0'), short]) })],
      'bad-event',
      'event 0: a key is not a 32-byte string',
    ],
    // why: events.ts:138:7 witness check false, 138:83 `w !== ''` true, 138:89 '' → "Stryker was here!"
    ['an empty witness', [v2icp(), naming([''])], 'bad-event', 'event 1: a witness is not a non-empty text'],
    // why: events.ts:138:58 `typeof w === 'string'` true, `||` for `&&`
    [
      'a witness that is a number',
      [v2icp(), naming([5])],
      'bad-event',
      'event 1: a witness is not a non-empty text',
    ],
    // why: events.ts:138:35 witnesses.every → witnesses.some
    [
      'a good witness followed by an empty one',
      [v2icp(), naming([WITNESS, ''])],
      'bad-event',
      'event 1: a witness is not a non-empty text',
    ],
    // why: events.ts:103:7 aid rule false, 103:26 `e.aid !== undefined` false, 104:12 `e.type === 'icp'` false/`!==`, 104:23, 104:31
    [
      'an inception carrying an aid',
      [v2icp({ edit: (m) => m.set(1, WITNESS) })],
      'bad-event',
      'event 0: an inception carries no aid',
    ],
    // why: events.ts:103:48 `e.aid === undefined` false, 104:12 `e.type === 'icp'` true, 104:63
    [
      'a rotation without an aid',
      [v2icp(), v2rot({ edit: (m) => m.delete(1) })],
      'bad-event',
      'event 1: the aid is missing',
    ],
    // why: events.ts:105:7 prev rule false, 105:26 `e.prev !== undefined` false, 106:12 false/`!==`, 106:23, 106:31
    [
      'an inception carrying a prev',
      [v2icp({ edit: (m) => m.set(3, WITNESS) })],
      'bad-event',
      'event 0: an inception carries no prev',
    ],
    // why: events.ts:105:49 `e.prev === undefined` false, 106:12 `e.type === 'icp'` true, 106:64
    [
      'a rotation without a prev',
      [v2icp(), v2rot({ edit: (m) => m.delete(3) })],
      'bad-event',
      'event 1: prev is missing',
    ],
    // why: events.ts:108:12 detail emptied
    [
      'a rotation with two keys',
      [v2icp(), v2rot({ edit: (m) => m.set(5, [pub('a1'), pub('a2')]) })],
      'bad-event',
      'event 1: a rot carries exactly one key',
    ],
    // why: events.ts:109:7 next-key rule false, 109:59 detail emptied
    [
      'an inception without a next-key digest',
      [v2icp({ next: null })],
      'bad-event',
      'event 0: a icp commits to the next key',
    ],
    // why: events.ts:110:62 detail emptied
    [
      'a deactivation with a next-key digest',
      [v2icp(), v2dip({ next: 'a2' })],
      'bad-event',
      'event 1: a deactivation commits to no next key',
    ],
    // why: events.ts:111:7 digest length rule false, 112:12 detail emptied
    [
      'a 31-byte next-key digest',
      [v2icp({ edit: (m) => m.set(6, short) })],
      'bad-event',
      'event 0: the next-key digest is not 32 bytes',
    ],
    // why: events.ts:114:35 detail emptied
    [
      'a timestamp of zero',
      [v2icp({ edit: (m) => m.set(8, 0) })],
      'bad-event',
      'event 0: the timestamp is zero',
    ],
    // why: events.ts:115:46 detail emptied
    [
      'a rotation naming two witnesses',
      [v2icp(), naming([WITNESS, OTHER_WITNESS])],
      'bad-event',
      'event 1: more than one witness is named',
    ],
    // why: events.ts:116:23 kind rule false, `&&` for `||`, `e.kind === undefined` false, 117:28 detail emptied
    [
      'an inception without a kind',
      [v2icp({ fields: {} })],
      'bad-event',
      'event 0: the kind is not 0 (hub) or 1 (agent)',
    ],
    // why: events.ts:116:47 `e.kind > 1` false
    [
      'an inception of kind 2',
      [v2icp({ fields: { kind: 2 } })],
      'bad-event',
      'event 0: the kind is not 0 (hub) or 1 (agent)',
    ],
    // why: events.ts:117:69 detail emptied
    [
      'a deactivation with a kind',
      [v2icp(), v2dip({ edit: (m) => m.set(11, 1) })],
      'bad-event',
      'event 1: a deactivation carries no kind',
    ],
    // why: events.ts:118:7 dip-witness rule false, 118:18 'dip' emptied, 118:61 detail emptied
    [
      'a deactivation naming a witness',
      [v2icp(), v2dip({ edit: (m) => m.set(9, [WITNESS]) })],
      'bad-event',
      'event 1: a deactivation names no witness',
    ],
    // why: events.ts:120:12 detail emptied
    [
      'an inception marked emergency',
      [v2icp({ edit: (m) => m.set(12, true) })],
      'bad-event',
      'event 0: emergency is only written on a rotation, and only as true',
    ],
  ])('%s is refused, said so', (_, events, code, detail) =>
    expect(replay(log('v2', events))).toEqual({ ok: false, code, detail }),
  );

  // why: events.ts:162:27 detail emptied
  it('a first event of an unknown tag is bad-version, said so', () =>
    expect(replay(log('v2', [v2icp({ edit: (m) => m.set(0, 'anet.kel/3') })]))).toEqual({
      ok: false,
      code: 'bad-version',
      detail: 'key 0 of the first event is not a known tag',
    }));

  // why: events.ts:107:7 key-count rule for every type (true, `||`, ixn true), 107:18, 107:27, 107:38; kel.ts:145:44 `dip` true, 228:9 `ixn` true, 228:24; 247:7, 248:7 kind/witness always set; 255:7 clock judged on v0.15
  it('a v0.15 log of an inception, an interaction and a delegated rotation (no keys, no clock) replays', () => {
    const replayed = replay(
      log('v0.15', [
        { ...v015icp, ts: NOW + 3 * HOUR },
        { type: 'ixn', key: null, signer: 'k0' },
        { type: 'drt', key: null, signer: 'k0' },
        { type: 'ixn', key: null, signer: 'k0' },
      ]),
    );
    expect(replayed.ok).toBe(true);
    if (!replayed.ok) return;
    expect(replayed.value.states.map((s) => s.key)).toEqual(new Array(4).fill(pub('k0')));
    expect(Object.keys(replayed.value)).toEqual(['version', 'aid', 'states', 'tip', 'deactivated']);
  });
});
