import { concatBytes, hex, sha256 } from '@agent-seam/canonical';

/** Every digest in this format is SHA-256: 32 bytes, written in JSON as 64 lowercase hex. */
export const DIGEST_SIZE = 32;

/** The `prev` of a run's first record: 32 zero bytes. */
export const ZERO_HASH: Uint8Array = new Uint8Array(DIGEST_SIZE);

const UTF8 = new TextEncoder();

/**
 * SHA-256(domain ‖ 0x00 ‖ digest): the signing input of every domain-separated
 * signature in the format. The NUL cannot occur in a domain, so the split is unambiguous.
 */
export function domainDigest(domain: string, digest: Uint8Array): Uint8Array {
  // One short input: the door's one-shot hash, about twice the streaming one here.
  return sha256(concatBytes([prefixOf(domain), digest]));
}

/** domain ‖ 0x00, encoded once per domain (the format has a handful, one per signed thing). */
const prefixes = new Map<string, Uint8Array>();
function prefixOf(domain: string): Uint8Array {
  let prefix = prefixes.get(domain);
  if (prefix === undefined) {
    prefix = concatBytes([UTF8.encode(domain), new Uint8Array([0])]);
    if (prefixes.size < 64) prefixes.set(domain, prefix);
  }
  return prefix;
}

/** A digest as JSON writes it (64 lowercase hex characters), as bytes; null for any other spelling. */
export function digestOf(value: unknown): Uint8Array | null {
  if (typeof value !== 'string' || value.length !== 64) return null;
  const bytes = hex.decode(value);
  return bytes.ok ? bytes.value : null;
}
