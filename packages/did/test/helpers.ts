import { hex } from '@agent-seam/canonical';

/** Hex text from a vector file as bytes; a malformed vector is a test failure, not a skip. */
export function bytes(text: string): Uint8Array {
  const decoded = hex.decode(text);
  if (!decoded.ok) throw new Error(`vector hex is malformed: ${decoded.code}`);
  return decoded.value;
}

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);
