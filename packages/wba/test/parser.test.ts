import { SeamError } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { parseSignature, parseSignatureInput, signRequest } from '../src/index.js';

describe('parseSignatureInput', () => {
  it('reads labels, components, typed parameters and keeps the member text', () => {
    const verdict = parseSignatureInput('a=("@authority" "x\\"y");created=-5;k="v\\\\w",  b=();t="u"');
    expect(verdict).toEqual({
      ok: true,
      value: [
        {
          label: 'a',
          components: [
            { name: '@authority', parameters: [], text: '"@authority"' },
            { name: 'x"y', parameters: [], text: '"x\\"y"' },
          ],
          parameters: [
            { name: 'created', value: { type: 'integer', value: -5 } },
            { name: 'k', value: { type: 'string', value: 'v\\w' } },
          ],
          text: '("@authority" "x\\"y");created=-5;k="v\\\\w"',
        },
        {
          label: 'b',
          components: [],
          parameters: [{ name: 't', value: { type: 'string', value: 'u' } }],
          text: '();t="u"',
        },
      ],
    });
  });

  it.each([
    ['sig1=("@authority" )', 'malformed-signature-input'],
    ['sig1=( "@authority")', 'malformed-signature-input'],
    ['sig1=("@authority");created=1.5', 'malformed-signature-input'],
    ['sig1=("@authority");created=1234567890123456', 'malformed-signature-input'],
    ['sig1=("@authority");k=?1', 'malformed-signature-input'],
    ['sig1=("@authority";k=?0)', 'malformed-signature-input'],
    ['sig1=("@authority";key=)', 'malformed-signature-input'],
    ['sig1=("@authority"); k="v"', 'malformed-signature-input'],
    ['sig1=("a\\n")', 'malformed-signature-input'],
    ['sig1=("\u00e9")', 'malformed-signature-input'],
    ['Sig1=("@authority")', 'malformed-signature-input'],
    ['sig1', 'malformed-signature-input'],
    ['', 'malformed-signature-input'],
    ['sig1=("@authority");a=1;a=2', 'duplicate-parameter'],
    ['sig1=("@authority"), sig1=("@authority")', 'duplicate-label'],
  ])('refuses %j with %s', (text, code) => {
    expect(parseSignatureInput(text)).toMatchObject({ ok: false, code });
  });

  it('reads component parameters (key, req, a token) and bare signature parameters as RFC 8941 writes them', () => {
    const verdict = parseSignatureInput('s=("@authority";req "signature-agent";key="s" "x";t=tok);b;c=*a:/b');
    expect(verdict).toEqual({
      ok: true,
      value: [
        {
          label: 's',
          components: [
            {
              name: '@authority',
              parameters: [{ name: 'req', value: { type: 'boolean', value: true } }],
              text: '"@authority";req',
            },
            {
              name: 'signature-agent',
              parameters: [{ name: 'key', value: { type: 'string', value: 's' } }],
              text: '"signature-agent";key="s"',
            },
            {
              name: 'x',
              parameters: [{ name: 't', value: { type: 'token', value: 'tok' } }],
              text: '"x";t=tok',
            },
          ],
          parameters: [
            { name: 'b', value: { type: 'boolean', value: true } },
            { name: 'c', value: { type: 'token', value: '*a:/b' } },
          ],
          text: '("@authority";req "signature-agent";key="s" "x";t=tok);b;c=*a:/b',
        },
      ],
    });
  });
});

describe('parseSignature', () => {
  it('reads byte sequences by label', () => {
    expect(parseSignature('a=:AAAA:, b=::')).toEqual({
      ok: true,
      value: [
        { label: 'a', base64: 'AAAA' },
        { label: 'b', base64: '' },
      ],
    });
  });
  it.each([
    ['a=:AAAA', 'malformed-signature'],
    ['a=("x")', 'malformed-signature'],
    ['a=:AA AA:', 'malformed-signature'],
    ['a=:AAAA:;p=1', 'signature-member-parameters'],
    ['a=:AAAA:, a=:AAAA:', 'duplicate-label'],
  ])('refuses %j with %s', (text, code) => {
    expect(parseSignature(text)).toMatchObject({ ok: false, code });
  });
});

describe('signRequest', () => {
  const seed = new Uint8Array(32).fill(7);
  const base = { seed, authority: 'example.com', created: 100, expires: 400 };
  it.each([
    [{ ...base, expires: 1000 }, 'lifetime over the request cap'],
    [{ ...base, expires: 100 }, 'expires not after created'],
    [{ ...base, created: 1_754_870_400_000 }, 'created in milliseconds'],
    [{ ...base, label: 'Sig' }, 'label outside sf-key'],
    [{ ...base, authority: 'a b' }, 'authority with a space'],
    [{ ...base, signatureAgent: 'https://a.example/\u00e9' }, 'non-ASCII Signature-Agent'],
  ])('throws SeamError for %j (%s)', (options, _reason) => {
    expect(() => signRequest(options as never)).toThrow(SeamError);
  });
});

describe('the parsers take strings', () => {
  it.each([42, null, undefined, ['sig1=()'], new Uint8Array(3)])('refuse %j with not-a-string', (value) => {
    expect(parseSignatureInput(value as never)).toMatchObject({ ok: false, code: 'not-a-string' });
    expect(parseSignature(value as never)).toMatchObject({ ok: false, code: 'not-a-string' });
  });
});
