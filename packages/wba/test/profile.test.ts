import { describe, expect, it } from 'vitest';
import { checkComponents } from '../src/profile.js';

describe('the covered components a profile accepts', () => {
  // A module-level table or pattern (found by `pnpm mutate --filter wba --rest --static`); each
  // mutant named in `why` applied by hand turns the case red.
  it('a covered header name is lowercase token characters from its first to its last', () => {
    // why: profile.ts:60 HEADER_NAME without `^`, or without `$`: a name with an upper-case or
    // other character before, or after, a lowercase run passed.
    const request = { response: false, targetUri: false };
    const named = (name: string) => ({ name, parameters: [], text: `"${name}"` });
    for (const name of ['Content-type', 'content-Type', 'x y', 'x:'])
      expect(checkComponents([named('@authority'), named(name)], request), name).toMatchObject({
        ok: false,
        code: 'unsupported-component',
      });
    expect(checkComponents([named('@authority'), named('signature-agent')], request)).toEqual({
      ok: true,
      value: true,
    });
  });
});
