/**
 * DHKEM(X25519, HKDF-SHA256), RFC 9180 section 4.1 and 7.1. The ephemeral key comes from
 * a RandomSource through DeriveKeyPair, so a test can replay the RFC's ikmE exactly.
 */
import { bytesEqual, concatBytes, SeamError } from '@agent-seam/canonical';

import { KEM_SUITE_ID, labeledExpand, labeledExtract } from './labeled-kdf.js';
import { type RandomSource, x25519PublicKey, x25519SharedSecret } from './primitives.js';

/** Lengths of the KEM: shared secret, encapsulation, public key, private key. */
export const N_SECRET = 32;
export const N_ENC = 32;
export const N_PK = 32;
export const N_SK = 32;

export interface KeyPair {
  privateKey: Uint8Array;
  publicKey: Uint8Array;
}

const EMPTY: Uint8Array = new Uint8Array(0);
const EMPTY_SALT = EMPTY;

/** DeriveKeyPair(ikm) of section 7.1.3: the private key is an HKDF output, clamped by X25519. */
export function deriveKeyPair(ikm: Uint8Array): KeyPair {
  const dkpPrk = labeledExtract(KEM_SUITE_ID, EMPTY_SALT, 'dkp_prk', ikm);
  const privateKey = labeledExpand(KEM_SUITE_ID, dkpPrk, 'sk', EMPTY, N_SK);
  return { privateKey, publicKey: x25519PublicKey(privateKey) };
}

/** GenerateKeyPair(): DeriveKeyPair over N_SK fresh random bytes. */
export const generateKeyPair = (random: RandomSource): KeyPair => deriveKeyPair(random(N_SK));

/**
 * Decap needs pk(skR), a full scalar multiplication. A recipient opens many messages with
 * one key object, so the result is remembered per array, together with a copy of the
 * private key it came from: an array changed in place is recomputed, never served stale.
 */
const publicKeys = new WeakMap<Uint8Array, { privateKey: Uint8Array; publicKey: Uint8Array }>();

/** The public key of a 32-byte private key (SerializePublicKey(pk(sk))). */
export function publicKeyOf(privateKey: Uint8Array): Uint8Array {
  requireLength(privateKey, N_SK, 'private key');
  const known = publicKeys.get(privateKey);
  if (known !== undefined && bytesEqual(known.privateKey, privateKey)) return known.publicKey.slice();
  const publicKey = x25519PublicKey(privateKey);
  publicKeys.set(privateKey, { privateKey: privateKey.slice(), publicKey: publicKey.slice() });
  return publicKey;
}

function extractAndExpand(dh: Uint8Array, kemContext: Uint8Array): Uint8Array {
  const eaePrk = labeledExtract(KEM_SUITE_ID, EMPTY_SALT, 'eae_prk', dh);
  return labeledExpand(KEM_SUITE_ID, eaePrk, 'shared_secret', kemContext, N_SECRET);
}

export interface Encapsulation {
  sharedSecret: Uint8Array;
  enc: Uint8Array;
}

/**
 * Encap (or AuthEncap when `sender` is given). The recipient key is the caller's choice,
 * so an unusable one is a programmer error and throws.
 */
export function encap(recipientPublicKey: Uint8Array, random: RandomSource, sender?: KeyPair): Encapsulation {
  requireLength(recipientPublicKey, N_PK, 'recipient public key');
  const ephemeral = generateKeyPair(random);
  const dhE = x25519SharedSecret(ephemeral.privateKey, recipientPublicKey);
  const dhS = sender === undefined ? EMPTY : x25519SharedSecret(sender.privateKey, recipientPublicKey);
  if (dhE === null || dhS === null)
    throw new SeamError('bad-public-key', 'the recipient public key is a small-order point');
  const enc = ephemeral.publicKey;
  const kemContext =
    sender === undefined
      ? concatBytes([enc, recipientPublicKey])
      : concatBytes([enc, recipientPublicKey, sender.publicKey]);
  return { sharedSecret: extractAndExpand(concatBytes([dhE, dhS]), kemContext), enc };
}

/**
 * Decap (or AuthDecap when `senderPublicKey` is given), or null when `enc` is not a
 * usable X25519 public key: wrong length, or a point that yields the all-zero secret.
 */
export function decap(
  enc: Uint8Array,
  recipientPrivateKey: Uint8Array,
  senderPublicKey?: Uint8Array,
): Uint8Array | null {
  // The caller's keys first: a wrong one throws whatever enc holds.
  const recipientPublicKey = publicKeyOf(recipientPrivateKey);
  if (senderPublicKey !== undefined) requireLength(senderPublicKey, N_PK, 'sender public key');
  if (enc.length !== N_ENC) return null;
  const dhE = x25519SharedSecret(recipientPrivateKey, enc);
  if (dhE === null) return null;
  let dhS: Uint8Array = EMPTY;
  let kemContext = concatBytes([enc, recipientPublicKey]);
  if (senderPublicKey !== undefined) {
    const dh = x25519SharedSecret(recipientPrivateKey, senderPublicKey);
    if (dh === null) throw new SeamError('bad-public-key', 'the sender public key is a small-order point');
    dhS = dh;
    kemContext = concatBytes([kemContext, senderPublicKey]);
  }
  return extractAndExpand(concatBytes([dhE, dhS]), kemContext);
}

function requireLength(bytes: Uint8Array, length: number, what: string): void {
  if (!(bytes instanceof Uint8Array) || bytes.length !== length)
    throw new SeamError('bad-key-length', `${what} must be ${length} bytes`);
}
