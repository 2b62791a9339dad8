/**
 * What the vector generator (vectors/generate.ts) and the order tests build
 * their inputs from: keys from labelled seeds, the identities of the vectors, a log
 * builder that writes exactly the events given (so one rule can be broken at a time), and
 * notices and key sets with one field edited.
 */
import { createHash } from 'node:crypto';
import { hex } from '@agent-seam/canonical';
import { decode, encode, RawCbor } from '@agent-seam/coredet-cbor';
import { keyPairFromSeed, signEd25519 } from '@agent-seam/did';
import { deriveKeyPair } from '@agent-seam/hpke-seal';
import {
  type EventInput,
  encodeEvent,
  encodeKel,
  encodeKeySet,
  eventId,
  type KelVersion,
  KelWriter,
  type KeySetInput,
  type NoticeInput,
  nextKeyDigest,
  signKeySet,
  signNotice,
} from '../src/index.js';

export const H = (b: Uint8Array) => hex.encode(b);
export const sha256 = (data: string | Uint8Array) =>
  new Uint8Array(createHash('sha256').update(data).digest());
export const utf8 = (text: string) => new TextEncoder().encode(text);

/** Every key of these vectors: seed = SHA-256("anet-identity-vector/" + label). */
export const seed = (label: string) => sha256(`anet-identity-vector/${label}`);
export const pub = (label: string) => keyPairFromSeed(seed(label)).publicKey;

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
/** 2026-01-01T00:00:00Z. */
export const T0 = 1_767_225_600_000;
export const NOW = T0 + 3 * DAY;
export const ROTATED = T0 + 2 * DAY;

// ------------------------------------------------------------------ identities

export const hub = () =>
  KelWriter.incept({
    version: 'v2',
    seed: seed('w0'),
    nextPublicKey: pub('w1'),
    timestampMs: T0 - DAY,
    kind: 'hub',
  });
export const WITNESS = hub().aid;
export const otherHub = () =>
  KelWriter.incept({
    version: 'v2',
    seed: seed('x0'),
    nextPublicKey: pub('x1'),
    timestampMs: T0 - DAY,
    kind: 'hub',
  });
export const OTHER_WITNESS = otherHub().aid;

/** The agent of most vectors: icp (a0), its first rotation naming the witness (a1), a scheduled rotation (a2). */
export const agent = (steps = 3, options: { emergency?: boolean } = {}) => {
  const w = KelWriter.incept({
    version: 'v2',
    seed: seed('a0'),
    nextPublicKey: pub('a1'),
    timestampMs: T0,
    kind: 'agent',
  });
  if (steps > 1)
    w.rotate({ seed: seed('a1'), nextPublicKey: pub('a2'), timestampMs: T0 + HOUR, witness: WITNESS });
  if (steps > 2)
    w.rotate({
      seed: seed('a2'),
      nextPublicKey: pub('a3'),
      timestampMs: ROTATED,
      emergency: options.emergency,
    });
  return w;
};
export const AGENT = agent();
export const AID = AGENT.aid;

// ------------------------------------------------------------------ low-level logs

/** One event of a hand-built log: its fields (keys by label), its signer, and edits that break one rule. */
export interface Ev {
  type: EventInput['type'];
  key?: string | null;
  next?: string | null;
  ts?: number;
  signer: string;
  fields?: Partial<EventInput>;
  /** Edits the event map after it is written (add or remove keys). */
  edit?: (event: Map<number, unknown>) => void;
  /** Edits the signed wrapper. */
  wrap?: (signed: Map<number, unknown>) => void;
}

/** A log built event by event: seq, aid and prev chained unless an event's fields say otherwise. */
export function log(version: KelVersion, events: Ev[]): Uint8Array {
  const ids: string[] = [];
  const signed = events.map((ev, seq) => {
    const input: EventInput = {
      version,
      type: ev.type,
      seq,
      keys: ev.key === null ? [] : [pub(ev.key ?? ev.signer)],
      ...(seq > 0 ? { aid: ids[0], prev: ids[seq - 1] } : {}),
      ...(ev.next === null || ev.next === undefined ? {} : { nextDigest: nextKeyDigest(pub(ev.next)) }),
      ...(ev.ts === undefined ? {} : { timestampMs: ev.ts }),
      ...ev.fields,
    };
    let bytes = encodeEvent(input);
    if (ev.edit) {
      const map = (decode(bytes) as { value: Map<number, unknown> }).value;
      ev.edit(map);
      bytes = encode(map as never);
    }
    const id = eventId(bytes);
    ids.push(id);
    const wrapper = new Map<number, unknown>([
      [1, new RawCbor(bytes)],
      [2, signEd25519(seed(ev.signer), bytes)],
      [3, id],
    ]);
    ev.wrap?.(wrapper);
    return encode(wrapper as never);
  });
  return encodeKel(signed);
}

export const v2icp = (over: Partial<Ev> = {}): Ev => ({
  type: 'icp',
  key: 'a0',
  next: 'a1',
  ts: T0,
  signer: 'a0',
  fields: { kind: 1 },
  ...over,
});
export const v2rot = (over: Partial<Ev> = {}): Ev => ({
  type: 'rot',
  key: 'a1',
  next: 'a2',
  ts: T0 + HOUR,
  signer: 'a1',
  fields: { kind: 1, witnesses: [WITNESS] },
  ...over,
});
export const v015icp: Ev = { type: 'icp', key: 'k0', next: 'k1', signer: 'k0' };

/** The last event of a log, changed: its signature flipped (bit 0 of byte 0). */
export const flip = (bytes: Uint8Array) => {
  const out = bytes.slice();
  out[0]! ^= 1;
  return out;
};

/** A version-2 hub log of rotations whose encoding just passes `bytes`. */
export function hubLogOver(bytes: number): Uint8Array {
  const w = KelWriter.incept({
    version: 'v2',
    seed: seed('big0'),
    nextPublicKey: pub('big1'),
    timestampMs: T0,
    kind: 'hub',
  });
  for (let i = 1; w.bytes().length <= bytes; i++)
    w.rotate({ seed: seed(`big${i}`), nextPublicKey: pub(`big${i + 1}`), timestampMs: T0 + i });
  return w.bytes();
}

export const noticeOf = (over: Partial<NoticeInput> = {}, signer = 'w0', ksn = 0) =>
  signNotice(
    { aid: AID, seq: AGENT.tip.seq, id: AGENT.tip.id, timestampMs: NOW - HOUR, witness: WITNESS, ...over },
    seed(signer),
    ksn,
  );
/** A notice with its wire map or envelope edited. */
export const editNotice = (
  edit: (wire: Map<number, unknown>, envelope: Map<number, unknown>) => void,
  base = noticeOf(),
) => {
  const wire = (decode(base) as { value: Map<number, unknown> }).value;
  const envelope = wire.get(2) as Map<number, unknown>;
  edit(wire, envelope);
  return encode(wire as never);
};
/** A notice whose body is edited and signed again by the witness. */
export const bodyEdited = (edit: (body: Map<number, unknown>) => void) =>
  editNotice((wire, envelope) => {
    const body = (decode(wire.get(1) as Uint8Array) as { value: Map<number, unknown> }).value;
    edit(body);
    const bytes = encode(body as never);
    wire.set(1, bytes);
    envelope.set(4, signEd25519(seed('w0'), bytes));
  });
/** A signed notice of exactly `length` bytes: its tip id padded (the body is signed as written). */
export function noticeOfLength(length: number): Uint8Array {
  for (let pad = 0; ; pad++) {
    const bytes = bodyEdited((b) => b.set(3, `${AGENT.tip.id}${'x'.repeat(pad)}`));
    if (bytes.length >= length) {
      if (bytes.length !== length) throw new Error('no padding gives that length');
      return bytes;
    }
  }
}
export const epochKeys = (n: number, span = DAY, start = NOW - DAY) =>
  Array.from({ length: n }, (_, i) => ({
    publicKey: deriveKeyPair(seed(`epoch${i}`)).publicKey,
    notBeforeMs: start + i * DAY,
    notAfterMs: start + i * DAY + span,
  }));
export const setInput = (over: Partial<KeySetInput> = {}): KeySetInput => ({
  version: 'v2',
  aid: AID,
  seq: NOW - 2 * HOUR,
  issuedAtMs: NOW - 2 * HOUR,
  keys: epochKeys(14),
  mbox: { epoch: 1, key: pub('mbox') },
  ...over,
});
export const keySet = (over: Partial<KeySetInput> = {}, signer = 'a2', ksn = 2) =>
  signKeySet(encodeKeySet(setInput(over)), seed(signer), ksn);
/** A set whose EncKeySet map is edited, signed again by the current key. */
export const setEdited = (edit: (set: Map<number, unknown>) => void, over: Partial<KeySetInput> = {}) => {
  const set = (decode(encodeKeySet(setInput(over))) as { value: Map<number, unknown> }).value;
  edit(set);
  return signKeySet(encode(set as never), seed('a2'), 2);
};
export const keyEdited = (edit: (key: Map<number, unknown>) => void) =>
  setEdited((set) => edit((set.get(3) as Map<number, unknown>[])[0]!));
export const signedEdited = (edit: (signed: Map<number, unknown>) => void) => {
  const signed = (decode(keySet()) as { value: Map<number, unknown> }).value;
  edit(signed);
  return encode(signed as never);
};

// ------------------------------------------------------------------ the resolver

/** What an opener asks of the agent's message at NOW, signed at state 2: the log, its notice and key set. */
export const agentQuery = () => ({
  from: AID,
  ksn: 2,
  tsMs: NOW,
  nowMs: NOW,
  kel: AGENT.bytes(),
  notices: [noticeOf()],
  keys: keySet(),
});
/** The trust root of most tests: the witness's key (w0), pinned. */
export const witnessKeyRoots = () => ({ witnessKeys: { [WITNESS]: pub('w0') } });

/** A v0.15 sender (keys k0, k1, no timestamps): its log, and a v1 key set signed by k0 at state 0. */
export const v015Sender = () =>
  KelWriter.incept({ version: 'v0.15', seed: seed('k0'), nextPublicKey: pub('k1') });
export const v1KeySet = (keys = epochKeys(2)) =>
  signKeySet(
    encodeKeySet({
      version: 'v1',
      aid: v015Sender().aid,
      seq: NOW - 2 * HOUR,
      issuedAtMs: NOW - 2 * HOUR,
      keys,
    }),
    seed('k0'),
    0,
  );
/** What an opener asks of the v0.15 sender's message at NOW: its log and key set, no notice. */
export const v015Query = () => ({
  from: v015Sender().aid,
  ksn: 0,
  tsMs: NOW,
  nowMs: NOW,
  kel: v015Sender().bytes(),
  keys: v1KeySet(),
});
