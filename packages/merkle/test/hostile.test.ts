import { verifyConsistency, verifyInclusion } from '@agent-seam/merkle';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

// Whatever values a claim carries, the verifiers answer with a Verdict and never throw.
const size = fc.oneof(
  fc.bigInt({ min: -5n, max: 1n << 65n }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, 1, 2, 3, 7, 8),
);
const bytes = fc.uint8Array({ maxLength: 40 });
const proof = fc.array(bytes, { maxLength: 70 });

describe('hostile claims', () => {
  it('verifyInclusion', () =>
    fc.assert(
      fc.property(bytes, size, size, proof, bytes, (leafHash, index, treeSize, p, root) => {
        const v = verifyInclusion({ leafHash, index, size: treeSize, proof: p, root });
        expect(typeof v.ok).toBe('boolean');
      }),
      { numRuns: 1000 },
    ));
  it('verifyConsistency', () =>
    fc.assert(
      fc.property(size, size, bytes, bytes, proof, (m, n, rootM, rootN, p) => {
        const v = verifyConsistency({ m, n, rootM, rootN, proof: p });
        expect(typeof v.ok).toBe('boolean');
      }),
      { numRuns: 1000 },
    ));
});
