import { replayGroups } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
// The package's answers to the harness protocol: the ops `seam conformance` asks of it too.
import { cryptoboxOps } from '../../cli/src/conformance/ops/cryptobox.js';

// The box groups of vectors/cryptobox.json replayed through their op replayers
// (spec/harness.md, "cryptobox").
const { doc } = replayGroups(it, describe, {
  file: 'cryptobox.json',
  package: '@agent-seam/cryptobox',
  ops: cryptoboxOps,
  groups: ['box.roundtrip', 'box.reject', 'box.v2', 'box.v2-refuse'],
});

// The file itself: a refusal case for every code of each opener.
describe('the box refusals cover every code', () => {
  const codes = (group: string) => new Set(doc[group].map((c: { code: string }) => c.code)).size;
  it('v1: 7 codes', () => expect(codes('box.reject')).toBe(7));
  it('v2 and the version rule: 5 codes', () => expect(codes('box.v2-refuse')).toBe(5));
});
