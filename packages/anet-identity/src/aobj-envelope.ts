/**
 * The AObj envelope of FACTS 3 — {1: signer AID, 2: key state, 3: alg (-8, Ed25519), 4:
 * 64-byte signature, 5: preimage reference (optional)}, a closed map — read strictly. The
 * witness notice here and anet's signed objects both travel in it, so both read it here.
 */
import { fail, ok, type Verdict } from '@agent-seam/canonical';
import { decodeObject, defineObject } from '@agent-seam/coredet-cbor';

/** COSE's algorithm number for EdDSA: the only one an envelope may name. */
const COSE_EDDSA = -8;

const AOBJ_ENVELOPE = defineObject({
  keys: {
    1: { name: 'signer', type: 'text', presence: 'required' },
    2: { name: 'ksn', type: 'uint', presence: 'required' },
    3: { name: 'alg', type: 'int', presence: 'required' },
    4: { name: 'sig', type: 'bytes', presence: 'required' },
    5: { name: 'preimageRef', type: 'text', presence: 'optional' },
  },
  keySpace: 'closed',
});

/** An envelope as read: who signed, at which key state of their log, and the signature. */
export interface AObjEnvelope {
  signer: string;
  ksn: number;
  alg: number;
  signature: Uint8Array;
  preimageRef?: string;
}

/** An envelope's bytes, read strictly: the closed table, alg -8, a key state within 2^53, a 64-byte signature. */
export function readAObjEnvelope(bytes: Uint8Array): Verdict<AObjEnvelope, 'bad-aobj-envelope'> {
  const decoded = decodeObject(AOBJ_ENVELOPE, bytes);
  if (!decoded.ok)
    return fail('bad-aobj-envelope', `${decoded.code}${decoded.detail ? `: ${decoded.detail}` : ''}`);
  const f = decoded.value.fields;
  if (f.alg !== COSE_EDDSA) return fail('bad-aobj-envelope', 'the algorithm is not -8 (Ed25519)');
  if (typeof f.ksn !== 'number') return fail('bad-aobj-envelope', 'the key state is beyond 2^53');
  const sig = f.sig as Uint8Array;
  if (sig.length !== 64) return fail('bad-aobj-envelope', `the signature is ${sig.length} bytes, not 64`);
  const envelope: AObjEnvelope = { signer: f.signer as string, ksn: f.ksn, alg: COSE_EDDSA, signature: sig };
  if (f.preimageRef !== undefined) envelope.preimageRef = f.preimageRef as string;
  return ok(envelope);
}
