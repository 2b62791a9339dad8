import { hex } from '@agent-seam/canonical';
import {
  CONSISTENCY_CHECKS,
  INCLUSION_CHECKS,
  inclusionProof,
  leafHash,
  rootHash,
  verifyConsistency,
  verifyInclusion,
} from '@agent-seam/merkle';
import { type Command, oneInput, str } from '../command.js';
import { EXIT, print, printJson, readJson, readText, Unreadable, UsageError, utf8 } from '../io.js';
import { report } from './shared.js';

/** The leaves of a leaves file: one per line, as hex, or with --text each line's UTF-8 bytes. */
export function leavesOf(path: string, text: boolean): Uint8Array[] {
  const lines = readText(path).split('\n');
  if (lines.at(-1) === '') lines.pop();
  return lines.map((line, i) => {
    if (text) return utf8(line);
    const bytes = hex.decode(line);
    if (!bytes.ok)
      throw new Unreadable(
        `line ${i + 1} of ${path} is not lowercase hex; give --text to hash lines as text`,
      );
    return bytes.value;
  });
}

export const LEAVES_HELP = `FILE holds one leaf per line, as lowercase hex of the leaf data (with --text: each
line's UTF-8 bytes, without its newline).`;

export const merkleRoot: Command = {
  name: 'merkle root',
  summary: 'the RFC 6962 root hash of a list of leaves',
  usage: `usage: seam merkle root FILE|- [--text] [--json]

Prints the RFC 6962 / RFC 9162 tree hash (@agent-seam/merkle rootHash) in hex.
${LEAVES_HELP}

exit: 0, 2 bad command line, 4 unreadable file`,
  example: `  $ printf 'a\\nb\\nc\\n' | seam merkle root - --text`,
  options: { text: { type: 'boolean' } },
  run(values, positionals) {
    const leaves = leavesOf(oneInput(merkleRoot, positionals), values.text === true);
    const root = hex.encode(rootHash(leaves));
    if (values.json === true)
      printJson({ command: 'merkle root', ok: true, value: { size: leaves.length, root } });
    else print(root);
    return EXIT.ok;
  },
};

export const merkleProve: Command = {
  name: 'merkle prove',
  summary: 'an inclusion proof for one leaf, as a claim seam merkle verify reads',
  usage: `usage: seam merkle prove FILE|- --index I [--text]

Writes the inclusion claim of leaf I as JSON: {leafHash, index, size, proof, root}, all
hashes in hex (@agent-seam/merkle inclusionProof).
${LEAVES_HELP}

exit: 0, 2 bad command line (an index outside the tree), 4 unreadable file`,
  example: `  $ printf 'a\\nb\\nc\\n' | seam merkle prove - --text --index 1 > claim.json`,
  options: { text: { type: 'boolean' }, index: { type: 'string' } },
  run(values, positionals) {
    const leaves = leavesOf(oneInput(merkleProve, positionals), values.text === true);
    const indexText = str(values.index);
    if (
      indexText === undefined ||
      !/^(0|[1-9][0-9]{0,15})$/.test(indexText) ||
      Number(indexText) >= leaves.length
    )
      throw new UsageError(`--index wants a leaf number from 0 to ${leaves.length - 1}`);
    const index = Number(indexText);
    const claim = {
      leafHash: hex.encode(leafHash(leaves[index]!)),
      index,
      size: leaves.length,
      proof: inclusionProof(leaves, index).map((h) => hex.encode(h)),
      root: hex.encode(rootHash(leaves)),
    };
    printJson(values.json === true ? { command: 'merkle prove', ok: true, value: claim } : claim);
    return EXIT.ok;
  },
};

const hashOf = (v: unknown) => {
  const bytes = typeof v === 'string' ? hex.decode(v) : null;
  return bytes?.ok ? bytes.value : v;
};
const numberOf = (v: unknown) => (typeof v === 'string' && /^[0-9]+$/.test(v) ? BigInt(v) : v);

export const merkleVerify: Command = {
  name: 'merkle verify',
  summary: 'verify an inclusion or consistency claim',
  usage: `usage: seam merkle verify CLAIM|- [--json]

Verifies the claim in CLAIM (JSON, hashes in hex) with @agent-seam/merkle: an inclusion
claim {leafHash, index, size, proof, root} with verifyInclusion, or a consistency claim
{m, n, rootM, rootN, proof} with verifyConsistency; every check in order.

exit: 0 verified, 1 refused, 2 bad command line, 4 unreadable or not JSON`,
  example: `  $ seam merkle verify claim.json
  verified: leaf 1 of 3 is in the tree with root 5ab9...`,
  options: {},
  run(values, positionals) {
    const claim = readJson(oneInput(merkleVerify, positionals));
    if (typeof claim !== 'object' || claim === null || Array.isArray(claim))
      throw new Unreadable(
        'a claim is a JSON object: {leafHash, index, size, proof, root} or {m, n, rootM, rootN, proof}',
      );
    const c = claim as Record<string, unknown>;
    const proof = Array.isArray(c.proof) ? c.proof.map(hashOf) : c.proof;
    const json = values.json === true;
    if ('m' in c || 'n' in c) {
      const consistency = {
        m: numberOf(c.m),
        n: numberOf(c.n),
        rootM: hashOf(c.rootM),
        rootN: hashOf(c.rootN),
        proof,
      };
      return report({
        command: 'merkle verify',
        checks: CONSISTENCY_CHECKS,
        verdict: verifyConsistency(consistency as never),
        options: {},
        signed: null,
        expected: undefined,
        json,
        okLine: () => `verified: the tree of size ${c.m} is a prefix of the tree of size ${c.n}`,
      });
    }
    const inclusion = {
      leafHash: hashOf(c.leafHash),
      index: numberOf(c.index),
      size: numberOf(c.size),
      root: hashOf(c.root),
      proof,
    };
    return report({
      command: 'merkle verify',
      checks: INCLUSION_CHECKS,
      verdict: verifyInclusion(inclusion as never),
      options: {},
      signed: null,
      expected: undefined,
      json,
      okLine: () => `verified: leaf ${c.index} of ${c.size} is in the tree with root ${c.root}`,
    });
  },
};
