import { fail, ok, SeamError, type Verdict } from '@agent-seam/canonical';
import { base58btc } from './base58.js';
import { keyPairFromSeed } from './ed25519.js';
import { isSmallOrderEncoding } from './small-order.js';

/** Refusals of the did:key codec. */
export const DID_CODES = [
  'not-did-key',
  'bad-multibase',
  'base58-too-long',
  'wrong-multicodec',
  'wrong-length',
] as const;
export type DidCode = (typeof DID_CODES)[number];

/** Refusals of the door where a DID becomes an Ed25519 verification key. */
export const VERIFICATION_KEY_CODES = [...DID_CODES, 'small-order-key'] as const;
export type VerificationKeyCode = (typeof VERIFICATION_KEY_CODES)[number];

export type Curve = 'ed25519' | 'p256';

export interface DidPublicKey {
  curve: Curve;
  publicKey: Uint8Array;
}

/** Multicodec varint prefix and key length of each supported curve. */
const CODECS: Record<Curve, { prefix: readonly [number, number]; keyLength: number }> = {
  ed25519: { prefix: [0xed, 0x01], keyLength: 32 }, // ed25519-pub, raw 32-byte key
  p256: { prefix: [0x80, 0x24], keyLength: 33 }, // p256-pub, compressed SEC1 point
};

const DID_KEY_PREFIX = 'did:key:';

/**
 * `did:key:z` + base58btc(multicodec prefix || key). The codec spells any bytes of the
 * right length; whether they make a usable key is `verificationKeyFromDid`'s question.
 */
export function didFromPublicKey(publicKey: Uint8Array, curve: Curve = 'ed25519'): string {
  const codec = CODECS[curve];
  if (codec === undefined) throw new SeamError('bad-curve', 'curve must be ed25519 or p256');
  if (!(publicKey instanceof Uint8Array) || publicKey.length !== codec.keyLength)
    throw new SeamError('wrong-length', `a ${curve} key is ${codec.keyLength} bytes`);
  const body = new Uint8Array(2 + publicKey.length);
  body.set(codec.prefix, 0);
  body.set(publicKey, 2);
  return `${DID_KEY_PREFIX}z${base58btc.encode(body)}`;
}

/** The Ed25519 did:key of a 32-byte seed. */
export const didFromSeed = (seed: Uint8Array): string => didFromPublicKey(keyPairFromSeed(seed).publicKey);

/** Decodes a did:key into its curve and key bytes. Never throws. */
export function publicKeyFromDid(did: unknown): Verdict<DidPublicKey, DidCode> {
  if (typeof did !== 'string' || !did.startsWith(DID_KEY_PREFIX)) return fail('not-did-key');
  const multibase = did.slice(DID_KEY_PREFIX.length);
  if (!multibase.startsWith('z')) return fail('bad-multibase', 'expected the base58btc multibase prefix z');
  const decoded = base58btc.decode(multibase.slice(1));
  if (!decoded.ok)
    return fail(decoded.code === 'base58-too-long' ? decoded.code : 'bad-multibase', decoded.detail);
  const bytes = decoded.value;
  for (const curve of Object.keys(CODECS) as Curve[]) {
    const { prefix, keyLength } = CODECS[curve];
    if (bytes[0] !== prefix[0] || bytes[1] !== prefix[1]) continue;
    if (bytes.length !== 2 + keyLength) return fail('wrong-length', `a ${curve} key is ${keyLength} bytes`);
    return ok({ curve, publicKey: bytes.slice(2) });
  }
  return fail('wrong-multicodec', 'neither ed25519-pub nor p256-pub');
}

/**
 * The one door where a DID becomes an Ed25519 verification key: the codec's verdict,
 * then Ed25519 only (P-256 keys never sign here), then no small-order key.
 */
export function verificationKeyFromDid(did: unknown): Verdict<Uint8Array, VerificationKeyCode> {
  const decoded = publicKeyFromDid(did);
  if (!decoded.ok) return decoded;
  if (decoded.value.curve !== 'ed25519') return fail('wrong-multicodec', 'not an Ed25519 key');
  if (isSmallOrderEncoding(decoded.value.publicKey)) return fail('small-order-key');
  return ok(decoded.value.publicKey);
}
