import { encode } from '@agent-seam/coredet-cbor';
import { describe, expect, it } from 'vitest';
import { replayKel, replayKelAsync } from '../src/index.js';
import {
  agent,
  type Ev,
  HOUR,
  log,
  NOW,
  OTHER_WITNESS,
  pub,
  ROTATED,
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
    // why: events.ts:133:7 seq/timestamp check false, `&&` for `||`, `typeof f.seq !== 'number'` false, 134:17 code and 134:30 detail emptied
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
    // why: events.ts:138:7 witness check false, 138:83 `w !== ''` true, 138:89 '' → "Stryker was here!", 139:17 code and 139:30 detail emptied
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

const hubIcp = (over: Partial<Ev> = {}) =>
  v2icp({ key: 'w0', next: 'w1', signer: 'w0', fields: { kind: 0 }, ...over });
const rotAt = (ts: number, witnesses: string[] = []) =>
  v2rot({ key: 'a2', next: 'a3', signer: 'a2', ts, fields: { kind: 1, witnesses } });
const bytesOf = (kel: Uint8Array, options: object) => replayKel(kel, { now, ...options });

describe('replayKel: the rules between events, each refusal said by event', () => {
  it.each<[string, Ev[], string, string]>([
    // why: kel.ts:127:12 kind rule false, 127:61 detail emptied
    [
      "an agent's rotation of kind hub",
      [v2icp(), v2rot({ fields: { kind: 0, witnesses: [WITNESS] } })],
      'bad-witness',
      'event 1: the kind differs from the inception',
    ],
    // why: kel.ts:129:64 detail emptied
    [
      'a hub inception naming a witness',
      [hubIcp({ fields: { kind: 0, witnesses: [OTHER_WITNESS] } })],
      'bad-witness',
      'event 0: a hub names no witness',
    ],
    // why: kel.ts:131:36 detail emptied
    [
      'an agent naming itself as its witness',
      [v2icp(), v2rot({ edit: (m) => m.set(9, [m.get(1)]) })],
      'bad-witness',
      'event 1: an identity cannot witness itself',
    ],
    // why: kel.ts:133:14 detail emptied
    [
      'a second rotation naming another witness',
      [v2icp(), v2rot(), rotAt(T0 + 2 * HOUR, [OTHER_WITNESS])],
      'bad-witness',
      'event 2: a witness other than the one already named',
    ],
    // why: kel.ts:137:12 detail emptied
    [
      "an agent's first rotation naming no witness",
      [v2icp(), v2rot({ fields: { kind: 1 } })],
      'bad-witness',
      "event 1: an agent's first rotation names its witness",
    ],
    // why: kel.ts:147:12 refusal object emptied, 149:15 detail emptied
    [
      'a rotation revealing a key never committed to',
      [v2icp(), v2rot({ key: 'a9', signer: 'a9' })],
      'bad-prerotation',
      'event 1: the key revealed is not the one the last inception or rotation committed to',
    ],
    // why: kel.ts:206:59 detail emptied
    [
      'an event whose id is not its CID',
      [v2icp({ wrap: (s) => s.set(3, WITNESS) })],
      'bad-event-id',
      'event 0: the id is not the CID of the event bytes',
    ],
    // why: kel.ts:209:36 detail emptied
    [
      'a second inception',
      [v2icp(), v2icp({ ts: T0 + HOUR, edit: (m) => m.delete(1) && m.delete(3) })],
      'bad-event-order',
      'event 1: an inception comes first, and only first',
    ],
    // why: kel.ts:210:64 detail emptied
    [
      'an event after the deactivation',
      [v2icp(), v2dip(), v2rot({ ts: T0 + 2 * HOUR })],
      'bad-event-order',
      'event 2: a deactivation ends the log',
    ],
    // why: kel.ts:212:51 detail emptied
    [
      'a rotation at seq 5',
      [v2icp(), v2rot({ fields: { kind: 1, witnesses: [WITNESS], seq: 5 } })],
      'bad-chain',
      'event 1: seq is not the event position',
    ],
    // why: kel.ts:213:67 detail emptied
    [
      "a rotation of another identity's aid",
      [v2icp(), v2rot({ fields: { kind: 1, witnesses: [WITNESS], aid: WITNESS } })],
      'bad-chain',
      'event 1: the aid is not the inception CID',
    ],
    // why: kel.ts:214:72 detail emptied
    [
      'a rotation whose prev is another id',
      [v2icp(), v2rot({ fields: { kind: 1, witnesses: [WITNESS], prev: WITNESS } })],
      'bad-chain',
      'event 1: prev is not the previous event id',
    ],
    // why: kel.ts:216:34 detail emptied
    [
      'a rotation at the inception time',
      [v2icp(), v2rot({ ts: T0 })],
      'bad-timestamp',
      'event 1: the timestamp does not increase',
    ],
    // why: kel.ts:224:49 detail emptied; 199:59 the event prefix emptied
    [
      'an inception signed by another key',
      [v2icp({ signer: 'a9' })],
      'bad-event-sig',
      'event 0: the signature does not verify (bad-signature)',
    ],
  ])('%s is refused, said so', (_, events, code, detail) =>
    expect(replay(log('v2', events))).toEqual({ ok: false, code, detail }),
  );

  // why: kel.ts:152:12 refusal object emptied, 152:37 detail emptied
  it('a v0.15 deactivation naming a key other than the current one is refused, said so', () =>
    expect(replay(log('v0.15', [v015icp, { type: 'dip', key: 'k9', signer: 'k0' }]))).toEqual({
      ok: false,
      code: 'bad-prerotation',
      detail: 'event 1: a v0.15 deactivation names the current key',
    }));

  // why: kel.ts:125:16 `event.kind === undefined` false (a dip read as an agent's)
  it('a hub deactivated replays, its one state retired by deactivation', () => {
    const replayed = replay(log('v2', [hubIcp(), v2dip({ key: 'w1', signer: 'w1' })]));
    expect(replayed.ok && replayed.value.kind).toBe('hub');
    // why: kel.ts:160:28 'deactivation' emptied
    expect(replayed.ok && replayed.value.states[0]!.retiredBy).toBe('deactivation');
  });

  // why: kel.ts:132:39 `named !== walk.witness` true
  it('a second rotation naming the same witness again replays', () =>
    expect(replay(log('v2', [v2icp(), v2rot(), rotAt(T0 + 2 * HOUR, [WITNESS])])).ok).toBe(true));

  // why: kel.ts:160:63 'emergency-rotation' emptied
  it('a state retired by an emergency rotation says so', () => {
    const replayed = replay(agent(3, { emergency: true }).bytes());
    expect(replayed.ok && replayed.value.states[1]!.retiredBy).toBe('emergency-rotation');
  });
});

describe('replayKel: the bytes, the limits and the clock', () => {
  const kel = agent().bytes();

  // why: kel.ts:172:64 detail emptied
  it('a log that is not bytes is refused, said so', () =>
    expect(replay('kel')).toEqual({
      ok: false,
      code: 'not-bytes',
      detail: 'the key event log is not a Uint8Array',
    }));

  // why: kel.ts:173:7 `>=` for `>`, 94:7 limit ignored
  it('a log of exactly maxBytes replays; one byte over is refused, said so', () => {
    expect(bytesOf(kel, { maxBytes: kel.length }).ok).toBe(true);
    // why: kel.ts:174:34 detail emptied
    expect(bytesOf(kel, { maxBytes: kel.length - 1 })).toEqual({
      ok: false,
      code: 'kel-too-large',
      detail: `${kel.length} bytes, over the limit of ${kel.length - 1}`,
    });
  });

  // why: kel.ts:179:22 `>=` for `>`
  it('a log of exactly maxEvents replays; one event over is refused, said so', () => {
    expect(bytesOf(kel, { maxEvents: 3 }).ok).toBe(true);
    // why: kel.ts:180:36 detail emptied
    expect(bytesOf(kel, { maxEvents: 2 })).toEqual({
      ok: false,
      code: 'bad-event-count',
      detail: '3 events; a log holds 1 to 2',
    });
  });

  // why: kel.ts:95:7 the limit check (true, false, `&&`, negation dropped), 95:39 `value < 0` (false, `<=`, `>=`), 96:25, 96:41, 103:55, 104:58
  it('a limit that is not a non-negative integer throws, naming it; 0 is a limit', () => {
    for (const [name, value] of [
      ['maxBytes', -1],
      ['maxEvents', 1.5],
    ] as const)
      expect(() => bytesOf(kel, { [name]: value })).toThrow(
        expect.objectContaining({
          code: 'bad-argument',
          message: `bad-argument: ${name} must be a non-negative integer`,
        }),
      );
    expect(bytesOf(kel, { maxBytes: 0 }).ok).toBe(false);
  });

  // why: kel.ts:176:72 `decoded.detail && ''`
  it('bytes that are not CBOR are refused with what the decoder found', () => {
    const refused = replay(new Uint8Array([0xff]));
    expect(refused.ok || [refused.code, refused.detail]).toEqual([
      'bad-kel-encoding',
      expect.stringMatching(/^[a-z-]+: \S/),
    ]);
  });

  // why: kel.ts:175:33 the decoder's own 16 MiB bound used in place of the caller's
  it("a caller's limit above the decoder's default is the one that holds", () => {
    const huge = encode([new Uint8Array(17 * 2 ** 20)]);
    expect(bytesOf(huge, { maxBytes: 32 * 2 ** 20 })).toMatchObject({ ok: false, code: 'bad-signed-event' });
  });

  // why: kel.ts:255:7 the clock judged on a v0.15 log
  it('a v0.15 log is not judged against the clock: an inception stamped after now replays', () =>
    expect(replay(log('v0.15', [{ ...v015icp, ts: NOW + 3 * HOUR }])).ok).toBe(true));

  // why: kel.ts:177:70 detail emptied
  it('a CBOR value that is not an array is refused, said so', () =>
    expect(replay(encode(5))).toEqual({
      ok: false,
      code: 'bad-kel-encoding',
      detail: 'the key event log is not an array',
    }));

  // why: kel.ts:258:7 detail emptied, 258:28 `ahead * 1000`, 258:80 `CLOCK_SKEW_MS * 1000`
  it('a last event 600 s ahead of the clock is refused, said by how much', () =>
    expect(replayKel(kel, { now: new Date(ROTATED - 600_000) })).toEqual({
      ok: false,
      code: 'event-from-future',
      detail: 'the last event is 600 s ahead of your clock (allowed skew 300 s)',
    }));

  // why: kel.ts:264:7 the options check (false, `&&`, typeof false), 264:38 `options === null` false, 265:25, 265:41
  it('options that are not an object throw bad-argument, naming now', () => {
    for (const options of [null, 5])
      expect(() => replayKel(kel, options as never)).toThrow(
        expect.objectContaining({
          code: 'bad-argument',
          message: 'bad-argument: replayKel takes an options object with now',
        }),
      );
  });

  // why: kel.ts:271:34 'now' emptied
  it('a now that is not an instant throws, naming now', () =>
    expect(() => replayKel(kel, { now: 'soon' as never })).toThrow(
      expect.objectContaining({ message: expect.stringMatching(/^bad-instant: now /) }),
    ));

  // why: kel.ts:285:43 replayKelAsync's body emptied
  it('replayKelAsync replays the same log', async () =>
    expect(await replayKelAsync(kel, { now })).toEqual(replay(kel)));
});
