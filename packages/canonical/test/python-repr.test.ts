import { readFileSync } from 'node:fs';
import { canonicalString, ecmaScriptNumber, pythonFloatRepr } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { canonicalText, doubleFromHex } from './helpers.js';

/**
 * pythonFloatRepr against CPython itself: the fixture holds repr(float) as printed by
 * CPython for random bit patterns and for values at the layout boundaries.
 */
const fixture = JSON.parse(
  readFileSync(new URL('./fixtures/cpython-float-repr.json', import.meta.url), 'utf8'),
) as {
  cases: [string, string][];
};

describe('CPython repr(float)', () => {
  it('holds the 547 cases it was made with', () => expect(fixture.cases.length).toBe(547));

  it('pythonFloatRepr reproduces every case', () => {
    const wrong = fixture.cases.filter(([bits, repr]) => pythonFloatRepr(doubleFromHex(bits)) !== repr);
    expect(wrong).toEqual([]);
  });

  it('the seam parse boundary re-spells the JavaScript spelling as CPython would', () => {
    const wrong = fixture.cases.filter(([bits, repr]) => {
      const x = doubleFromHex(bits);
      // A float literal: the JavaScript spelling (which drops the sign of zero), forced to
      // carry a fraction or an exponent.
      const js = Object.is(x, -0) ? '-0' : ecmaScriptNumber(x);
      const literal = /[.e]/.test(js) ? js : `${js}.0`;
      return canonicalText(literal, 'seam') !== repr || canonicalText(repr, 'seam') !== repr;
    });
    expect(wrong).toEqual([]);
  });

  it('the seam sign side emits exactly the cases where CPython and JavaScript agree', () => {
    for (const [bits, repr] of fixture.cases) {
      const x = doubleFromHex(bits);
      const agree = repr === ecmaScriptNumber(x) && !Number.isInteger(x);
      let signed: string | null = null;
      try {
        signed = canonicalString(x, { profile: 'seam' });
      } catch {}
      if (agree) expect(signed).toBe(repr);
      else if (!Number.isInteger(x)) expect(signed).toBeNull();
    }
  });

  it('refuses values that are not finite', () => {
    expect(() => pythonFloatRepr(Number.NaN)).toThrow(RangeError);
    expect(() => pythonFloatRepr(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});
