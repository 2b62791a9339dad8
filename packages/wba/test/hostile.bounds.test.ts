import { MAX_HEADER_LENGTH, parseSignatureInput, verifyRequest } from '@agent-seam/wba';
import { describe, expect, it } from 'vitest';

/**
 * A Signature-Input header of 1 MB (issue 15, resource bounds). verifyRequest judges
 * the length before parsing: the field is also malformed (an unclosed inner list), so
 * a verifier that parsed it first would answer malformed-signature-input instead.
 */
describe('a hostile Signature-Input is refused from its length alone', () => {
  const huge = 'sig1=(' + '"a" '.repeat(262_144);
  const verify = (signatureInput: string, maxHeaderLength?: number) =>
    verifyRequest({
      headers: { 'signature-input': signatureInput, signature: 'sig1=:AA==:' },
      authority: 'example.com',
      jwks: { keys: [] },
      now: 1_700_000_000,
      ...(maxHeaderLength === undefined ? {} : { maxHeaderLength }),
    });
  it('1 MB is header-too-long; the default limit is MAX_HEADER_LENGTH (4096), configurable', () => {
    expect(huge.length).toBeGreaterThanOrEqual(1_000_000);
    expect(verify(huge)).toMatchObject({ ok: false, code: 'header-too-long' });
    expect(verify(huge.slice(0, MAX_HEADER_LENGTH + 1))).toMatchObject({
      ok: false,
      code: 'header-too-long',
    });
    expect(verify(huge.slice(0, MAX_HEADER_LENGTH))).toMatchObject({
      ok: false,
      code: 'malformed-signature-input',
    });
    expect(verify(huge, 2_000_000)).toMatchObject({ ok: false, code: 'malformed-signature-input' });
  });
  it('the structured-field parser itself takes 1 MB in one pass and refuses it', () => {
    expect(parseSignatureInput(huge)).toMatchObject({ ok: false });
  });
});
