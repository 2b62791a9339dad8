import {
  ledgerGroup,
  loadVectors,
  openLedger,
  opGroup,
  packageImplementation,
} from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
// The package's answers to the harness protocol: the ops `seam conformance` asks of it too.
import { hpkeOps } from '../../cli/src/conformance/ops/hpke.js';
import { padLengthFor } from '../src/padme.js';

// The sealed-envelope groups of vectors/hpke_seal.json replayed through their op replayers
// (spec/harness.md, "hpke-seal").
const ledger = openLedger();
const file = loadVectors('hpke_seal.json');
const impl = packageImplementation('@agent-seam/hpke-seal', hpkeOps);

for (const group of ['seal.padme', 'seal.v2', 'seal.v2-refuse', 'seal.dack', 'seal.v1'])
  describe(group, () => ledgerGroup(it, ledger, impl, opGroup(group), file[group]));

/** The CBOR head length of a byte string of n bytes (what the pad's length costs). */
const headLength = (n: number) => (n < 24 ? 1 : n < 256 ? 2 : n < 65536 ? 3 : n < 2 ** 32 ? 5 : 9);

// The pad the file gives is the one the sealer chooses, and it reaches the file's total
// (the sealer's pad length is internal, so this is the package's check, not an op).
describe('seal.padme: the pad that reaches each total', () => {
  for (const c of file['seal.padme'].padLength)
    it(`pad for ${c.emptyPadLength}`, () => {
      expect(padLengthFor(c.emptyPadLength)).toBe(c.padZeros);
      expect(c.emptyPadLength + c.padZeros + headLength(c.padZeros) - 1).toBe(c.total);
    });
});
