import { canonicalize } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';

/**
 * Cases written against the survivors of the second stretch of the Stryker run over the
 * rest of the package (issue 15, `pnpm mutate --filter canonical --rest`, part 2: the
 * sign-side writer's number refusals). Each `why` names the mutant(s) the case kills.
 */
const refusal = (code: string, message: string) => ({
  name: 'SeamError',
  code,
  message: `${code}: ${message}`,
});
const text = (v: unknown, profile: 'seam' | 'rfc004') =>
  new TextDecoder().decode(canonicalize(v as never, { profile }));

describe('canonicalize: the number refusals, whole, at the path of the value', () => {
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
