import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { hex, unwrap } from '@agent-seam/canonical';
import { interopPath, loadInterop, openLedger } from '@agent-seam/conformance';
import {
  consistencyProof,
  IncrementalTree,
  inclusionProof,
  leafHash,
  nodeHash,
  rootHash,
  verifyConsistency,
  verifyInclusion,
} from '@agent-seam/merkle';
import { describe, expect, it } from 'vitest';
import { naiveConsistencyLength, naivePathLength } from './reference.js';

const ledger = openLedger();
const RFC = 'merkle.rfc6962';
const TD = 'merkle.transparency-dev';
const h = (text: string) => unwrap(hex.decode(text));
const enc = (bytes: Uint8Array) => hex.encode(bytes);

interface Tree {
  leaves_hex: string[];
  leaf_hashes_hex: string[];
  node_hashes_by_level: string[][];
  roots_by_size: Record<string, string>;
  hashing: { desc: string; leaf_hex?: string; left_hex?: string; right_hex?: string; want: string }[];
  inclusion_proofs: Incl[];
  consistency_proofs: Cons[];
  all_inclusion_proofs_derived: Incl[];
  all_consistency_proofs_derived: Cons[];
}
interface Incl {
  leaf_index: number;
  tree_size: number;
  leaf_hash: string;
  root: string;
  proof: string[];
}
interface Cons {
  size1: number;
  size2: number;
  root1: string;
  root2: string;
  proof: string[];
}

const tree = loadInterop<Tree>('standards/merkle-rfc6962/rfc6962-8leaf-vectors.json');

describe('merkle.rfc6962 (the 8-leaf reference tree)', () => {
  if (tree === null) {
    it('interop data absent', () => ledger.interopMissing(RFC));
    return;
  }
  const leaves = tree.leaves_hex.map(h);
  const interop = { interop: true };

  for (const v of tree.hashing) {
    it(`hashing/${v.desc}`, () =>
      ledger.accept(
        RFC,
        `hashing/${v.desc}`,
        () => {
          const got =
            v.left_hex !== undefined
              ? nodeHash(h(v.left_hex), h(v.right_hex!))
              : v.leaf_hex !== undefined
                ? leafHash(h(v.leaf_hex))
                : rootHash([]);
          expect(enc(got)).toBe(v.want);
        },
        interop,
      ));
  }
  for (const [i, want] of tree.leaf_hashes_hex.entries()) {
    it(`leaf-hash/${i}`, () =>
      ledger.accept(RFC, `leaf-hash/${i}`, () => expect(enc(leafHash(leaves[i]!))).toBe(want), interop));
  }
  for (const [l, level] of tree.node_hashes_by_level.entries()) {
    for (const [i, want] of level.entries()) {
      const range = leaves.slice(i << l, (i + 1) << l);
      it(`node/${l}/${i}`, () =>
        ledger.accept(RFC, `node/${l}/${i}`, () => expect(enc(rootHash(range))).toBe(want), interop));
    }
  }
  for (const [size, want] of Object.entries(tree.roots_by_size)) {
    it(`root/${size}`, () =>
      ledger.accept(
        RFC,
        `root/${size}`,
        () => expect(enc(rootHash(leaves.slice(0, +size)))).toBe(want),
        interop,
      ));
    it(`incremental-root/${size}`, () =>
      ledger.accept(
        RFC,
        `incremental-root/${size}`,
        () => {
          const t = new IncrementalTree();
          for (const leaf of leaves.slice(0, +size)) t.appendLeaf(leaf);
          expect(t.size).toBe(+size);
          expect(enc(t.root())).toBe(want);
        },
        interop,
      ));
  }
  const inclusions = [
    ...tree.inclusion_proofs.map((v) => ['inclusion', v] as const),
    ...tree.all_inclusion_proofs_derived.map((v) => ['inclusion-derived', v] as const),
  ];
  for (const [kind, v] of inclusions) {
    const name = `${kind}/${v.leaf_index}-of-${v.tree_size}`;
    it(name, () =>
      ledger.accept(
        RFC,
        name,
        () => {
          const own = leaves.slice(0, v.tree_size);
          expect(inclusionProof(own, v.leaf_index).map(enc)).toEqual(v.proof);
          const verdict = verifyInclusion({
            leafHash: h(v.leaf_hash),
            index: v.leaf_index,
            size: v.tree_size,
            proof: v.proof.map(h),
            root: h(v.root),
          });
          expect(verdict).toEqual({ ok: true, value: true });
        },
        interop,
      ),
    );
  }
  const consistencies = [
    ...tree.consistency_proofs.map((v) => ['consistency', v] as const),
    ...tree.all_consistency_proofs_derived.map((v) => ['consistency-derived', v] as const),
  ];
  for (const [kind, v] of consistencies) {
    const name = `${kind}/${v.size1}-to-${v.size2}`;
    it(name, () =>
      ledger.accept(
        RFC,
        name,
        () => {
          expect(consistencyProof(leaves, v.size1, v.size2).map(enc)).toEqual(v.proof);
          const verdict = verifyConsistency({
            m: v.size1,
            n: v.size2,
            rootM: h(v.root1),
            rootN: h(v.root2),
            proof: v.proof.map(h),
          });
          expect(verdict).toEqual({ ok: true, value: true });
        },
        interop,
      ),
    );
  }
});

/**
 * transparency-dev/merkle testdata: one JSON file per case, base64 hashes, uint64
 * sizes (read as text so 2^64-1 survives), `wantErr` from upstream. The refusal code
 * each broken case must get follows from the documented order of checks: the
 * mutation name fixes it where it is unambiguous, and for mutated sizes/indexes the
 * naive recursive proof length (test/reference.ts) decides between a length and a
 * root refusal.
 */
const TD_DIR = interopPath('standards/merkle-rfc6962/transparency-dev-testdata');
const b64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)],
  );
}
function readExact(path: string): Record<string, any> {
  const text = readFileSync(path, 'utf8').replace(/"(leafIdx|treeSize|size1|size2)": (\d+)/g, '"$1": "$2"');
  const doc = JSON.parse(text);
  for (const k of ['leafIdx', 'treeSize', 'size1', 'size2']) if (k in doc) doc[k] = BigInt(doc[k]);
  return doc;
}

const MUTATION_CODES: [RegExp, string][] = [
  [
    /^(empty-root|random-root|wrong-root\d?|swapped-roots|modified-proof.*|sizes-are-equal-one-but-roots-are-not|roots-do-not-not-match-and-sizes-are-one)$/,
    'root-mismatch',
  ],
  [
    /^(inserted-component|removed-component|preceding-.*|trailing-.*|truncated-proof|empty-proof|sizes-match-but-proof-is-not-empty.*|sizes-do-not-watch-and-proof-is-empty)$/,
    'wrong-proof-length',
  ],
  [/^wrong-leaf$/, 'bad-hash-length'],
  [/^size1-is-greater-than-size2.*$/, 'sizes-out-of-order'],
];

function expectedInclusion(c: Record<string, any>, mutation: string): string {
  if (c.leafIdx >= c.treeSize) return 'index-out-of-range';
  const proof: string[] = c.proof ?? [];
  if (proof.length !== naivePathLength(c.leafIdx, c.treeSize)) return 'wrong-proof-length';
  if (b64(c.leafHash).length !== 32) return 'bad-hash-length';
  return MUTATION_CODES.find(([re]) => re.test(mutation))?.[1] ?? 'root-mismatch';
}
const EMPTY = '47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=';
function expectedConsistency(c: Record<string, any>, mutation: string): string {
  if (c.size1 > c.size2) return 'sizes-out-of-order';
  if ((c.size1 === 0n && c.root1 !== EMPTY) || (c.size2 === 0n && c.root2 !== EMPTY))
    return 'size-zero-with-nonempty-root';
  if (c.size1 === 0n && c.size2 > 0n) return 'empty-tree-consistency';
  const proof: string[] = c.proof ?? [];
  const want = c.size1 === c.size2 ? 0 : naiveConsistencyLength(c.size1, c.size2);
  if (proof.length !== want) return 'wrong-proof-length';
  return MUTATION_CODES.find(([re]) => re.test(mutation))?.[1] ?? 'root-mismatch';
}

describe('merkle.transparency-dev', () => {
  if (TD_DIR === null) {
    it('interop data absent', () => ledger.interopMissing(TD));
    return;
  }
  const files = filesUnder(TD_DIR).sort();
  it('holds the whole upstream testdata set', () => expect(files.length).toBe(196));
  for (const file of files) {
    const name = relative(TD_DIR, file).replace(/\.json$/, '');
    const c = readExact(file);
    const mutation = name.split('/').pop()!;
    const verdict =
      'leafIdx' in c
        ? () =>
            verifyInclusion({
              leafHash: b64(c.leafHash),
              index: c.leafIdx,
              size: c.treeSize,
              proof: (c.proof ?? []).map(b64),
              root: b64(c.root),
            })
        : () =>
            verifyConsistency({
              m: c.size1,
              n: c.size2,
              rootM: b64(c.root1),
              rootN: b64(c.root2),
              proof: (c.proof ?? []).map(b64),
            });
    if (c.wantErr === false) {
      it(name, () =>
        ledger.accept(TD, name, () => expect(verdict()).toEqual({ ok: true, value: true }), {
          interop: true,
        }),
      );
    } else {
      const code = 'leafIdx' in c ? expectedInclusion(c, mutation) : expectedConsistency(c, mutation);
      it(`${name} -> ${code}`, () =>
        ledger.refuse(TD, name, () => expect(verdict()).toMatchObject({ ok: false, code }), {
          interop: true,
        }));
    }
  }
});
