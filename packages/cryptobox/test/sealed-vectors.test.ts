import { replayGroups } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
// The package's answers to the harness protocol: the ops `seam conformance` asks of it too.
import { cryptoboxOps } from '../../cli/src/conformance/ops/cryptobox.js';
import { bytesOf } from './helpers.js';

// The sealed-payload groups of vectors/cryptobox.json replayed through their op replayers
// (spec/harness.md, "cryptobox").
const { doc } = replayGroups(it, describe, {
  file: 'cryptobox.json',
  package: '@agent-seam/cryptobox',
  ops: cryptoboxOps,
  groups: ['sealed.payload', 'sealed.reject', 'sealed.field'],
});

// The file itself: each payload's wrapped key is the one its envelope carries, and the
// refusals cover every payload code.
describe('the sealed-payload file', () => {
  for (const c of doc['sealed.payload'].payloads)
    it(`${c.name} carries its wrapped key`, () => {
      const envelope = bytesOf(c.envelopeHex);
      const keyLength = new DataView(envelope.buffer).getUint32(1, false);
      expect(new TextDecoder().decode(envelope.subarray(5, 5 + keyLength))).toBe(c.wrappedKey);
    });
  it('refusals: 9 codes', () =>
    expect(new Set(doc['sealed.reject'].cases.map((c: { code: string }) => c.code)).size).toBe(9));
});
