import { BINDING_V2_FIELDS } from './binding.js';
import { KEYSTATE_FIELDS } from './keystate.js';
import { declaredFields, isRecord, verifiablePayload } from './signed-record.js';

/**
 * What a record's signature covers, computed from the RECEIVED record exactly as its
 * verifier computes it (the declared fields it carries, canonical seam bytes), for a
 * person comparing with the bytes the signer says it signed. Null when the record is
 * not an object or has no canonical spelling (the verifier refuses it before signing).
 */
function signedBytesOf(record: unknown, declared: readonly string[]): Uint8Array | null {
  if (!isRecord(record)) return null;
  const payload = verifiablePayload(declaredFields(record, declared));
  return payload.ok ? payload.value : null;
}

/** The bytes both signatures of a received v2 device binding cover. */
export const bindingV2SignedBytes = (binding: unknown): Uint8Array | null =>
  signedBytesOf(binding, BINDING_V2_FIELDS);

/** The bytes the signature of a received KeyState covers. */
export const keyStateSignedBytes = (record: unknown): Uint8Array | null =>
  signedBytesOf(record, KEYSTATE_FIELDS);
