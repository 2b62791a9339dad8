import { replayGroups } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
// The package's answers to the harness protocol: the ops `seam conformance` asks of it too.
import { cborOps } from '../../cli/src/conformance/ops/cbor.js';
import { parseDiagnostic } from '../src/index.js';

// vectors/coredet_cbor.json replayed through its groups' op replayers (spec/harness.md,
// "coredet-cbor"): one check per question, and one per case for the diagnostic refusals.
const { doc } = replayGroups(it, describe, {
  file: 'coredet_cbor.json',
  package: '@agent-seam/coredet-cbor',
  ops: cborOps,
  groups: [
    'cbor.encode',
    'cbor.encodeRefuse',
    'cbor.refuse',
    'cbor.lenient',
    'cbor.rawEntries',
    'cbor.schema',
    'cid.compute',
    'cid.refuse',
    'cbor.diagnostic',
    'cbor.diagnosticRefuse',
  ],
  options: (group) => ({ perStep: group !== 'cbor.diagnosticRefuse' }),
});

it('a diagnostic refusal with a place says it in its detail', () => {
  const placed = doc['cbor.diagnosticRefuse'].filter((c: { offset?: number }) => c.offset !== undefined);
  expect(placed.length).toBeGreaterThan(30);
  for (const c of placed) {
    const v = parseDiagnostic(c.text, c.options);
    expect(v.ok ? '' : v.detail, c.name).toMatch(new RegExp(`\\(at character ${c.offset}\\)$`));
  }
});
