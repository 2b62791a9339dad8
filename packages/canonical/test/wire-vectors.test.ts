import {
  groupValue,
  ledgerGroup,
  loadInterop,
  loadVectors,
  openLedger,
  opGroup,
  packageImplementation,
} from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
// The package's answers to the harness protocol: the ops `seam conformance` asks of it too.
import { canonicalOps } from '../../cli/src/conformance/ops/canonical.js';

/**
 * The upstream seam groups canonical, numberHazards and reject.encoding: this
 * repository's file (vectors/wire_vectors.json) and the upstream file, each replayed
 * through the groups' op replayers (spec/harness.md) with every question one check,
 * plus a case-by-case comparison of the two (interop).
 */
interface CanonicalCase {
  name: string;
  payload: unknown;
  canonical: string;
}
interface HazardCase {
  name: string;
  payload: unknown;
  pythonCanonical: string;
  javascriptWouldWrite: string;
  signMustNotEmit: boolean;
}
interface EncodingGroup {
  accept: { name: string; documentHex: string; canonical: string }[];
  refuse: { name: string; documentHex: string; category: string; mustReject: boolean }[];
}
interface WireFile {
  canonical: CanonicalCase[];
  numberHazards: HazardCase[];
  reject: { encoding: EncodingGroup };
}

const ledger = openLedger();
const own = loadVectors<WireFile>('wire_vectors.json');
const upstream = loadInterop<WireFile>('agent-seam-latest/wire_vectors.json');
const GROUPS = ['canonical', 'numberHazards', 'reject.encoding'];
if (upstream === null) for (const g of GROUPS) ledger.interopMissing(g);
const impl = packageImplementation('@agent-seam/canonical', canonicalOps);

const sources: [string, WireFile, boolean][] = [['own', own, false]];
if (upstream !== null) sources.push(['upstream', upstream, true]);

it('the files hold the cases this suite counts on', () => {
  expect([own.canonical.length, own.numberHazards.length]).toEqual([16, 8]);
  expect([own.reject.encoding.accept.length, own.reject.encoding.refuse.length]).toEqual([5, 9]);
  expect(own.numberHazards.every((c) => c.signMustNotEmit)).toBe(true);
  expect(own.reject.encoding.refuse.every((c) => c.mustReject)).toBe(true);
  if (upstream !== null) {
    expect([upstream.canonical.length, upstream.numberHazards.length]).toEqual([14, 8]);
    expect([upstream.reject.encoding.accept.length, upstream.reject.encoding.refuse.length]).toEqual([3, 7]);
  }
});

for (const [label, file, interop] of sources)
  describe(`${label} file`, () => {
    for (const group of GROUPS)
      ledgerGroup(it, ledger, impl, opGroup(group), groupValue(file, 'seam-wire', group), {
        perStep: true,
        interop,
      });
  });

/** Our file must carry every upstream case, value for value (ours may add cases). */
describe.runIf(upstream !== null)('own file equals upstream, case by case', () => {
  const byName = <T extends { name: string }>(cases: T[], name: string): T => {
    const found = cases.find((c) => c.name === name);
    if (found === undefined) throw new Error(`own file lacks ${name}`);
    return found;
  };
  for (const u of upstream?.canonical ?? []) {
    it(`canonical/${u.name}`, () =>
      ledger.accept(
        'canonical',
        u.name,
        () => {
          const o = byName(own.canonical, u.name);
          expect([o.payload, o.canonical]).toEqual([u.payload, u.canonical]);
        },
        { interop: true },
      ));
  }
  for (const u of upstream?.numberHazards ?? []) {
    it(`numberHazards/${u.name}`, () =>
      ledger.accept(
        'numberHazards',
        u.name,
        () => {
          const o = byName(own.numberHazards, u.name);
          // payload is compared as JSON.stringify spells it (see numberHazardNote): -0 is 0 there.
          expect([
            JSON.stringify(o.payload),
            o.pythonCanonical,
            o.javascriptWouldWrite,
            o.signMustNotEmit,
          ]).toEqual([
            JSON.stringify(u.payload),
            u.pythonCanonical,
            u.javascriptWouldWrite,
            u.signMustNotEmit,
          ]);
        },
        { interop: true },
      ));
  }
  for (const u of upstream?.reject.encoding.accept ?? []) {
    it(`reject.encoding/accept/${u.name}`, () =>
      ledger.accept(
        'reject.encoding',
        u.name,
        () => {
          const o = byName(own.reject.encoding.accept, u.name);
          expect([o.documentHex, o.canonical]).toEqual([u.documentHex, u.canonical]);
        },
        { interop: true },
      ));
  }
  for (const u of upstream?.reject.encoding.refuse ?? []) {
    it(`reject.encoding/refuse/${u.name}`, () =>
      ledger.refuse(
        'reject.encoding',
        u.name,
        () => {
          const o = byName(own.reject.encoding.refuse, u.name);
          expect([o.documentHex, o.category, o.mustReject]).toEqual([
            u.documentHex,
            u.category,
            u.mustReject,
          ]);
        },
        { interop: true },
      ));
  }
});
