import { utf8Strict } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { LineReader } from '../src/export/reading.js';
import { splitLines } from '../src/index.js';

// Splitting a file into lines.
// Each case that exists for a mutant of the verify path says in its comment which one it holds
// (file:line:column of the mutation report); equivalent mutants are listed in spec/chain.md.

describe('splitLines: a file cut into lines', () => {
  const read = (bytes: number[]) => new LineReader(1 << 20, undefined).read(new Uint8Array(bytes)).type;

  it('U+001C..U+001F, tab to CR, space and Unicode white space are blank; other control bytes are not', () => {
    // why: lines.ts:55 `b >= 0x1c && b <= 0x1f` → false, `b >= 0x1c` → true, → `b > 0x1c`, → `b < 0x1c`,
    // `b <= 0x1f` → `b < 0x1f`; `b >= 0x09` → true (0x00..0x08 would be blank)
    for (const b of [0x09, 0x0d, 0x1c, 0x1d, 0x1f, 0x20]) expect(read([b])).toBe('blank');
    for (const b of [0x00, 0x08, 0x0e, 0x1b]) expect(read([b])).toBe('refused');
    expect(new LineReader(1 << 20, undefined).read(new Uint8Array([0x00]))).toEqual({
      type: 'refused',
      code: 'line-not-json',
      message: expect.stringContaining('the line is not JSON this format admits'),
    });
    expect(read([0x20, 0xc2, 0xa0])).toBe('blank');
  });

  it('a line of a non-ASCII character that is not white space is not blank', () => {
    // why: lines.ts:58 `text.ok && WHITE_SPACE_ONLY.test(…)` → true, `&&` → `||`
    expect(read([0x20, 0xc3, 0xa9])).toBe('refused');
  });

  it('a vertical tab before Unicode white space is blank too', () => {
    // why: lines.ts:46 WHITE_SPACE_ONLY `\v` → `\V` (static: applied by hand); only a line that reaches a
    // non-ASCII byte is held to the pattern, so the vertical tab must come before U+3000
    expect(read([0x0b, 0xe3, 0x80, 0x80])).toBe('blank');
  });

  it('a line wholly inside one chunk is yielded as a view of that chunk, not a copy', async () => {
    // why: lines.ts:27 `parts.length === 1` → false; :40 `start < chunk.length` → true, → `<=`
    // (the chunk before ends in LF; an empty tail pushed from it would make the next line a copy).
    // A source must therefore not reuse a chunk's buffer before the lines cut from it are read.
    const first = utf8Strict.encode('a\n');
    const second = utf8Strict.encode('bc\n');
    const lines: Uint8Array[] = [];
    for await (const line of splitLines([first, second], 10)) lines.push(line);
    expect(lines.map((l) => utf8Strict.decode(l))).toEqual([
      { ok: true, value: 'a' },
      { ok: true, value: 'bc' },
    ]);
    expect(lines[0]!.buffer).toBe(first.buffer);
    expect(lines[1]!.buffer).toBe(second.buffer);
  });

  it('a line cut at the limit stays a view of its chunk while the rest of it is skipped', async () => {
    // why: lines.ts:15 `if (overflow)` → false, :20 `overflow = true` → false, :17 `piece.length >= room` → `>`
    // (each pushes an empty piece from the skipped rest, so the kept bytes would come back as a copy)
    for (const [head, rest] of [
      ['abcdefgh', 'ij\nk\n'], // the cut falls inside the first chunk
      ['abcdef', 'gh\nk\n'], // the first chunk is exactly maxLineBytes + 1 bytes
    ]) {
      const first = utf8Strict.encode(head!);
      const lines: Uint8Array[] = [];
      for await (const line of splitLines([first, utf8Strict.encode(rest!)], 5)) lines.push(line);
      expect(lines.map((l) => utf8Strict.decode(l))).toEqual([
        { ok: true, value: 'abcdef' },
        { ok: true, value: 'k' },
      ]);
      expect(lines[0]!.buffer).toBe(first.buffer);
    }
  });
});
