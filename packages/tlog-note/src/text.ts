import { fail, ok, type Verdict } from '@agent-seam/canonical';

/** Note text rules shared by notes and checkpoints (C2SP signed-note, "Format"). */
export type TextCode = 'invalid-utf8' | 'control-character';

const NEWLINE = 0x0a;

/** True when some byte is an ASCII control character other than newline. UTF-8 continuation bytes are never below 0x80, so a byte scan is exact. */
export function hasControlCharacter(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i]! < 0x20 && bytes[i] !== NEWLINE) return true;
  return false;
}

// A lone surrogate has no UTF-8 spelling; encoding would silently turn it into U+FFFD.
const LONE_SURROGATE = /\p{Cs}/u;

/** The UTF-8 bytes of `text`, refusing strings that have none. */
export function textBytes(text: string): Verdict<Uint8Array, TextCode> {
  if (LONE_SURROGATE.test(text)) return fail('invalid-utf8', 'lone surrogate');
  return ok(new TextEncoder().encode(text));
}

/** Checks a note text as the spec requires: ends in a newline, no control characters but newline. */
export function checkText(text: string): Verdict<Uint8Array, TextCode> {
  const bytes = textBytes(text);
  if (!bytes.ok) return bytes;
  if (hasControlCharacter(bytes.value)) return fail('control-character');
  return bytes;
}

/** Key names: non-empty, no Unicode white space, no plus sign (signed-note, "Format"). */
const BAD_NAME = /[\p{White_Space}+]/u;
export const isKeyName = (name: unknown): name is string =>
  typeof name === 'string' &&
  name.length > 0 &&
  !BAD_NAME.test(name) &&
  !LONE_SURROGATE.test(name) &&
  !/[\u0000-\u001f]/.test(name);
