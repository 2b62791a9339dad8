import { hex } from '@agent-seam/canonical';

/** Hex from a vector file as bytes; a malformed value is a broken vector, so it throws. */
export function unhex(text: string): Uint8Array {
  const bytes = hex.decode(text);
  if (!bytes.ok) throw new Error('bad hex in vector');
  return bytes.value;
}
