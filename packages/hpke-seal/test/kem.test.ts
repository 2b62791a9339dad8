import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import { deriveKeyPair, publicKeyOf, setupAuthR, setupBaseS } from '../src/index.js';
import { SMALL_ORDER } from './envelope-fixture.js';

// Each `why` names the mutant(s) of src/ the case holds by `file.ts:line:column` of the `--rest`
// run's report; mutants no input can tell apart are listed in spec/hpke-seal.md.
const empty = new Uint8Array(0);
const recipient = deriveKeyPair(new Uint8Array(32).fill(7));
const seamError = (code: string, text: string) => ({ name: 'SeamError', code, message: `${code}: ${text}` });

describe('kem.ts: key checks and the cache of public keys', () => {
  it('the recipient key of a seal: wrong length, small order, each said', () => {
    // why: kem.ts:66:43 'recipient public key' -> "", :71:43 the small-order message -> ""
    expect(thrown(() => setupBaseS({ recipientPublicKey: new Uint8Array(31), info: empty }))).toEqual(
      seamError('bad-key-length', 'recipient public key must be 32 bytes'),
    );
    expect(thrown(() => setupBaseS({ recipientPublicKey: SMALL_ORDER, info: empty }))).toEqual(
      seamError('bad-public-key', 'the recipient public key is a small-order point'),
    );
  });

  it('the sender key of an auth open: wrong length, small order, each said', () => {
    // why: kem.ts:91:7 `senderPublicKey !== undefined` -> false (a short key ended as
    // "small-order"), :91:75 'sender public key' -> ""; :99:9 `dh === null` -> false (a
    // TypeError), :99:42 / :99:60 its strings -> "" (no coverage)
    const options = { recipientPrivateKey: recipient.privateKey, enc: recipient.publicKey, info: empty };
    expect(thrown(() => setupAuthR({ ...options, senderPublicKey: new Uint8Array(31) }))).toEqual(
      seamError('bad-key-length', 'sender public key must be 32 bytes'),
    );
    expect(thrown(() => setupAuthR({ ...options, senderPublicKey: SMALL_ORDER }))).toEqual(
      seamError('bad-public-key', 'the sender public key is a small-order point'),
    );
  });

  it('a public key handed out is the caller’s own copy: changing it never changes the next answer', () => {
    // why: kem.ts:47:75 `publicKey.slice()` -> `publicKey` (the first answer was the cached
    // array), :45:79 `known.publicKey.slice()` -> `known.publicKey` (so was a cached answer)
    const privateKey = recipient.privateKey.slice();
    const first = publicKeyOf(privateKey);
    first.fill(0);
    const second = publicKeyOf(privateKey);
    expect(second).toEqual(recipient.publicKey);
    second.fill(0);
    expect(publicKeyOf(privateKey)).toEqual(recipient.publicKey);
  });
});
