import { fail, ok, unwrap } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';

// Each `why` names the mutant(s) of src/ the case holds (file:line:col of the mutation run that
// found it); survivors no input can tell from the original are listed in spec/canonical.md.

describe('unwrapping a verdict', () => {
  it('a refusal without a detail throws "refused"', () => {
    // why: verdict.ts:31:37 `verdict.detail ?? 'refused'` → `&&` (the message said undefined)
    // and 31:55 'refused' → ""
    expect(thrown(() => unwrap(fail('no-key')))).toEqual({
      name: 'SeamError',
      code: 'no-key',
      message: 'no-key: refused',
    });
    expect(thrown(() => unwrap(fail('no-key', 'the key is gone')))).toEqual({
      name: 'SeamError',
      code: 'no-key',
      message: 'no-key: the key is gone',
    });
  });
});

describe('ok and fail', () => {
  it('ok and fail build exactly the documented shapes; a refusal without a detail has no detail member', () => {
    // why: verdict.ts:10:19 ok → `() => undefined`, 12:21 fail → `() => undefined`, 13:3
    // `detail === undefined` → false (a `detail: undefined` member was added)
    expect(ok(1)).toStrictEqual({ ok: true, value: 1 });
    expect(fail('stale', '3 s old')).toStrictEqual({ ok: false, code: 'stale', detail: '3 s old' });
    expect(fail('stale')).toStrictEqual({ ok: false, code: 'stale' });
    expect('detail' in fail('stale')).toBe(false);
  });
});
