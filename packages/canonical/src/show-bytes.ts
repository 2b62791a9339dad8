/**
 * Bytes shown to a person: what a signature covered, and where two byte strings part.
 * Nothing here judges; it only makes exact bytes readable without losing any of them.
 */

export interface EscapeOptions {
  /** The offset of `bytes[0]` in the whole it was cut from, for the line labels. Default 0. */
  from?: number;
  /** Most bytes on one line; a line also ends after every newline byte. Default 64. */
  width?: number;
}

const NAMED: Record<number, string> = { 9: '\\t', 10: '\\n', 13: '\\r', 92: '\\\\' };

/** One byte as text: printable ASCII as itself, `\n \t \r \\` by name, anything else `\xNN`. */
const escapeByte = (b: number): string =>
  NAMED[b] ?? (b >= 0x20 && b <= 0x7e ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, '0')}`);

/**
 * Bytes as lines a person can read and count: each line starts with the decimal offset
 * of its first byte, then the bytes escaped (printable ASCII as is, everything else
 * escaped, so no byte is hidden, repaired or merged). A line ends after a newline byte
 * or after `width` bytes. Empty input gives one line holding only the offset.
 */
export function escapeBytes(bytes: Uint8Array, options: EscapeOptions = {}): string {
  const from = options.from ?? 0;
  const width = options.width ?? 64;
  const pad = String(from + bytes.length).length;
  const lines: string[] = [];
  let start = 0;
  let text = '';
  const flush = (end: number) => {
    lines.push(`${String(from + start).padStart(pad)}  ${text}`);
    start = end;
    text = '';
  };
  for (let i = 0; i < bytes.length; i++) {
    text += escapeByte(bytes[i]!);
    if (bytes[i] === 0x0a || i + 1 - start === width) flush(i + 1);
  }
  if (text !== '' || lines.length === 0) flush(bytes.length);
  return lines.join('\n');
}

/** Where two byte strings part, with a window of each around that offset. */
export interface Difference {
  /** The first offset at which they differ (the shorter one's length when it is a prefix). */
  offset: number;
  /** Where both windows start. */
  start: number;
  /** `a` from `start` to `context` bytes past `offset` (shorter at its end). */
  a: Uint8Array;
  /** `b` over the same range. */
  b: Uint8Array;
}

/**
 * The first offset at which `a` and `b` differ, with `context` bytes each side of it
 * (default 16): the answer to "compare with the bytes you signed". Null when equal.
 * Not constant-time: for showing bytes, never for comparing secrets (that is `bytesEqual`).
 */
export function firstDifference(a: Uint8Array, b: Uint8Array, context = 16): Difference | null {
  const shorter = Math.min(a.length, b.length);
  let offset = 0;
  while (offset < shorter && a[offset] === b[offset]) offset++;
  if (offset === shorter && a.length === b.length) return null;
  const start = Math.max(0, offset - context);
  const end = offset + context + 1;
  return { offset, start, a: a.subarray(start, end), b: b.subarray(start, end) };
}
