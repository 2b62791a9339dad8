import { BASE58_MAX_CHARS, base58btc, publicKeyFromDid, verificationKeyFromDid } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';

/**
 * A did:key of 1 MB (issue 15, resource bounds). Base58 decoding is quadratic, so the
 * length is judged first: the text also holds a character outside the alphabet ('0'),
 * which a decoder that read it would refuse as bad-base58 instead.
 */
describe('a hostile did:key is refused from its length alone', () => {
  const body = '0' + '2'.repeat(1_000_000);
  it('1 MB of base58 is base58-too-long at every door', () => {
    expect(publicKeyFromDid(`did:key:z${body}`)).toMatchObject({ ok: false, code: 'base58-too-long' });
    expect(verificationKeyFromDid(`did:key:z${body}`)).toMatchObject({ ok: false, code: 'base58-too-long' });
    expect(base58btc.decode(body)).toMatchObject({ ok: false, code: 'base58-too-long' });
  });
  it('the limit is BASE58_MAX_CHARS (512): one more is refused, the same text shorter is read', () => {
    expect(base58btc.decode('0' + '2'.repeat(BASE58_MAX_CHARS))).toMatchObject({
      ok: false,
      code: 'base58-too-long',
    });
    expect(base58btc.decode('0' + '2'.repeat(BASE58_MAX_CHARS - 1))).toMatchObject({
      ok: false,
      code: 'bad-base58',
    });
    expect(base58btc.decode('2'.repeat(BASE58_MAX_CHARS)).ok).toBe(true);
  });
});
