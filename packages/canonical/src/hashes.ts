/**
 * The hashing door: the one place in the dependency graph that computes SHA-256,
 * SHA-512 and HMAC-SHA256. Every package hashes through these functions, so the backend
 * is chosen once: node:crypto on Node (`sha2.node.ts`), noble everywhere else
 * (`sha2.ts`), through the package's `#sha2` import. Both give the same bytes for the
 * same input; the argument checks live here so that they also behave the same.
 */
import * as backend from '#sha2';
import { concatBytes } from './bytes.js';
import { SeamError } from './verdict.js';

/** What a backend's incremental SHA-256 offers; the door adds the checks around it. */
export interface Absorber {
  update(bytes: Uint8Array): unknown;
  digest(): Uint8Array;
}

/** An incremental SHA-256: any split of the input into `update` calls gives the same digest. */
export interface Sha256Hasher {
  /** Hashes `bytes` after everything before; the bytes are consumed now, not kept. */
  update(bytes: Uint8Array): Sha256Hasher;
  /** The 32-byte digest. Once only: after it, `update` and `digest` throw `finished`. */
  digest(): Uint8Array;
}

function requireBytes(bytes: Uint8Array, what: string): Uint8Array {
  if (!(bytes instanceof Uint8Array)) throw new SeamError('bad-argument', `${what} must be a Uint8Array`);
  return bytes;
}

/** SHA-256 (FIPS 180-4) of `bytes`: 32 bytes. */
export const sha256 = (bytes: Uint8Array): Uint8Array => backend.sha256(requireBytes(bytes, 'the input'));

/** SHA-512 (FIPS 180-4) of `bytes`: 64 bytes. */
export const sha512 = (bytes: Uint8Array): Uint8Array => backend.sha512(requireBytes(bytes, 'the input'));

/** HMAC-SHA256 (RFC 2104) of `message` under `key` (any length; a key over 64 bytes is hashed first). */
export const hmacSha256 = (key: Uint8Array, message: Uint8Array): Uint8Array =>
  backend.hmacSha256(requireBytes(key, 'the key'), requireBytes(message, 'the message'));

/**
 * HKDF-Extract (RFC 5869) with SHA-256: the 32-byte pseudorandom key HMAC(salt, ikm). An
 * empty salt gives what 32 zero bytes give, as the RFC asks (HMAC pads every key with zeros).
 */
export const hkdfSha256Extract = (salt: Uint8Array, ikm: Uint8Array): Uint8Array =>
  backend.hmacSha256(requireBytes(salt, 'the salt'), requireBytes(ikm, 'the input key material'));

/** The most HKDF-Expand with SHA-256 can give: 255 blocks of 32 bytes (RFC 5869 section 2.3). */
export const HKDF_SHA256_MAX_LENGTH = 255 * 32;

/**
 * HKDF-Expand (RFC 5869) with SHA-256: `length` bytes (0 to `HKDF_SHA256_MAX_LENGTH`) from a
 * pseudorandom key, block i being HMAC(prk, block i-1 ‖ info ‖ i).
 */
export function hkdfSha256Expand(prk: Uint8Array, info: Uint8Array, length: number): Uint8Array {
  requireBytes(prk, 'the pseudorandom key');
  requireBytes(info, 'the info');
  if (!Number.isInteger(length) || length < 0 || length > HKDF_SHA256_MAX_LENGTH)
    throw new SeamError('bad-argument', `the length must be an integer from 0 to ${HKDF_SHA256_MAX_LENGTH}`);
  const out = new Uint8Array(length);
  let block: Uint8Array = new Uint8Array(0);
  for (let counter = 1, at = 0; at < length; counter++, at += 32) {
    block = backend.hmacSha256(prk, concatBytes([block, info, Uint8Array.of(counter)]));
    out.set(length - at < 32 ? block.subarray(0, length - at) : block, at);
  }
  return out;
}

class Hasher implements Sha256Hasher {
  #absorber: Absorber | null = backend.createSha256();

  update(bytes: Uint8Array): Sha256Hasher {
    this.#open().update(requireBytes(bytes, 'the input'));
    return this;
  }

  digest(): Uint8Array {
    const digest = this.#open().digest();
    this.#absorber = null;
    return digest;
  }

  #open(): Absorber {
    if (this.#absorber === null) throw new SeamError('finished', 'the digest was already taken');
    return this.#absorber;
  }
}

/** A new incremental SHA-256, for input that arrives in parts or is too large to join first. */
export const createSha256 = (): Sha256Hasher => new Hasher();
