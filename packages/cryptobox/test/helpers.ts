import { hex } from '@agent-seam/canonical';

/** Hex from a vector file as bytes; a field that does not decode is a broken vector file. */
export function bytesOf(text: string): Uint8Array {
  const v = hex.decode(text);
  if (!v.ok) throw new Error('vectors: a hex field does not decode');
  return v.value;
}
