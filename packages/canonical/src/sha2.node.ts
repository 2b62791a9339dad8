/**
 * SHA-2 through node:crypto (OpenSSL), selected on Node by the `node` condition of the
 * package's `#sha2` import. Only `hashes.ts` calls these, after checking the arguments.
 *
 * One-shot digests use `crypto.hash` whatever the size: it skips the Hash object a
 * `createHash` call sets up, and on 64 KB to 64 MB it hashes as fast as the streaming
 * hash (measured; spec/canonical.md). The incremental hasher gathers small input and
 * hashes it in one shot, and streams through `createHash` once the input outgrows that.
 */
import { createHash, createHmac, type Hash, hash } from 'node:crypto';
import type { Absorber } from './hashes.js';

/**
 * The digest bytes from OpenSSL's one-character-per-byte spelling of them ('binary', Node's
 * other name for latin1). Asking for that string and copying it out costs less than half of
 * asking for a Buffer, whose allocation dominates a small hash (measured; spec/canonical.md),
 * and it gives the plain Uint8Array the noble backend returns, not a Buffer.
 */
function bytesOf(binary: string): Uint8Array {
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export const sha256 = (bytes: Uint8Array): Uint8Array => bytesOf(hash('sha256', bytes, 'binary'));

export const sha512 = (bytes: Uint8Array): Uint8Array => bytesOf(hash('sha512', bytes, 'binary'));

export const hmacSha256 = (key: Uint8Array, message: Uint8Array): Uint8Array =>
  bytesOf(createHmac('sha256', key).update(message).digest('binary'));

/**
 * Input up to this many bytes is copied into a buffer and hashed by one `crypto.hash` at
 * the end; a Hash object costs more than that on small input (a Merkle leaf, a chain
 * link's prefix). 64 bytes is the most V8 keeps inside the heap, where allocating is cheap.
 */
const GATHER_LIMIT = 64;

class GatheringSha256 implements Absorber {
  #gathered = new Uint8Array(GATHER_LIMIT);
  #length = 0;
  #stream: Hash | null = null;

  update(bytes: Uint8Array): void {
    if (this.#stream === null) {
      const length = this.#length + bytes.length;
      if (length <= GATHER_LIMIT) {
        this.#gathered.set(bytes, this.#length);
        this.#length = length;
        return;
      }
      this.#stream = createHash('sha256').update(this.#gathered.slice(0, this.#length));
    }
    // createHash consumes the bytes now and keeps no reference, like noble.
    this.#stream.update(bytes);
  }

  digest(): Uint8Array {
    if (this.#stream !== null) return bytesOf(this.#stream.digest('binary'));
    // slice, not subarray: a view would move the small array's bytes out of the V8 heap.
    return bytesOf(hash('sha256', this.#gathered.slice(0, this.#length), 'binary'));
  }
}

export const createSha256 = (): Absorber => new GatheringSha256();
