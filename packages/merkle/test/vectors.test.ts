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
          v.kind === 'inclusion'
            ? verifyInclusion(inclusionClaim(v.claim))
            : verifyConsistency(consistencyClaim(v.claim));
        expect(verdict).toMatchObject({ ok: false, code: v.code });
      }));
});
