import { MERKLE_CODES, verifyConsistency, verifyInclusion } from '@agent-seam/merkle';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

/**
 * Whatever a claim holds, even values of the wrong JavaScript type, the verifiers answer
 * with a Verdict and never throw. Entry points covered (every function of this package
 * that judges received data): verifyInclusion(claim), verifyConsistency(claim).
 */
const size = fc.oneof(
  fc.bigInt({ min: -5n, max: 1n << 65n }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, 1, 2, 3, 7, 8),
);
const hashLike = fc.oneof(fc.uint8Array({ maxLength: 40 }), fc.uint8Array({ minLength: 32, maxLength: 32 }));
/** A value for one field of a claim: often of the right type, sometimes anything at all. */
const field = <T>(right: fc.Arbitrary<T>) => fc.oneof(right, right, fc.anything(), fc.string());
const proof = fc.oneof(fc.array(field(hashLike), { maxLength: 70 }), fc.anything());

const isVerdict = (v: { ok: boolean; code?: string; value?: unknown }) => {
  if (v.ok) expect(v.value).toBe(true);
  else expect(MERKLE_CODES).toContain(v.code);
};

describe('the verifiers never throw, whatever the claim', () => {
  it('on any value as the claim itself', () =>
    fc.assert(
      fc.property(fc.anything(), (claim) => {
        isVerdict(verifyInclusion(claim as never));
        isVerdict(verifyConsistency(claim as never));
      }),
      { numRuns: 500 },
    ));
  it('verifyInclusion on claims with fields of any type', () =>
    fc.assert(
      fc.property(
        field(hashLike),
        field(size),
        field(size),
        proof,
        field(hashLike),
        (leafHash, index, treeSize, p, root) => {
          isVerdict(verifyInclusion({ leafHash, index, size: treeSize, proof: p, root } as never));
        },
      ),
      { numRuns: 1000 },
    ));
  it('verifyConsistency on claims with fields of any type', () =>
    fc.assert(
      fc.property(
        field(size),
        field(size),
        field(hashLike),
        field(hashLike),
        proof,
        (m, n, rootM, rootN, p) => {
          isVerdict(verifyConsistency({ m, n, rootM, rootN, proof: p } as never));
        },
      ),
      { numRuns: 1000 },
    ));
  it('a sparse proof array is refused, not walked', () => {
    const hash = new Uint8Array(32);
    const sparse: Uint8Array[] = [];
    sparse.length = 1;
    expect(verifyInclusion({ leafHash: hash, index: 0, size: 2, proof: sparse, root: hash })).toMatchObject({
      code: 'bad-hash-length',
    });
  });
});
