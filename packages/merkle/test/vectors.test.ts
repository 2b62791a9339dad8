import {
  ledgerGroup,
  loadVectors,
  openLedger,
  opGroup,
  packageImplementation,
} from '@agent-seam/conformance';
import { describe, it } from 'vitest';
// The package's answers to the harness protocol: the ops `seam conformance` asks of it too.
import { merkleOps } from '../../cli/src/conformance/ops/merkle.js';

// vectors/merkle.json replayed through its groups' op replayers (spec/harness.md, "merkle").
const ledger = openLedger();
const doc = loadVectors('merkle.json');
const impl = packageImplementation('@agent-seam/merkle', merkleOps);

for (const group of ['merkle.proofs', 'merkle.reject'])
  describe(group, () => ledgerGroup(it, ledger, impl, opGroup(group), doc[group]));
