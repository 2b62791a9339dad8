import { replayGroups } from '@agent-seam/conformance';
import { describe, it } from 'vitest';
// The package's answers to the harness protocol: the ops `seam conformance` asks of it too.
import { anetOps } from '../../cli/src/conformance/ops/anet.js';

// Every group of vectors/anet.json replayed through its op replayer (spec/harness.md, "anet").
replayGroups(it, describe, {
  file: 'anet.json',
  package: '@agent-seam/anet',
  ops: anetOps,
  groups: [
    'anet.pow',
    'anet.objects',
    'anet.messages',
    'anet.ledger',
    'anet.card',
    'anet.relay-auth',
    'anet.directory',
  ],
});
