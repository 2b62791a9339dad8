/**
 * The two byte helpers every package needs. They live here, at the root of the
 * dependency graph, so that no package writes its own.
 */

/** Equal length and content; compares every byte (no early exit), so it may judge secrets. */
export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/** The parts joined into one new array. Takes an array, not rest arguments, so any count is safe. */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
