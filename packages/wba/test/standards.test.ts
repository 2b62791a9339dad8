import { base64Strict, base64urlStrict, hex, unwrap, utf8Strict } from '@agent-seam/canonical';
import { loadInterop, openLedger } from '@agent-seam/conformance';
import { signEd25519, verifyEd25519 } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import {
  parseSignatureInput,
  signatureBase,
  thumbprint,
  thumbprintInput,
  verifyRequest,
} from '../src/index.js';

const ledger = openLedger();
const interop = { interop: true };

describe('http-sig.rfc9421: Appendix B.2.6 (Ed25519)', () => {
  const file = loadInterop('standards/http-sig-rfc9421/rfc9421-ed25519-examples.json');
  if (file === null) {
    it('interop data absent', () => ledger.interopMissing('http-sig.rfc9421'));
    return;
  }
  const b = file.b_2_6;
  const key = file.test_key_ed25519;
  // Component values as the RFC's test request carries them.
  const values: Record<string, string> = {
    date: 'Tue, 20 Apr 2021 02:07:55 GMT',
    '@method': 'POST',
    '@path': '/foo',
    '@authority': 'example.com',
    'content-type': 'application/json',
    'content-length': '18',
  };
  const input = b.signature_input_header as string;
  const member = () => {
    const parsed = unwrap(parseSignatureInput(input));
    expect(parsed).toHaveLength(1);
    return parsed[0]!;
  };
  const base = () =>
    signatureBase(
      member().components.map(({ name }) => ({ name, value: values[name]! })),
      member().text,
    );

  it('parses Signature-Input and keeps the member text', () =>
    ledger.accept(
      'http-sig.rfc9421',
      'B.2.6/signature-input',
      () => {
        expect(member().label).toBe(b.label);
        expect(member().components.map((c) => c.name)).toEqual(b.covered_components);
        expect(`${b.label}=${member().text}`).toBe(input);
      },
      interop,
    ));
  it('reproduces the signature base byte for byte', () =>
    ledger.accept(
      'http-sig.rfc9421',
      'B.2.6/signature-base',
      () => {
        expect(base()).toBe(b.signature_base);
        expect(hex.encode(utf8Strict.encode(base()))).toBe(b.signature_base_hex);
      },
      interop,
    ));
  it('reproduces the signature from the test key', () =>
    ledger.accept(
      'http-sig.rfc9421',
      'B.2.6/signature',
      () => {
        const seed = unwrap(base64urlStrict.decode(key.jwk.d));
        expect(hex.encode(seed)).toBe(key.seed_hex);
        const signature = signEd25519(seed, utf8Strict.encode(base()));
        expect(hex.encode(signature)).toBe(b.signature_hex);
        expect(`${b.label}=:${base64Strict.encode(signature)}:`).toBe(b.signature_header);
      },
      interop,
    ));
  it('verifies the published signature through the door', () =>
    ledger.accept(
      'http-sig.rfc9421',
      'B.2.6/verify',
      () => {
        const publicKey = unwrap(base64urlStrict.decode(key.jwk.x));
        const verdict = verifyEd25519(
          publicKey,
          utf8Strict.encode(base()),
          unwrap(hex.decode(b.signature_hex)),
        );
        expect(verdict).toEqual({ ok: true, value: true });
      },
      interop,
    ));
  it('is outside the Web Bot Auth profile: @method is not a component the profile reproduces', () =>
    ledger.refuse(
      'http-sig.rfc9421',
      'B.2.6/profile',
      () => {
        const verdict = verifyRequest({
          replay: 'off',
          headers: { 'signature-input': input, signature: b.signature_header },
          authority: 'example.com',
          jwks: { keys: [{ kty: 'OKP', crv: 'Ed25519', x: key.jwk.x }] },
          now: b.created,
        });
        // The first check to object is the parameter set: B.2.6 has no expires and no tag.
        expect(verdict.ok ? 'accepted' : verdict.code).toBe('missing-parameter');
      },
      interop,
    ));
});

describe('jwk.rfc7638: thumbprint examples', () => {
  const file = loadInterop('standards/http-sig-rfc9421/rfc7638-jwk-thumbprint.json');
  if (file === null) {
    it('interop data absent', () => ledger.interopMissing('jwk.rfc7638'));
    return;
  }
  for (const c of file.cases) {
    const jwk = JSON.parse(c.jwk);
    it(`${c.name}: the hashed input`, () =>
      ledger.accept(
        'jwk.rfc7638',
        `${c.name}/input`,
        () => expect(hex.encode(utf8Strict.encode(unwrap(thumbprintInput(jwk))))).toBe(c.precompute),
        interop,
      ));
    it(`${c.name}: the thumbprint`, () =>
      ledger.accept(
        'jwk.rfc7638',
        `${c.name}/thumbprint`,
        () => expect(unwrap(thumbprint(jwk))).toBe(c.thumbprint),
        interop,
      ));
  }
});

/**
 * Cloudflare's web-bot-auth Ed25519 examples. All four are refused by the default
 * profile for their lifetime (3600 s, or a century), and verified with the cap raised to
 * their own lifetime, so their bytes and signatures are shown to agree with this
 * implementation: v2's sig2 with the dictionary Signature-Agent and its `;key` member.
 */
const CLOUDFLARE: Record<string, { refuse: string; reason: string; verifiesWithLifetime?: boolean }> = {
  'v1/sig1': {
    refuse: 'lifetime-too-long',
    reason: 'a 3600 s lifetime exceeds the 600 s request cap',
    verifiesWithLifetime: true,
  },
  'v1/sig2': {
    refuse: 'lifetime-too-long',
    reason: 'a 3600 s lifetime exceeds the 600 s request cap',
    verifiesWithLifetime: true,
  },
  'v2/sig1': {
    refuse: 'lifetime-too-long',
    reason: 'expires in 2124: a century-long bearer header',
    verifiesWithLifetime: true,
  },
  'v2/sig2': {
    refuse: 'lifetime-too-long',
    reason:
      'expires in 2124; it covers "signature-agent";key="agent2", the dictionary member of its Signature-Agent (label sig2: relabeled)',
    verifiesWithLifetime: true,
  },
};

for (const version of ['v1', 'v2']) {
  const group = `wba.cloudflare.${version}`;
  describe(group, () => {
    const cases = loadInterop(
      `standards/http-sig-rfc9421/web-bot-auth/web_bot_auth_architecture_${version}.json`,
    );
    if (cases === null) {
      it('interop data absent', () => ledger.interopMissing(group));
      return;
    }
    for (const c of cases.filter((c: any) => c.key.crv === 'Ed25519')) {
      const id = `${version}/${c.label}`;
      const expected = CLOUDFLARE[id]!;
      const created = c.created_ms / 1000;
      const lifetime = (c.expires_ms - c.created_ms) / 1000;
      const options = {
        headers: {
          'signature-input': c.signature_input,
          signature: c.signature,
          ...(c.signature_agent === undefined ? {} : { 'signature-agent': c.signature_agent }),
        },
        authority: new URL(c.target_url).host,
        jwks: { keys: [{ kty: 'OKP', crv: 'Ed25519', x: c.key.x }] },
        now: created,
        replay: 'off' as const,
      };
      it(`${id}: refused by the default profile (${expected.reason})`, () =>
        ledger.refuse(
          group,
          `${c.label}/profile`,
          () => {
            const verdict = verifyRequest(options);
            expect(verdict.ok ? 'accepted' : verdict.code).toBe(expected.refuse);
          },
          interop,
        ));
      if (expected.verifiesWithLifetime) {
        it(`${id}: verifies with the lifetime cap raised to its own lifetime`, () =>
          ledger.accept(
            group,
            `${c.label}/verifies`,
            () => expect(verifyRequest({ ...options, maxLifetime: lifetime })).toMatchObject({ ok: true }),
            interop,
          ));
      }
    }
  });
}
