import {
  canonicalFromJSON,
  hex,
  type ParseOptions,
  type ProfileName,
  profiles,
  SeamError,
} from '@agent-seam/canonical';
import { expect } from 'vitest';

/** Every profile's name, for the tests that hold a rule under each of them. */
export const PROFILES = Object.keys(profiles) as ProfileName[];

export const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s);
export const text = (b: Uint8Array): string =>
  new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(b);

export function fromHex(h: string): Uint8Array {
  const v = hex.decode(h);
  if (!v.ok) throw new Error('test data: bad hex');
  return v.value;
}

/** The double whose IEEE-754 bit pattern is `h` (big-endian hex, leading zeros optional). */
export function doubleFromHex(h: string): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, BigInt(`0x${h}`));
  return view.getFloat64(0);
}

/** canonicalFromJSON that must accept; returns the canonical text. */
export function canonicalText(
  document: Uint8Array | string,
  profile: ProfileName,
  options: ParseOptions = {},
): string {
  const v = canonicalFromJSON(document, { ...options, profile });
  if (!v.ok) throw new Error(`refused with ${v.code}: ${v.detail}`);
  return text(v.value);
}

/** canonicalFromJSON that must refuse; asserts the exact code. */
export function expectRefusal(
  document: Uint8Array | string,
  profile: ProfileName,
  code: string,
  options: ParseOptions = {},
): void {
  const v = canonicalFromJSON(document, { ...options, profile });
  expect(v.ok ? 'accepted' : v.code).toBe(code);
}

/** Runs `body`, which must throw a SeamError; returns its code. */
export const thrownCode = (body: () => unknown): string => thrown(body)?.code ?? 'no error';

/** Runs `body`, which must throw a SeamError; returns its message. */
export const thrownMessage = (body: () => unknown): string => thrown(body)?.message ?? 'no error';

function thrown(body: () => unknown): SeamError | null {
  try {
    body();
  } catch (e) {
    if (e instanceof SeamError) return e;
    throw e;
  }
  return null;
}
