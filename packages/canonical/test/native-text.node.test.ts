import { describe, expect, it, vi } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';

/**
 * The one case of the first rest run's survivors (issue 15) that reloads modules: Node only,
 * like the other module-reloading mutation cases of this repository. Its `why` names the
 * mutants it kills.
 */

describe('native text on an engine without String.prototype.isWellFormed', () => {
  it('the survey falls back to its own lone-surrogate test and admits only well-formed text', async () => {
    // why: native-text.ts:26:7 the fallback → `() => undefined` (no string admitted: null for a
    // well-formed value) and 26:14 `!hasLoneSurrogate(s)` → `hasLoneSurrogate(s)` (a lone
    // surrogate admitted, so canonicalString wrote what jcs refuses), code that only runs where
    // the engine lacks isWellFormed: Node 20+ and Chromium have it, so no test reached it.
    const own = Object.getOwnPropertyDescriptor(String.prototype, 'isWellFormed');
    let fresh: typeof import('../src/index.js');
    let native: typeof import('../src/native-text.js');
    delete (String.prototype as { isWellFormed?: unknown }).isWellFormed;
    try {
      vi.resetModules();
      native = await import('../src/native-text.js');
      fresh = await import('../src/index.js');
    } finally {
      if (own !== undefined) Object.defineProperty(String.prototype, 'isWellFormed', own);
    }
    const big = (s: string) => ({ list: Array.from({ length: 600 }, (_, i) => i), s });
    const written = `{"list":[${Array.from({ length: 600 }, (_, i) => i).join(',')}],"s":"é\u{1F600}"}`;
    expect(native.nativeText(big('é\u{1F600}'), fresh.profiles.jcs)).toBe(written);
    expect(native.nativeText(big('\ud800'), fresh.profiles.jcs)).toBe(null);
    expect(fresh.canonicalString(big('é\u{1F600}'), { profile: 'jcs' })).toBe(written);
    expect(thrown(() => fresh.canonicalString(big('\ud800'), { profile: 'jcs' }))).toEqual({
      name: 'SeamError',
      code: 'lone-surrogate',
      message: 'lone-surrogate: $.s is a string holding an unpaired surrogate',
    });
  });
});
