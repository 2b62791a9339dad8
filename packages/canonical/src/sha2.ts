/**
 * SHA-2 in pure JavaScript (noble): the backend of the hashing door everywhere except
 * Node (browsers, Deno, Bun, Workers). Selected through the package's `#sha2` import; the
 * Node twin is `sha2.node.ts`. Only `hashes.ts` calls these, after checking the
 * arguments, so the functions here compute and judge nothing.
 */
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 as nobleSha256, sha512 as nobleSha512 } from '@noble/hashes/sha2.js';
import type { Absorber } from './hashes.js';

export const sha256 = (bytes: Uint8Array): Uint8Array => nobleSha256(bytes);

export const sha512 = (bytes: Uint8Array): Uint8Array => nobleSha512(bytes);

export const hmacSha256 = (key: Uint8Array, message: Uint8Array): Uint8Array =>
  hmac(nobleSha256, key, message);

/** noble's own incremental hash: it hashes each block as it fills and keeps nothing else. */
export const createSha256 = (): Absorber => nobleSha256.create();
