import { keyPairFromSeed } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import { jwkFromPublicKey, signRequest, verifyRequest } from '../src/index.js';

// Refusals are asserted whole (code and detail), caller errors by name, code and message. Every
// `why` names the mutant(s) the case holds (src/file.ts line:column as the report gives them).
const seed = new Uint8Array(32).fill(9);
const created = 1754870400;
const AUTHORITY = 'bot.example';
const jwk = jwkFromPublicKey(keyPairFromSeed(seed).publicKey);
const seamError = (code: string, message: string) => ({
  name: 'SeamError',
  code,
  message: `${code}: ${message}`,
});

describe('signRequest caller errors, whole', () => {
  const base = { seed, authority: AUTHORITY, created, expires: created + 60 };
  const printable = (what: string) =>
    seamError('bad-argument', `${what} must be a string of printable ASCII`);

  it('nonce and signatureAgent must be printable ASCII strings', () => {
    // why: kills sign.ts:53:41, 53:57 and 79:64.
    expect(thrown(() => signRequest({ ...base, nonce: 'é' }))).toEqual(printable('signRequest nonce'));
    // why: kills sign.ts:52:15 (a number would reach `.replace` and throw a TypeError).
    expect(thrown(() => signRequest({ ...base, nonce: 5 as never }))).toEqual(
      seamError('bad-argument', 'signRequest nonce is a string, or false to send none'),
    );
    // why: kills sign.ts:99:46.
    expect(thrown(() => signRequest({ ...base, signatureAgent: 'https://bot.example/\n' }))).toEqual(
      printable('signRequest signatureAgent'),
    );
  });

  it('label must be an sf-key string', () => {
    // why: kills sign.ts:70:25 and 70:41.
    expect(thrown(() => signRequest({ ...base, label: 'Sig' }))).toEqual(
      seamError('bad-argument', 'signRequest label must be an sf-key'),
    );
    // why: kills sign.ts:69:7 (['sig1'] passes the regex as the string 'sig1').
    expect(thrown(() => signRequest({ ...base, label: ['sig1'] as never }))).toEqual(
      seamError('bad-argument', 'signRequest label must be an sf-key'),
    );
  });

  it('the lifetime error states the lifetime', () => {
    // why: kills sign.ts:73:7, 74:7 and 74:40 (`expires + created` in the message).
    expect(thrown(() => signRequest({ ...base, expires: created + 601 }))).toEqual(
      seamError('bad-argument', 'signRequest expires - created is 601 s; it must be 1..600 s'),
    );
  });

  it('authority must be visible ASCII', () => {
    // why: kills sign.ts:87:25 and 87:41.
    expect(thrown(() => signRequest({ ...base, authority: '' }))).toEqual(
      seamError('bad-argument', 'authority must be the host[:port], non-empty visible ASCII'),
    );
  });

  it('without a Signature-Agent there is no signature-agent key at all', () => {
    // why: kills sign.ts:110:7 (the key would be set to undefined).
    expect(Object.keys(signRequest(base))).toEqual(['signature-input', 'signature']);
  });

  it('a nonce with a quote and a backslash is escaped, and verifies', () => {
    // why: kills signature-base.ts:27:45 and 27:38 (the escape of `"` and `\` in an sf-string,
    // run by no other test).
    const nonce = 'a"b\\c';
    const signed = signRequest({ ...base, nonce });
    expect(signed['signature-input'].endsWith(';nonce="a\\"b\\\\c"')).toBe(true);
    expect(
      verifyRequest({
        replay: 'off',
        headers: signed,
        authority: AUTHORITY,
        jwks: { keys: [jwk] },
        now: created,
      }),
    ).toMatchObject({ ok: true, value: { nonce } });
  });
});

describe('a signature label', () => {
  // A module-level table or pattern (found by `pnpm mutate --filter wba --rest --static`); each
  // mutant named in `why` applied by hand turns the case red.
  it('a signature label is an sf-key to its last character', () => {
    // why: sign.ts:49 LABEL without `$`: a label with a character an sf-key cannot hold after
    // a valid start passed and was written into Signature-Input.
    const options = { seed, authority: 'example.com', created, expires: created + 60 };
    for (const label of ['sig1!', 'sig 1', 'sigA'])
      expect(thrown(() => signRequest({ ...options, label })).message, label).toBe(
        'bad-argument: signRequest label must be an sf-key',
      );
  });
});
