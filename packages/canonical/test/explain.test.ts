import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
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
    { id: 'time', title: 'in time', codes: ['expired'], detailStarts: ['unused'] },
  ];
  const outcomes = (detail?: string, code = 'decrypt-failed') =>
    explainVerdict(SHARED, fail(code, detail)).map((r) => r.outcome);
  it('the check whose prefix starts the detail refuses, else the one without prefixes', () => {
    expect(outcomes('layer 2')).toEqual(['pass', 'refuse', 'not-checked', 'not-checked']);
    expect(outcomes()).toEqual(['refuse', 'not-checked', 'not-checked', 'not-checked']);
    expect(outcomes('ts is zero', 'bad-inner')).toEqual(['pass', 'pass', 'refuse', 'not-checked']);
    // A code only one check lists is that check's, whatever the detail says.
    expect(outcomes('other', 'bad-inner')).toEqual(['pass', 'pass', 'refuse', 'not-checked']);
    expect(outcomes(undefined, 'expired')).toEqual(['pass', 'pass', 'pass', 'refuse']);
  });
  it('is a sound list; two checks sharing a code with no prefix are not', () => {
    expect(checkListProblems(SHARED, ['decrypt-failed', 'bad-inner', 'expired'])).toEqual([]);
    const ambiguous = [...SHARED, { id: 'again', title: 'again', codes: ['decrypt-failed'] }];
    expect(checkListProblems(ambiguous, ['decrypt-failed', 'bad-inner', 'expired'])).toEqual([
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

// Each `why` names the mutant(s) of src/ the case holds (file:line:col of the mutation run that
// found it); survivors no input can tell from the original are listed in spec/canonical.md.
describe('which check a refusal belongs to, and the problems of a check list', () => {
  it('a code that several checks list, none of them named by the detail, belongs to no check', () => {
    // why: explain.ts:78:81 the last resort `-1` → `+1` (the second check was blamed)
    const checks = [
      { id: 'first', title: 'First', codes: ['x'], detailStarts: ['A'] },
      { id: 'second', title: 'Second', codes: ['x'], detailStarts: ['B'] },
    ];
    expect(thrown(() => explainVerdict(checks, fail('x', 'C is wrong')))).toEqual({
      name: 'SeamError',
      code: 'unknown-code',
      message: 'unknown-code: no check in this list produces x',
    });
  });

  it('a check that lists no code is a problem of the list', () => {
    // why: explain.ts:94:49 the problem's text → ""
    expect(checkListProblems([{ id: 'empty', title: 'Empty', codes: [] }], [])).toEqual([
      'check empty lists no code',
    ]);
  });
});

describe('which check a refusal belongs to, by its detail', () => {
  it('a refusal without a detail gives the refusing check no detail at all', () => {
    // why: explain.ts:68:9 `verdict.detail !== undefined` → true (a `detail: undefined` member)
    const [result] = explainVerdict([{ id: 'only', title: 'Only', codes: ['x'] }], fail('x'));
    expect(Object.keys(result!)).toEqual(['id', 'title', 'outcome', 'code']);
  });

  it('of checks sharing a code, the detail picks the one with any of its prefixes at its start', () => {
    // why: explain.ts:77:37 `.some` → `.every` and 77:78 `startsWith` → `endsWith` (the first
    // check, whose first prefix starts the detail, was not picked: nothing was, which threw)
    const checks = [
      { id: 'first', title: 'First', codes: ['x'], detailStarts: ['A ', 'B '] },
      { id: 'second', title: 'Second', codes: ['x'], detailStarts: ['C '] },
    ];
    expect(explainVerdict(checks, fail('x', 'A is wrong')).map((r) => r.outcome)).toEqual([
      'refuse',
      'not-checked',
    ]);
  });

  it('a refusal without a detail goes to the sharing check that names no prefix', () => {
    // why: explain.ts:74:77 the default detail '' → "Stryker was here!" (which starts with "S")
    const checks = [
      { id: 'named', title: 'Named', codes: ['x'], detailStarts: ['S'] },
      { id: 'plain', title: 'Plain', codes: ['x'] },
    ];
    expect(explainVerdict(checks, fail('x')).map((r) => r.outcome)).toEqual(['pass', 'refuse']);
  });

  it('two checks may share a code when one of them names its prefixes', () => {
    // why: explain.ts:99:20 `other.detailStarts === undefined` → true (a clash was reported)
    const checks = [
      { id: 'a', title: 'A', codes: ['x'], detailStarts: ['A'] },
      { id: 'b', title: 'B', codes: ['x'] },
    ];
    expect(checkListProblems(checks, ['x'])).toEqual([]);
  });
});

describe('PARSE_CHECKS: what a person is shown', () => {
  it('each check has a stable kebab-case id of its own and a one-line title', () => {
    // why: checks.ts:11:9, 16:9, 21:9 (an id → '') and 12:12, 17:12, 23:7 (a title → ''). CheckSpec
    // asks for a kebab-case id and a line a person reads; checkListProblems only sees the codes.
    const ids = PARSE_CHECKS.map((c) => c.id);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { title } of PARSE_CHECKS) expect(title).toMatch(/^[^\n]*\w[^\n]*$/);
  });
});
