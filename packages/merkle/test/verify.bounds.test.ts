import { emptyRoot, verifyConsistency, verifyInclusion } from '@agent-seam/merkle';
import { describe, expect, it } from 'vitest';

const hash = new Uint8Array(32);

/** An array that counts how many of its elements are read. */
function counted(length: number): { proof: Uint8Array[]; reads: () => number } {
  let reads = 0;
  const proof = new Proxy(
    Array.from({ length }, () => hash),
    {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    },
  );
  return { proof, reads: () => reads };
}

/**
 * A proof of 10^5 hashes (issue 15, resource bounds). Its length is compared with the
 * one length the sizes allow before any element is read, so it costs no hashing and no
 * element read at all, whatever the sizes claim (up to 2^64 - 1 leaves: 64 hashes).
 */
describe('a Merkle proof of 10^5 hashes is refused before any element is read', () => {
  for (const size of [13, 2n ** 63n, 2n ** 64n - 1n]) {
    it(`inclusion in a tree of ${size} leaves: wrong-proof-length, 0 element reads`, () => {
      const { proof, reads } = counted(100_000);
      const v = verifyInclusion({ leafHash: hash, index: 0, size, proof, root: hash });
      expect(v).toMatchObject({ ok: false, code: 'wrong-proof-length' });
      expect(reads()).toBe(0);
    });
    it(`consistency from 1 to ${size} leaves: wrong-proof-length, 0 element reads`, () => {
      const { proof, reads } = counted(100_000);
      const v = verifyConsistency({ m: 1, n: size, rootM: hash, rootN: hash, proof });
      expect(v).toMatchObject({ ok: false, code: 'wrong-proof-length' });
      expect(reads()).toBe(0);
    });
  }
});

/**
 * Mutation testing (reports/mutation/merkle.md) found the refusal details unasserted:
 * emptied, every test still passed. A refusal of received data says what was wrong
 * without echoing it; these are the words the spec's table of codes uses.
 */
describe('each shape refusal says what was wrong', () => {
  const inclusion = { leafHash: hash, index: 0, size: 1, proof: [] as Uint8Array[], root: hash };
  const consistency = { m: 1, n: 2, rootM: hash, rootN: hash, proof: [hash] };
  // Judged inside each test (not while the file loads), so each test is what covers the code.
  const cases: [string, () => unknown, string][] = [
    ['not-an-object', () => verifyInclusion(null as never), 'the claim is null, not an object'],
    [
      'not-an-array',
      () => verifyInclusion({ ...inclusion, proof: 'x' } as never),
      'proof is a string, not an array',
    ],
    [
      'not-bytes',
      () => verifyInclusion({ ...inclusion, root: 'x' } as never),
      'root is a string, not a Uint8Array',
    ],
    [
      'not-bytes',
      () => verifyConsistency({ ...consistency, rootN: [] } as never),
      'rootN is an array, not a Uint8Array',
    ],
    ['invalid-number', () => verifyInclusion({ ...inclusion, size: -1 }), 'index and size must be uint64'],
    ['invalid-number', () => verifyConsistency({ ...consistency, n: 1.5 }), 'm and n must be uint64'],
    [
      'bad-hash-length',
      () => verifyInclusion({ ...inclusion, leafHash: new Uint8Array(31) }),
      'hashes are 32 bytes',
    ],
    [
      'bad-hash-length',
      () => verifyConsistency({ ...consistency, proof: [new Uint8Array(33)] }),
      'hashes are 32 bytes',
    ],
    ['index-out-of-range', () => verifyInclusion({ ...inclusion, index: 1 }), 'index is not below size'],
    [
      'wrong-proof-length',
      () => verifyInclusion({ ...inclusion, proof: [hash] }),
      'the proof has 1 hashes; these sizes need 0',
    ],
    [
      'root-mismatch',
      () => verifyInclusion({ ...inclusion, root: new Uint8Array(32).fill(1) }),
      'the root rebuilt from the proof is not the root given',
    ],
    ['sizes-out-of-order', () => verifyConsistency({ ...consistency, m: 3 }), 'm is larger than n'],
    [
      'empty-tree-consistency',
      () => verifyConsistency({ m: 0, n: 2, rootM: emptyRoot(), rootN: hash, proof: [] }),
      'm is 0: nothing is proven from the empty tree to a larger one',
    ],
    [
      'size-zero-with-nonempty-root',
      () => verifyConsistency({ m: 0, n: 2, rootM: hash, rootN: hash, proof: [] }),
      "a size is 0 but its root is not the empty tree's",
    ],
    [
      'root-mismatch',
      () => verifyConsistency({ ...consistency, n: 1, rootN: new Uint8Array(32).fill(1), proof: [] }),
      'm is n, and rootM is not rootN',
    ],
  ];
  it.each(cases)('%s (case %#)', (code, judge, detail) => {
    expect(judge()).toEqual({ ok: false, code, detail });
  });
});
