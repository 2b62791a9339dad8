import { MAX_HEADER_LENGTH, parseSignature, parseSignatureInput, verifyRequest } from '@agent-seam/wba';
import { describe, expect, it, vi } from 'vitest';

/**
 * A Signature-Input header of 1 MB (issue 15, resource bounds). verifyRequest judges
 * the length before parsing: the field is also malformed (an unclosed inner list), so
 * a verifier that parsed it first would answer malformed-signature-input instead.
 */
describe('a hostile Signature-Input is refused from its length alone', () => {
  const huge = 'sig1=(' + '"a" '.repeat(262_144);
  const verify = (signatureInput: string, maxHeaderLength?: number) =>
    verifyRequest({
      replay: 'off',
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
});

/**
 * The exported parsers on their own (issue 32: 1 MB of open parentheses ran past 30 s,
 * through label and parameter lookups that scanned every earlier member). The assertions
 * are on the work done, never on time.
 */
describe('parseSignatureInput and parseSignature bound their own work', () => {
  const parens = `sig1=${'('.repeat(1_000_000)}`;
  /** n members with unique labels, then a repeated one: a parser that read it all says duplicate-label. */
  const manyMembers = (n: number) => `${Array.from({ length: n }, (_, i) => `m${i}=()`).join(', ')}, m0=()`;

  it('refuse 1 MB from its length before reading it, with the default cap MAX_HEADER_LENGTH', () => {
    for (const [parse, field] of [
      [parseSignatureInput, 'Signature-Input'],
      [parseSignature, 'Signature'],
    ] as const)
      expect(parse(parens)).toEqual({
        ok: false,
        code: 'header-too-long',
        detail: `${field} is ${parens.length} characters, over the cap of ${MAX_HEADER_LENGTH}`,
      });
    // Read, it is refused for what it says: the cap came first above.
    expect(parseSignatureInput(parens, { maxLength: parens.length })).toMatchObject({
      ok: false,
      code: 'malformed-signature-input',
    });
    const members = manyMembers(20_000);
    expect(parseSignatureInput(members)).toMatchObject({ code: 'header-too-long' });
    expect(parseSignatureInput(members, { maxLength: members.length })).toMatchObject({
      code: 'duplicate-label',
    });
  });

  it('look each label and each parameter name up once, in a set: no scan of the members before it', () => {
    const params = (n: number) => `sig1=()${Array.from({ length: n }, (_, i) => `;p${i}=1`).join('')};p0=1`;
    for (const [text, lookups, code] of [
      [manyMembers(5000), 5001, 'duplicate-label'],
      // 5001 parameter names and the one label.
      [params(5000), 5002, 'duplicate-parameter'],
    ] as const) {
      const some = vi.spyOn(Array.prototype, 'some');
      const find = vi.spyOn(Array.prototype, 'find');
      const includes = vi.spyOn(Array.prototype, 'includes');
      const has = vi.spyOn(Set.prototype, 'has');
      const verdict = parseSignatureInput(text, { maxLength: text.length });
      const counts = [has, some, find, includes].map((spy) => spy.mock.calls.length);
      for (const spy of [has, some, find, includes]) spy.mockRestore();
      expect(verdict).toMatchObject({ ok: false, code });
      // One lookup per label or name, linear in the input; no per-member scan of the others.
      expect(counts).toEqual([lookups, 0, 0, 0]);
    }
  });
});
