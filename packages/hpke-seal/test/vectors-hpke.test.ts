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

// hpke.roundtrip of vectors/hpke_seal.json replayed through its op replayer
// (spec/harness.md, "hpke-seal"): single-shot seal/open with seeded ephemeral keys.
const ledger = openLedger();
const group = 'hpke.roundtrip';
describe(group, () =>
  ledgerGroup(
    it,
    ledger,
    packageImplementation('@agent-seam/hpke-seal', hpkeOps),
    opGroup(group),
    loadVectors('hpke_seal.json')[group],
  ),
);
