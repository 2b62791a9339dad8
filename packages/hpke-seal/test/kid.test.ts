import { concatBytes, sha256 } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import { deriveKeyPair, keyId } from '../src/index.js';

// Each `why` names the mutant(s) of src/ the case holds by `file.ts:line:column` of the `--rest`
// run's report; mutants no input can tell apart are listed in spec/hpke-seal.md.
const recipient = deriveKeyPair(new Uint8Array(32).fill(7));
const seamError = (code: string, text: string) => ({ name: 'SeamError', code, message: `${code}: ${text}` });
// A point of order 8 (RFC 7748 section 5): X25519 with it is all zero.

describe('a key id: its suite is one byte', () => {
  const expected = (suite: number) =>
    sha256(
      concatBytes([new TextEncoder().encode('anet-enc-kid/v1'), Uint8Array.of(suite), recipient.publicKey]),
    ).slice(0, 16);

  it('suites 0 and 255 name keys', () => {
    // why: kid.ts:12:35 `suite < 0` -> `suite <= 0`, :12:48 `suite > 0xff` -> `suite >= 0xff`
    expect(keyId(0, recipient.publicKey)).toEqual(expected(0));
    expect(keyId(255, recipient.publicKey)).toEqual(expected(255));
  });

  it('a suite below 0, above 255 or not an integer throws bad-suite', () => {
    // why: kid.ts:12:7 the test -> false, `(... || suite < 0) && suite > 0xff`, `!Number.isInteger(suite)
    // || suite < 0` -> false, its `||` -> `&&`; :12:35 `suite < 0` -> false; :12:48 `suite > 0xff`
    // -> false; :13:25 'bad-suite' and :13:38 the message -> "" (no coverage)
    for (const suite of [-1, 256, 1.5])
      expect(thrown(() => keyId(suite, recipient.publicKey))).toEqual(
        seamError('bad-suite', 'a suite is one byte in a key id'),
      );
  });
});
