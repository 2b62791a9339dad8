import { base64urlStrict, sha256, utf8Strict } from '@agent-seam/canonical';
import { keyPairFromSeed } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { jwkFromPublicKey, thumbprint, thumbprintInput } from '../src/index.js';

// Refusals are asserted whole (code and detail), caller errors by name, code and message. Every
// `why` names the mutant(s) the case holds (src/file.ts line:column as the report gives them).
const seed = new Uint8Array(32).fill(9);
const jwk = jwkFromPublicKey(keyPairFromSeed(seed).publicKey);

describe('a JWK thumbprint covers the members RFC 7638 names, each checked', () => {
  // A module-level table or pattern (found by `pnpm mutate --filter wba --rest --static`); each
  // mutant named in `why` applied by hand turns the case red.
  it('an EC key is thumbprinted over crv, kty, x and y (RFC 7638 3.2), each checked as base64url', () => {
    // why: jwk.ts:13 the EC member list → [] or one of its names → "", :16 'y' → "" (y then
    // went unchecked): no case thumbprinted a P-256 key. The expected digest is taken here
    // over the text RFC 7638 prescribes, written out by hand.
    const x = 'f83OJ3D2xF1Bg8vub9tLe1gHMzV76e8Tus9uPHvRVEU';
    const y = 'x_FEzRu9m36HLN_tue659LNpXW6pCyStikYjKIWI5a0';
    const text = `{"crv":"P-256","kty":"EC","x":"${x}","y":"${y}"}`;
    const expected = base64urlStrict.encode(sha256(utf8Strict.encode(text)));
    expect(thumbprint({ kty: 'EC', crv: 'P-256', x, y, use: 'sig' })).toEqual({ ok: true, value: expected });
    expect(thumbprint({ kty: 'EC', crv: 'P-256', x, y: 'not+base64url' })).toMatchObject({
      ok: false,
      code: 'bad-key-encoding',
    });
  });

  it("an RSA key's n and e are checked as base64url", () => {
    // why: jwk.ts:16 'n' → "" and 'e' → "" (either member then went unchecked).
    for (const jwk of [
      { kty: 'RSA', n: 'not+base64url', e: 'AQAB' },
      { kty: 'RSA', n: 'AQAB', e: 'AQ=B' },
    ])
      expect(thumbprint(jwk), JSON.stringify(jwk)).toMatchObject({ ok: false, code: 'bad-key-encoding' });
  });
});

describe('thumbprintInput refusals, whole', () => {
  it('kty must be a string; members must be strings; base64url members strict', () => {
    // why: kills jwk.ts:23:25 (kty ['OKP'] would index REQUIRED_MEMBERS as 'OKP').
    expect(thumbprintInput({ kty: ['OKP'], crv: 'Ed25519', x: jwk.x })).toEqual({
      ok: false,
      code: 'not-a-jwk',
    });
    // why: kills jwk.ts:29:61.
    expect(thumbprintInput({ kty: 'OKP', crv: 5, x: jwk.x })).toEqual({
      ok: false,
      code: 'not-a-jwk',
      detail: 'member crv is not a string',
    });
    // why: kills jwk.ts:31:39.
    expect(thumbprintInput({ kty: 'OKP', crv: 'Ed25519', x: 'a+b' })).toEqual({
      ok: false,
      code: 'bad-key-encoding',
      detail: 'member x is not strict base64url',
    });
  });
});
