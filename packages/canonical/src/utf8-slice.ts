const UTF8 = new TextDecoder();

/**
 * The text of `bytes[start, end)`, which the parse boundary has already checked to be
 * well-formed UTF-8. Short ASCII runs (most member names) skip the decoder call.
 */
export function utf8Slice(bytes: Uint8Array, start: number, end: number): string {
  if (end - start <= 16) {
    let s = '';
    for (let i = start; i < end; i++) {
      const c = bytes[i]!;
      if (c >= 0x80) return UTF8.decode(bytes.subarray(start, end));
      s += String.fromCharCode(c);
    }
    return s;
  }
  return UTF8.decode(bytes.subarray(start, end));
}
