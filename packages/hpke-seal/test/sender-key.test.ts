import { unwrap } from '@agent-seam/canonical';
import { decodeEntries, encode } from '@agent-seam/coredet-cbor';
import { describe, expect, it } from 'vitest';
import { signaturePreimage } from '../src/sender-key.js';
import { encodeRawMap } from '../src/wire-map.js';
import { envelope, errorPair, open, put, thrownPair, verdict } from './envelope-fixture.js';

// Each `it` pins one behaviour of the sender key and its signature; its `why` comment names the mutant(s) of src/ it holds, by
// file:line of the sources the first mutation run saw (main at 1b9b72f). Keys, message and
// envelopes come from envelope-fixture.ts (the seal.v2 vector keys, the package's own assembler).

describe('the sender key: what its signature covers and what the resolver may answer', () => {
  const big = 2n ** 64n - 1n;
  /** The preimage with the value at `key` replaced: what a signer who saw other bytes signed. */
  const swapped = (key: bigint, value: Uint8Array) => (preimage: Uint8Array) =>
    encodeRawMap(
      unwrap(decodeEntries(preimage)).map(
        (e) => [e.key as number, e.key === key ? value : e.valueBytes] as const,
      ),
    );

  it('an inner extension keyed 2^64-1 is signed: kept when signed as sent, bad-sig when the signer saw another value', () => {
    // why: sender-key.ts:86 (no coverage) `typeof key !== 'bigint'` -> true / -> `=== 'bigint'`, 'bigint' -> ""
    // (each drops bigint keys from the preimage on both sides, so a changed value would still verify)
    const inner = put(big as never, encode(0));
    const opened = open(envelope({ inner }));
    expect(opened.ok && opened.value.extensions.inner.map((e) => e.key)).toEqual([big]);
    expect(verdict(open(envelope({ inner, signed: swapped(big, encode(1)) })))).toEqual([
      'bad-sig',
      'the inner signature does not verify under the key your resolver gave (bad-signature)',
    ]);
  });

  it('the preimage leaves out entries whose key is neither a number nor a bigint', () => {
    // why: sender-key.ts:86 `typeof key !== 'number' && typeof key !== 'bigint'` -> false. No opener
    // hands such a key over (decodeWireMap refuses them), so only the helper itself shows it.
    const recipe = { label: 'l', drop: [], bind: [] };
    const kept = { key: 1, valueBytes: encode(1), value: 1 };
    expect(signaturePreimage([kept, { key: 'x', valueBytes: encode(2), value: 2 }], recipe)).toEqual(
      signaturePreimage([kept], recipe),
    );
  });

  it('a resolver answer that is no Verdict throws bad-argument, however it fails to be one', () => {
    // why: sender-key.ts:36 `answer !== null` -> true (null); :38 `answer.ok === false` -> true
    // (a known code with ok not false); :41 'bad-argument' -> ""
    const expected = errorPair(
      'bad-argument',
      'resolveSenderKey must return ok(publicKey) or fail(code) with a SenderKeyCode',
    );
    for (const answer of [null, { ok: undefined, code: 'revoked-key' }])
      expect(thrownPair(() => open(envelope(), { resolveSenderKey: () => answer as never }))).toEqual(
        expected,
      );
  });
});
