import {
  ledgerGroup,
  loadVectors,
  openLedger,
  opGroup,
  packageImplementation,
} from '@agent-seam/conformance';
import { describe, it } from 'vitest';
// The package's answers to the harness protocol: the ops `seam conformance` asks of it too.
import { anetOps } from '../../cli/src/conformance/ops/anet.js';

const ledger = openLedger();
const file = loadVectors<any>('anet.json');

// Every group replayed through its op replayer (spec/harness.md, "anet").
const impl = packageImplementation('@agent-seam/anet', anetOps);
for (const group of [
  'anet.pow',
  'anet.objects',
  'anet.messages',
  'anet.ledger',
  'anet.card',
  'anet.relay-auth',
  'anet.directory',
])
  describe(group, () => ledgerGroup(it, ledger, impl, opGroup(group), file[group]));
