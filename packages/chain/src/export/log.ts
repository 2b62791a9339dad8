import { bytesEqual } from '@agent-seam/canonical';
import { IncrementalTree, leafHash, verifyInclusion } from '@agent-seam/merkle';
import type { Checkpoint } from './frames.js';
import type { FindingCode } from './report.js';

/** One sealed run's claimed place in the log: its seal (the leaf data) at an index. */
export interface SealedLeaf {
  index: number;
  seal: Uint8Array;
  run: string;
  line: number;
  proof?: Uint8Array[] | 'malformed';
}

export interface LogFinding {
  code: FindingCode;
  message: string;
  run?: string;
  line?: number;
}

/**
 * The seals must be exactly the positions 0..size; only then is a root rebuilt.
 * Returns the leaves in index order when they are, else null.
 */
export function contiguousLeaves(leaves: readonly SealedLeaf[], size: number): SealedLeaf[] | null {
  // Filled, not holes: `every` skips holes, so a position two leaves claim would pass unseen.
  const byIndex = new Array<SealedLeaf | undefined>(Math.min(size, leaves.length)).fill(undefined);
  for (const leaf of leaves) {
    if (leaf.index >= byIndex.length) return null;
    byIndex[leaf.index] = leaf;
  }
  return byIndex.every((l) => l !== undefined) ? (byIndex as SealedLeaf[]) : null;
}

/** The root of the first `m` leaves, when positions 0..m are all present; else null. */
export function prefixRootOf(leaves: readonly SealedLeaf[], m: number): Uint8Array | null {
  const byIndex = new Array<Uint8Array | undefined>(m);
  for (const leaf of leaves) if (leaf.index < m) byIndex[leaf.index] = leaf.seal;
  const tree = new IncrementalTree();
  for (let i = 0; i < m; i++) {
    const seal = byIndex[i];
    if (seal === undefined) return null;
    tree.appendLeafHash(leafHash(seal));
  }
  return tree.root();
}

/**
 * Step 5. A whole export rebuilds the tree from its seals and compares the header
 * root; a package proves each leaf by its inclusion path instead, since the leaves
 * it leaves out are its purpose.
 */
export function judgeLog(input: {
  checkpoint: Checkpoint | null;
  leaves: readonly SealedLeaf[];
  disclosure: boolean;
}): { findings: LogFinding[]; provenLeaves?: number } {
  const { checkpoint, leaves, disclosure } = input;
  const findings: LogFinding[] = [];
  if (checkpoint === null) return { findings };
  if (disclosure) {
    let proven = 0;
    for (const leaf of leaves) {
      const where = { run: leaf.run, line: leaf.line };
      if (leaf.proof === undefined || leaf.proof === 'malformed') {
        findings.push({
          code: 'proof-missing',
          message: 'the sealed run carries no well-formed inclusion path',
          ...where,
        });
        continue;
      }
      const verdict = verifyInclusion({
        leafHash: leafHash(leaf.seal),
        index: leaf.index,
        size: checkpoint.size,
        proof: leaf.proof,
        root: checkpoint.root,
      });
      if (verdict.ok) proven++;
      else
        findings.push({
          code: 'proof-invalid',
          message: `its path does not prove its leaf (${verdict.code})`,
          ...where,
        });
    }
    return { findings, provenLeaves: proven };
  }
  const ordered = contiguousLeaves(leaves, checkpoint.size);
  if (ordered === null) {
    findings.push({
      code: 'positions-not-contiguous',
      message: `the sealed positions are not contiguous from 0 within the checkpoint's ${checkpoint.size}`,
    });
  } else if (ordered.length < checkpoint.size) {
    findings.push({
      code: 'log-incomplete',
      message: `the file carries ${ordered.length} sealed run(s) and its checkpoint commits to ${checkpoint.size}: the set cannot be checked`,
    });
  } else {
    const tree = new IncrementalTree();
    for (const leaf of ordered) tree.appendLeafHash(leafHash(leaf.seal));
    if (!bytesEqual(tree.root(), checkpoint.root))
      findings.push({
        code: 'root-mismatch',
        message: 'the Merkle root rebuilt from this export does not match its header',
      });
  }
  return { findings };
}
