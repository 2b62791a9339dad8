import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import { AEAD_EXPORT_ONLY, deriveKeyPair, setupBaseS } from '../src/index.js';

// Each `why` names the mutant(s) of src/ the case holds by `file.ts:line:column` of the `--rest`
// run's report; mutants no input can tell apart are listed in spec/hpke-seal.md.
const empty = new Uint8Array(0);
const recipient = deriveKeyPair(new Uint8Array(32).fill(7));
const seamError = (code: string, text: string) => ({ name: 'SeamError', code, message: `${code}: ${text}` });
// A point of order 8 (RFC 7748 section 5): X25519 with it is all zero.

describe('a context: export lengths, export-only contexts, argument names', () => {
  const { context } = setupBaseS({ recipientPublicKey: recipient.publicKey, info: empty });

  it('an export length that is negative or not an integer throws bad-export-length, saying the range', () => {
    // why: context.ts:42:9 the whole range test -> false, `||` -> `&&`, :42:38 `length < 0` ->
    // false (-1 and 1.5 reached the expander), :43:48 the message -> ''
    const tooShort = seamError('bad-export-length', 'export length must be 0..8160');
    expect(thrown(() => context.export(empty, -1))).toEqual(tooShort);
    expect(thrown(() => context.export(empty, 1.5))).toEqual(tooShort);
  });

  it('an export of 0 bytes is allowed and empty', () => {
    // why: context.ts:42:38 `length < 0` -> `length <= 0`
    expect(context.export(empty, 0)).toEqual(empty);
  });

  it('an export-only context refuses to seal, saying why', () => {
    // why: context.ts:50:42 'an export-only context cannot seal or open' -> ""
    const exportOnly = setupBaseS({
      recipientPublicKey: recipient.publicKey,
      info: empty,
      aead: AEAD_EXPORT_ONLY,
    });
    expect(thrown(() => exportOnly.context.seal(empty, empty))).toEqual(
      seamError('export-only', 'an export-only context cannot seal or open'),
    );
  });

  it('seal names the argument that is not bytes', () => {
    // why: context.ts:68:23 'aad' -> "", :69:29 'plaintext' -> ""
    const { context: fresh } = setupBaseS({ recipientPublicKey: recipient.publicKey, info: empty });
    expect(thrown(() => fresh.seal('aad' as never, empty))).toEqual(
      seamError('bad-argument', 'aad must be a Uint8Array'),
    );
    expect(thrown(() => fresh.seal(empty, 'text' as never))).toEqual(
      seamError('bad-argument', 'plaintext must be a Uint8Array'),
    );
  });
});
