import { base64Strict } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import { type Checkpoint, formatCheckpoint, parseCheckpoint } from '../src/index.js';

/**
 * What parseCheckpoint refuses and formatCheckpoint writes or throws (src/checkpoint.ts,
 * src/text.ts). Refusals are asserted whole (code and detail), caller errors by code and
 * message, because the details are part of the contract. A `why` names the mutant
 * (file:line:column) a case holds; the equivalent ones are listed in spec/tlog-note.md.
 */
const ORIGIN = 'example.com/log';
const ROOT = new Uint8Array(32).fill(9);
const ROOT_TEXT = base64Strict.encode(ROOT);

/** A checkpoint body of three lines: origin, size and root. */
const body = (size: string, root = ROOT_TEXT, origin = ORIGIN) => `${origin}\n${size}\n${root}\n`;
/** formatCheckpoint of a valid checkpoint with `change` applied. */
const format = (change: Record<string, unknown>) =>
  formatCheckpoint({ origin: ORIGIN, size: 5n, root: ROOT, extensions: [], ...change } as Checkpoint);

/** Asserts that `call` throws a SeamError with exactly this code and message. */
const expectSeamError = (call: () => unknown, code: string, message: string) =>
  expect(thrown(call)).toEqual({ name: 'SeamError', code, message: `${code}: ${message}` });

describe('parseCheckpoint refusal details', () => {
  it('a body that is not a string is not-a-string, said so', () => {
    // why: checkpoint.ts:38:61 the detail → "".
    expect(parseCheckpoint(null as never)).toEqual({
      ok: false,
      code: 'not-a-string',
      detail: 'a checkpoint body is a string',
    });
  });

  it('a lone surrogate is invalid-utf8 "lone surrogate"', () => {
    // why: text.ts:19:62 the detail → "".
    expect(parseCheckpoint(body('5', ROOT_TEXT, 'a\uD800'))).toEqual({
      ok: false,
      code: 'invalid-utf8',
      detail: 'lone surrogate',
    });
  });

  it('a size with a leading zero is bad-size "not a canonical decimal", 2^64 is "larger than uint64"', () => {
    // why: checkpoint.ts:46:56 and 48:48 the details → "".
    expect(parseCheckpoint(body('05'))).toEqual({
      ok: false,
      code: 'bad-size',
      detail: 'not a canonical decimal',
    });
    expect(parseCheckpoint(body('18446744073709551616'))).toEqual({
      ok: false,
      code: 'bad-size',
      detail: 'larger than uint64',
    });
  });

  it('a root that is not canonical base64 or not 32 bytes is bad-root-hash, said which', () => {
    // why: checkpoint.ts:50:46 and 51:62 the details → "".
    expect(parseCheckpoint(body('5', `${ROOT_TEXT.slice(0, -2)}l=`))).toEqual({
      ok: false,
      code: 'bad-root-hash',
      detail: 'not canonical base64',
    });
    expect(parseCheckpoint(body('5', 'CQkJ'))).toEqual({
      ok: false,
      code: 'bad-root-hash',
      detail: 'not 32 bytes',
    });
  });
});

describe('formatCheckpoint', () => {
  it('extensions may be left out: three lines, and they parse back with no extensions', () => {
    // why: checkpoint.ts:66:44 the default `[]` → ["Stryker was here"] (no test left them out).
    const text = formatCheckpoint({ origin: ORIGIN, size: 5n, root: ROOT } as Checkpoint);
    expect(text).toBe(body('5'));
    expect(parseCheckpoint(text)).toEqual({
      ok: true,
      value: { origin: ORIGIN, size: 5n, root: ROOT, extensions: [] },
    });
  });

  it('null is invalid-field, not a TypeError', () => {
    // why: checkpoint.ts:64:41 `checkpoint === null` → false (null would be destructured), 65:25 the code → "".
    expectSeamError(() => formatCheckpoint(null as never), 'invalid-field', 'checkpoint is not an object');
  });

  it('extensions that are not an array are invalid-field, not a TypeError', () => {
    // why: checkpoint.ts:67:7 `!Array.isArray(extensions)` → false (a string or object has no map),
    // 67:55 and 67:72 the code and message → "" (these two uncovered before).
    for (const extensions of ['x', {}])
      expectSeamError(() => format({ extensions }), 'invalid-field', 'extensions is not an array');
  });

  it('an origin that is not a string is invalid-field, an empty extension line empty-extension-line', () => {
    // why: checkpoint.ts:78:55 the code → "", 74:7 the empty code of an extension → "".
    expectSeamError(() => format({ origin: 7 }), 'invalid-field', 'origin is not a string');
    expectSeamError(
      () => format({ extensions: ['x', ''] }),
      'empty-extension-line',
      'extensions[1] is empty',
    );
  });

  it('a line without a note spelling throws its text code, naming the field', () => {
    // why: checkpoint.ts:82:9 `!text.ok` → false (the line would be written), 82:50 the message → ""
    // (uncovered before).
    expectSeamError(
      () => format({ origin: 'a\tb' }),
      'control-character',
      'origin has no note spelling (control-character)',
    );
    expectSeamError(
      () => format({ extensions: ['\uDC00'] }),
      'invalid-utf8',
      'extensions[0] has no note spelling (invalid-utf8)',
    );
  });

  it('a size below 0 or above 2^64 - 1 is bad-size; 2^64 - 1 itself is written', () => {
    // why: checkpoint.ts:84:35 `size < 0n` → false, 84:48 `size > MAX_SIZE` → false, 85:25 the code → "".
    for (const size of [-1n, 1n << 64n])
      expectSeamError(() => format({ size }), 'bad-size', 'size is not a bigint from 0 to 2^64 - 1');
    expect(format({ size: (1n << 64n) - 1n })).toBe(body('18446744073709551615'));
  });

  it('a root of 31 bytes is bad-root-hash; size 0 beside another root names the empty tree', () => {
    // why: checkpoint.ts:87:25 the code → "", 91:7 the message → "".
    expectSeamError(() => format({ root: ROOT.subarray(1) }), 'bad-root-hash', 'root is not 32 bytes');
    expectSeamError(
      () => format({ size: 0n }),
      'size-zero-with-nonempty-root',
      'size is 0 but root is not the empty tree\'s, SHA-256("")',
    );
  });
});
