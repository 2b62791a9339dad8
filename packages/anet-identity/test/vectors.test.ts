import { replayGroups } from '@agent-seam/conformance';
import { describe, it } from 'vitest';
// The package's answers to the harness protocol: the ops `seam conformance` asks of it too.
import { anetIdentityOps } from '../../cli/src/conformance/ops/anet-identity.js';

// vectors/anet_identity.json replayed through its groups' op replayers (spec/harness.md, "anet-identity").
replayGroups(it, describe, {
  file: 'anet_identity.json',
  package: '@agent-seam/anet-identity',
  ops: anetIdentityOps,
  groups: ['anet.kel', 'anet.key-state', 'anet.pins', 'anet.notice', 'anet.key-set', 'anet.resolver'],
});
