import {
  bytesEqual,
  durationSeconds,
  fail,
  hex,
  type Instant,
  instantOrOff,
  OFF,
  type Off,
  type OffByCaller,
  ok,
  SeamError,
  unixSeconds,
  type Verdict,
} from '@agent-seam/canonical';
import { askDoor, type DoorSteps, throughDoor, throughDoorAsync } from '@agent-seam/did';
import {
  COSIGNATURE_PAYLOAD_LENGTH,
  cosignatureMessage,
  MAX_TIMESTAMP,
  readTimestamp,
} from './cosignature.js';
import { COSIGNATURE_V1, ED25519_NOTE, type NoteVerifier, requireVerifier } from './keys.js';
import { NOTE_SHAPE_CODES, type NoteLimits, type SignatureLine, splitNote } from './note.js';
import { textBytes } from './text.js';

/** Every way openNote refuses a note. */
export const NOTE_CODES = [
  ...NOTE_SHAPE_CODES,
  'ambiguous-verifier',
  'bad-signature-length',
  'bad-timestamp',
  'signature-invalid',
  'cosignature-in-future',
  'no-verified-signature',
  'stale-cosignature',
  'missing-log-signature',
  'witness-quorum-not-met',
] as const;
export type NoteCode = (typeof NOTE_CODES)[number];

/** "The log's own key, and at least `atLeast` of these witnesses", counted in distinct keys. */
export interface WitnessQuorum {
  /** The log's note key (type 0x01). A note the log did not sign is refused. */
  log: NoteVerifier;
  /** Witness keys (cosignature/v1, type 0x04). */
  witnesses: readonly NoteVerifier[];
  /** How many distinct witnesses must have cosigned, from 0 to `witnesses.length`. */
  atLeast: number;
}

export interface OpenOptions extends NoteLimits {
  /**
   * Trusted keys. Lines whose (name, key id) match none of them are ignored. The keys of
   * `quorum` are trusted as well; a key listed in both is listed twice (see ambiguity).
   */
  verifiers?: readonly NoteVerifier[];
  /** Witness policy: the note must carry the log's signature and enough witness cosignatures. */
  quorum?: WitnessQuorum;
  /**
   * The caller's clock: a Date or Unix seconds. A cosignature dated after `now` is refused,
   * or, when `maxAge` is given too, one dated more than `maxAge` after `now` (the same
   * window both ways, as the agentplane second reader judges clock skew). Required when a
   * trusted key is a witness key (cosignature/v1: its lines carry a time); `'off'` turns
   * the time checks off by name (`time: 'off-by-caller'`). A note key's lines carry none.
   */
  now?: Instant | Off;
  /** Needs `now`: each trusted witness's newest cosignature must be at most this many seconds old. */
  maxAge?: number;
}

export interface VerifiedSignature {
  name: string;
  /** Lowercase hex of the 4-byte key id. */
  keyId: string;
  type: 'ed25519' | 'cosignature/v1';
  /**
   * cosignature/v1 only: the signed Unix time in seconds (the newest this key verified
   * over), a bigint because the wire field is a uint64.
   */
  timestamp?: bigint;
}

/** A line from a key the reader does not trust, as written (Go's unverified signatures). */
export interface UnverifiedSignature {
  name: string;
  /** Lowercase hex of the 4-byte key id. */
  keyId: string;
  /** base64(key id ‖ payload) as the line spells it. */
  base64: string;
}

/**
 * What the opener judged of time: `judged` (a witness key was trusted and `now` given),
 * `off-by-caller` (`now: 'off'`), or `no-timed-keys` (only note keys were trusted: their
 * lines carry no time, so there was none to judge).
 */
export type NoteTime = 'judged' | OffByCaller | 'no-timed-keys';

export interface OpenedNote {
  /** The note text (what the signatures cover), final newline included. */
  body: string;
  /** The exact bytes of `body`. */
  bodyBytes: Uint8Array;
  /** One entry per trusted key that verified, in the order its first line appears. */
  verifiedBy: VerifiedSignature[];
  /** Lines from untrusted keys, each distinct line once, in note order. */
  unverified: UnverifiedSignature[];
  time: NoteTime;
}

/**
 * Opens a signed note the way Go's `note.Open` does. The shape is checked; a line is
 * looked up by name AND key id, and two trusted keys answering to the same pair make
 * that line ambiguous. Lines from unknown keys are kept aside, each distinct line once.
 * The first line from a trusted key must have the exact payload length of its type and
 * verify through `verifyEd25519`, or the whole note is refused; later lines from a key
 * that already verified never refuse the note and never count twice. At least one key
 * must verify. Then the policy: freshness (with `now` and `maxAge`) per witness on its
 * newest cosignature, and the quorum.
 */
export const openNote = (note: string | Uint8Array, options: OpenOptions): Verdict<OpenedNote, NoteCode> =>
  throughDoor(openSteps(note, options));

/**
 * `openNote` through `verifyEd25519Async` (WebCrypto where present): the same checks and
 * verdicts, asked of the asynchronous door one signature at a time.
 */
export const openNoteAsync = (
  note: string | Uint8Array,
  options: OpenOptions,
): Promise<Verdict<OpenedNote, NoteCode>> => throughDoorAsync(openSteps(note, options));

/** The checks of both openers, written once for both doors (DoorSteps in did). */
function* openSteps(
  note: string | Uint8Array,
  options: OpenOptions,
): DoorSteps<Verdict<OpenedNote, NoteCode>> {
  const { trusted, quorum, clock, time } = readOptions(options);
  // A string is read as its UTF-8 bytes; any other value that is not bytes splitNote refuses.
  const bytes = typeof note === 'string' ? textBytes(note) : ok(note);
  if (!bytes.ok) return bytes;
  const parts = splitNote(bytes.value, options);
  if (!parts.ok) return parts;
  const { body, text, lines } = parts.value;

  // Insertion order is the order of each key's first line.
  const verified = new Map<NoteVerifier, VerifiedSignature>();
  const unverified = new Map<string, UnverifiedSignature>();
  for (const line of lines) {
    const keys = trusted.filter((v) => v.name === line.name && bytesEqual(v.keyId, line.keyId));
    if (keys.length > 1) return fail('ambiguous-verifier');
    const key = keys[0];
    if (key === undefined) {
      const id = `${line.name} ${line.base64}`;
      if (!unverified.has(id))
        unverified.set(id, { name: line.name, keyId: hex.encode(line.keyId), base64: line.base64 });
      continue;
    }
    const first = verified.get(key);
    if (first === undefined) {
      const judged = yield* judge(key, line, body, clock);
      if (!judged.ok) return judged;
      verified.set(key, judged.value);
    } else if (first.timestamp !== undefined && claimsLaterTime(line, first.timestamp)) {
      // Go drops a repeated line unchecked. A later cosignature may still show the
      // witness signed more recently, so it is judged, and only ever helps.
      const later = yield* judgeCosignature(key, line, body, clock);
      if (later.ok) verified.set(key, later.value);
    }
  }
  if (verified.size === 0) return fail('no-verified-signature');
  if (clock?.maxAge !== undefined) {
    const { now, maxAge } = clock;
    for (const { timestamp } of verified.values())
      if (timestamp !== undefined && now - timestamp > maxAge)
        return fail(
          'stale-cosignature',
          `a witness's newest cosignature is ${now - timestamp} s old, ${now - timestamp - maxAge} s past maxAge ${maxAge} s`,
        );
  }
  if (quorum !== undefined) {
    if (!verified.has(quorum.log)) return fail('missing-log-signature');
    const witnesses = quorum.witnesses.filter((w) => verified.has(w)).length;
    if (witnesses < quorum.atLeast)
      return fail('witness-quorum-not-met', `${witnesses} of the ${quorum.atLeast} witnesses required`);
  }
  return ok({
    body: text,
    bodyBytes: body,
    verifiedBy: [...verified.values()],
    unverified: [...unverified.values()],
    time,
  });
}

/** The caller's clock in whole seconds; `maxAge` also sets how far ahead a cosignature may be dated. */
interface Clock {
  now: bigint;
  maxAge?: bigint;
}

/**
 * Reads the caller's configuration once, before the note: trusted keys, quorum and
 * clock. Anything malformed there is a programming error and throws SeamError naming
 * the option, never a refusal of the note.
 */
function readOptions(options: OpenOptions): {
  trusted: NoteVerifier[];
  quorum: WitnessQuorum | undefined;
  clock: Clock | undefined;
  time: NoteTime;
} {
  if (typeof options !== 'object' || options === null)
    throw new SeamError('invalid-argument', 'openNote options are not an object');
  const { verifiers = [], quorum, now, maxAge } = options;
  if (!Array.isArray(verifiers)) throw new SeamError('invalid-argument', 'verifiers is not an array');
  for (const [i, v] of verifiers.entries()) requireVerifier(v, `verifiers[${i}]`);
  if (quorum !== undefined) checkQuorum(quorum);
  const trusted = [...verifiers, ...(quorum === undefined ? [] : [quorum.log, ...quorum.witnesses])];
  // Witness lines carry a time: a clock is required to judge them (or 'off', by name).
  const timed = trusted.some((v) => v.type === COSIGNATURE_V1);
  const seconds = timed
    ? instantOrOff(now, 'openNote', "to judge the witness cosignatures' times")
    : now === undefined || now === OFF
      ? OFF
      : unixSeconds(now, 'openNote now');
  if (maxAge !== undefined && seconds === OFF)
    throw new SeamError(
      'invalid-argument',
      "openNote maxAge needs now: freshness is judged by the caller's clock",
    );
  const clock =
    seconds === OFF
      ? undefined
      : {
          now: BigInt(seconds),
          ...(maxAge === undefined
            ? {}
            : { maxAge: BigInt(Math.floor(durationSeconds(maxAge, 'openNote maxAge'))) }),
        };
  const time: NoteTime = !timed ? 'no-timed-keys' : clock === undefined ? 'off-by-caller' : 'judged';
  return { trusted, quorum, clock, time };
}

/** A quorum that names the wrong kind of key, or asks for more witnesses than it lists, is a programming error. */
function checkQuorum(quorum: WitnessQuorum): void {
  if (typeof quorum !== 'object' || quorum === null)
    throw new SeamError('invalid-quorum', 'quorum is not { log, witnesses, atLeast }');
  const { log, witnesses, atLeast } = quorum;
  requireVerifier(log, 'quorum.log');
  if (log.type !== ED25519_NOTE)
    throw new SeamError('invalid-quorum', 'quorum.log must be a note key (ed25519Verifier)');
  if (!Array.isArray(witnesses)) throw new SeamError('invalid-quorum', 'quorum.witnesses is not an array');
  for (const [i, w] of witnesses.entries()) requireVerifier(w, `quorum.witnesses[${i}]`);
  if (witnesses.some((w) => w.type !== COSIGNATURE_V1))
    throw new SeamError('invalid-quorum', 'quorum.witnesses must be cosignature keys (cosignatureVerifier)');
  if (!Number.isInteger(atLeast) || atLeast < 0 || atLeast > witnesses.length)
    throw new SeamError('invalid-quorum', 'quorum.atLeast must be an integer from 0 to witnesses.length');
}

type Judged = DoorSteps<Verdict<VerifiedSignature, NoteCode>>;

const judge = (key: NoteVerifier, line: SignatureLine, body: Uint8Array, clock?: Clock): Judged =>
  key.type === ED25519_NOTE ? judgeNoteSignature(key, line, body) : judgeCosignature(key, line, body, clock);

/** True when a line has a cosignature's length and a timestamp after `than` (no signature work). */
const claimsLaterTime = (line: SignatureLine, than: bigint): boolean =>
  line.payload.length === COSIGNATURE_PAYLOAD_LENGTH && readTimestamp(line.payload) > than;

function* judgeNoteSignature(key: NoteVerifier, line: SignatureLine, body: Uint8Array): Judged {
  if (line.payload.length !== 64) return fail('bad-signature-length');
  if (!(yield* askDoor(key.publicKey, body, line.payload)).ok) return fail('signature-invalid');
  return ok({ name: key.name, keyId: hex.encode(key.keyId), type: 'ed25519' });
}

function* judgeCosignature(key: NoteVerifier, line: SignatureLine, body: Uint8Array, clock?: Clock): Judged {
  if (line.payload.length !== COSIGNATURE_PAYLOAD_LENGTH) return fail('bad-signature-length');
  const timestamp = readTimestamp(line.payload);
  if (timestamp === 0n || timestamp > MAX_TIMESTAMP) return fail('bad-timestamp');
  // Without maxAge there is no skew window: any time after now is in the future.
  const skew = clock?.maxAge ?? 0n;
  if (clock !== undefined && timestamp - clock.now > skew)
    return fail('cosignature-in-future', `${timestamp - clock.now} s in the future (allowed skew ${skew} s)`);
  const message = cosignatureMessage(body, timestamp);
  if (!(yield* askDoor(key.publicKey, message, line.payload.subarray(8))).ok)
    return fail('signature-invalid');
  return ok({ name: key.name, keyId: hex.encode(key.keyId), type: 'cosignature/v1', timestamp });
}
