import {
  consistencyProof,
  IncrementalTree,
  inclusionProof,
  leafHash,
  rootHash,
  verifyConsistency,
  verifyInclusion,
} from '@agent-seam/merkle';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  naiveConsistency,
  naiveConsistencyLength,
  naivePath,
  naivePathLength,
  naiveRoot,
} from './reference.js';

// Leaf i is its index in 4 big-endian bytes, varied in length so empty and odd-sized
// leaves are covered; the tree is a pure function of its size.
const leavesOf = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    new Uint8Array([i >>> 24, (i >>> 16) & 255, (i >>> 8) & 255, i & 255]).subarray(0, i % 5),
  );

const MAX = 2500;
const sizes = fc.integer({ min: 1, max: MAX });
const runs = { numRuns: 100 };

describe('against the naive recursive reference', () => {
  it('rootHash and the incremental tree equal the recursive root', () =>
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX }), (n) => {
        const leaves = leavesOf(n);
        const want = naiveRoot(leaves);
        const t = new IncrementalTree();
        for (const leaf of leaves) t.appendLeafHash(leafHash(leaf));
        expect(rootHash(leaves)).toEqual(want);
        expect(t.root()).toEqual(want);
      }),
      runs,
    ));

  it('inclusion proofs equal PATH and verify; any flipped bit is a root mismatch', () =>
    fc.assert(
      fc.property(
        sizes.chain((n) => fc.tuple(fc.constant(n), fc.nat(n - 1), fc.nat())),
        ([n, index, flip]) => {
          const leaves = leavesOf(n);
          const proof = inclusionProof(leaves, index);
          expect(proof).toEqual(naivePath(index, leaves));
          const claim = {
            leafHash: leafHash(leaves[index]!),
            index,
            size: n,
            proof,
            root: naiveRoot(leaves),
          };
          expect(verifyInclusion(claim)).toEqual({ ok: true, value: true });
          if (proof.length > 0) {
            const bad = proof.map((p) => p.slice());
            const at = flip % (proof.length * 256);
            bad[at >> 8]![(at & 255) >> 3]! ^= 1 << (at & 7);
            expect(verifyInclusion({ ...claim, proof: bad })).toMatchObject({ code: 'root-mismatch' });
          }
        },
      ),
      runs,
    ));

  it('consistency proofs equal PROOF and verify', () =>
    fc.assert(
      fc.property(
        sizes.chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 1, max: n }))),
        ([n, m]) => {
          const leaves = leavesOf(n);
          const proof = consistencyProof(leaves, m, n);
          expect(proof).toEqual(m === n ? [] : naiveConsistency(m, leaves));
          const claim = { m, n, rootM: naiveRoot(leaves.slice(0, m)), rootN: naiveRoot(leaves), proof };
          expect(verifyConsistency(claim)).toEqual({ ok: true, value: true });
          if (m < n) {
            const swapped = { ...claim, rootM: claim.rootN, rootN: claim.rootM, m: n, n: m };
            expect(verifyConsistency(swapped)).toMatchObject({ code: 'sizes-out-of-order' });
          }
        },
      ),
      runs,
    ));

  // Sizes far beyond what can be built: the verifiers' length rule must agree with
  // the recursion for every uint64 shape, one sibling more or fewer is always refused.
  it('proof lengths match the recursion for uint64 sizes', () =>
    fc.assert(
      fc.property(
        fc.bigInt({ min: 2n, max: (1n << 64n) - 1n }),
        fc.bigInt({ min: 0n, max: (1n << 64n) - 1n }),
        (n, r) => {
          const index = r % n;
          const m = (r % (n - 1n)) + 1n;
          const hash = new Uint8Array(32);
          const incl = (len: number) =>
            verifyInclusion({ leafHash: hash, index, size: n, proof: Array(len).fill(hash), root: hash });
          const cons = (len: number) =>
            verifyConsistency({ m, n, rootM: hash, rootN: hash, proof: Array(len).fill(hash) });
          const li = naivePathLength(index, n);
          const lc = naiveConsistencyLength(m, n);
          expect(incl(li)).toMatchObject({ code: 'root-mismatch' });
          expect(incl(li + 1)).toMatchObject({ code: 'wrong-proof-length' });
          if (li > 0) expect(incl(li - 1)).toMatchObject({ code: 'wrong-proof-length' });
          expect(cons(lc)).toMatchObject({ code: 'root-mismatch' });
          expect(cons(lc + 1)).toMatchObject({ code: 'wrong-proof-length' });
          expect(cons(lc - 1)).toMatchObject({ code: 'wrong-proof-length' });
        },
      ),
      { numRuns: 1000 },
    ));
});
