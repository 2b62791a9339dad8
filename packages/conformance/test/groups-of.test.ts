import { describe, expect, it } from 'vitest';
import { groupsOf } from '../src/index.js';

// How a vector document is cut into groups. Where a case exists for a mutant Stryker's --rest run left alive,
// its `why` names that mutant as file.ts:line:column of the report.

describe('groupsOf', () => {
  it('counts only array or object values under keys that are not notes', () => {
    // why: vectors.node.ts:27:38, 27:59 (both), 27:84 (a string or null value taken as a
    // group), 28:34 (all eight), 28:40, 28:47, 28:53, 28:63 (endsWith as startsWith), 28:85,
    // 28:91 (a note key taken as a group), 39:9 (&&: notes with arrays and non-group values
    // both kept), 40:9 (reject split outside the seam-wire layout).
    const g = groupsOf(
      {
        _: [1],
        note: [1],
        fooNote: [1],
        $schema: [1],
        Notebook: [1],
        text: 'abc',
        nothing: null,
        cases: { accept: [1, 2], refuse: [3], casesNote: [4], label: 'x' },
        reject: { m: [1] },
      },
      'top-level',
    );
    expect([...g]).toEqual([
      ['Notebook', 1],
      ['cases', 3],
      ['reject', 1],
    ]);
  });
  it('splits seam-wire reject into sub-groups, skipping notes and non-group values', () => {
    // why: vectors.node.ts:42:13 (|| : a note sub-key with an array, and a plain value, kept).
    const g = groupsOf({ reject: { m: [1, 2], rejectNote: [1], count: 3 } }, 'seam-wire');
    expect([...g]).toEqual([['reject.m', 2]]);
  });
  it('names the single group of a single: layout after the prefix, counting any document', () => {
    // why: vectors.node.ts:33:7 (false / endsWith: the document read as top-level), 33:37,
    // 34:13, 34:26 (the group named with its prefix), 37:7 (&&) and 37:34, 54:7 (&&) and 54:36
    // (a null document read with Object.entries throws).
    expect([...groupsOf({ accept: [1, 2], refuse: [3] }, 'single:sig')]).toEqual([['sig', 3]]);
    expect([...groupsOf([1, 2], 'single:list')]).toEqual([['list', 2]]);
    expect([...groupsOf(null, 'single:empty')]).toEqual([['empty', 0]]);
    expect([...groupsOf(null, 'top-level')]).toEqual([]);
  });
});
