import { hex } from '@agent-seam/canonical';
import {
  type ConsistencyClaim,
  consistencyProof,
  type InclusionClaim,
  inclusionProof,
  prefixRoot,
  verifyConsistency,
  verifyInclusion,
} from '@agent-seam/merkle';
import { accepted, bytesOf, type Case, cases, type FileReplay, refused, same } from './replay.js';

const pkg = '@agent-seam/merkle';
const inclusionClaim = (c: Case) => ({
  leafHash: bytesOf(c.leafHash),
  index: BigInt(c.index),
  size: BigInt(c.size),
  proof: c.proof.map(bytesOf),
  root: bytesOf(c.root),
});
const consistencyClaim = (c: Case) => ({
  m: BigInt(c.m),
  n: BigInt(c.n),
  rootM: bytesOf(c.rootM),
  rootN: bytesOf(c.rootN),
  proof: c.proof.map(bytesOf),
});
/** A refusal's claim as the file gives it: a non-object as is, the members in `asIs` unconverted. */
function rejectClaim(c: Case): Case {
  if (typeof c.claim !== 'object' || c.claim === null) return c.claim;
  const asIs: string[] = c.asIs ?? [];
  const placeholders = Object.fromEntries(asIs.map((k) => [k, k === 'proof' ? [] : '00']));
  const claim: Case = (c.kind === 'inclusion' ? inclusionClaim : consistencyClaim)({
    ...c.claim,
    ...placeholders,
  });
  for (const k of asIs) claim[k] = c.claim[k];
  return claim;
}

export const merkle: FileReplay = {
  file: 'merkle.json',
  layout: 'top-level',
  groups: {
    'merkle.proofs': {
      pkg,
      data: ['leaves'],
      replay: (g) => {
        const leaves = (g.leaves as string[]).map((s) => new TextEncoder().encode(s));
        return [
          ...cases(
            g.roots,
            (c) => same(hex.encode(prefixRoot(leaves, Number(c.size))), c.root, 'root'),
            'root/',
          ),
          ...cases(
            g.inclusion,
            (c) => {
              same(inclusionProof(leaves, Number(c.index)).map(hex.encode), c.proof, 'proof');
              accepted(verifyInclusion(inclusionClaim(c)), true);
            },
            'inclusion/',
          ),
          ...cases(
            g.consistency,
            (c) => {
              same(consistencyProof(leaves, Number(c.m), Number(c.n)).map(hex.encode), c.proof, 'proof');
              accepted(verifyConsistency(consistencyClaim(c)), true);
            },
            'consistency/',
          ),
        ];
      },
    },
    'merkle.reject': {
      pkg,
      replay: (g) =>
        cases(g, (c) =>
          refused(
            c.kind === 'inclusion'
              ? verifyInclusion(rejectClaim(c) as InclusionClaim)
              : verifyConsistency(rejectClaim(c) as ConsistencyClaim),
            c.code,
          ),
        ),
    },
  },
};
