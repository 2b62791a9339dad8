import { bytesEqual } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';

// Each `why` names the mutant(s) of src/ the case holds (file:line:col of the mutation run that
// found it); survivors no input can tell from the original are listed in spec/canonical.md.

describe('byte equality', () => {
  it('two byte arrays are equal for equal content and false for any difference in a byte or the length', () => {
    // why: bytes.ts (no test of this package called bytesEqual): 7:67 the body emptied, 8:7 the
    // length test → true, → false, → `===`, 8:37 `false` → true, 10:19 `i < a.length` → false
    // and → `>=`, 10:33 `i++` → `i--` (runs forever), 10:38 `|=` → `&=`, 11:10 `diff === 0` →
    // true, → false, → `!==`
    const b = (...xs: number[]) => new Uint8Array(xs);
    expect(bytesEqual(b(), b())).toBe(true);
    expect(bytesEqual(b(1, 2, 3), b(1, 2, 3))).toBe(true);
    expect(bytesEqual(b(1, 2, 3), b(1, 2, 4))).toBe(false);
    expect(bytesEqual(b(0, 2, 3), b(1, 2, 3))).toBe(false);
    expect(bytesEqual(b(1, 2), b(1, 2, 3))).toBe(false);
    expect(bytesEqual(b(1, 2, 3), b(1, 2))).toBe(false);
  });
});
