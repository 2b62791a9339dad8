import { bytesEqual, describeType, fail, ok, type Verdict } from '@agent-seam/canonical';
import { emptyRoot, HASH_SIZE, nodeHash } from './hash.js';
import { consistencyProofLength, inclusionProofLength, toUint64 } from './sizes.js';

/** Every way a Merkle proof is refused; see spec/merkle.md for the order of checks. */
export const MERKLE_CODES = [
  'not-an-object',
  'not-an-array',
  'not-bytes',
  'invalid-number',
  'index-out-of-range',
  'sizes-out-of-order',
  'size-zero-with-nonempty-root',
  'empty-tree-consistency',
  'wrong-proof-length',
  'bad-hash-length',
  'root-mismatch',
] as const;
export type MerkleCode = (typeof MERKLE_CODES)[number];

export interface InclusionClaim {
  /** The 32-byte leaf hash (SHA-256(0x00 ‖ data)), not the leaf data. */
  leafHash: Uint8Array;
  index: number | bigint;
  size: number | bigint;
  proof: readonly Uint8Array[];
  root: Uint8Array;
}

export interface ConsistencyClaim {
  m: number | bigint;
  n: number | bigint;
  rootM: Uint8Array;
  rootN: Uint8Array;
  proof: readonly Uint8Array[];
}

const EMPTY_ROOT = emptyRoot();

const isHash = (value: unknown): boolean => value instanceof Uint8Array && value.length === HASH_SIZE;

/**
 * A claim is received data even when its JavaScript types are wrong (a proof decoded
 * into something else, a root left as hex): its shape is judged first, as a refusal.
 * Proof nodes and the leaf hash are judged later with their lengths (`bad-hash-length`);
 * roots are only compared, so they need a type check of their own.
 */
function badShape(claim: unknown, roots: readonly string[]): Verdict<never, MerkleCode> | null {
  if (typeof claim !== 'object' || claim === null || Array.isArray(claim))
    return fail('not-an-object', `the claim is ${describeType(claim)}, not an object`);
  const fields = claim as Record<string, unknown>;
  if (!Array.isArray(fields.proof))
    return fail('not-an-array', `proof is ${describeType(fields.proof)}, not an array`);
  for (const root of roots)
    if (!(fields[root] instanceof Uint8Array))
      return fail('not-bytes', `${root} is ${describeType(fields[root])}, not a Uint8Array`);
  return null;
}

/** Every element is a 32-byte Uint8Array; a hole in a sparse array is not. */
function allHashes(list: readonly unknown[]): boolean {
  for (let i = 0; i < list.length; i++) if (!isHash(list[i])) return false;
  return true;
}

/**
 * The walk both RFC 9162 verifiers share: whether the proof hash `level` levels above
 * node `fn`, on the path whose last node is `sn`, is a left sibling.
 * RFC 9162 also climbs, on the right edge (fn = sn), past levels that have no right
 * sibling. That climb is left out: once fn = sn they stay equal, so every later
 * sibling is a left one either way, and the exact proof length checked first already
 * counts only the levels that consume a hash (mutation testing showed the climb could
 * not change a verdict).
 */
function isLeftSibling(fn: bigint, sn: bigint, level: number): boolean {
  const f = fn >> BigInt(level);
  return (f & 1n) === 1n || f === sn >> BigInt(level);
}

/**
 * RFC 9162 section 2.1.3.2. Order: the claim's shape, numbers, index < size, exact proof length (so
 * the loop below never runs past the path), 32-byte inputs, recomputed root.
 */
export function verifyInclusion(claim: InclusionClaim): Verdict<true, MerkleCode> {
  const shape = badShape(claim, ['root']);
  if (shape !== null) return shape;
  const index = toUint64(claim.index);
  const size = toUint64(claim.size);
  if (index === null || size === null) return fail('invalid-number', 'index and size must be uint64');
  if (index >= size) return fail('index-out-of-range', 'index is not below size');
  const proof = claim.proof;
  const needed = inclusionProofLength(index, size);
  if (proof.length !== needed) return fail('wrong-proof-length', proofLengthDetail(proof.length, needed));
  if (!isHash(claim.leafHash) || !allHashes(proof)) return fail('bad-hash-length', 'hashes are 32 bytes');

  let r = claim.leafHash;
  proof.forEach((sibling, i) => {
    r = isLeftSibling(index, size - 1n, i) ? nodeHash(sibling, r) : nodeHash(r, sibling);
  });
  return bytesEqual(r, claim.root) ? ok(true) : fail('root-mismatch', ROOT_MISMATCH);
}

const ROOT_MISMATCH = 'the root rebuilt from the proof is not the root given';

/** A proof of the wrong length, said in counts (computed from the claim's own numbers). */
const proofLengthDetail = (got: number, needed: number) =>
  `the proof has ${got} hashes; these sizes need ${needed}`;

/**
 * RFC 9162 section 2.1.4.2, plus the edge cases the RFC leaves open: a size-0 tree
 * must carry the empty root, nothing is proven from the empty tree to a larger one,
 * and equal sizes need an empty proof and equal roots.
 */
export function verifyConsistency(claim: ConsistencyClaim): Verdict<true, MerkleCode> {
  const shape = badShape(claim, ['rootM', 'rootN']);
  if (shape !== null) return shape;
  const m = toUint64(claim.m);
  const n = toUint64(claim.n);
  if (m === null || n === null) return fail('invalid-number', 'm and n must be uint64');
  if (m > n) return fail('sizes-out-of-order', 'm is larger than n');
  if (
    (m === 0n && !bytesEqual(claim.rootM, EMPTY_ROOT)) ||
    (n === 0n && !bytesEqual(claim.rootN, EMPTY_ROOT))
  )
    return fail('size-zero-with-nonempty-root', "a size is 0 but its root is not the empty tree's");
  if (m === 0n && n > 0n)
    return fail('empty-tree-consistency', 'm is 0: nothing is proven from the empty tree to a larger one');
  const proof = claim.proof;
  if (m === n) {
    if (proof.length !== 0) return fail('wrong-proof-length', proofLengthDetail(proof.length, 0));
    return bytesEqual(claim.rootM, claim.rootN)
      ? ok(true)
      : fail('root-mismatch', 'm is n, and rootM is not rootN');
  }
  const needed = consistencyProofLength(m, n);
  if (proof.length !== needed) return fail('wrong-proof-length', proofLengthDetail(proof.length, needed));
  if (!allHashes(proof)) return fail('bad-hash-length', 'hashes are 32 bytes');

  // When m is a power of two the old root is itself the starting node and is not sent.
  const path = (m & (m - 1n)) === 0n ? [claim.rootM, ...proof] : proof;
  // Start at the old tree's rightmost perfect subtree: drop the levels inside it.
  let fn = m - 1n;
  let sn = n - 1n;
  while ((fn & 1n) === 1n) {
    fn >>= 1n;
    sn >>= 1n;
  }
  let fr = path[0]!;
  let sr = fr;
  for (let i = 1; i < path.length; i++) {
    const c = path[i]!;
    if (isLeftSibling(fn, sn, i - 1)) {
      // A left sibling is inside both trees; a right one only in the new tree.
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
    } else sr = nodeHash(sr, c);
  }
  if (!bytesEqual(fr, claim.rootM) || !bytesEqual(sr, claim.rootN))
    return fail('root-mismatch', ROOT_MISMATCH);
  return ok(true);
}
