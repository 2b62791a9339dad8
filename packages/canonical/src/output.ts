/**
 * A growable UTF-8 output buffer for the canonical writers. Writing straight into bytes
 * avoids building a string of many small pieces and encoding it afterwards: no rope
 * nodes, no per-piece allocation, one copy at the end.
 */
const HEX = '0123456789abcdef';
/** Two-character escapes, by code unit; 0 where the character needs `\u00xx` or none. */
const SHORT_ESCAPE = new Uint8Array(128);
SHORT_ESCAPE[0x22] = 0x22; // \"
SHORT_ESCAPE[0x5c] = 0x5c; // \\
SHORT_ESCAPE[0x08] = 0x62; // \b
SHORT_ESCAPE[0x0c] = 0x66; // \f
SHORT_ESCAPE[0x0a] = 0x6e; // \n
SHORT_ESCAPE[0x0d] = 0x72; // \r
SHORT_ESCAPE[0x09] = 0x74; // \t

export class ByteOutput {
  private buf = new Uint8Array(512);
  private pos = 0;

  private ensure(extra: number): void {
    const need = this.pos + extra;
    if (need <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < need) size *= 2;
    const bigger = new Uint8Array(size);
    bigger.set(this.buf.subarray(0, this.pos));
    this.buf = bigger;
  }

  byte(b: number): void {
    this.ensure(1);
    this.buf[this.pos++] = b;
  }

  /** Text known to be ASCII (punctuation, number spellings). */
  ascii(s: string): void {
    this.ensure(s.length);
    const { buf } = this;
    let p = this.pos;
    for (let i = 0; i < s.length; i++) buf[p++] = s.charCodeAt(i);
    this.pos = p;
  }

  /** The decimal digits of a safe integer, without building a string. */
  safeInteger(x: number): void {
    this.ensure(17);
    const { buf } = this;
    let p = this.pos;
    let rest = x;
    if (rest < 0) {
      buf[p++] = 0x2d;
      rest = -rest;
    }
    let digits = 1;
    for (let t = rest; t >= 10; t = Math.floor(t / 10)) digits++;
    let q = p + digits;
    this.pos = q;
    while (rest >= 10) {
      const d = rest % 10;
      buf[--q] = 0x30 + d;
      rest = (rest - d) / 10;
    }
    buf[--q] = 0x30 + rest;
  }

  bytes(b: Uint8Array): void {
    this.ensure(b.length);
    if (b.length > 32) this.buf.set(b, this.pos);
    else for (let i = 0; i < b.length; i++) this.buf[this.pos + i] = b[i]!;
    this.pos += b.length;
  }

  /**
   * `s` as a quoted JSON string in UTF-8 (escapes as every profile writes them). An
   * unpaired surrogate is written as a lowercase `\udxxx` escape when `escapeLone`,
   * otherwise nothing is written and false is returned.
   */
  quoted(s: string, escapeLone: boolean): boolean {
    const n = s.length;
    this.ensure(n * 6 + 2);
    const { buf } = this;
    const start = this.pos;
    let p = start;
    buf[p++] = 0x22;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c < 0x80) {
        if (c >= 0x20 && c !== 0x22 && c !== 0x5c) buf[p++] = c;
        else {
          buf[p++] = 0x5c;
          const short = SHORT_ESCAPE[c]!;
          if (short !== 0) buf[p++] = short;
          else p = writeUnicodeEscape(buf, p, c);
        }
      } else if (c < 0x800) {
        buf[p++] = 0xc0 | (c >> 6);
        buf[p++] = 0x80 | (c & 0x3f);
      } else if (c < 0xd800 || c > 0xdfff) {
        buf[p++] = 0xe0 | (c >> 12);
        buf[p++] = 0x80 | ((c >> 6) & 0x3f);
        buf[p++] = 0x80 | (c & 0x3f);
      } else {
        const d = i + 1 < n ? s.charCodeAt(i + 1) : 0;
        if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
          const cp = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          buf[p++] = 0xf0 | (cp >> 18);
          buf[p++] = 0x80 | ((cp >> 12) & 0x3f);
          buf[p++] = 0x80 | ((cp >> 6) & 0x3f);
          buf[p++] = 0x80 | (cp & 0x3f);
          i++;
        } else if (escapeLone) {
          buf[p++] = 0x5c;
          p = writeUnicodeEscape(buf, p, c);
        } else {
          this.pos = start;
          return false;
        }
      }
    }
    buf[p++] = 0x22;
    this.pos = p;
    return true;
  }

  /** Copies `src[start, end)`. */
  copy(src: Uint8Array, start: number, end: number): void {
    const n = end - start;
    this.ensure(n);
    if (n > 32) this.buf.set(src.subarray(start, end), this.pos);
    else for (let i = 0; i < n; i++) this.buf[this.pos + i] = src[start + i]!;
    this.pos += n;
  }

  get position(): number {
    return this.pos;
  }

  /**
   * Rewrites `[base, position)` as the given ranges of it, in order, joined by `joint`.
   * The new text is assembled past the end and moved down with one native copy.
   */
  permute(base: number, ranges: number[], joint: number): void {
    const end = this.pos;
    this.ensure(end - base);
    const { buf } = this;
    let p = end;
    for (let r = 0; r < ranges.length; r += 2) {
      if (r > 0) buf[p++] = joint;
      buf.copyWithin(p, ranges[r]!, ranges[r + 1]!);
      p += ranges[r + 1]! - ranges[r]!;
    }
    buf.copyWithin(base, end, p);
    this.pos = base + (p - end);
  }

  /** The bytes written so far (a copy). */
  take(): Uint8Array {
    return this.buf.slice(0, this.pos);
  }
}

/** Writes `u` and four lowercase hex digits of `c` at `p` (the backslash is already out). */
function writeUnicodeEscape(buf: Uint8Array, p: number, c: number): number {
  buf[p++] = 0x75;
  buf[p++] = HEX.charCodeAt(c >> 12);
  buf[p++] = HEX.charCodeAt((c >> 8) & 15);
  buf[p++] = HEX.charCodeAt((c >> 4) & 15);
  buf[p++] = HEX.charCodeAt(c & 15);
  return p;
}
