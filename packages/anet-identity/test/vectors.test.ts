import {
  ledgerGroup,
  loadVectors,
  openLedger,
  opGroup,
  packageImplementation,
} from '@agent-seam/conformance';
import { describe, it } from 'vitest';
// The package's answers to the harness protocol: the ops `seam conformance` asks of it too.
import { anetIdentityOps } from '../../cli/src/conformance/ops/anet-identity.js';

// vectors/anet_identity.json replayed through its groups' op replayers (spec/harness.md, "anet-identity").
const ledger = openLedger();
const doc = loadVectors('anet_identity.json');
const impl = packageImplementation('@agent-seam/anet-identity', anetIdentityOps);

for (const group of [
  'anet.kel',
  'anet.key-state',
  'anet.pins',
  'anet.notice',
  'anet.key-set',
  'anet.resolver',
])
  describe(group, () => ledgerGroup(it, ledger, impl, opGroup(group), doc[group]));
