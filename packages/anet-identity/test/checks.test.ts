import { unwrap } from '@agent-seam/canonical';
import { decode, encode } from '@agent-seam/coredet-cbor';
import { holdChecksToVerifier } from '../../../tools/check-order.ts';
import {
  encodeKeySet,
  KEL_CHECKS,
  KEL_CODES,
  KEY_SET_CHECKS,
  KEY_SET_CODES,
  NOTICE_CHECKS,
  NOTICE_CODES,
  replayKel,
  signKeySet,
  verifyKeySet,
  verifyNotice,
  type WitnessRoots,
} from '../src/index.js';
import {
  AGENT,
  DAY,
  editNotice,
  epochKeys,
  flip,
  HOUR,
  log,
  NOW,
  noticeOf,
  OTHER_WITNESS,
  pub,
  seed,
  setEdited,
  setInput,
  T0,
  v2icp,
  v2rot,
  WITNESS,
} from './fixture.js';

const now = new Date(NOW);
const replay = (bytes: unknown) => replayKel(bytes, { now });
const bytesOfLength = (n: number) => new Uint8Array(n);
const shortSig = (s: Map<number, unknown>) => s.set(2, (s.get(2) as Uint8Array).subarray(0, 63));
const badTag = (m: Map<number, unknown>) => m.set(0, 'anet.kel/3');

holdChecksToVerifier('replayKel', KEL_CHECKS, KEL_CODES, {
  'kel-bytes > kel-size': () => replay(new Array(70_000).fill(0)),
  'kel-size > kel-encoding': () => replay(bytesOfLength(65_537).fill(0xff)),
  // An array of 300 announced, none present.
  'kel-encoding > event-count': () => replay(new Uint8Array([0x99, 0x01, 0x2c])),
  'event-count > version': () => {
    const first = (decode(log('v2', [v2icp({ edit: badTag })])) as { value: unknown[] }).value[0];
    return replay(encode([first, ...new Array(256).fill(0)] as never));
  },
  'version > signed-event': () => replay(log('v2', [v2icp({ edit: badTag, wrap: shortSig })])),
  'signed-event > event-fields': () =>
    replay(log('v2', [v2icp({ edit: (m) => m.set(13, 0), wrap: shortSig })])),
  'event-fields > event-id': () =>
    replay(log('v2', [v2icp({ edit: (m) => m.set(13, 0), wrap: (s) => s.set(3, WITNESS) })])),
  'event-id > event-order': () =>
    replay(
      log('v2', [
        v2rot({
          fields: { kind: 1, witnesses: [WITNESS], aid: WITNESS, prev: WITNESS },
          wrap: (s) => s.set(3, WITNESS),
        }),
      ]),
    ),
  'event-order > chain': () =>
    replay(
      log('v2', [
        v2icp(),
        v2icp({ ts: T0 + 1, fields: { kind: 1, seq: 5, aid: undefined, prev: undefined } }),
      ]),
    ),
  'chain > timestamps': () =>
    replay(log('v2', [v2icp(), v2rot({ ts: T0, fields: { kind: 1, witnesses: [WITNESS], seq: 2 } })])),
  'timestamps > witness': () => replay(log('v2', [v2icp(), v2rot({ ts: T0, fields: { kind: 1 } })])),
  'witness > prerotation': () =>
    replay(log('v2', [v2icp(), v2rot({ key: 'attacker', signer: 'attacker', fields: { kind: 1 } })])),
  'prerotation > event-signature': () =>
    replay(log('v2', [v2icp(), v2rot({ key: 'attacker', signer: 'a0' })])),
  'event-signature > clock': () =>
    replay(log('v2', [v2icp({ ts: NOW + HOUR, wrap: (s) => s.set(2, flip(s.get(2) as Uint8Array)) })])),
});

const agentKel = unwrap(replayKel(AGENT.bytes(), { now }));
const pinned: WitnessRoots = { witnessKeys: { [WITNESS]: pub('w0'), [OTHER_WITNESS]: pub('x0') } };
const notice = (bytes: unknown, roots: WitnessRoots = pinned) =>
  verifyNotice(bytes, { kel: agentKel, now, ...roots });
/** The notice body edited (not signed again: the signature is judged last). */
const body = (edit: (b: Map<number, unknown>) => void, base = noticeOf()) =>
  editNotice((wire) => {
    const map = (decode(wire.get(1) as Uint8Array) as { value: Map<number, unknown> }).value;
    edit(map);
    wire.set(1, encode(map as never));
  }, base);

holdChecksToVerifier('verifyNotice', NOTICE_CHECKS, NOTICE_CODES, {
  'notice-bytes > notice-size': () => notice(new Array(2000).fill(0)),
  'notice-size > notice-wire': () => notice(bytesOfLength(1025)),
  'notice-wire > notice-body': () =>
    notice(
      editNotice(
        (w) => w.set(3, 0),
        body((b) => b.set(6, 0)),
      ),
    ),
  'notice-body > notice-type': () =>
    notice(
      body((b) => {
        b.set(6, 0);
        b.set(0, 'anet.ksn/2');
      }),
    ),
  'notice-type > notice-signer': () =>
    notice(
      editNotice(
        (_w, e) => e.set(1, OTHER_WITNESS),
        body((b) => b.set(0, 'anet.ksn/2')),
      ),
    ),
  'notice-signer > notice-aid': () =>
    notice(editNotice((_w, e) => e.set(1, OTHER_WITNESS), noticeOf({ aid: WITNESS }))),
  'notice-aid > notice-tip': () => notice(noticeOf({ aid: WITNESS, seq: 1 })),
  'notice-tip > notice-witness': () => notice(noticeOf({ seq: 1, witness: OTHER_WITNESS }, 'x0')),
  'notice-witness > notice-age': () =>
    notice(noticeOf({ witness: OTHER_WITNESS, timestampMs: NOW - 7 * HOUR }, 'x0')),
  'notice-age > witness-key': () => notice(noticeOf({ timestampMs: NOW - 7 * HOUR }), { witnessKeys: {} }),
  'witness-key > notice-signature': () =>
    notice(
      editNotice((_w, e) => e.set(4, flip(e.get(4) as Uint8Array))),
      { witnessKeys: {} },
    ),
});

const keySet = (bytes: unknown) => verifyKeySet(bytes, { kel: agentKel, now });
/** The signed wrapper of a set edited. */
const wrapper = (setBytes: Uint8Array, edit: (s: Map<number, unknown>) => void) => {
  const signed = (decode(signKeySet(setBytes, seed('a2'), 2)) as { value: Map<number, unknown> }).value;
  edit(signed);
  return encode(signed as never);
};
const firstKey = (set: Map<number, unknown>) => (set.get(3) as Map<number, unknown>[])[0]!;
const signedBy = (signer: string, ksn: number, over = {}) =>
  signKeySet(encodeKeySet(setInput(over)), seed(signer), ksn);

holdChecksToVerifier('verifyKeySet', KEY_SET_CHECKS, KEY_SET_CODES, {
  'key-set-bytes > key-set-size': () => keySet(new Array(20_000).fill(0)),
  'key-set-size > signed-key-set': () => keySet(bytesOfLength(16_385)),
  'signed-key-set > key-set-type': () =>
    keySet(
      wrapper(encodeKeySet(setInput({ version: 'v1', mbox: undefined, keys: epochKeys(2) })), (s) =>
        s.set(4, 0),
      ),
    ),
  'key-set-type > key-set-fields': () =>
    keySet(
      setEdited((s) => {
        s.set(0, 'anet.enckeys/1');
        s.set(6, 0);
      }),
    ),
  'key-set-fields > key-count': () => keySet(setEdited((s) => s.set(6, 0), { keys: epochKeys(33) })),
  'key-count > enc-key-fields': () =>
    keySet(setEdited((s) => firstKey(s).set(6, 0), { keys: epochKeys(33) })),
  'enc-key-fields > kid': () =>
    keySet(
      setEdited((s) => {
        firstKey(s).set(6, 0);
        firstKey(s).set(1, flip(firstKey(s).get(1) as Uint8Array));
      }),
    ),
  'kid > key-span': () =>
    keySet(
      setEdited((s) => firstKey(s).set(1, flip(firstKey(s).get(1) as Uint8Array)), {
        keys: epochKeys(1, 3 * DAY),
      }),
    ),
  'key-span > key-order': () => keySet(setEdited(() => {}, { keys: [...epochKeys(2, 3 * DAY)].reverse() })),
  'key-order > key-set-aid': () =>
    keySet(setEdited(() => {}, { aid: WITNESS, keys: epochKeys(2).reverse() })),
  'key-set-aid > key-set-tip': () => keySet(signedBy('a1', 1, { aid: WITNESS })),
  'key-set-tip > key-set-signature': () => keySet(signedBy('a0', 1)),
  'key-set-signature > usable-key': () => keySet(signedBy('a1', 2, { keys: epochKeys(1, DAY, NOW + HOUR) })),
});
