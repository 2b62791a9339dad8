import { base64Strict, describeType, fail, ok, SeamError, type Verdict } from '@agent-seam/canonical';
import { capOf, requireBytes, requireLength, requireOptions } from './arguments.js';
import { encPrivateKey } from './box-keys.js';
import type { BoxCode } from './codes.js';
import { KEY_LENGTH, x25519SharedSecret } from './primitives.js';

/**
 * What both box versions share: the options, the blob as capped base64 text, the prefix
 * that tells the versions apart, and the X25519 agreement between the two seeds' keys.
 */

/** Default cap on a blob's base64 text, checked before decoding: 4 MiB of characters. */
export const DEFAULT_MAX_BLOB_CHARS = 4 * 1024 * 1024;

/** ASCII `a2b2`: the first four bytes of every v2 blob, and of no v1 blob this package seals. */
export const V2_PREFIX = new Uint8Array([0x61, 0x32, 0x62, 0x32]);

/** Whether decoded blob bytes start with the v2 prefix: the only thing that selects the version. */
export const hasV2Prefix = (bytes: Uint8Array): boolean =>
  bytes.length >= V2_PREFIX.length && V2_PREFIX.every((byte, i) => bytes[i] === byte);

export interface SealBoxOptions {
  senderSeed: Uint8Array;
  /** The recipient's X25519 encPub (32 bytes). */
  recipientPub: Uint8Array;
  /**
   * The recipient's ML-KEM-768 public key (1184 bytes). Given, `sealBox` seals v2; a value
   * that is not a valid encapsulation key throws `bad-pq-public-key` (never a quiet v1).
   */
  recipientPqPub?: Uint8Array;
  plaintext: Uint8Array;
  /** Associated data the box is bound to; may be empty, must be given. */
  ad: Uint8Array;
  /** A fixed 12-byte nonce, for reproducible vectors only; by default a fresh random one. */
  nonce?: Uint8Array;
  /** A fixed 32-byte ML-KEM encapsulation randomness (v2), for reproducible vectors only. */
  encapsulationSeed?: Uint8Array;
}

export interface OpenBoxOptions {
  recipientSeed: Uint8Array;
  senderPub: Uint8Array;
  /** The box as received: base64 text (anything else is refused as `not-a-string`). */
  blob: string;
  /** The associated data the box must have been sealed with; may be empty, must be given. */
  ad: Uint8Array;
  /** Largest blob accepted, in base64 characters; default DEFAULT_MAX_BLOB_CHARS. */
  maxChars?: number;
}

/** The arguments every seal checks first; a wrong one is a programmer error and throws. */
export function sealArguments(options: SealBoxOptions) {
  requireOptions(options, 'a seal');
  return {
    senderSeed: requireLength(options.senderSeed, KEY_LENGTH, 'senderSeed'),
    recipientPub: requireLength(options.recipientPub, KEY_LENGTH, 'recipientPub'),
    plaintext: requireBytes(options.plaintext, 'plaintext'),
    ad: requireBytes(options.ad, 'ad'),
  };
}

/**
 * Throws when a box of `byteLength` bytes would be base64 text over DEFAULT_MAX_BLOB_CHARS:
 * a seal never writes a blob that a reader with the default cap refuses (`too-large`).
 */
export function requireBlobFits(byteLength: number): void {
  const chars = 4 * Math.ceil(byteLength / 3);
  if (chars > DEFAULT_MAX_BLOB_CHARS)
    throw new SeamError(
      'too-large',
      `plaintext: the box would be ${chars} base64 characters, over the ${DEFAULT_MAX_BLOB_CHARS} a reader takes by default`,
    );
}

/** The X25519 secret a seal uses; a low-order recipient key would make it public, so it throws. */
export function sealerAgreement(senderSeed: Uint8Array, recipientPub: Uint8Array): Uint8Array {
  const shared = x25519SharedSecret(encPrivateKey(senderSeed), recipientPub);
  if (shared === null) throw new SeamError('zero-shared-secret', 'the recipient key is a low-order point');
  return shared;
}

/** An open whose arguments are checked and whose blob decoded to bytes. */
export interface OpenRequest {
  recipientSeed: Uint8Array;
  senderPub: unknown;
  ad: Uint8Array;
  bytes: Uint8Array;
}

/**
 * Checks the opener's own arguments (throws on a programmer error), then judges the blob
 * text: its length against the cap before decoding, then its one base64 spelling.
 */
export function readBlob(options: OpenBoxOptions): Verdict<OpenRequest, BoxCode> {
  requireOptions(options, 'an open');
  const recipientSeed = requireLength(options.recipientSeed, KEY_LENGTH, 'recipientSeed');
  const ad = requireBytes(options.ad, 'ad');
  const maxChars = capOf(options.maxChars, DEFAULT_MAX_BLOB_CHARS, 'maxChars');
  const { blob, senderPub } = options;
  // The blob is received data whatever its type: anything but text is refused, not read.
  if (typeof blob !== 'string')
    return fail('not-a-string', `the blob is ${describeType(blob)}, not a string`);
  if (blob.length > maxChars)
    return fail('too-large', `the blob is ${blob.length} characters, longer than the ${maxChars} allowed`);
  const decoded = base64Strict.decode(blob);
  if (!decoded.ok) return fail('bad-base64', `the blob is not canonical standard base64: ${decoded.detail}`);
  return ok({ recipientSeed, senderPub, ad, bytes: decoded.value });
}

/** The X25519 secret an open uses, or why the sender key (wire input) cannot give one. */
export function openerAgreement(recipientSeed: Uint8Array, senderPub: unknown): Verdict<Uint8Array, BoxCode> {
  if (!(senderPub instanceof Uint8Array) || senderPub.length !== KEY_LENGTH)
    return fail(
      'bad-public-key',
      senderPub instanceof Uint8Array
        ? `the sender key is ${senderPub.length} bytes, not ${KEY_LENGTH}`
        : 'the sender key is not a Uint8Array',
    );
  const shared = x25519SharedSecret(encPrivateKey(recipientSeed), senderPub);
  if (shared === null) return fail('zero-shared-secret', 'the sender key is a low-order point');
  return ok(shared);
}
