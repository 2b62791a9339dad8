import { replayGroups } from '@agent-seam/conformance';
import { describe, it } from 'vitest';
// The package's answers to the harness protocol: the ops `seam conformance` asks of it too.
import { hpkeOps } from '../../cli/src/conformance/ops/hpke.js';

// hpke.roundtrip of vectors/hpke_seal.json replayed through its op replayer
// (spec/harness.md, "hpke-seal"): single-shot seal/open with seeded ephemeral keys.
replayGroups(it, describe, {
  file: 'hpke_seal.json',
  package: '@agent-seam/hpke-seal',
  ops: hpkeOps,
  groups: ['hpke.roundtrip'],
});
