/**
 * The signing side of objects: an object's CoreDet bytes from its members, and its wire
 * form {1: object, 2: AObj envelope} signed with a seed. Root entry only.
 */
import { SeamError } from '@agent-seam/canonical';
import { type CborValue, cid, encode, encodeObject, RawCbor } from '@agent-seam/coredet-cbor';
import { signEd25519 } from '@agent-seam/did';
import { COSE_EDDSA } from './limits.js';
import { KIND_SPECS, type ObjectKind, objectSchema } from './objects.js';

/** An object's bytes: its members by name (KIND_SPECS), with the type tag at key 0 in version 2. */
export function encodeAnetObject(
  kind: ObjectKind,
  version: 'v0.15' | 'v2',
  fields: Readonly<Record<string, CborValue>>,
): Uint8Array {
  if (!Object.hasOwn(KIND_SPECS, kind)) throw new SeamError('bad-argument', `no object kind ${kind}`);
  return encodeObject(
    objectSchema(kind, version),
    version === 'v2' ? { tag: KIND_SPECS[kind].tag, ...fields } : fields,
  );
}

export interface SignObjectInput {
  /** The signer's AID. */
  signer: string;
  /** The key state whose key signs. */
  ksn: number;
  /** Write the preimage reference (key 5): the CID of the object bytes. */
  preimageRef?: boolean;
}

/** The wire form of a signed object: the object bytes as they are, and the envelope signed over them. */
export function signObject(objectBytes: Uint8Array, input: SignObjectInput, seed: Uint8Array): Uint8Array {
  const envelope = new Map<number, CborValue>([
    [1, input.signer],
    [2, input.ksn],
    [3, COSE_EDDSA],
    [4, signEd25519(seed, objectBytes)],
  ]);
  if (input.preimageRef === true) envelope.set(5, cid(objectBytes, { codec: 'dag-cbor' }).text);
  return encode(
    new Map<number, CborValue>([
      [1, new RawCbor(objectBytes)],
      [2, envelope],
    ]),
  );
}
