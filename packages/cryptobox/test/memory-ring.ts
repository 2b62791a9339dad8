import { sha256 } from '@noble/hashes/sha2.js';
import type { KeyRing, RandomSource, WrappedKey } from '../src/index.js';

/**
 * An example key ring, the shape of the reference's in-memory test ring: each
 * key-encryption key has a name, wrapping XORs the data key with it, and erasing a
 * scope's key makes every payload wrapped by it unreadable. XOR is only acceptable
 * because these KEKs are test material; a real ring wraps with an AEAD or a KMS.
 */
export class MemoryKeyRing implements KeyRing {
  private readonly keks = new Map<string, Uint8Array>();
  constructor(
    private current: string,
    kek: Uint8Array,
  ) {
    this.keks.set(current, kek);
  }
  wrap(dataKey: Uint8Array): { wrappedBy: string; sealed: Uint8Array } {
    return { wrappedBy: this.current, sealed: xor(dataKey, this.keks.get(this.current)!) };
  }
  unwrap(key: WrappedKey): Uint8Array | null {
    const kek = this.keks.get(key.wrappedBy);
    return kek === undefined ? null : xor(key.sealed, kek);
  }
  /** Destroys a KEK: what a lawful erasure of its scope does. */
  erase(name: string): void {
    this.keks.delete(name);
  }
}

function xor(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = a[i]! ^ (b[i % b.length] ?? 0);
  return out;
}

/** The fixed KEK of the vectors: 32 bytes of 0x4b under the name `memory-kek-1`. */
export const vectorRing = () => new MemoryKeyRing('memory-kek-1', new Uint8Array(32).fill(0x4b));

/** A reproducible random source: SHA-256(label ‖ counter) blocks. For vectors and tests only. */
export function seededRandom(label: string): RandomSource {
  const prefix = new TextEncoder().encode(label);
  let counter = 0;
  return (length) => {
    const out = new Uint8Array(length);
    for (let filled = 0; filled < length; filled += 32) {
      const block = sha256(
        new Uint8Array([...prefix, counter >>> 24, counter >>> 16, counter >>> 8, counter]),
      );
      counter++;
      out.set(block.subarray(0, Math.min(32, length - filled)), filled);
    }
    return out;
  };
}
