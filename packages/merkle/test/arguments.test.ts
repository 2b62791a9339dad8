import { SeamError } from '@agent-seam/canonical';
import {
  consistencyProof,
  emptyRoot,
  IncrementalTree,
  inclusionProof,
  prefixRoot,
  verifyInclusion,
} from '@agent-seam/merkle';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';

const thrownCode = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(SeamError);
    return (e as SeamError).code;
  }
  throw new Error('expected a SeamError');
};
const leaves = [new Uint8Array([1]), new Uint8Array([2]), new Uint8Array([3])];
const hash = new Uint8Array(32);

describe('producer paths throw SeamError on bad arguments', () => {
  it('inclusionProof', () => {
    expect(thrownCode(() => inclusionProof(leaves, 3))).toBe('index-out-of-range');
    expect(thrownCode(() => inclusionProof(leaves, -1))).toBe('index-out-of-range');
    expect(thrownCode(() => inclusionProof([], 0))).toBe('index-out-of-range');
  });
  it('consistencyProof and prefixRoot', () => {
    expect(thrownCode(() => consistencyProof(leaves, 0, 3))).toBe('empty-tree-consistency');
    expect(thrownCode(() => consistencyProof(leaves, 2, 4))).toBe('invalid-argument');
    expect(thrownCode(() => consistencyProof(leaves, 3, 2))).toBe('invalid-argument');
    expect(consistencyProof(leaves, 0, 0)).toEqual([]);
    expect(thrownCode(() => prefixRoot(leaves, 4))).toBe('invalid-argument');
    expect(prefixRoot(leaves, 0)).toEqual(emptyRoot());
  });
  it('IncrementalTree takes 32-byte leaf hashes only', () => {
    const tree = new IncrementalTree();
    expect(thrownCode(() => tree.appendLeafHash(new Uint8Array(31)))).toBe('bad-hash-length');
    expect(tree.size).toBe(0);
    expect(tree.root()).toEqual(emptyRoot());
  });
  it('bigint indexes and sizes are accepted wherever numbers are', () => {
    expect(inclusionProof(leaves, 1n)).toEqual(inclusionProof(leaves, 1));
    expect(consistencyProof(leaves, 1n, 3n)).toEqual(consistencyProof(leaves, 1, 3));
    expect(prefixRoot(leaves, 2n)).toEqual(prefixRoot(leaves, 2));
    expect(thrownCode(() => inclusionProof(leaves, 3n))).toBe('index-out-of-range');
    expect(thrownCode(() => inclusionProof(leaves, 1.5))).toBe('index-out-of-range');
  });
  it('numbers that are not uint64 are refused, not rounded', () => {
    const claim = { leafHash: hash, index: 0, size: 1, proof: [], root: hash };
    for (const size of [1.5, Number.NaN, 2 ** 53, -1, '1' as unknown as number])
      expect(verifyInclusion({ ...claim, size })).toMatchObject({ code: 'invalid-number' });
    expect(verifyInclusion({ ...claim, size: 1n, index: 0n })).toEqual({ ok: true, value: true });
  });
});

describe("the messages of the producers' refusals name what was wrong", () => {
  const seamError = (code: string, message: string) => ({
    name: 'SeamError',
    code,
    message: `${code}: ${message}`,
  });

  it('a consistency proof from the empty tree, a size past the leaves, an index past the leaves, each named', () => {
    // holds proofs.ts:70:51 (the empty-tree message), 66:41 'n' and 77:40 'index' → "";
    // tree.ts:68:48 'm' (prefixRoot) → ""
    expect(thrown(() => consistencyProof(leaves, 0, 3))).toEqual(
      seamError('empty-tree-consistency', 'no consistency proof starts at the empty tree'),
    );
    expect(thrown(() => consistencyProof(leaves, 2, 4))).toEqual(
      seamError('invalid-argument', 'n must be an integer in 0..3'),
    );
    expect(thrown(() => inclusionProof(leaves, 3))).toEqual(
      seamError('index-out-of-range', 'index must be an integer in 0..2'),
    );
    expect(thrown(() => prefixRoot(leaves, 4))).toEqual(
      seamError('invalid-argument', 'm must be an integer in 0..3'),
    );
  });

  it('IncrementalTree refuses a 33-byte leaf hash with a message saying a leaf hash is 32 bytes', () => {
    // holds tree.ts:29:46 (the message) → ""
    expect(thrown(() => new IncrementalTree().appendLeafHash(new Uint8Array(33).fill(1)))).toEqual(
      seamError('bad-hash-length', 'a leaf hash is 32 bytes'),
    );
  });
});
