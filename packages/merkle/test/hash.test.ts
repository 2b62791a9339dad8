import { concatBytes, sha256 } from '@agent-seam/canonical';
import { leafHash, nodeHash, prefixRoot } from '@agent-seam/merkle';
import { sha256 as nobleSha256 } from '@noble/hashes/sha2.js';
import { expect, it } from 'vitest';
import { naiveRoot } from './reference.js';

/** RFC 6962's two hashes as written out by hand, against leafHash and nodeHash's scratch buffers. */

const bytes = (length: number, fill: number) => new Uint8Array(length).fill(fill);
/** SHA-256(0x01 ‖ left ‖ right), spelled out without nodeHash. */
const expectedNode = (left: Uint8Array, right: Uint8Array) =>
  sha256(concatBytes([Uint8Array.of(1), left, right]));

it('a child that is not 32 bytes is hashed as SHA-256(0x01 ‖ left ‖ right), like a 32-byte one', () => {
  // holds hash.ts:26:7 (the length test → `&&`, or its left half → false or `===`): a
  // 31-byte left child would go to the 65-byte scratch buffer, which then hashes a stale byte too
  const short = bytes(31, 0xaa);
  const full = bytes(32, 0xbb);
  expect(nodeHash(full, full)).toEqual(expectedNode(full, full));
  expect(nodeHash(short, full)).toEqual(expectedNode(short, full));
  // holds hash.ts:26:36 (the right half → false or `===`), and 26:7 `&&`: a 31-byte right child
  expect(nodeHash(full, short)).toEqual(expectedNode(full, short));
  expect(nodeHash(short, short)).toEqual(expectedNode(short, short));
  expect(nodeHash(new Uint8Array(0), full)).toEqual(expectedNode(new Uint8Array(0), full));
});

it('each 32-byte leaf hashes as SHA-256(0x00 ‖ leaf) on its own, and the roots equal the naive reference', () => {
  // holds leafHash's `leafInput.set(data, 1)` removed (every 32-byte leaf then hashed as
  // zeros) and any reuse of one leaf's input for the next; the reference is noble's SHA-256
  // over a fresh concatenation (test/reference.ts), not the code under test.
  const leaves = Array.from({ length: 5 }, (_, i) => Uint8Array.from({ length: 32 }, (_, j) => i * 32 + j));
  const hashes = leaves.map((leaf) => leafHash(leaf));
  leaves.forEach((leaf, i) => {
    expect(hashes[i]).toEqual(nobleSha256(concatBytes([new Uint8Array([0]), leaf])));
  });
  expect(prefixRoot(leaves, 5)).toEqual(naiveRoot(leaves));
});
