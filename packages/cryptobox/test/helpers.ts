import { hex, SeamError } from '@agent-seam/canonical';

/** Hex from a vector file as bytes; a field that does not decode is a broken vector file. */
export function bytesOf(text: string): Uint8Array {
  const v = hex.decode(text);
  if (!v.ok) throw new Error('vectors: a hex field does not decode');
  return v.value;
}

/** The SeamError a call throws, as { code, message }; a call that does not throw SeamError fails the test. */
export function thrown(call: () => unknown): { code: string; message: string } {
  try {
    call();
  } catch (error) {
    if (error instanceof SeamError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a SeamError, nothing was thrown');
}
export const seamError = (code: string, text: string) => ({ code, message: `${code}: ${text}` });
