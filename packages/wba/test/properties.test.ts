import { loadVectors } from '@agent-seam/conformance';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSignature, parseSignatureInput, verifyRequest } from '../src/index.js';

const g = loadVectors('wire_vectors.json')['wba.profile'];
const honest = g.accept[0].headers;
const verify = (headers: Record<string, string>) =>
  verifyRequest({ headers, authority: g.authority, jwks: g.jwks, now: g.now });

// Header-ish text: the characters structured fields are made of, plus anything at all.
const fieldChars = fc.constantFrom(
  ...'sig1=();,:"\\ \t-*.@authority keyid created expires 0123456789+/=AZaz',
);
const fieldText = fc.oneof(fc.string({ unit: fieldChars, maxLength: 300 }), fc.string({ maxLength: 300 }));

describe('properties', () => {
  it('never throws on random Signature-Input / Signature values and returns a typed verdict', () => {
    fc.assert(
      fc.property(fieldText, fieldText, fc.option(fieldText), (input, signature, agent) => {
        for (const verdict of [
          parseSignatureInput(input),
          parseSignature(signature),
          verify({
            'signature-input': input,
            signature,
            ...(agent === null ? {} : { 'signature-agent': agent }),
          }),
        ]) {
          expect(typeof verdict.ok).toBe('boolean');
          if (!verdict.ok) expect(verdict.code).toMatch(/^[a-z-]+$/);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('never throws when an honest header is cut or has a character replaced', () => {
    const input: string = honest['signature-input'];
    fc.assert(
      fc.property(fc.nat(input.length - 1), fc.string({ minLength: 0, maxLength: 2 }), (at, insert) => {
        const mutated = input.slice(0, at) + insert + input.slice(at + 1);
        const verdict = verify({ ...honest, 'signature-input': mutated });
        if (mutated !== input) expect(verdict.ok).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('re-ordering the parameters of an honest signature without re-signing is refused', () => {
    const input: string = honest['signature-input'];
    const open = input.indexOf(')') + 1;
    const params = input.slice(open + 1).split(';');
    expect(params.length).toBeGreaterThanOrEqual(5);
    fc.assert(
      fc.property(
        fc.shuffledSubarray(params, { minLength: params.length, maxLength: params.length }),
        (order) => {
          fc.pre(order.join(';') !== params.join(';'));
          const reordered = `${input.slice(0, open)};${order.join(';')}`;
          const verdict = verify({ ...honest, 'signature-input': reordered });
          expect(verdict).toMatchObject({ ok: false, code: 'bad-signature' });
        },
      ),
      { numRuns: 200 },
    );
  });
});
