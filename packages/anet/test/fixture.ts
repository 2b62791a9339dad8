/**
 * What the vector generator (vectors/generate.ts) and the tests build their inputs from:
 * keys from labelled seeds, the identities of the vectors (a hub that is also the agents'
 * witness, a version-2 agent, the same agent after a rotation, a v0.15 identity, another
 * agent), their notices and key sets, and builders for requests, objects and cards.
 */
import { createHash } from 'node:crypto';
import { encodeKeySet, KelWriter, signKeySet, signNotice } from '@agent-seam/anet-identity';
import { canonicalString, hex } from '@agent-seam/canonical';
import { signA2ACard } from '@agent-seam/cardpub';
import { type CborValue, cid, encode, RawCbor } from '@agent-seam/coredet-cbor';
import { keyPairFromSeed, signEd25519 } from '@agent-seam/did';

export const H = (b: Uint8Array) => hex.encode(b);
export const sha256 = (data: string | Uint8Array) =>
  new Uint8Array(createHash('sha256').update(data).digest());
export const utf8 = (text: string) => new TextEncoder().encode(text);

/** Every key of these vectors: seed = SHA-256("anet-vector/" + label). */
export const seed = (label: string) => sha256(`anet-vector/${label}`);
export const pub = (label: string) => keyPairFromSeed(seed(label)).publicKey;

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
/** 2026-01-01T00:00:00Z. */
export const T0 = 1_767_225_600_000;
export const NOW = T0 + 3 * DAY;
export const ROTATED = T0 + 2 * DAY;

// ------------------------------------------------------------------ identities

const hubWriter = () =>
  KelWriter.incept({
    version: 'v2',
    seed: seed('w0'),
    nextPublicKey: pub('w1'),
    timestampMs: T0 - DAY,
    kind: 'hub',
  });
export const HUB_KEL = hubWriter().bytes();
export const HUB = hubWriter().aid;

/** A version-2 agent: icp (a0), then its first rotation naming the hub as witness (a1, current). */
export const agentWriter = (label = 'a') =>
  KelWriter.incept({
    version: 'v2',
    seed: seed(`${label}0`),
    nextPublicKey: pub(`${label}1`),
    timestampMs: T0,
    kind: 'agent',
  }).rotate({
    seed: seed(`${label}1`),
    nextPublicKey: pub(`${label}2`),
    timestampMs: T0 + HOUR,
    witness: HUB,
  });
export const AGENT_KEL = agentWriter().bytes();
export const AGENT = agentWriter().aid;
/** The same agent after a scheduled rotation to a2 at ROTATED (state 1 retired then). */
export const ROTATED_KEL = agentWriter()
  .rotate({ seed: seed('a2'), nextPublicKey: pub('a3'), timestampMs: ROTATED })
  .bytes();
/** Another version-2 agent. */
export const OTHER_KEL = agentWriter('b').bytes();
export const OTHER = agentWriter('b').aid;
/** A v0.15 identity: one inception (k0), as ANet's suite identity. */
const legacyWriter = () => KelWriter.incept({ version: 'v0.15', seed: seed('k0'), nextPublicKey: pub('k1') });
export const LEGACY_KEL = legacyWriter().bytes();
export const LEGACY = legacyWriter().aid;

export const KELS: Record<string, Uint8Array> = {
  agent: AGENT_KEL,
  rotated: ROTATED_KEL,
  other: OTHER_KEL,
  legacy: LEGACY_KEL,
  hub: HUB_KEL,
};
export const AIDS: Record<string, string> = {
  agent: AGENT,
  rotated: AGENT,
  other: OTHER,
  legacy: LEGACY,
  hub: HUB,
};

/** The witness notice the hub signs for a log's last event. */
export const noticeFor = (writer: KelWriter, timestampMs = NOW - HOUR) =>
  signNotice(
    { aid: writer.aid, seq: writer.tip.seq, id: writer.tip.id, timestampMs, witness: HUB },
    seed('w0'),
    0,
  );

/** A version-2 key set of three daily keys around NOW, signed by the agent's current key (a1, state 1). */
export function keySetFor(writer: KelWriter, signer = seed('a1'), options: { seq?: number } = {}) {
  const keys = [-1, 0, 1].map((d) => ({
    publicKey: sha256(`enc/${writer.aid}/${d}`),
    notBeforeMs: NOW + d * DAY,
    notAfterMs: NOW + (d + 1) * DAY,
  }));
  const set = encodeKeySet({
    version: 'v2',
    aid: writer.aid,
    seq: options.seq ?? NOW - DAY,
    issuedAtMs: NOW - DAY,
    keys,
    mbox: { epoch: 1, key: pub('mbox') },
  });
  return signKeySet(set, signer, writer.tip.seq);
}

// ------------------------------------------------------------------ directory

/** A directory box's nonce: the first 12 bytes of SHA-256("anet-vector/nonce/" + label). */
export const dirNonce = (label: string) => seed(`nonce/${label}`).subarray(0, 12);

/** The agent's directory entry (the hub, its log, key set and notice), with members replaced by `edit`. */
export const agentEntry = (edit: Partial<Record<string, Uint8Array | string>> = {}) => ({
  aid: AGENT,
  hub: HUB,
  kel: AGENT_KEL,
  keys: keySetFor(agentWriter()),
  notice: noticeFor(agentWriter()),
  ...edit,
});

// ------------------------------------------------------------------ cards

type Json = Record<string, unknown>;

/** An A2A card bound to `aid` with the anet-card extension and a relay interface of `binding`. */
export function cardBody(aid: string, binding: string, edit: (card: Json) => void = () => undefined): Json {
  const card: Json = {
    capabilities: {
      extensions: [
        {
          params: {
            aid,
            issuedAt: String(NOW - HOUR),
            notBefore: String(NOW - HOUR),
            notAfter: String(NOW + DAY),
            seq: '7',
          },
          uri: 'https://agentnetwork.org.cn/a2a/ext/anet-card/v1',
        },
      ],
      pushNotifications: false,
      streaming: false,
    },
    defaultInputModes: ['text/plain'],
    defaultOutputModes: ['text/plain'],
    description: 'An agent of the anet vectors.',
    name: 'Vector Agent',
    skills: [{ description: 'Returns the input.', id: 'echo', name: 'Echo', tags: ['text'] }],
    supportedInterfaces: [
      {
        protocolBinding: binding,
        protocolVersion: '1.0',
        tenant: aid,
        url: 'https://hub.example.org/relay/v2',
      },
    ],
    version: '1.0.0',
  };
  edit(card);
  return card;
}

/** The card signed (A2A JWS over its RFC 8785 form) with `signer` under kid did:anet:<aid>#<seq>, as JCS bytes. */
export function signedCard(
  card: Json,
  aid: string,
  signer: Uint8Array,
  seq: number,
  header: { kid?: string; jku?: string } = {},
  after: (card: Json) => void = () => undefined,
): Uint8Array {
  const signature = signA2ACard(card as never, signer, {
    kid: header.kid ?? `did:anet:${aid}#${seq}`,
    jku: header.jku ?? `https://hub.example.org/agents/${aid}/jwks.json`,
  });
  const signed = { ...card, signatures: [signature] };
  after(signed);
  return utf8(canonicalString(signed as never, { profile: 'jcs' }));
}

// ------------------------------------------------------------------ signed objects

/** The members of the agent's receipt for the other agent's task, an hour before NOW, then `edit`. */
export const receiptFields = (edit: Record<string, CborValue> = {}) => ({
  interaction: 'ix-vector-1',
  requester: OTHER,
  provider: AGENT,
  requestCid: cid(utf8('task document'), { codec: 'dag-cbor' }).text,
  resultCid: cid(utf8('result'), { codec: 'dag-cbor' }).text,
  completedAt: NOW - HOUR,
  ...edit,
});

/**
 * The agent's wire form {1: object, 2: AObj envelope} of `object`, signed by a1 at state 1,
 * its envelope edited after signing (and a wire key added).
 */
export function envelopeEdited(
  object: Uint8Array,
  edit: (env: Map<number, CborValue>) => void = () => undefined,
  extra?: [number, CborValue],
) {
  const env = new Map<number, CborValue>([
    [1, AGENT],
    [2, 1],
    [3, -8],
    [4, signEd25519(seed('a1'), object)],
  ]);
  edit(env);
  // RawCbor keeps the object's bytes exactly as signed.
  const map = new Map<number, CborValue>([
    [1, new RawCbor(object)],
    [2, env],
  ]);
  if (extra !== undefined) map.set(extra[0], extra[1]);
  return encode(map);
}

// ------------------------------------------------------------------ errors

/**
 * What a call throws, as "name message" (a SeamError's message begins with its code), or
 * 'returned'. Stricter than toThrow(regex), which also passes when undefined is thrown.
 */
export const thrown = (call: () => unknown): string => {
  try {
    call();
  } catch (error) {
    return `${(error as Error).name} ${(error as Error).message}`;
  }
  return 'returned';
};
