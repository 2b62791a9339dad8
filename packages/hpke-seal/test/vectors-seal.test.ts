import {
  ledgerGroup,
  loadVectors,
  openLedger,
  opGroup,
  packageImplementation,
} from '@agent-seam/conformance';
import { describe, it } from 'vitest';
// The package's answers to the harness protocol: the ops `seam conformance` asks of it too.
import { hpkeOps } from '../../cli/src/conformance/ops/hpke.js';

// The sealed-envelope groups of vectors/hpke_seal.json replayed through their op replayers
// (spec/harness.md, "hpke-seal").
const ledger = openLedger();
const file = loadVectors('hpke_seal.json');
const impl = packageImplementation('@agent-seam/hpke-seal', hpkeOps);

for (const group of ['seal.padme', 'seal.v2', 'seal.v2-refuse', 'seal.dack', 'seal.v1'])
  describe(group, () => ledgerGroup(it, ledger, impl, opGroup(group), file[group]));
