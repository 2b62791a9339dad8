import { base64urlStrict } from '@agent-seam/canonical';
import { jwkFromPublicKey, keyPairFromSeed, publicKeyFromJwk } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';

// Verdicts and thrown errors are compared whole. Each `why` names the mutant(s) of src/ the case
// holds by `file.ts:line:column` of the `--rest` run.
const ownerSeed = new Uint8Array(32).fill(0x11);

describe('JWK', () => {
  const { publicKey } = keyPairFromSeed(ownerSeed);
  const x = base64urlStrict.encode(publicKey);

  it('a public key is written as the RFC 8037 OKP key', () => {
    // why: kills jwk.ts:21:69 (the body emptied), jwk.ts:22:7 (the condition → true, and
    // `!(… instanceof …)` → `… instanceof …`), jwk.ts:22:45 (`!== 32` → `=== 32`),
    // jwk.ts:24:10, 24:17 and 24:29 (the object and its two names emptied).
    expect(jwkFromPublicKey(publicKey)).toEqual({ kty: 'OKP', crv: 'Ed25519', x });
  });

  it('a key that is not 32 bytes, or not bytes, cannot be written as a JWK', () => {
    // why: kills jwk.ts:22:7 (→ false, and `||` → `&&`), jwk.ts:22:45 (→ false) and
    // jwk.ts:23:25 and 23:43 (the code and the message emptied).
    const error = {
      name: 'SeamError',
      code: 'bad-public-key',
      message: 'bad-public-key: an Ed25519 public key is 32 bytes',
    };
    expect(thrown(() => jwkFromPublicKey(publicKey.subarray(1)))).toEqual(error);
    expect(thrown(() => jwkFromPublicKey([...publicKey] as never))).toEqual(error);
  });

  it('a written JWK reads back as the key', () => {
    // why: kills jwk.ts:19:3 (isRecord → false), jwk.ts:19:16 ('object' emptied),
    // jwk.ts:19:42 (`!Array.isArray` → `Array.isArray`), jwk.ts:29:7 (→ true), jwk.ts:30:7
    // (→ true, and `jwk.kty !== 'OKP'` → `=== 'OKP'`), jwk.ts:30:19 and 30:40 (the names
    // emptied), jwk.ts:30:28 (`=== 'Ed25519'`), jwk.ts:32:7 (→ true, `x.ok`) and jwk.ts:32:16
    // (`=== 32`).
    expect(publicKeyFromJwk({ kty: 'OKP', crv: 'Ed25519', x })).toEqual({ ok: true, value: publicKey });
  });

  it('an array is no JWK, even when it carries the members', () => {
    // why: holds jwk.ts:19:42 from the other side: an array is not a JWK.
    const array = Object.assign([], { kty: 'OKP', crv: 'Ed25519', x });
    expect(publicKeyFromJwk(array)).toEqual({ ok: false, code: 'not-a-jwk' });
  });

  it('a JWK of another type or curve is refused', () => {
    // why: kills jwk.ts:30:7 (→ false, `||` → `&&`, `jwk.kty !== 'OKP'` → false) and
    // jwk.ts:30:28 (`jwk.crv !== 'Ed25519'` → false): each name wrong alone.
    expect(publicKeyFromJwk({ kty: 'EC', crv: 'Ed25519', x })).toEqual({
      ok: false,
      code: 'unsupported-key-type',
    });
    expect(publicKeyFromJwk({ kty: 'OKP', crv: 'X25519', x })).toEqual({
      ok: false,
      code: 'unsupported-key-type',
    });
  });

  it('a JWK whose x is not 32 strict base64url bytes is refused', () => {
    // why: kills jwk.ts:32:7 (→ false, `||` → `&&`, which reads the length of a failed
    // decode), jwk.ts:32:16 (→ false), and jwk.ts:33:17 and 33:37 (code and detail emptied).
    const refusal = { ok: false, code: 'bad-key-encoding', detail: 'x is not 32 bytes in strict base64url' };
    expect(publicKeyFromJwk({ kty: 'OKP', crv: 'Ed25519', x: `${x}=` })).toEqual(refusal);
    expect(
      publicKeyFromJwk({ kty: 'OKP', crv: 'Ed25519', x: base64urlStrict.encode(publicKey.subarray(1)) }),
    ).toEqual(refusal);
  });
});
