import { encode } from '@agent-seam/coredet-cbor';
import { describe, expect, it } from 'vitest';
import { openEnvelope } from '../src/index.js';
import { editOuter, envelope, errorPair, open, thrownPair, verdict } from './envelope-fixture.js';

// Each `it` pins one behaviour of the steps every open takes; its `why` comment names the mutant(s) of src/ it holds, by
// file:line of the sources the first mutation run saw (main at 1b9b72f). Keys, message and
// envelopes come from envelope-fixture.ts (the seal.v2 vector keys, the package's own assembler).

describe('the steps every open takes: bytes, version, options, size, shared secret', () => {
  it('not bytes, and bytes that are no wire map, say so', () => {
    // why: open-steps.ts:90 'the envelope is not a Uint8Array' -> ""; :93 'not a CoreDet map ...' -> ""
    expect(verdict(open('an envelope'))).toEqual(['not-bytes', 'the envelope is a string, not a Uint8Array']);
    expect(verdict(open(Uint8Array.of(0xff)))).toEqual([
      'bad-outer',
      'not a CoreDet map with unsigned integer keys',
    ]);
  });

  it('a version that is missing, negative or beyond 2^53 is bad-outer "missing version", not bad-version', () => {
    // why: open-steps.ts:95-96 every mutant of the version test (no coverage of its strings;
    // `v === undefined` -> false and its `&&` forms throw on {2: 0}; `typeof v.value !== 'number'`
    // -> false lets 2^64-1 through to bad-version; `valueBytes[0] >> 5 !== 0` -> false lets -1 through)
    const missingVersion = ['bad-outer', 'the outer map has no unsigned version at key 1'];
    expect(verdict(open(Uint8Array.of(0xa1, 0x02, 0x00)))).toEqual(missingVersion);
    expect(verdict(open(editOuter(envelope(), [[1, encode(-1)]])))).toEqual(missingVersion);
    expect(verdict(open(editOuter(envelope(), [[1, encode(2n ** 64n - 1n)]])))).toEqual(missingVersion);
  });

  it('null options throw bad-argument, not a TypeError', () => {
    // why: open-steps.ts:68 `options === null` -> false
    expect(thrownPair(() => openEnvelope(envelope(), null as never))).toEqual(
      errorPair('bad-argument', 'openEnvelope takes an options object'),
    );
  });

  it('maxBytes 0 is allowed (everything is too large), -1 throws', () => {
    // why: open-steps.ts:75 `maxBytes < 0` -> false and -> `<= 0`
    expect(verdict(open(envelope(), { maxBytes: 0 }))).toEqual([
      'too-large',
      expect.stringMatching(/^the envelope is \d+ bytes, over maxBytes 0$/),
    ]);
    expect(thrownPair(() => open(envelope(), { maxBytes: -1 }))).toEqual(
      errorPair('bad-argument', 'openEnvelope maxBytes must be a non-negative integer'),
    );
  });

  it('an envelope of exactly maxBytes opens, one byte more is too-large', () => {
    // why: open-steps.ts:91 `bytes.length > maxBytes` -> `>=`
    const bytes = envelope();
    expect(verdict(open(bytes, { maxBytes: bytes.length }))).toEqual(['ok']);
    expect(verdict(open(bytes, { maxBytes: bytes.length - 1 }))).toEqual([
      'too-large',
      `the envelope is ${bytes.length} bytes, over maxBytes ${bytes.length - 1}`,
    ]);
  });

  it('an enc that gives no shared secret (all zeros, low order) is decrypt-failed, said so', () => {
    // why: open-steps.ts:122 `!context.ok` -> false (throws), and its two strings -> "" (no coverage)
    expect(verdict(open(editOuter(envelope(), [[5, encode(new Uint8Array(32))]])))).toEqual([
      'decrypt-failed',
      'enc is not a usable public key',
    ]);
  });
});
