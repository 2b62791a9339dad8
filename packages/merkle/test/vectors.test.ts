import { hex, unwrap } from '@agent-seam/canonical';
import { loadVectors, openLedger } from '@agent-seam/conformance';
import {
  consistencyProof,
  inclusionProof,
  prefixRoot,
  verifyConsistency,
  verifyInclusion,
} from '@agent-seam/merkle';
import { describe, expect, it } from 'vitest';

const ledger = openLedger();
const doc = loadVectors('merkle.json');
const h = (text: string) => unwrap(hex.decode(text));
const leaves: Uint8Array[] = doc['merkle.proofs'].leaves.map((s: string) => new TextEncoder().encode(s));

type Claim = Record<string, any>;
const inclusionClaim = (c: Claim) => ({
  leafHash: h(c.leafHash),
  index: BigInt(c.index),
  size: BigInt(c.size),
  proof: c.proof.map(h),
  root: h(c.root),
});
const consistencyClaim = (c: Claim) => ({
  m: BigInt(c.m),
  n: BigInt(c.n),
  rootM: h(c.rootM),
  rootN: h(c.rootN),
  proof: c.proof.map(h),
});
/** A refusal's claim as the file says: a non-object as it is; the fields in `asIs` unconverted. */
function rejectClaim(v: Claim): any {
  if (typeof v.claim !== 'object' || v.claim === null) return v.claim;
  const asIs: string[] = v.asIs ?? [];
  const placeholders = Object.fromEntries(asIs.map((k) => [k, k === 'proof' ? [] : '00']));
  const claim: Claim = (v.kind === 'inclusion' ? inclusionClaim : consistencyClaim)({
    ...v.claim,
    ...placeholders,
  });
  for (const k of asIs) claim[k] = v.claim[k];
  return claim;
}
const ACCEPTED = { ok: true, value: true };

describe('merkle.proofs', () => {
  const G = 'merkle.proofs';
  for (const v of doc[G].roots)
    it(`root/${v.size}`, () =>
      ledger.accept(G, `root/${v.size}`, () =>
        expect(hex.encode(prefixRoot(leaves, Number(v.size)))).toBe(v.root),
      ));
  for (const v of doc[G].inclusion)
    it(`inclusion/${v.index}`, () =>
      ledger.accept(G, `inclusion/${v.index}`, () => {
        expect(inclusionProof(leaves, Number(v.index)).map(hex.encode)).toEqual(v.proof);
        expect(verifyInclusion(inclusionClaim(v))).toEqual(ACCEPTED);
      }));
  for (const v of doc[G].consistency)
    it(`consistency/${v.m}`, () =>
      ledger.accept(G, `consistency/${v.m}`, () => {
        expect(consistencyProof(leaves, Number(v.m), Number(v.n)).map(hex.encode)).toEqual(v.proof);
        expect(verifyConsistency(consistencyClaim(v))).toEqual(ACCEPTED);
      }));
});

describe('merkle.reject', () => {
  const G = 'merkle.reject';
  for (const v of doc[G])
    it(`${v.kind}/${v.name} -> ${v.code}`, () =>
      ledger.refuse(G, `${v.kind}/${v.name}`, () => {
        const verdict =
          v.kind === 'inclusion' ? verifyInclusion(rejectClaim(v)) : verifyConsistency(rejectClaim(v));
        expect(verdict).toMatchObject({ ok: false, code: v.code });
      }));
});
