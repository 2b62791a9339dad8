import { replayGroups } from '@agent-seam/conformance';
import { describe, it } from 'vitest';
// The package's answers to the harness protocol: the ops `seam conformance` asks of it too.
import { hpkeOps } from '../../cli/src/conformance/ops/hpke.js';

// The sealed-envelope groups of vectors/hpke_seal.json replayed through their op replayers
// (spec/harness.md, "hpke-seal").
replayGroups(it, describe, {
  file: 'hpke_seal.json',
  package: '@agent-seam/hpke-seal',
  ops: hpkeOps,
  groups: ['seal.padme', 'seal.v2', 'seal.v2-refuse', 'seal.dack', 'seal.v1'],
});
