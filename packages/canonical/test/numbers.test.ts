import { canonicalize, JsonFloat, parseJSON, pythonFloatRepr } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import { canonicalText, expectRefusal, text } from './helpers.js';

// Each `why` names the mutant(s) of src/ the case holds (file:line:col of the mutation run that
// found it); survivors no input can tell from the original are listed in spec/canonical.md.

describe('the number refusals of the writer, whole, at the path of the value', () => {
  const refusal = (code: string, message: string) => ({
    name: 'SeamError',
    code,
    message: `${code}: ${message}`,
  });
  const text = (v: unknown, profile: 'seam' | 'rfc004') =>
    new TextDecoder().decode(canonicalize(v as never, { profile }));

  // why: canonicalize.ts:276:56 (numberMessage emptied: "$ undefined"), 277:7 (each of
  // → true, → false, → !==), 277:16, 277:37, 278:7 (each of → true, → false, → !==): each
  // of the three messages is asserted, so no code may borrow another's.
  it('not-finite, unsafe-integer and number-hazard each say what is wrong and where', () => {
    expect(thrown(() => text({ z: 1, a: { b: [0, Number.NaN] } }, 'seam'))).toEqual(
      refusal('not-finite', '$.a.b[1] is NaN or Infinity, which has no JSON spelling'),
    );
    expect(thrown(() => text({ z: 1, a: { b: [0, 2 ** 60] } }, 'seam'))).toEqual(
      refusal('unsafe-integer', '$.a.b[1] is an integer outside the range this profile keeps exact'),
    );
    expect(thrown(() => text([2n ** 64n], 'seam'))).toEqual(
      refusal(
        'number-hazard',
        '$[0] is a number a Python and a JavaScript reader would write differently; do not sign it',
      ),
    );
  });

  // why: canonicalize.ts:256:9 (s === 'not-finite' → true): a profile that writes NaN as
  // null (rfc004, like JSON.stringify) would write every other refused number as null too.
  it('a profile writing non-finite numbers as null still refuses an integer it cannot keep exact', () => {
    expect(text([Number.NaN, Number.NEGATIVE_INFINITY], 'rfc004')).toBe('[null,null]');
    expect(thrown(() => text(2n ** 64n, 'rfc004'))).toEqual(
      refusal('unsafe-integer', '$ is an integer outside the range this profile keeps exact'),
    );
  });
});

describe('number spellings at their edges', () => {
  it('the CPython float spelling names what it refuses, and pads a two-digit exponent to two digits only', () => {
    // why: numbers.ts:34:49 the message → ""; 42:69 `magnitude < 10` → `<= 10` (1e-10 was "1e-010").
    // CPython: repr(1e-10) == '1e-10', repr(1e-09) == '1e-09'
    expect(thrown(() => pythonFloatRepr(Number.NaN))).toEqual({
      name: 'RangeError',
      code: undefined,
      message: 'pythonFloatRepr: not a finite number',
    });
    expect(pythonFloatRepr(1e-10)).toBe('1e-10');
    expect(pythonFloatRepr(1e-9)).toBe('1e-09');
  });

  it('-(2^53 - 1) is the last integer read as a number, -(2^53) the first read as a bigint', () => {
    // why: numbers.ts:58:56 `n >= -MAX_EXACT_INTEGER` → `>`
    const edge = -(2 ** 53 - 1);
    expect(parseJSON(String(edge))).toEqual({ ok: true, value: edge });
    expect(parseJSON(String(edge - 1))).toEqual({ ok: true, value: -(2n ** 53n) });
  });

  it('agentplane-v1 writes -0 as 0 and a float as ECMAScript does, not as CPython', () => {
    // why: numbers.ts:81:9 `numbers === 'python'` → true (-0 refused as a number hazard), 84:7
    // `numbers === 'ecmascript-exact-i64'` → false and 84:19 the name → "" (a float went through
    // the CPython comparison: 1e-7 is "1e-07" there, so it was refused)
    const written = (v: unknown) => text(canonicalize(v, { profile: 'agentplane-v1' }));
    expect(written(-0)).toBe('0');
    expect(written(1e-7)).toBe(String(1e-7));
    expect(written(new JsonFloat(1e-7))).toBe(String(1e-7));
  });

  it('a 16-digit float literal that is not its shortest spelling is re-spelled', () => {
    // why: numbers.ts:109:7 the leading-zero test → true and its `&&` → `||`; 114:10 the digit
    // count → true, `<= 15` → `> 15` and `+ fraction` → `- fraction` (each let a 16-digit literal
    // through as its own spelling). The double nearest 8.348298115261161 is spelled with 15 digits;
    // RFC 8785 writes Number::toString, and CPython's repr has the same digits in this range.
    const literal = '8.348298115261161';
    const shortest = String(Number(literal));
    expect(shortest).not.toBe(literal);
    expect(canonicalText(literal, 'jcs')).toBe(shortest);
    expect(canonicalText(literal, 'seam')).toBe(shortest);
  });

  it('seam keeps integer literals of up to 4300 digits, signed or not, as CPython reads them', () => {
    // why: numbers.ts:130:38 the sign test → true, → false and → `!==` (the sign counted as a digit,
    // or a digit not counted), 132:38 `digits <= PYTHON_MAX_INT_DIGITS` → true and → `<`
    const digits = (n: number) => '9'.repeat(n);
    for (const sign of ['', '-']) {
      expect(canonicalText(`${sign}${digits(4300)}`, 'seam')).toBe(`${sign}${digits(4300)}`);
      expectRefusal(`${sign}${digits(4301)}`, 'seam', 'number-hazard');
    }
  });
});

describe('a float read from JSON', () => {
  it('is a frozen JsonFloat', () => {
    // why: json-value.ts:18:5 `Object.freeze(this)` removed
    expect(Object.isFrozen(new JsonFloat(1.5))).toBe(true);
  });
});
