import { concatBytes } from '@agent-seam/canonical';
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
