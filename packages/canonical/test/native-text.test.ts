import { canonicalString, type ProfileName } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';

// Each `why` names the mutant(s) of src/ the case holds (file:line:col of the mutation run that
// found it); survivors no input can tell from the original are listed in spec/canonical.md.

describe('a large value goes to JSON.stringify exactly when its text is native', () => {
  /** Enough integers that the writer's text passes 2048 characters and canonicalString asks native-text.ts. */
  const PAD = Array.from({ length: 600 }, (_, i) => i * 7);
  /**
   * Which path wrote `root` (given `pad` and two getters, `zb` defined before `za`): the writer reads
   * an object's members in its own order (Object.values: zb, za), JSON.stringify in the order of its
   * sorted name list (za, zb), and whichever path writes the text reads them last (module comments
   * of native-text.ts and canonicalize.ts).
   */
  function pathOf(root: Record<string, unknown>, profile: ProfileName): 'native' | 'writer' {
    const reads: string[] = [];
    root.pad = PAD;
    for (const name of ['zb', 'za']) {
      const get = () => {
        reads.push(name);
        return 0;
      };
      Object.defineProperty(root, name, { enumerable: true, get });
    }
    canonicalString(root, { profile });
    const last = reads.slice(-2).join();
    if (last !== 'za,zb' && last !== 'zb,za') throw new Error(`the getters were read ${reads.join()}`);
    return last === 'za,zb' ? 'native' : 'writer';
  }

  it('a plain object, also one without a prototype, with every kind of leaf JSON.stringify writes alike', () => {
    // why: native-text.ts:30:40 `proto === null` → false (a null-prototype object went to the writer);
    // 53:7 `case 'boolean'` emptied (fell into the object case), 53:12 'boolean' → "" and 54:16
    // `true` → false (booleans refused); 56:32 `true` → false (null refused)
    expect(pathOf(Object.create(null), 'jcs')).toBe('native');
    expect(pathOf({ t: true, f: false, n: null, s: 'x' }, 'jcs')).toBe('native');
  });

  it('a float goes to JSON.stringify under an ECMAScript profile only', () => {
    // why: native-text.ts:40:33 the constructor emptied, 41:22 `profile.numbers === 'ecmascript'`
    // → false and 41:42 'ecmascript' → "" (a float under jcs went to the writer)
    expect(pathOf({ f: 0.5 }, 'jcs')).toBe('native');
    expect(pathOf({ f: 0.5 }, 'seam')).toBe('writer');
  });

  it('safe integers go to JSON.stringify under seam, -0 does not (seam refuses it)', () => {
    // why: native-text.ts:52:54 `Number.isSafeInteger(v) && !Object.is(v, -0)` → false (every
    // integer under seam went to the writer), 52:81 `!Object.is(v, -0)` → `Object.is(v, -0)` and
    // 52:95 `-0` → `+0` (-0 was admitted, and JSON.stringify wrote it "0": seam refuses -0 as a
    // number a Python reader would write differently)
    expect(pathOf({ i: -12 }, 'seam')).toBe('native');
    expect(thrown(() => pathOf({ i: -0 }, 'seam'))).toMatchObject({ code: 'number-hazard' });
  });

  it('a lone surrogate goes to JSON.stringify where the profile escapes it, and is refused elsewhere', () => {
    // why: native-text.ts:42:22 `profile.loneSurrogates === 'escape'` → false and 42:49 'escape'
    // → "" (swarmrelay-v1 sent it to the writer)
    expect(pathOf({ s: '\udc00' }, 'swarmrelay-v1')).toBe('native');
    // why: 79:42 `this.anyString || wellFormed(key)` → true (a member name holding one reached
    // JSON.stringify under jcs, which escaped it instead of refusing). The name sits in an object
    // the small writer never opened, so only the survey sees it first.
    const lone = { pad: PAD, zz: { '\ud800': 1 } };
    expect(thrown(() => canonicalString(lone, { profile: 'jcs' }))).toMatchObject({ code: 'lone-surrogate' });
  });

  it('a container 200 levels down goes to the writer, 199 to JSON.stringify', () => {
    // why: native-text.ts:57:13 `depth >= MAX_DEPTH` → `>` (a container at depth 200 was admitted)
    const nest = (levels: number) => {
      let v: unknown = [];
      for (let i = 1; i < levels; i++) v = [v];
      return v; // as a member of the root, its innermost array is at depth `levels`
    };
    expect(pathOf({ deep: nest(199) }, 'jcs')).toBe('native');
    expect(pathOf({ deep: nest(200) }, 'jcs')).toBe('writer');
  });

  it('the name-list bound: objects x names at most 4 x members + 64 goes to JSON.stringify', () => {
    // Each root below has pad, za, zb and the names shown. One object, 103 names and members:
    // 103 <= 476. why: native-text.ts:73:5 `members +=` → `-=` and 96:30 `4 * members` → `4 /
    // members` (the bound fell below 103)
    const wide: Record<string, unknown> = {};
    for (let i = 0; i < 100; i++) wide[`m${i}`] = i;
    expect(pathOf(wide, 'jcs')).toBe('native');
    // 8 objects (the root, 7 in `list`), 16 names, 16 members: 128 = 4 x 16 + 64, inside.
    // why: 96:7 `>` → `>=`
    const edge: Record<string, unknown> = { list: Array.from({ length: 7 }, (_, i) => ({ [`o${i}`]: i })) };
    for (let i = 0; i < 5; i++) edge[`r${i}`] = i;
    expect(pathOf(edge, 'jcs')).toBe('native');
    // 41 objects, 44 names, 44 members: 1804 > 240, outside. why: 72:5 `objects++` → `--`, 96:7
    // the test → false and `objects * names.size` → `/` (each admitted it)
    const many = { list: Array.from({ length: 40 }, (_, i) => ({ [`o${i}`]: i })) };
    expect(pathOf(many, 'jcs')).toBe('writer');
  });
});
