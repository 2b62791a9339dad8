import { fail, type Verdict } from '@agent-seam/canonical';
import { verificationKeyFromDid } from '@agent-seam/did';

/**
 * The Ed25519 key a signer's DID names, through did's verification-key door. A
 * small-order key keeps its own code; every other way the DID fails to be an Ed25519
 * did:key is `from-not-did-key` (the codec's code goes in the detail).
 */
export function signerKey(did: unknown): Verdict<Uint8Array, 'from-not-did-key' | 'small-order-key'> {
  const key = verificationKeyFromDid(did);
  if (key.ok || key.code === 'small-order-key') return key as Verdict<Uint8Array, 'small-order-key'>;
  return fail('from-not-did-key', key.code);
}
