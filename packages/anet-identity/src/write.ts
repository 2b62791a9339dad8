/**
 * The signing side: key events, logs, witness notices and key sets written in CoreDet
 * form. Root entry only; the verify entry (`@agent-seam/anet-identity/verify`) leaves it
 * out. The low-level functions write exactly the fields given, so tests can build logs
 * that break one rule; `KelWriter` keeps the rules and writes logs that replay.
 */
import { SeamError, sha256 } from '@agent-seam/canonical';
import { cid, encode, RawCbor } from '@agent-seam/coredet-cbor';
import { keyPairFromSeed, signEd25519 } from '@agent-seam/did';
import type { EventType, KelVersion, KeyEvent } from './events.js';
import { encryptionKeyId } from './key-set.js';
import { KEL_TAG_V2, KEY_SET_TAG_V1, KEY_SET_TAG_V2, NOTICE_TAG } from './limits.js';

/**
 * A key event's fields as the reader reads them (the time optional), with the log's version
 * and the threshold (default 1); written as given (nothing is checked, nothing added but the v2 tag).
 */
export interface EventInput extends Omit<KeyEvent, 'timestampMs'> {
  version: KelVersion;
  timestampMs?: number;
  threshold?: number;
}

/** The CoreDet bytes of one event: its preimage, whose CID is its id. */
export function encodeEvent(input: EventInput): Uint8Array {
  const map = new Map<number, unknown>();
  if (input.version === 'v2') map.set(0, KEL_TAG_V2);
  if (input.aid !== undefined) map.set(1, input.aid);
  map.set(2, input.seq);
  if (input.prev !== undefined) map.set(3, input.prev);
  map.set(4, input.type);
  map.set(5, input.keys);
  if (input.nextDigest !== undefined) map.set(6, input.nextDigest);
  map.set(7, input.threshold ?? 1);
  if (input.timestampMs !== undefined) map.set(8, input.timestampMs);
  if (input.witnesses !== undefined) map.set(9, input.witnesses);
  if (input.kind !== undefined) map.set(11, input.kind);
  if (input.emergency !== undefined) map.set(12, input.emergency);
  return encode(map as never);
}

/** The id of an event: the CID (dag-cbor, sha2-256) of its bytes; the inception's is the AID. */
export const eventId = (eventBytes: Uint8Array): string => cid(eventBytes, { codec: 'dag-cbor' }).text;

/** A SignedEvent {1: event, 2: Ed25519 signature over the event bytes, 3: id} (the id may be overridden). */
export function signEvent(
  eventBytes: Uint8Array,
  seed: Uint8Array,
  id: string = eventId(eventBytes),
): Uint8Array {
  return encode(
    new Map<number, unknown>([
      [1, new RawCbor(eventBytes)],
      [2, signEd25519(seed, eventBytes)],
      [3, id],
    ]) as never,
  );
}

/** A log on the wire: the CoreDet array of its signed events. */
export const encodeKel = (signedEvents: readonly Uint8Array[]): Uint8Array =>
  encode(signedEvents.map((e) => new RawCbor(e)) as never);

/** SHA-256 of a public key: what an inception or rotation commits to. */
export const nextKeyDigest = (publicKey: Uint8Array): Uint8Array => sha256(publicKey);

const publicKeyOf = (seed: Uint8Array) => keyPairFromSeed(seed).publicKey;

export interface InceptionInput {
  version: KelVersion;
  /** The seed of the first identity key. */
  seed: Uint8Array;
  /** The key the first rotation will reveal. */
  nextPublicKey: Uint8Array;
  timestampMs?: number;
  /** Version 2: hub or agent (default agent). */
  kind?: 'hub' | 'agent';
  /** Version 2: the witness hub, if the inception names it. */
  witness?: string;
}

export interface RotationInput {
  /** The seed of the key the rotation reveals (the one the last icp or rot committed to). */
  seed: Uint8Array;
  nextPublicKey: Uint8Array;
  timestampMs?: number;
  /** Version 2: the witness hub, named by an agent's first rotation. */
  witness?: string;
  emergency?: boolean;
}

/** Writes logs that replay: the right keys sign, ids chain, the pre-rotation commitment is kept. */
export class KelWriter {
  readonly version: KelVersion;
  readonly #events: Uint8Array[] = [];
  readonly #ids: string[] = [];
  #current: Uint8Array;
  #kind: number | undefined;

  private constructor(version: KelVersion, seed: Uint8Array) {
    this.version = version;
    this.#current = seed;
  }

  /** A new log with its inception; the AID is the inception's id. */
  static incept(input: InceptionInput): KelWriter {
    const writer = new KelWriter(input.version, input.seed);
    if (input.version === 'v2') writer.#kind = input.kind === 'hub' ? 0 : 1;
    writer.#append(
      {
        version: input.version,
        type: 'icp',
        seq: 0,
        keys: [publicKeyOf(input.seed)],
        nextDigest: nextKeyDigest(input.nextPublicKey),
        ...(input.timestampMs === undefined ? {} : { timestampMs: input.timestampMs }),
        ...(input.witness === undefined ? {} : { witnesses: [input.witness] }),
        ...(writer.#kind === undefined ? {} : { kind: writer.#kind }),
      },
      input.seed,
    );
    return writer;
  }

  get aid(): string {
    return this.#ids[0]!;
  }

  /** The last event's seq and id. */
  get tip(): { seq: number; id: string } {
    return { seq: this.#ids.length - 1, id: this.#ids.at(-1)! };
  }

  /** The signed events written so far. */
  get events(): readonly Uint8Array[] {
    return this.#events;
  }

  #append(input: EventInput, signer: Uint8Array): void {
    const bytes = encodeEvent(input);
    this.#events.push(signEvent(bytes, signer));
    this.#ids.push(eventId(bytes));
  }

  #next(type: EventType) {
    return { version: this.version, type, seq: this.#ids.length, aid: this.aid, prev: this.#ids.at(-1)! };
  }

  /** A rotation: v0.15 signs it with the current key, version 2 with the key it reveals. */
  rotate(input: RotationInput): this {
    if (input.emergency !== undefined && this.version !== 'v2')
      throw new SeamError('bad-argument', 'emergency rotations are a version-2 field');
    this.#append(
      {
        ...this.#next('rot'),
        keys: [publicKeyOf(input.seed)],
        nextDigest: nextKeyDigest(input.nextPublicKey),
        ...(input.timestampMs === undefined ? {} : { timestampMs: input.timestampMs }),
        ...(input.witness === undefined ? {} : { witnesses: [input.witness] }),
        ...(this.#kind === undefined ? {} : { kind: this.#kind }),
        ...(input.emergency ? { emergency: true } : {}),
      },
      this.version === 'v2' ? input.seed : this.#current,
    );
    this.#current = input.seed;
    return this;
  }

  /**
   * The deactivation that ends the log: version 2 reveals the committed next key (give
   * its seed) and is signed by it; v0.15 names the current key and is signed by it.
   */
  deactivate(input: { seed?: Uint8Array; timestampMs?: number }): this {
    const seed = this.version === 'v2' ? input.seed : this.#current;
    if (seed === undefined)
      throw new SeamError('bad-argument', 'a version-2 deactivation needs the seed of the next key');
    this.#append(
      {
        ...this.#next('dip'),
        keys: [publicKeyOf(seed)],
        ...(input.timestampMs === undefined ? {} : { timestampMs: input.timestampMs }),
      },
      seed,
    );
    return this;
  }

  /** The log's bytes (inner key 10). */
  bytes(): Uint8Array {
    return encodeKel(this.#events);
  }
}

export interface NoticeInput {
  aid: string;
  seq: number;
  id: string;
  timestampMs: number;
  witness: string;
}

/** A NoticeWire: the body bytes and an AObj envelope signed by the witness at key state `ksn`. */
export function signNotice(notice: NoticeInput, witnessSeed: Uint8Array, ksn: number): Uint8Array {
  const body = encode(
    new Map<number, unknown>([
      [0, NOTICE_TAG],
      [1, notice.aid],
      [2, notice.seq],
      [3, notice.id],
      [4, notice.timestampMs],
      [5, notice.witness],
    ]) as never,
  );
  const envelope = new Map<number, unknown>([
    [1, notice.witness],
    [2, ksn],
    [3, -8],
    [4, signEd25519(witnessSeed, body)],
  ]);
  return encode(
    new Map<number, unknown>([
      [1, body],
      [2, envelope],
    ]) as never,
  );
}

export interface KeySetInput {
  version: 'v1' | 'v2';
  aid: string;
  seq: number;
  issuedAtMs: number;
  keys: { suite?: number; publicKey: Uint8Array; notBeforeMs: number; notAfterMs: number }[];
  /** Version 2: the mailbox signing key. */
  mbox?: { epoch: number; key: Uint8Array };
}

/** The bytes of an EncKeySet (kid computed for each key). */
export function encodeKeySet(input: KeySetInput): Uint8Array {
  const keys = input.keys.map(
    (k) =>
      new Map<number, unknown>([
        [1, encryptionKeyId(k.suite ?? 1, k.publicKey)],
        [2, k.suite ?? 1],
        [3, k.publicKey],
        [4, k.notBeforeMs],
        [5, k.notAfterMs],
      ]),
  );
  const set = new Map<number, unknown>([
    [0, input.version === 'v2' ? KEY_SET_TAG_V2 : KEY_SET_TAG_V1],
    [1, input.aid],
    [2, input.seq],
    [3, keys],
    [4, input.issuedAtMs],
  ]);
  if (input.mbox !== undefined)
    set.set(
      5,
      new Map<number, unknown>([
        [1, input.mbox.epoch],
        [2, input.mbox.key],
      ]),
    );
  return encode(set as never);
}

/** A SignedEncKeySet over set bytes, signed by the identity key of state `ksn` (the log's last). */
export function signKeySet(setBytes: Uint8Array, identitySeed: Uint8Array, ksn: number): Uint8Array {
  return encode(
    new Map<number, unknown>([
      [1, setBytes],
      [2, ksn],
      [3, signEd25519(identitySeed, setBytes)],
    ]) as never,
  );
}
