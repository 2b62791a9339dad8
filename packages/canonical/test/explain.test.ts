import { describe, expect, it } from 'vitest';
import {
  type CheckSpec,
  canonicalFromJSON,
  checkListProblems,
  escapeBytes,
  explainVerdict,
  fail,
  firstDifference,
  ok,
  PARSE_CHECKS,
  PARSE_CODES,
  SeamError,
  withoutCodes,
} from '../src/index.js';

const utf8 = (text: string) => new TextEncoder().encode(text);

const CHECKS: readonly CheckSpec[] = [
  { id: 'shape', title: 'an object', codes: ['not-an-object'] },
  { id: 'freshness', title: 'fresh', codes: ['stale', 'from-future'], needs: 'now' },
  { id: 'signature', title: 'signed', codes: ['bad-signature'] },
];

describe('explainVerdict', () => {
  it('an accepted verdict passes every check', () => {
    expect(explainVerdict(CHECKS, ok(1), { now: 5 }).map((r) => r.outcome)).toEqual(['pass', 'pass', 'pass']);
  });

  it('a refusal passes the checks before it, refuses at its own and leaves the rest unchecked', () => {
    expect(explainVerdict(CHECKS, fail('stale', '9 s old'), { now: 5 })).toEqual([
      { id: 'shape', title: 'an object', outcome: 'pass' },
      { id: 'freshness', title: 'fresh', outcome: 'refuse', code: 'stale', detail: '9 s old' },
      { id: 'signature', title: 'signed', outcome: 'not-checked' },
    ]);
  });

  it('a check whose option was not given is not checked, even when later ones pass', () => {
    const results = explainVerdict(CHECKS, fail('bad-signature'), {});
    expect(results.map((r) => r.outcome)).toEqual(['pass', 'not-checked', 'refuse']);
    expect(results[1]!.detail).toBe('not asked for: no now given');
  });

  it('a code no check lists is a programming error', () => {
    expect(() => explainVerdict(CHECKS, fail('wrong-typ'))).toThrow(SeamError);
  });
});

describe('a code made at two places, told apart by its detail', () => {
  const SHARED: readonly CheckSpec[] = [
    { id: 'layer-1', title: 'first layer opens', codes: ['decrypt-failed'] },
    { id: 'layer-2', title: 'second layer opens', codes: ['decrypt-failed'], detailStarts: ['layer 2'] },
    { id: 'inner', title: 'inner map', codes: ['bad-inner'], detailStarts: ['inner key', 'ts is zero'] },
  ];
  const outcomes = (detail?: string, code = 'decrypt-failed') =>
    explainVerdict(SHARED, fail(code, detail)).map((r) => r.outcome);
  it('the check whose prefix starts the detail refuses, else the one without prefixes', () => {
    expect(outcomes('layer 2')).toEqual(['pass', 'refuse', 'not-checked']);
    expect(outcomes()).toEqual(['refuse', 'not-checked', 'not-checked']);
    expect(outcomes('ts is zero', 'bad-inner')).toEqual(['pass', 'pass', 'refuse']);
    expect(() => outcomes('other', 'bad-inner')).toThrow(SeamError);
  });
  it('is a sound list; two checks sharing a code with no prefix are not', () => {
    expect(checkListProblems(SHARED, ['decrypt-failed', 'bad-inner'])).toEqual([]);
    const ambiguous = [...SHARED, { id: 'again', title: 'again', codes: ['decrypt-failed'] }];
    expect(checkListProblems(ambiguous, ['decrypt-failed', 'bad-inner'])).toEqual([
      'decrypt-failed is in both layer-1 and again',
    ]);
  });
});

describe('checkListProblems', () => {
  const codes = ['not-an-object', 'stale', 'from-future', 'bad-signature'];
  it('is empty for a list that covers every code once', () => {
    expect(checkListProblems(CHECKS, codes)).toEqual([]);
  });
  it('names a code in two checks, a missing code, a foreign code and a repeated id', () => {
    const twice = [...CHECKS, { id: 'shape', title: 'again', codes: ['not-an-object', 'extra'] }];
    expect(checkListProblems(twice, [...codes, 'replayed'])).toEqual([
      'check id shape is used twice',
      'not-an-object is in both shape and shape',
      'shape lists extra, which the verifier never returns',
      'no check lists replayed',
    ]);
  });
  it('withoutCodes drops codes, and checks left empty', () => {
    const less = withoutCodes(CHECKS, ['stale', 'bad-signature']);
    expect(less.map((c) => [c.id, c.codes])).toEqual([
      ['shape', ['not-an-object']],
      ['freshness', ['from-future']],
    ]);
  });
});

describe('escapeBytes', () => {
  it('shows printable ASCII as is and escapes everything else, with offsets per line', () => {
    const bytes = new Uint8Array([...utf8('{"a":"\\"}'), 0x0a, 0xe7, 0xbe, 0xa4, 0x09, 0x00]);
    expect(escapeBytes(bytes)).toBe(' 0  {"a":"\\\\"}\\n\n10  \\xe7\\xbe\\xa4\\t\\x00');
  });
  it('wraps at width and labels from a given offset', () => {
    expect(escapeBytes(utf8('abcdefg'), { width: 3, from: 100 })).toBe('100  abc\n103  def\n106  g');
  });
  it('shows empty input as one labelled empty line', () => {
    expect(escapeBytes(new Uint8Array(0), { from: 7 })).toBe('7  ');
  });
});

describe('firstDifference', () => {
  it('is null for equal bytes', () => {
    expect(firstDifference(utf8('same'), utf8('same'))).toBeNull();
  });
  it('finds the first differing byte, with context each side', () => {
    const d = firstDifference(utf8('{"text":"hello"}'), utf8('{"text":"hellO"}'), 3)!;
    expect(d.offset).toBe(13);
    expect(d.start).toBe(10);
    expect(new TextDecoder().decode(d.a)).toBe('ello"}');
    expect(new TextDecoder().decode(d.b)).toBe('ellO"}');
  });
  it('puts the difference at the end of a prefix', () => {
    const d = firstDifference(utf8('abc'), utf8('abcdef'), 1)!;
    expect([d.offset, d.start, d.a.length, d.b.length]).toEqual([3, 2, 1, 3]);
  });
});

describe('PARSE_CHECKS', () => {
  it('cover every ParseCode exactly once', () => {
    expect(checkListProblems(PARSE_CHECKS, PARSE_CODES)).toEqual([]);
  });

  // For each pair of adjacent checks, an input that breaks both is refused by the earlier one.
  it('document before encoding: a too-large document with a byte order mark is too-large', () => {
    const verdict = canonicalFromJSON(utf8('\uFEFF{"a":1}'), { profile: 'seam', maxBytes: 4 });
    expect(verdict).toMatchObject({ code: 'too-large' });
  });
  it('encoding before json: invalid UTF-8 inside broken JSON is invalid-utf8', () => {
    const verdict = canonicalFromJSON(new Uint8Array([0x7b, 0xff, 0x2c]), { profile: 'seam' });
    expect(verdict).toMatchObject({ code: 'invalid-utf8' });
  });
});
