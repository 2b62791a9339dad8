import { hex } from '@agent-seam/canonical';
import type { OpTable } from '@agent-seam/conformance/harness';
import {
  type ConsistencyClaim,
  consistencyProof,
  type InclusionClaim,
  inclusionProof,
  prefixRoot,
  verifyConsistency,
  verifyInclusion,
} from '@agent-seam/merkle';
import { bytesArg, fromVerdict } from './outcome.js';

// biome-ignore lint/suspicious/noExplicitAny: a claim travels as untyped JSON; the package judges it.
type Json = Record<string, any>;

/** Hex text as bytes, for a member the harness spells as hex. */
const bytes = (text: unknown, name: string) => bytesArg({ [name]: text }, name);

const leavesOf = (args: Json): Uint8Array[] =>
  (args.leavesHex as string[]).map((leaf, i) => bytes(leaf, `leavesHex[${i}]`));

/** A decimal size or index as a JavaScript number (the proof makers take the tree's own sizes). */
const count = (text: unknown): number => Number(BigInt(String(text)));

/**
 * The claim a request carries, in the verifier's types: hashes as bytes, sizes as bigints,
 * except the members `asIs` names, handed over as the JSON holds them (spec/harness.md,
 * `merkle.verifyInclusion`); a claim that is not an object goes as it is.
 */
function claimOf(args: Json, hashes: readonly string[], sizes: readonly string[]): unknown {
  const claim = args.claim;
  if (typeof claim !== 'object' || claim === null || Array.isArray(claim)) return claim;
  const asIs = new Set<string>((args.asIs as string[] | undefined) ?? []);
  const out: Json = {};
  for (const [k, v] of Object.entries(claim as Json))
    out[k] = asIs.has(k)
      ? v
      : hashes.includes(k)
        ? bytes(v, k)
        : sizes.includes(k)
          ? BigInt(v)
          : k === 'proof'
            ? (v as string[]).map((node, i) => bytes(node, `proof[${i}]`))
            : v;
  return out;
}

/** The ops of @agent-seam/merkle (spec/harness.md, "merkle"). */
export const merkleOps: OpTable = {
  'merkle.root': (args) => ({ ok: true, value: hex.encode(prefixRoot(leavesOf(args), count(args.size))) }),
  'merkle.inclusionProof': (args) => ({
    ok: true,
    value: inclusionProof(leavesOf(args), count(args.index)).map(hex.encode),
  }),
  'merkle.consistencyProof': (args) => ({
    ok: true,
    value: consistencyProof(leavesOf(args), count(args.m), count(args.n)).map(hex.encode),
  }),
  'merkle.verifyInclusion': (args) =>
    fromVerdict(verifyInclusion(claimOf(args, ['leafHash', 'root'], ['index', 'size']) as InclusionClaim)),
  'merkle.verifyConsistency': (args) =>
    fromVerdict(verifyConsistency(claimOf(args, ['rootM', 'rootN'], ['m', 'n']) as ConsistencyClaim)),
};
