import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import { deriveKeyPair, open, seal, setupBaseR, setupBaseS, setupPSKS } from '../src/index.js';

// Each `why` names the mutant(s) of src/ the case holds by `file.ts:line:column` of the `--rest`
// run's report; mutants no input can tell apart are listed in spec/hpke-seal.md.
const empty = new Uint8Array(0);
const recipient = deriveKeyPair(new Uint8Array(32).fill(7));
const seamError = (code: string, text: string) => ({ name: 'SeamError', code, message: `${code}: ${text}` });
// A point of order 8 (RFC 7748 section 5): X25519 with it is all zero.

describe('the caller options of the setups and of seal/open', () => {
  it('a setup given no options object says which setup, never a TypeError', () => {
    // why: hpke.ts:59:7 the test -> false, `||` -> `&&`, `typeof options !== 'object'` ->
    // false, :59:38 `options === null` -> false; :60:25 'bad-argument' and :60:41 the message
    // -> '' (no coverage); :67:30 'a sender setup' and :79:30 'a recipient setup' -> ""
    expect(thrown(() => setupBaseS(null as never))).toEqual(
      seamError('bad-argument', 'a sender setup takes an options object'),
    );
    expect(thrown(() => setupBaseS('options' as never))).toEqual(
      seamError('bad-argument', 'a sender setup takes an options object'),
    );
    expect(thrown(() => setupBaseR(null as never))).toEqual(
      seamError('bad-argument', 'a recipient setup takes an options object'),
    );
    expect(thrown(() => setupBaseR('options' as never))).toEqual(
      seamError('bad-argument', 'a recipient setup takes an options object'),
    );
  });

  it('a pskId that is not bytes is named', () => {
    // why: hpke.ts:63:7 `options.pskId !== undefined` -> false, :63:64 'pskId' -> ""
    const options = { recipientPublicKey: recipient.publicKey, info: empty, psk: new Uint8Array(32) };
    expect(thrown(() => setupPSKS({ ...options, pskId: 'id' as never }))).toEqual(
      seamError('bad-argument', 'pskId must be a Uint8Array'),
    );
  });

  it('seal given no options object says so, never a TypeError', () => {
    // why: hpke.ts:119:7 the test -> false, `||` -> `&&`, `typeof options !== 'object'` ->
    // false, :119:38 `options === null` -> false; :120:25 and :120:41 the strings -> "" (no coverage)
    for (const options of [null, 'options'])
      expect(thrown(() => seal(options as never))).toEqual(
        seamError('bad-argument', 'seal takes an options object'),
      );
  });

  it('open given null says so, never a TypeError', () => {
    // why: hpke.ts:131:38 `options === null` -> false
    expect(thrown(() => open(null as never))).toEqual(
      seamError('bad-argument', 'open takes an options object'),
    );
  });

  it('seal and open take psk mode when either psk or pskId is given, so an empty one is refused', () => {
    // why: hpke.ts:121:16 (seal) and :134:16 (open) `&&` -> `||`, `options.psk === undefined`
    // -> true, `options.pskId === undefined` -> true: each chose base mode for a lone empty
    // psk or pskId and sealed/opened without a word; key-schedule.ts:43:73 the message -> ""
    const needs = seamError('bad-psk', 'this mode needs a psk and a pskId');
    const sealing = { recipientPublicKey: recipient.publicKey, info: empty, aad: empty, plaintext: empty };
    const opening = {
      recipientPrivateKey: recipient.privateKey,
      enc: recipient.publicKey,
      info: empty,
      aad: empty,
      ciphertext: new Uint8Array(16),
    };
    expect(thrown(() => seal({ ...sealing, psk: empty }))).toEqual(needs);
    expect(thrown(() => seal({ ...sealing, pskId: empty }))).toEqual(needs);
    expect(thrown(() => open({ ...opening, psk: empty }))).toEqual(needs);
    expect(thrown(() => open({ ...opening, pskId: empty }))).toEqual(needs);
  });
});
