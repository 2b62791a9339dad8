import { canonicalize, canonicalString, parseJSON } from '@agent-seam/canonical';
import { loadInterop, loadVectors, openLedger } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import { canonicalText, expectRefusal, fromHex, thrownCode, utf8 } from './helpers.js';

/**
 * The upstream seam groups canonical, numberHazards and reject.encoding: this
 * repository's file (vectors/wire_vectors.json) and the upstream file, each driven
 * directly, plus a case-by-case comparison of the two (interop).
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

const sources: [string, WireFile, boolean][] = [['own', own, false]];
if (upstream !== null) sources.push(['upstream', upstream, true]);

it('the files hold the cases this suite counts on', () => {
  expect([own.canonical.length, own.numberHazards.length]).toEqual([16, 8]);
  expect([own.reject.encoding.accept.length, own.reject.encoding.refuse.length]).toEqual([5, 9]);
  if (upstream !== null) {
    expect([upstream.canonical.length, upstream.numberHazards.length]).toEqual([14, 8]);
    expect([upstream.reject.encoding.accept.length, upstream.reject.encoding.refuse.length]).toEqual([3, 7]);
  }
});

for (const [label, file, interop] of sources) {
  describe(`${label} file`, () => {
    for (const c of file.canonical) {
      it(`canonical/${c.name}: sign side`, () =>
        ledger.accept(
          'canonical',
          c.name,
          () => expect(canonicalString(c.payload, { profile: 'seam' })).toBe(c.canonical),
          { interop },
        ));
      it(`canonical/${c.name}: parse boundary`, () =>
        ledger.accept(
          'canonical',
          c.name,
          () => expect(canonicalText(JSON.stringify(c.payload), 'seam')).toBe(c.canonical),
          { interop },
        ));
    }

    for (const c of file.numberHazards) {
      it(`numberHazards/${c.name}: python bytes reproduced from bytes`, () =>
        ledger.accept(
          'numberHazards',
          c.name,
          () => expect(canonicalText(c.pythonCanonical, 'seam')).toBe(c.pythonCanonical),
          { interop },
        ));
      it(`numberHazards/${c.name}: sign side refuses`, () =>
        ledger.refuse(
          'numberHazards',
          c.name,
          () => {
            expect(c.signMustNotEmit).toBe(true);
            const parsed = parseJSON(utf8(c.pythonCanonical), { floats: 'marked' });
            if (!parsed.ok) throw new Error(parsed.code);
            expect(thrownCode(() => canonicalize(parsed.value, { profile: 'seam' }))).toBe('number-hazard');
          },
          { interop },
        ));
      it(`numberHazards/${c.name}: what a JavaScript writer produces`, () =>
        ledger.accept(
          'numberHazards',
          c.name,
          () =>
            expect(canonicalString(JSON.parse(c.pythonCanonical), { profile: 'jcs' })).toBe(
              c.javascriptWouldWrite,
            ),
          { interop },
        ));
    }

    for (const c of file.reject.encoding.accept) {
      it(`reject.encoding/accept/${c.name}`, () =>
        ledger.accept(
          'reject.encoding',
          c.name,
          () => expect(canonicalText(fromHex(c.documentHex), 'seam')).toBe(c.canonical),
          { interop },
        ));
    }
    for (const c of file.reject.encoding.refuse) {
      it(`reject.encoding/refuse/${c.name}`, () =>
        ledger.refuse(
          'reject.encoding',
          c.name,
          () => {
            expect(c.mustReject).toBe(true);
            expectRefusal(fromHex(c.documentHex), 'seam', c.category);
          },
          { interop },
        ));
    }
  });
}

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
          expect([o.category, o.mustReject]).toEqual([u.category, u.mustReject]);
          expectRefusal(fromHex(o.documentHex), 'seam', u.category);
        },
        { interop: true },
      ));
  }
});
