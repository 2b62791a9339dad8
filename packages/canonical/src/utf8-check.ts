/**
 * True when `bytes` is well-formed UTF-8 (RFC 3629): no overlong forms, no encoded
 * surrogates (CESU-8), nothing above U+10FFFF, no truncated or stray sequences.
 * Written out rather than delegated to a fatal TextDecoder because the parse boundary
 * only needs the yes/no, and ASCII (most of a JSON document) costs one comparison here.
 */
export function isWellFormedUtf8(bytes: Uint8Array): boolean {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let low = 0x80;
    let high = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) need = 1;
    else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      if (b === 0xe0)
        low = 0xa0; // overlong below U+0800
      else if (b === 0xed) high = 0x9f; // U+D800..U+DFFF
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      if (b === 0xf0)
        low = 0x90; // overlong below U+10000
      else if (b === 0xf4) high = 0x8f; // above U+10FFFF
    } else return false;
    const second = bytes[i + 1];
    if (second === undefined || second < low || second > high) return false;
    for (let k = 2; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < 0x80 || c > 0xbf) return false;
    }
    i += need + 1;
  }
  return true;
}
