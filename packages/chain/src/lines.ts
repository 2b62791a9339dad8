import { concatBytes, utf8Strict } from '@agent-seam/canonical';
/**
 * Splits a byte stream into lines on LF without holding more than one line. A line
 * longer than `maxLineBytes` is yielded cut to `maxLineBytes + 1` bytes (the rest is
 * skipped), so the reader can report it as too long without buffering it.
 */
export async function* splitLines(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  maxLineBytes: number,
): AsyncGenerator<Uint8Array> {
  let parts: Uint8Array[] = [];
  let held = 0;
  let overflow = false;
  const take = (piece: Uint8Array) => {
    if (overflow) return;
    const room = maxLineBytes + 1 - held;
    if (piece.length >= room) {
      parts.push(piece.subarray(0, room));
      held += room;
      overflow = true;
    } else {
      parts.push(piece);
      held += piece.length;
    }
  };
  const flush = (): Uint8Array => {
    const line = parts.length === 1 ? parts[0]! : concatBytes(parts);
    parts = [];
    held = 0;
    overflow = false;
    return line;
  };
  for await (const chunk of chunks) {
    let start = 0;
    for (let nl = chunk.indexOf(10); nl !== -1; nl = chunk.indexOf(10, start)) {
      take(chunk.subarray(start, nl));
      yield flush();
      start = nl + 1;
    }
    if (start < chunk.length) take(chunk.subarray(start));
  }
  if (held > 0) yield flush();
}

/** White space as the reference reader strips it (Python's `str.isspace`: Unicode White_Space and U+001C..U+001F). */
const WHITE_SPACE_ONLY = /^[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*$/;

/**
 * A line that is empty or holds only white space is skipped wherever lines are read.
 * Decides on the first byte for an ordinary line; only a line that starts with white
 * space and reaches a non-ASCII byte is decoded.
 */
export function isBlankLine(bytes: Uint8Array): boolean {
  for (const b of bytes) {
    if (b === 0x20 || (b >= 0x09 && b <= 0x0d) || (b >= 0x1c && b <= 0x1f)) continue;
    if (b < 0x80) return false;
    const text = utf8Strict.decode(bytes);
    return text.ok && WHITE_SPACE_ONLY.test(text.value);
  }
  return true;
}
