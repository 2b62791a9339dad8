import { describeType, fail, ok, SeamError, type Verdict } from '@agent-seam/canonical';
import { capOf, requireBytes, requireLength, requireOptions } from './arguments.js';
import type { PayloadCode } from './codes.js';
import {
  KEY_LENGTH,
  type RandomSource,
  systemRandom,
  TAG_LENGTH,
  XCHACHA_NONCE_LENGTH,
  xchachaOpen,
  xchachaSeal,
} from './primitives.js';
import { decodeWrappedKey, encodeWrappedKey, type WrappedKey } from './wrapped-key.js';

/**
 * The sealed-payload envelope (seed 003, section 8):
 *
 *   byte 0        format version, 1
 *   bytes 1..5    n, the wrapped-key length, u32 big-endian
 *   bytes 5..5+n  the wrapped key, canonical JSON
 *   next 24       XChaCha20-Poly1305 nonce
 *   rest          ciphertext ‖ 16-byte tag
 */
export const PAYLOAD_VERSION = 1;
const HEADER_LENGTH = 5;

/** Default cap on a whole envelope, checked before anything is read: 16 MiB. */
export const DEFAULT_MAX_PAYLOAD_BYTES = 16 * 1024 * 1024;
/** Default cap on the wrapped key, checked before it is parsed: 4 KiB. */
export const DEFAULT_MAX_WRAPPED_KEY_BYTES = 4096;

/**
 * Key wrapping belongs to the caller: a key ring that turns a fresh 32-byte data key
 * into something that can travel beside the ciphertext, and back. Destroying the
 * key-encryption key behind a scope is what erases every payload sealed under it.
 */
export interface KeyRing {
  /** Wraps `dataKey` for `scope`; returns the wrapping key's name and the wrapped bytes. */
  wrap(dataKey: Uint8Array, scope: string): { wrappedBy: string; sealed: Uint8Array };
  /**
   * The data key a wrapped key stands for, or null when it cannot be recovered (the
   * wrapping key is unknown or erased). Any result but 32 bytes counts as null.
   */
  unwrap(key: WrappedKey): Uint8Array | null;
}

export interface SealPayloadOptions {
  plaintext: Uint8Array;
  /** What the bytes belong to (for example `blob:<scope>:<digest hex>`); may be empty, never absent. */
  ad: Uint8Array;
  scope: string;
  keyRing: KeyRing;
  /** Source of the data key and the nonce; injectable so vectors are reproducible. */
  random?: RandomSource;
}

/** Seals `plaintext` under a fresh data key that `keyRing` wraps for `scope`. */
export function sealPayload(options: SealPayloadOptions): Uint8Array {
  requireOptions(options, 'sealPayload');
  const plaintext = requireBytes(options.plaintext, 'plaintext');
  const ad = requireBytes(options.ad, 'ad');
  if (typeof options.scope !== 'string') throw new SeamError('bad-argument', 'scope must be a string');
  requireKeyRing(options.keyRing, 'wrap');
  const random = options.random ?? systemRandom;
  const dataKey = requireLength(random(KEY_LENGTH), KEY_LENGTH, 'the random data key');
  const nonce = requireLength(random(XCHACHA_NONCE_LENGTH), XCHACHA_NONCE_LENGTH, 'the random nonce');
  const { wrappedBy, sealed } = options.keyRing.wrap(dataKey, options.scope);
  const header = encodeWrappedKey({ scope: options.scope, wrappedBy, sealed });
  // Never write an envelope that a reader with the default caps would refuse.
  if (header.length > DEFAULT_MAX_WRAPPED_KEY_BYTES)
    throw new SeamError(
      'wrapped-key-too-large',
      `the wrapped key would be ${header.length} bytes, over the ${DEFAULT_MAX_WRAPPED_KEY_BYTES} a reader takes by default`,
    );
  const total = HEADER_LENGTH + header.length + XCHACHA_NONCE_LENGTH + plaintext.length + TAG_LENGTH;
  if (total > DEFAULT_MAX_PAYLOAD_BYTES)
    throw new SeamError(
      'too-large',
      `plaintext: the envelope would be ${total} bytes, over the ${DEFAULT_MAX_PAYLOAD_BYTES} a reader takes by default`,
    );
  const body = xchachaSeal(dataKey, nonce, ad, plaintext);
  const out = new Uint8Array(HEADER_LENGTH + header.length + XCHACHA_NONCE_LENGTH + body.length);
  out[0] = PAYLOAD_VERSION;
  new DataView(out.buffer).setUint32(1, header.length, false);
  out.set(header, HEADER_LENGTH);
  out.set(nonce, HEADER_LENGTH + header.length);
  out.set(body, HEADER_LENGTH + header.length + XCHACHA_NONCE_LENGTH);
  return out;
}

export interface OpenPayloadOptions {
  ad: Uint8Array;
  keyRing: KeyRing;
  /** Largest envelope accepted; default DEFAULT_MAX_PAYLOAD_BYTES. */
  maxBytes?: number;
  /** Largest wrapped key accepted; default DEFAULT_MAX_WRAPPED_KEY_BYTES. */
  maxWrappedKeyBytes?: number;
}

/**
 * Opens a sealed-payload envelope. The version is judged before any offset is
 * trusted, and an unknown one is a build skew (`unknown-version`), never tampering.
 * Only `authentication-failed` says the bytes, the key or the associated data are
 * not what was sealed.
 */
export function openPayload(
  envelope: Uint8Array,
  options: OpenPayloadOptions,
): Verdict<Uint8Array, PayloadCode> {
  requireOptions(options, 'openPayload');
  const ad = requireBytes(options.ad, 'ad');
  requireKeyRing(options.keyRing, 'unwrap');
  const maxBytes = capOf(options.maxBytes, DEFAULT_MAX_PAYLOAD_BYTES, 'maxBytes');
  const maxKey = capOf(options.maxWrappedKeyBytes, DEFAULT_MAX_WRAPPED_KEY_BYTES, 'maxWrappedKeyBytes');
  // The envelope is received data whatever its type: anything but bytes is refused, not read.
  if (!(envelope instanceof Uint8Array))
    return fail('not-bytes', `the envelope is ${describeType(envelope)}, not a Uint8Array`);
  if (envelope.length > maxBytes)
    return fail('too-large', `the envelope is ${envelope.length} bytes, larger than the ${maxBytes} allowed`);
  if (envelope.length < 1) return fail('truncated', 'the envelope is empty');
  if (envelope[0] !== PAYLOAD_VERSION)
    return fail(
      'unknown-version',
      `the envelope has format version ${envelope[0]}; this build reads version ${PAYLOAD_VERSION}`,
    );
  if (envelope.length < HEADER_LENGTH) return fail('truncated', 'the envelope ends inside its header');
  const keyLength = new DataView(envelope.buffer, envelope.byteOffset, envelope.byteLength).getUint32(
    1,
    false,
  );
  if (keyLength > maxKey)
    return fail('too-large', `the wrapped key is ${keyLength} bytes, larger than the ${maxKey} allowed`);
  const nonceStart = HEADER_LENGTH + keyLength;
  const bodyStart = nonceStart + XCHACHA_NONCE_LENGTH;
  if (envelope.length < bodyStart + TAG_LENGTH)
    return fail(
      'truncated',
      `the envelope ends before its nonce and tag: ${envelope.length} bytes, ${bodyStart + TAG_LENGTH} needed after a ${keyLength}-byte wrapped key`,
    );
  const wrapped = decodeWrappedKey(envelope.subarray(HEADER_LENGTH, nonceStart));
  if (!wrapped.ok) return wrapped;
  const dataKey = unwrapSafely(options.keyRing, wrapped.value);
  if (dataKey === null) return fail('key-unavailable', 'the key ring cannot recover the data key');
  const plaintext = xchachaOpen(
    dataKey,
    envelope.subarray(nonceStart, bodyStart),
    ad,
    envelope.subarray(bodyStart),
  );
  if (plaintext === null) return fail('authentication-failed', 'the payload does not authenticate');
  return ok(plaintext);
}

/** The ring is the caller's: one without the method needed is a programmer error, not a missing key. */
function requireKeyRing(ring: KeyRing, method: keyof KeyRing): void {
  if (typeof ring?.[method] !== 'function')
    throw new SeamError('missing-argument', `keyRing has no ${method} method`);
}

/** The ring is caller code fed with unauthenticated bytes: a throw or a wrong-size key is "unavailable". */
function unwrapSafely(ring: KeyRing, key: WrappedKey): Uint8Array | null {
  let dataKey: Uint8Array | null;
  try {
    dataKey = ring.unwrap(key);
  } catch {
    return null;
  }
  return dataKey instanceof Uint8Array && dataKey.length === KEY_LENGTH ? dataKey : null;
}
