import { fail, type Verdict } from '@agent-seam/canonical';
import { verificationKeyFromDid } from '@agent-seam/did';

/**
 * The Ed25519 key a signer's DID names, through did's verification-key door. A
 * small-order key keeps its own code; every other way the DID fails to be an Ed25519
 * did:key is `from-not-did-key`, the detail naming the field and the codec's reason.
 */
export function signerKey(
  did: unknown,
  field: string,
): Verdict<Uint8Array, 'from-not-did-key' | 'small-order-key'> {
  const key = verificationKeyFromDid(did);
  if (key.ok) return key;
  if (key.code === 'small-order-key')
    return fail('small-order-key', `${field} names a point of small order, which verifies any signature`);
  return fail(
    'from-not-did-key',
    `${field} is not an Ed25519 did:key (${key.code}${key.detail === undefined ? '' : `: ${key.detail}`})`,
  );
}
