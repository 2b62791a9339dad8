import { hex } from '@agent-seam/canonical';

export const fromHex = (text: string): Uint8Array => {
  const v = hex.decode(text);
  if (!v.ok) throw new Error(`test data: bad hex ${text}`);
  return v.value;
};
export const toHex = (bytes: Uint8Array): string => hex.encode(bytes);
