import { replayGroups } from '@agent-seam/conformance';
import { describe, it } from 'vitest';
// The package's answers to the harness protocol: the ops `seam conformance` asks of it too.
import { merkleOps } from '../../cli/src/conformance/ops/merkle.js';

// vectors/merkle.json replayed through its groups' op replayers (spec/harness.md, "merkle").
replayGroups(it, describe, {
  file: 'merkle.json',
  package: '@agent-seam/merkle',
  ops: merkleOps,
  groups: ['merkle.proofs', 'merkle.reject'],
});
