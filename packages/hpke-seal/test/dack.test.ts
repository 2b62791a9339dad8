import { fail, ok } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { dackKeys } from '../src/dack.js';
import { createDack, type DackKeys, readDack, setupBaseS } from '../src/index.js';
import { chachaSeal } from '../src/primitives.js';
import { envelope, epoch, errorPair, open, thrownPair, utf8 } from './envelope-fixture.js';

// Each `it` pins one behaviour of delivery acknowledgements; its `why` comment names the mutant(s) of src/ it holds, by
// file:line of the sources the first mutation run saw (main at 1b9b72f). Keys, message and
// envelopes come from envelope-fixture.ts (the seal.v2 vector keys, the package's own assembler).

describe('a delivery acknowledgement: its keys, its note and its refusals', () => {
  const opened = open(envelope());
  const keys = (opened.ok ? opened.value.dack : undefined) as DackKeys;
  it('a dack of the wrong length, or with a token of neither decision, says so', () => {
    // why (issue 32 mutation run): dack.ts the bad-dack-length and bad-dack-token details → ''.
    expect(readDack(keys, new Uint8Array(79))).toEqual({
      ok: false,
      code: 'bad-dack-length',
      detail: 'the dack is 79 bytes, not 80',
    });
    expect(readDack(keys, new Uint8Array(80))).toEqual({
      ok: false,
      code: 'bad-dack-token',
      detail: "the token is neither this envelope's processed nor its refused token",
    });
  });
  /** A dack whose note authenticates under `keys` but carries the 48 plaintext bytes given. */
  const dackWithNote = (plaintext: Uint8Array) => {
    const token = keys.processedToken;
    const out = new Uint8Array(80);
    out.set(token, 0);
    out.set(chachaSeal(keys.noteKey, token.subarray(0, 12), token, plaintext), 16);
    return out;
  };

  it('the keys come from the layer-1 exporter under the labels the spec gives', () => {
    // why: dack.ts:42 'anet-dack/v2 processed', :43 'anet-dack/v2 refused', :44 'anet-dack/v2 note' -> ""
    const { context } = setupBaseS({ recipientPublicKey: epoch.publicKey, info: utf8('dack labels') });
    expect(dackKeys(context)).toEqual({
      processedToken: context.export(utf8('anet-dack/v2 processed'), 16),
      refusedToken: context.export(utf8('anet-dack/v2 refused'), 16),
      noteKey: context.export(utf8('anet-dack/v2 note'), 32),
      handle: context.export(utf8('anet-dack/v2 handle'), 16),
    });
  });

  it('keys that are not the four exporter outputs throw bad-argument', () => {
    // why: dack.ts:56-62 requireKeys: each conjunct -> true, `&&` -> `||`, `every` -> `some`, the
    // token list -> [], `t.length === TOKEN_BYTES` -> true, `noteKey.length === 32` -> true; :64 'bad-argument' -> ""
    const wrong: unknown[] = [
      null,
      Object.assign(() => undefined, keys),
      { ...keys, processedToken: keys.processedToken.subarray(1) },
      { ...keys, refusedToken: [...keys.refusedToken] },
      { ...keys, handle: keys.handle.subarray(1) },
      { ...keys, noteKey: keys.noteKey.subarray(1) },
    ];
    for (const bad of wrong) {
      expect(thrownPair(() => createDack(bad as DackKeys, { decision: 'processed' }))).toEqual(
        errorPair('bad-argument', 'createDack takes the dack keys sealEnvelope or openEnvelope returned'),
      );
      expect(thrownPair(() => readDack(bad as DackKeys, new Uint8Array(80)))).toEqual(
        errorPair('bad-argument', 'readDack takes the dack keys sealEnvelope or openEnvelope returned'),
      );
    }
  });

  it('a note without a decision of processed or refused throws bad-dack-note', () => {
    // why: dack.ts:70 the test -> false, both `note?.decision` -> `note.decision`; :71 strings -> "" (no coverage)
    for (const note of [undefined, { decision: 'maybe' }])
      expect(thrownPair(() => createDack(keys, note as never))).toEqual(
        errorPair('bad-dack-note', "a note's decision is 'processed' or 'refused'"),
      );
  });

  it('a reason code is an integer 0..65535: 65535 reads back, 65536, -1 and 1.5 throw', () => {
    // why: dack.ts:74 the test -> false, `||` -> `&&`, `reason < 0` -> false, `> MAX_REASON` -> `>=`; :75 message -> ""
    expect(readDack(keys, createDack(keys, { decision: 'refused', reason: 65535 }))).toEqual(
      ok({ decision: 'refused', reason: 65535 }),
    );
    for (const reason of [65536, -1, 1.5])
      expect(thrownPair(() => createDack(keys, { decision: 'refused', reason }))).toEqual(
        errorPair('bad-dack-note', 'a reason code is an integer 0..65535 (0: none)'),
      );
  });

  it('a wait time is a safe integer >= 0: 2^53-1 reads back, -1, 1.5 and 2^53 throw', () => {
    // why: dack.ts:76 the test -> false, `||` -> `&&`, `waitMs < 0` -> false; :77 strings -> "" (no coverage)
    const waitMs = Number.MAX_SAFE_INTEGER;
    expect(readDack(keys, createDack(keys, { decision: 'processed', waitMs }))).toEqual(
      ok({ decision: 'processed', waitMs }),
    );
    for (const bad of [-1, 1.5, 2 ** 53])
      expect(thrownPair(() => createDack(keys, { decision: 'processed', waitMs: bad }))).toEqual(
        errorPair('bad-dack-note', 'a wait time is an integer 0..2^53-1 ms (0: none)'),
      );
  });

  it('a dack that cannot be read says why: not bytes, a note that does not authenticate, non-zero padding, a wait time beyond 2^53-1', () => {
    // why: dack.ts:94, :104, :105 and :109 refusal details -> ""
    expect(readDack(keys, 'dack' as never)).toEqual(
      fail('not-bytes', 'the dack is a string, not a Uint8Array'),
    );
    const tampered = createDack(keys, { decision: 'processed' });
    tampered[79]! ^= 1;
    expect(readDack(keys, tampered)).toEqual(fail('bad-dack-note', 'the note does not authenticate'));
    const padded = new Uint8Array(48);
    padded[47] = 1;
    expect(readDack(keys, dackWithNote(padded))).toEqual(fail('bad-dack-note', 'note padding is not zero'));
    const longWait = new Uint8Array(48);
    longWait.fill(0xff, 2, 10);
    expect(readDack(keys, dackWithNote(longWait))).toEqual(fail('bad-dack-note', 'wait time out of range'));
  });
});
