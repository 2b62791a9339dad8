import { base64Strict, fail, ok, SeamError, type Verdict } from '@agent-seam/canonical';
import { capOf, requireBytes, requireLength } from './arguments.js';
import { deriveBoxKey, encPrivateKey } from './box-keys.js';
import type { BoxCode } from './codes.js';
import {
  CHACHA_NONCE_LENGTH,
  chachaOpen,
  chachaSeal,
  KEY_LENGTH,
  systemRandom,
  TAG_LENGTH,
  x25519PublicKey,
  x25519SharedSecret,
} from './primitives.js';

/** Default cap on a blob's base64 text, checked before decoding: 4 MiB of characters. */
export const DEFAULT_MAX_BLOB_CHARS = 4 * 1024 * 1024;

/** The X25519 public key (the `encPub` a peer seals to) of a 32-byte seed. */
export function encPublicKey(seed: Uint8Array): Uint8Array {
  return x25519PublicKey(encPrivateKey(requireLength(seed, KEY_LENGTH, 'seed')));
}

export interface SealBoxOptions {
  senderSeed: Uint8Array;
  recipientPub: Uint8Array;
  plaintext: Uint8Array;
  /** Associated data the box is bound to; may be empty, must be given. */
  ad: Uint8Array;
  /** A fixed 12-byte nonce, for reproducible vectors only; by default a fresh random one. */
  nonce?: Uint8Array;
}

/** Seals `plaintext` from the sender's seed to the recipient's encPub: base64(nonce ‖ ciphertext ‖ tag). */
export function sealBox(options: SealBoxOptions): string {
  const senderSeed = requireLength(options.senderSeed, KEY_LENGTH, 'senderSeed');
  const recipientPub = requireLength(options.recipientPub, KEY_LENGTH, 'recipientPub');
  const plaintext = requireBytes(options.plaintext, 'plaintext');
  const ad = requireBytes(options.ad, 'ad');
  const nonce =
    options.nonce === undefined
      ? systemRandom(CHACHA_NONCE_LENGTH)
      : requireLength(options.nonce, CHACHA_NONCE_LENGTH, 'nonce');
  const key = boxKey(senderSeed, recipientPub, 'seal', undefined);
  if (key === null) throw new SeamError('zero-shared-secret', 'the recipient key is a low-order point');
  const sealed = chachaSeal(key, nonce, ad, plaintext);
  const blob = new Uint8Array(CHACHA_NONCE_LENGTH + sealed.length);
  blob.set(nonce, 0);
  blob.set(sealed, CHACHA_NONCE_LENGTH);
  return base64Strict.encode(blob);
}

export interface OpenBoxOptions {
  recipientSeed: Uint8Array;
  /**
   * The recipient's own encPub, if the caller keeps it: saves one scalar multiplication
   * per open. It only enters the key derivation, so a wrong value makes boxes fail to
   * open; it can never make a box open.
   */
  recipientPub?: Uint8Array;
  senderPub: Uint8Array;
  blob: string;
  /** The associated data the box must have been sealed with; may be empty, must be given. */
  ad: Uint8Array;
  /** Largest blob accepted, in base64 characters; default DEFAULT_MAX_BLOB_CHARS. */
  maxChars?: number;
}

/** The plaintext of a box, or null when it does not open for any reason. Never throws on the blob. */
export function openBox(options: OpenBoxOptions): Uint8Array | null {
  const verdict = openBoxVerdict(options);
  return verdict.ok ? verdict.value : null;
}

/** `openBox` with the reason it refused; the same checks in the same order. */
export function openBoxVerdict(options: OpenBoxOptions): Verdict<Uint8Array, BoxCode> {
  const recipientSeed = requireLength(options.recipientSeed, KEY_LENGTH, 'recipientSeed');
  const recipientPub =
    options.recipientPub === undefined
      ? undefined
      : requireLength(options.recipientPub, KEY_LENGTH, 'recipientPub');
  const ad = requireBytes(options.ad, 'ad');
  const maxChars = capOf(options.maxChars, DEFAULT_MAX_BLOB_CHARS, 'maxChars');
  const { blob, senderPub } = options;
  if (typeof blob === 'string' && blob.length > maxChars)
    return fail('too-large', `the blob is longer than ${maxChars} characters`);
  const decoded = base64Strict.decode(blob);
  if (!decoded.ok) return fail('bad-base64', 'the blob is not canonical standard base64');
  const bytes = decoded.value;
  if (bytes.length < CHACHA_NONCE_LENGTH + TAG_LENGTH)
    return fail('too-short', 'the blob is shorter than a nonce and a tag');
  if (!(senderPub instanceof Uint8Array) || senderPub.length !== KEY_LENGTH)
    return fail('bad-public-key', 'the sender key is not 32 bytes');
  const key = boxKey(recipientSeed, senderPub, 'open', recipientPub);
  if (key === null) return fail('zero-shared-secret', 'the sender key is a low-order point');
  const plaintext = chachaOpen(
    key,
    bytes.subarray(0, CHACHA_NONCE_LENGTH),
    ad,
    bytes.subarray(CHACHA_NONCE_LENGTH),
  );
  if (plaintext === null) return fail('authentication-failed', 'the box does not authenticate');
  return ok(plaintext);
}

/** The symmetric key both ends derive, or null when the X25519 result is all zeros. */
function boxKey(
  ownSeed: Uint8Array,
  peerPub: Uint8Array,
  role: 'seal' | 'open',
  knownOwnPub: Uint8Array | undefined,
): Uint8Array | null {
  const ownPrivate = encPrivateKey(ownSeed);
  const shared = x25519SharedSecret(ownPrivate, peerPub);
  if (shared === null) return null;
  const ownPub = knownOwnPub ?? x25519PublicKey(ownPrivate);
  return role === 'seal' ? deriveBoxKey(shared, ownPub, peerPub) : deriveBoxKey(shared, peerPub, ownPub);
}
