import {
  CONSISTENCY_CHECKS,
  consistencyProof,
  emptyRoot,
  INCLUSION_CHECKS,
  inclusionProof,
  leafHash,
  MERKLE_CODES,
  prefixRoot,
  rootHash,
  verifyConsistency,
  verifyInclusion,
} from '@agent-seam/merkle';
import { describe, expect, it } from 'vitest';
import { holdChecksToVerifier } from '../../../tools/check-order.ts';

const leaves = Array.from({ length: 7 }, (_, i) => new TextEncoder().encode(`leaf ${i}`));
const root = rootHash(leaves);
const short = new Uint8Array(31);
const inclusion = {
  leafHash: leafHash(leaves[2]!),
  index: 2,
  size: 7,
  proof: inclusionProof(leaves, 2),
  root,
};
const consistency = {
  m: 3,
  n: 7,
  rootM: prefixRoot(leaves, 3),
  rootN: root,
  proof: consistencyProof(leaves, 3, 7),
};
const include = (changes: Record<string, unknown>) => verifyInclusion({ ...inclusion, ...changes } as never);
const consist = (changes: Record<string, unknown>) =>
  verifyConsistency({ ...consistency, ...changes } as never);

/** The codes only the other verifier returns (read from verify.ts). */
const CONSISTENCY_ONLY = ['sizes-out-of-order', 'size-zero-with-nonempty-root', 'empty-tree-consistency'];
const INCLUSION_ONLY = ['index-out-of-range'];

it('the claims the order cases start from verify', () => {
  expect(verifyInclusion(inclusion)).toEqual({ ok: true, value: true });
  expect(verifyConsistency(consistency)).toEqual({ ok: true, value: true });
});

it('the two lists together hold every Merkle code', () => {
  const codes = [...INCLUSION_CHECKS, ...CONSISTENCY_CHECKS].flatMap((c) => c.codes);
  expect(new Set(codes)).toEqual(new Set(MERKLE_CODES));
});

holdChecksToVerifier(
  'verifyInclusion',
  INCLUSION_CHECKS,
  MERKLE_CODES.filter((c) => !CONSISTENCY_ONLY.includes(c)),
  {
    'shape > numbers': () => include({ proof: 'not a list', index: -1 }),
    // A size that is not an integer, and below the index.
    'numbers > index': () => include({ index: 5, size: 1.5 }),
    'index > proof-length': () => include({ index: 7, proof: [] }),
    'proof-length > hash-length': () => include({ proof: [short] }),
    'hash-length > root': () => include({ leafHash: short, root: new Uint8Array(32) }),
  },
);

holdChecksToVerifier(
  'verifyConsistency',
  CONSISTENCY_CHECKS,
  MERKLE_CODES.filter((c) => !INCLUSION_ONLY.includes(c)),
  {
    'shape > numbers': () => consist({ proof: 'not a list', m: -1 }),
    'numbers > order': () => consist({ m: 5, n: 1.5 }),
    'order > empty-root': () => consist({ m: 5, n: 0 }),
    'empty-root > from-empty': () => consist({ m: 0 }),
    'from-empty > proof-length': () => consist({ m: 0, rootM: emptyRoot() }),
    'proof-length > hash-length': () => consist({ proof: [short] }),
    'hash-length > roots': () =>
      consist({ proof: consistency.proof.map(() => short), rootN: new Uint8Array(32) }),
  },
);

describe('the check titles', () => {
  // Every other title (and every title emptied) is held by the shared check-list test of
  // tools/check-order.ts; only the words passed into the two shared title templates need
  // a case of their own.
  const title = (checks: typeof INCLUSION_CHECKS, id: string) => checks.find((c) => c.id === id)?.title;

  it('the shape and proof-length titles name the inputs each verifier is given', () => {
    // holds checks.ts:18:9 'the root', :21:15 'index and size', :32:9 'rootM and rootN each',
    // :45:15 'm and n' → "" (the titles stay non-empty and distinct without them)
    expect(title(INCLUSION_CHECKS, 'shape')).toBe(
      'the claim is an object, its proof an array, the root a Uint8Array',
    );
    expect(title(INCLUSION_CHECKS, 'proof-length')).toBe(
      'the proof has exactly as many hashes as index and size call for',
    );
    expect(title(CONSISTENCY_CHECKS, 'shape')).toBe(
      'the claim is an object, its proof an array, rootM and rootN each a Uint8Array',
    );
    expect(title(CONSISTENCY_CHECKS, 'proof-length')).toBe(
      'the proof has exactly as many hashes as m and n call for',
    );
  });
});
