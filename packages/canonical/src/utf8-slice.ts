// ignoreBOM: a slice is one string or name, and one that starts with U+FEFF keeps it (the
// decoder's default drops it; a document's own leading BOM is refused before any slice).
const UTF8 = new TextDecoder('utf-8', { ignoreBOM: true });

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
