// The comparisons every replayer is built from (src/conformance/replay.ts), held directly: the
// published vectors only ever reach their agreeing side and a few of their texts.
import { describe, expect, it } from 'vitest';
import { bytesOf, holds, Mismatch, same, throwsCode } from '../src/conformance/replay.js';

/** The Mismatch `call` throws (failing when it returns or throws anything else). */
function mismatch(call: () => void): string {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(Mismatch);
    return (error as Mismatch).message;
  }
  throw new Error('no Mismatch');
}

describe('same', () => {
  it('does not depend on the order of members, at any depth', () => {
    // why: replay.ts:41 (the member sort left out: equal values would differ by member order).
    // The sort's six mutants (a < b → <= or >=, a > b → >=, <=, true or false) are equivalent:
    // V8's sort reads only whether the comparison is below zero, and either order, used on both
    // sides, compares alike (spec/cli.md).
    const names = ['d', 'a', 'c', 'b', 'e'];
    const record = (order: string[]) => Object.fromEntries(order.map((k) => [k, { z: k, y: [k] }]));
    for (let i = 0; i < names.length; i++) {
      const rotated = [...names.slice(i), ...names.slice(0, i)];
      same(record(rotated), record([...names].sort()), 'value');
      same(record(rotated), record([...rotated].reverse()), 'value');
    }
  });

  it('clips long values to 157 characters and three dots, and only values over 160', () => {
    // why: replay.ts:82 (s.length > 160 → >= 160, true or false; s.slice(0, 157) → s).
    const long = 'x'.repeat(200);
    expect(mismatch(() => same(long, 'y', 'v'))).toBe(
      `v: got ${JSON.stringify(long).slice(0, 157)}..., the vector says "y"`,
    );
    const edge = 'x'.repeat(158); // 160 characters with its quotes
    expect(mismatch(() => same(edge, 'y', 'v'))).toBe(`v: got "${edge}", the vector says "y"`);
  });
});

describe('throwsCode', () => {
  it('says when the call returned, and which code it threw otherwise', () => {
    // why: replay.ts:72 (thrown === undefined → false: "threw [undefined]"); replay.ts:71
    // (?.code → .code: a call that returns would end in a TypeError, not a Mismatch).
    expect(mismatch(() => throwsCode(() => 1, 'bad'))).toBe('returned, the vector says it throws [bad]');
    expect(
      mismatch(() =>
        throwsCode(() => {
          throw Object.assign(new Error('x'), { code: 'other' });
        }, 'bad'),
      ),
    ).toBe('threw [other], the vector says [bad]');
  });
});

describe('bytesOf', () => {
  it('refuses a bad hex string in the vector with a Mismatch that says so', () => {
    // why: replay.ts:78 (!v.ok → false: the refusal's undefined value would be returned).
    expect(mismatch(() => bytesOf('zz'))).toMatch(/^the vector holds a bad hex string \(/);
    expect(bytesOf('0aff')).toEqual(Uint8Array.of(0x0a, 0xff));
  });
});

describe('holds', () => {
  it('compares null as a value', () => {
    // why: replay.ts:95 (pattern === null → false: null would be read as an object pattern).
    holds(null, null, 'v');
    expect(mismatch(() => holds({}, null, 'v'))).toBe('v: got {}, the vector says null');
  });

  it('needs an array of the same length for an array pattern', () => {
    // why: replay.ts:100 (Array.isArray(actual) && ... → true or ||; actual.length === pattern.length → true).
    expect(mismatch(() => holds('ab', ['a', 'b'], 'v'))).toBe('v: got "ab", the vector says ["a","b"]');
    expect(mismatch(() => holds([1, 2, 3], [1, 2], 'v'))).toBe('v: got [1,2,3], the vector says [1,2]');
    holds([1, { a: 1, b: 2 }], [1, { a: 1 }], 'v');
  });

  it('needs an object for an object pattern, and says so for the whole value', () => {
    // why: replay.ts:101 (actual !== null && typeof actual === 'object' → true, ||, or either side
    // → true) and :102 (!shapeFits → false: the text would name a member instead).
    expect(mismatch(() => holds('abc', { length: 3 }, 'v'))).toBe(
      'v: got "abc", the vector says {"length":3}',
    );
    expect(mismatch(() => holds(null, { a: 1 }, 'v'))).toBe('v: got null, the vector says {"a":1}');
    expect(mismatch(() => holds(5, { a: 1 }, 'v'))).toBe('v: got 5, the vector says {"a":1}');
    expect(mismatch(() => holds({ a: 2 }, { a: 1 }, 'v'))).toBe('v.a: got 2, the vector says 1');
  });
});
