import { hex, SeamError } from '@agent-seam/canonical';

export const fromHex = (text: string): Uint8Array => {
  const v = hex.decode(text);
  if (!v.ok) throw new Error(`test data: bad hex ${text}`);
  return v.value;
};
export const toHex = (bytes: Uint8Array): string => hex.encode(bytes);

/** The code of the SeamError `f` throws, or undefined when it returns. */
export const thrownCode = (f: () => unknown): string | undefined => {
  try {
    f();
  } catch (e) {
    if (e instanceof SeamError) return e.code;
    throw e;
  }
  return undefined;
};
