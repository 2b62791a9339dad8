/**
 * Signed objects: the wire form {1: object map, 2: AObj envelope} (FACTS 3), the envelope
 * {1: signer AID, 2: key state, 3: alg (-8 only), 4: 64-byte signature, 5: preimage
 * reference (optional)}, and the signature: Ed25519 over the object map's CoreDet bytes as
 * received, by the signer's key from its key event log at the envelope's key state.
 */

import {
  type AObjEnvelope,
  type IdentityCache,
  type KelPinStore,
  type KeyState,
  type PinOutcome,
  type ReplayedKel,
  readAObjEnvelope,
} from '@agent-seam/anet-identity';
import { fail, type Instant, ok, SeamError, type Verdict } from '@agent-seam/canonical';
import { type CborValue, cid, decodeObject, defineObject } from '@agent-seam/coredet-cbor';
import { askDoor } from '@agent-seam/did';
import { MAX_OBJECT_BYTES } from './limits.js';
import { KIND_SPECS, objectSchema, objectVersion, SIGNED_KINDS, type SignedKind } from './objects.js';
import { SIGNER_CODES, signerSteps } from './signer.js';
import { type Answers, identityAnswers, runAsync, runSync, type Steps } from './steps.js';

export const SIGNED_WIRE = defineObject({
  keys: {
    1: { name: 'object', type: 'map', presence: 'required' },
    2: { name: 'envelope', type: 'map', presence: 'required' },
  },
  keySpace: 'closed',
});

/** Every refusal of verifySignedObject, in the order the checks are made (SIGNED_OBJECT_CHECKS). */
export const OBJECT_CODES = [
  'not-bytes',
  'object-too-large',
  'bad-object-wire',
  'bad-aobj-envelope',
  'bad-preimage-ref',
  'bad-object-version',
  'bad-object',
  'bad-object-value',
  'signer-not-named',
  ...SIGNER_CODES,
  'kel-version-mismatch',
  'bad-object-sig',
] as const;
export type ObjectCode = (typeof OBJECT_CODES)[number];

export type { AObjEnvelope };

export interface VerifiedObject {
  kind: SignedKind;
  version: 'v0.15' | 'v2';
  /** The object's members by name (the tag left out). */
  fields: Record<string, CborValue>;
  /** The object's bytes: what the signature covers, and whose CID names it. */
  objectBytes: Uint8Array;
  /** CID of the object bytes. */
  cid: string;
  envelope: AObjEnvelope;
  kel: ReplayedKel;
  state: KeyState;
  pin: PinOutcome | 'off-by-caller';
}

export interface VerifySignedObjectOptions {
  /** Which object the bytes must be. */
  kind: SignedKind;
  /** The signer's key event log (CoreDet bytes). */
  kel: Uint8Array;
  /** Your clock: the log is replayed at it, and an object without a time of its own is judged at it. */
  now: Instant;
  /** Where the newest log per AID is pinned, or 'off'. */
  pins: KelPinStore | 'off';
  /**
   * The signer you expect. Required for a payment receipt (no member names its signer);
   * for the others the object names it and this, when given, must agree.
   */
  signer?: string;
  cache?: IdentityCache;
}

const because = (r: { code: string; detail?: string }) => `${r.code}${r.detail ? `: ${r.detail}` : ''}`;

/** The envelope of a wire form, read strictly: alg -8, a 64-byte signature (anet-identity reads it for the witness notice too). */
export const readEnvelope = readAObjEnvelope;

/** Judgements of values that the table cannot say (null: none broken). */
export function valueRule(kind: string, fields: Record<string, CborValue>): string | null {
  if (kind === 'review' && ((fields.rating as number) < 1 || (fields.rating as number) > 5))
    return 'a rating is 1 to 5';
  if ('amount' in fields && fields.amount === 0) return 'an amount is more than 0';
  if (kind === 'payment-authorization' && (fields.validBefore as number) <= (fields.validAfter as number))
    return 'validBefore is after validAfter';
  for (const [name, value] of Object.entries(fields))
    if (typeof value === 'bigint') return `${name} is beyond 2^53`;
  return null;
}

interface ObjectContext {
  options: VerifySignedObjectOptions;
  nowMs: number;
}

/** Judge one signed object's wire bytes (SIGNED_OBJECT_CHECKS, in order). */
export function* objectSteps(
  wire: unknown,
  kind: SignedKind,
  kelBytes: unknown,
  context: ObjectContext,
): Steps<Verdict<VerifiedObject, ObjectCode>> {
  const { options, nowMs } = context;
  if (!(wire instanceof Uint8Array)) return fail('not-bytes', 'the signed object is not a Uint8Array');
  if (wire.length > MAX_OBJECT_BYTES)
    return fail('object-too-large', `${wire.length} bytes, over the limit of ${MAX_OBJECT_BYTES}`);
  const decoded = decodeObject(SIGNED_WIRE, wire);
  if (!decoded.ok) return fail('bad-object-wire', `{1: object, 2: envelope}: ${because(decoded)}`);
  const objectBytes = decoded.value.raw.object!;
  const envelope = readEnvelope(decoded.value.raw.envelope!);
  if (!envelope.ok) return envelope;
  const objectCid = cid(objectBytes, { codec: 'dag-cbor' }).text;
  if (envelope.value.preimageRef !== undefined && envelope.value.preimageRef !== objectCid)
    return fail('bad-preimage-ref', 'the preimage reference is not the CID of the object bytes');
  const version = objectVersion(objectBytes, kind);
  if (!version.ok) return version;
  const object = decodeObject(objectSchema(kind, version.value), objectBytes);
  if (!object.ok) return fail('bad-object', `the ${kind} table (${version.value}): ${because(object)}`);
  const { tag: _, ...fields } = object.value.fields;
  const broken = valueRule(kind, fields);
  if (broken !== null) return fail('bad-object-value', broken);
  const spec = KIND_SPECS[kind];
  const named = spec.signerField === undefined ? options.signer : (fields[spec.signerField] as string);
  if (envelope.value.signer !== named || (options.signer !== undefined && options.signer !== named))
    return fail(
      'signer-not-named',
      spec.signerField === undefined
        ? 'the envelope signer is not the signer you expect'
        : `the envelope signer is not the ${spec.signerField} the ${kind} names${options.signer === undefined ? '' : ', or not the one you expect'}`,
    );
  const tsMs = spec.timeField === undefined ? nowMs : (fields[spec.timeField] as number);
  // Evidence is judged at its own time: a retired key signs for what it signed before its retirement.
  const signer = yield* signerSteps(
    kelBytes,
    { aid: envelope.value.signer, ksn: envelope.value.ksn, tsMs, acceptedAtMs: tsMs },
    options.pins !== 'off',
  );
  if (!signer.ok) return signer;
  const kel = signer.value.kel;
  if ((kel.version === 'v2') !== (version.value === 'v2'))
    return fail(
      'kel-version-mismatch',
      `a ${version.value} object goes with a ${version.value === 'v2' ? 'anet.kel/2' : 'v0.15'} log; the signer's is ${kel.version}`,
    );
  const verdict = yield* askDoor(signer.value.state.key, objectBytes, envelope.value.signature);
  if (!verdict.ok)
    return fail(
      'bad-object-sig',
      `the signature does not verify over the ${kind} bytes under the key of state ${envelope.value.ksn} (${verdict.code})`,
    );
  return ok({
    kind,
    version: version.value,
    fields,
    objectBytes,
    cid: objectCid,
    envelope: envelope.value,
    kel,
    state: signer.value.state,
    pin: signer.value.pin,
  });
}

export function objectAnswers(
  options: VerifySignedObjectOptions,
  name: string,
): { context: ObjectContext; answers: Answers } {
  const bad = (why: string) => new SeamError('bad-argument', `${name}: ${why}`);
  if (typeof options !== 'object' || options === null) throw bad('takes an options object');
  if (!SIGNED_KINDS.includes(options.kind)) throw bad(`kind must be one of ${SIGNED_KINDS.join(', ')}`);
  if (KIND_SPECS[options.kind].signerField === undefined && typeof options.signer !== 'string')
    throw bad(`signer is required for a ${options.kind}: no member of it names who signs`);
  const answers = identityAnswers(options, name, bad);
  return { context: { options, nowMs: answers.nowMs }, answers };
}

/** Verify a signed object's wire bytes against its signer's key event log. Never throws on the bytes. */
export function verifySignedObject(
  wire: unknown,
  options: VerifySignedObjectOptions,
): Verdict<VerifiedObject, ObjectCode> {
  const { context, answers } = objectAnswers(options, 'verifySignedObject');
  return runSync(objectSteps(wire, options.kind, options.kel, context), answers);
}

/** verifySignedObject through the asynchronous door, awaiting a pin store that answers with promises. */
export async function verifySignedObjectAsync(
  wire: unknown,
  options: VerifySignedObjectOptions,
): Promise<Verdict<VerifiedObject, ObjectCode>> {
  const { context, answers } = objectAnswers(options, 'verifySignedObjectAsync');
  return runAsync(objectSteps(wire, options.kind, options.kel, context), answers);
}
