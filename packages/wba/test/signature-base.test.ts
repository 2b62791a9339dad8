import { describe, expect, it } from 'vitest';
import { combineFieldLines, signatureBases } from '../src/index.js';

// Refusals are asserted whole (code and detail), caller errors by name, code and message. Every
// `why` names the mutant(s) the case holds (src/file.ts line:column as the report gives them).
const AUTHORITY = 'bot.example';

describe('signatureBases and header records', () => {
  const input = (value: string) => ({ 'signature-input': value });

  it('refuses what keeps the members from being read, whole', () => {
    // why: kills explain.ts:33:7 (a non-object would reach the reader) and headers.ts:58:55.
    expect(signatureBases(null as never, AUTHORITY)).toEqual({
      ok: false,
      code: 'not-an-object',
      detail: 'headers is not an object or a Headers',
    });
    // why: kills explain.ts:35:7 (a value that is not a string is not "missing"),
    // headers.ts:44:33 and headers.ts:69:30 (one record value is combined as itself, not as
    // a list of one, so the detail is the one for a value, not for a line).
    expect(signatureBases({ 'signature-input': 5 } as never, AUTHORITY)).toEqual({
      ok: false,
      code: 'not-a-string',
      detail: 'a header value is neither a string nor a list of strings',
    });
    // why: kills explain.ts:38:7 (an unparsable Signature-Input would reach `.map`).
    expect(signatureBases(input('sig1=('), AUTHORITY)).toEqual({
      ok: false,
      code: 'malformed-signature-input',
      detail: `expected '"' at offset 6`,
    });
  });

  it('keyid is reported only when the member has a string keyid', () => {
    // why: kills explain.ts:41:21 (a member without keyid would throw) and explain.ts:43:11
    // (an integer keyid would be reported).
    for (const params of [';created=1', ';keyid=5'])
      expect(signatureBases(input(`sig1=("@authority")${params}`), AUTHORITY)).toStrictEqual({
        ok: true,
        value: [
          { label: 'sig1', base: `"@authority": ${AUTHORITY}\n"@signature-params": ("@authority")${params}` },
        ],
      });
  });

  it('a covered field value enters the base trimmed', () => {
    // why: kills signature-base.ts:56:31 (`raw.value.trim()` -> `raw.value`).
    expect(signatureBases({ ...input('sig1=("x");keyid="k"'), x: '  v  ' }, AUTHORITY)).toStrictEqual({
      ok: true,
      value: [{ label: 'sig1', keyid: 'k', base: '"x": v\n"@signature-params": ("x");keyid="k"' }],
    });
  });

  it('in a record, every key matching case-insensitively is a line; absent values add none', () => {
    const lines = { 'signature-input': ['sig1=("@authority");keyid="a"'], 'Signature-Input': 'sig2=("x")' };
    const labels = (headers: unknown) => {
      const verdict = signatureBases(headers as never, AUTHORITY);
      return verdict.ok ? verdict.value.map((m) => m.label) : verdict;
    };
    // why: kills headers.ts:66:11 (an array value would be pushed as one line, not spread).
    expect(labels(lines)).toEqual(['sig1', 'sig2']);
    // why: kills headers.ts:67:16 (both: undefined pushed as a line) and headers.ts:67:39
    // (null pushed as a line): a key holding no value adds no line.
    expect(labels({ 'signature-input': undefined, 'Signature-Input': 'sig2=("x")' })).toEqual(['sig2']);
    expect(labels({ 'signature-input': null, 'Signature-Input': 'sig2=("x")' })).toEqual(['sig2']);
  });

  it('combining field lines: a single line is returned as given; non-strings refused whole', () => {
    // why: kills headers.ts:48:7 (a single line would be trimmed).
    expect(combineFieldLines([' a '])).toEqual({ ok: true, value: ' a ' });
    // why: kills headers.ts:41:7 `value === undefined` → false (the rerun's one new survivor): an
    // absent header (undefined, as a plain record gives it) is no header, not a wrong type.
    expect(combineFieldLines(undefined)).toEqual({ ok: true, value: undefined });
    expect(combineFieldLines([' a ', ' b '])).toEqual({ ok: true, value: 'a, b' });
    // why: kills headers.ts:44:33 and headers.ts:46:33.
    expect(combineFieldLines(5)).toEqual({
      ok: false,
      code: 'not-a-string',
      detail: 'a header value is neither a string nor a list of strings',
    });
    expect(combineFieldLines(['a', 5])).toEqual({
      ok: false,
      code: 'not-a-string',
      detail: 'a header field line is not a string',
    });
  });
});
