import { type Case, each, type OpGroup, refusal, step, textHex, value } from '../replay.js';

// The groups of @agent-seam/merkle as questions (spec/harness.md, "merkle").
const pkg = '@agent-seam/merkle';

export const merkleGroups: OpGroup[] = [
  {
    file: 'merkle.json',
    group: 'merkle.proofs',
    pkg,
    data: ['leaves'],
    // One tree of the file's leaves: each prefix's root, each leaf's inclusion proof and each
    // older size's consistency proof are made from the leaves, and each proof verifies.
    replay: (g: Case) => {
      const leavesHex = (g.leaves as string[]).map(textHex);
      return [
        ...each(
          g.roots,
          'accept',
          (c) => [step('merkle.root', { leavesHex, size: c.size }, value(c.root))],
          'root/',
        ),
        ...each(
          g.inclusion,
          'accept',
          (c) => [
            step('merkle.inclusionProof', { leavesHex, index: c.index }, value(c.proof)),
            step('merkle.verifyInclusion', { claim: c }, value(true)),
          ],
          'inclusion/',
        ),
        ...each(
          g.consistency,
          'accept',
          (c) => [
            step('merkle.consistencyProof', { leavesHex, m: c.m, n: c.n }, value(c.proof)),
            step('merkle.verifyConsistency', { claim: c }, value(true)),
          ],
          'consistency/',
        ),
      ];
    },
  },
  {
    file: 'merkle.json',
    group: 'merkle.reject',
    pkg,
    // The claim as the file spells it; `asIs` names the members whose wrong type is the point.
    replay: (g: Case[]) =>
      each(g, 'refuse', (c) => [
        step(
          c.kind === 'inclusion' ? 'merkle.verifyInclusion' : 'merkle.verifyConsistency',
          { claim: c.claim, ...(c.asIs === undefined ? {} : { asIs: c.asIs }) },
          refusal(c.code),
        ),
      ]),
  },
];
