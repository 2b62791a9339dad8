import { base64urlStrict, unwrap } from '@agent-seam/canonical';
import { keyPairFromSeed } from '@agent-seam/did';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { jwkToKeyID, signatureHeaders, verify } from 'web-bot-auth';
import { Ed25519Signer, helpers, verifierFromJWK } from 'web-bot-auth/crypto';
import { jwkFromPublicKey, signRequest, thumbprint, verifyRequest } from '../src/index.js';

/**
 * Differential run (issue 15): requests signed by this package and verified by the npm
 * web-bot-auth@0.1.3 (Cloudflare's, over http-message-sig), and the other way round, with
 * random keys, authorities, labels, created/expires, nonces, Signature-Agent and covered
 * components. The npm verifier judges time against the real clock, so the times are drawn
 * around the test's own clock (tests may read it; the library never does) and never
 * within 3 s of it.
 *
 * The verdicts agree except for these differences, each asserted to be exactly that
 * (the same list is in spec/wba.md, "Differences from web-bot-auth 0.1.3"):
 *   - `created-skew`: a `created` up to 300 s ahead is accepted here (MAX_CLOCK_SKEW);
 *     web-bot-auth refuses any `created` after its clock.
 *   - `lifetime-too-long`: this profile caps `expires - created` at 600 s; web-bot-auth
 *     has no cap.
 *   - `unsupported-component`: this profile covers `@authority` and header fields only;
 *     web-bot-auth also signs derived components (`@method`, `@path`, ...).
 *   - `missing-authority`: this profile requires `@authority` to be covered.
 *   - `collapsed-whitespace`: web-bot-auth replaces each run of whitespace inside a
 *     covered header value with one space before signing; RFC 9421 section 2.1 keeps the
 *     value as sent (only leading and trailing whitespace go), as this package does, so a
 *     value with a run of spaces or tabs verifies on one side only (`bad-signature` here).
 * In every other case both accept or both refuse.
 */
const now = () => Math.floor(Date.now() / 1000);

const seed = fc.uint8Array({ minLength: 32, maxLength: 32 });
const hostLabel = fc.stringMatching(/^[a-z][a-z0-9]{0,8}$/);
// @authority as web-bot-auth derives it from the URL: lowercase host, port unless 80/443.
const authority = fc
  .tuple(
    fc.array(hostLabel, { minLength: 1, maxLength: 3 }),
    fc.option(fc.integer({ min: 1024, max: 65535 })),
  )
  .map(([labels, port]) => `${labels.join('.')}.example${port === null ? '' : `:${port}`}`);
const label = fc.stringMatching(/^[a-z][a-z0-9_]{0,6}$/);
// Offsets from the clock, seconds; never within 3 s of it (the npm verifier reads the clock later).
const offset = (min: number, max: number) => fc.integer({ min, max }).filter((n) => Math.abs(n) >= 3);
const agentUrl = hostLabel.map((h) => `https://${h}.example/.well-known/http-message-signatures-directory`);
// Header values: visible ASCII and spaces, sometimes with runs of whitespace inside.
const headerValue = fc.oneof(
  fc.stringMatching(/^[!-~]([ !-~]{0,12}[!-~])?$/),
  fc.stringMatching(/^[!-~]{1,6}( {2,3}|\t )[!-~]{1,6}$/),
);

function privateJwk(s: Uint8Array) {
  return { ...jwkFromPublicKey(keyPairFromSeed(s).publicKey), d: base64urlStrict.encode(s) };
}

/** The npm verifier's verdict: true, or the message it threw. */
async function theirVerdict(message: Parameters<typeof verify>[0], s: Uint8Array): Promise<true | string> {
  const jwk = jwkFromPublicKey(keyPairFromSeed(s).publicKey);
  const keyid = await jwkToKeyID(jwk, helpers.WEBCRYPTO_SHA256, helpers.BASE64URL_DECODE);
  const check = await verifierFromJWK(jwk);
  return verify(message, async (data, signature, params) => {
    if (params.keyid !== keyid) throw new Error('unknown keyid');
    await check(data, signature, params);
  }).then(
    () => true as const,
    (e: Error) => e.message,
  );
}

const bump = (counts: Record<string, number>, key: string) => {
  counts[key] = (counts[key] ?? 0) + 1;
};

describe('differential: Web Bot Auth requests against web-bot-auth@0.1.3', () => {
  it('signed here, verified by both, on 300 requests', async () => {
    const counts: Record<string, number> = {};
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          seed,
          authority,
          label,
          createdOffset: offset(-400, 400),
          lifetime: fc.integer({ min: 1, max: 600 }),
          nonce: fc.option(fc.stringMatching(/^[!-~]{1,40}$/).filter((s) => !/["\\]/.test(s))),
          signatureAgent: fc.option(agentUrl),
        }),
        async (c) => {
          const t = now();
          const created = t + c.createdOffset;
          const expires = created + c.lifetime;
          fc.pre(Math.abs(expires - t) >= 3);
          const headers = signRequest({
            seed: c.seed,
            authority: c.authority,
            label: c.label,
            created,
            expires,
            ...(c.nonce === null ? {} : { nonce: c.nonce }),
            // web-bot-auth@0.1.3 predates the dictionary form: the legacy string is compared.
            ...(c.signatureAgent === null
              ? {}
              : { signatureAgent: c.signatureAgent, signatureAgentForm: 'legacy' as const }),
          });
          const request = new Request(`https://${c.authority}/some/path?q=1`, { headers });
          const jwks = { keys: [jwkFromPublicKey(keyPairFromSeed(c.seed).publicKey)] };
          const mine = verifyRequest({ replay: 'off', request, authority: c.authority, jwks, now: t });
          const theirs = await theirVerdict(request, c.seed);
          if (mine.ok) {
            expect(mine.value.label).toBe(c.label);
            // Without a nonce of the case's, signRequest sends its default: 32 random bytes.
            if (c.nonce === null) expect(mine.value.nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
            else expect(mine.value.nonce).toBe(c.nonce);
          }
          if (mine.ok === (theirs === true)) return bump(counts, mine.ok ? 'bothAccept' : 'bothRefuse');
          // The only allowed disagreement in this direction: a created inside our skew.
          expect({ mine: mine.ok, theirs }).toEqual({ mine: true, theirs: 'created in the future' });
          expect(created > t && created <= t + 300).toBe(true);
          bump(counts, 'created-skew');
        },
      ),
      { numRuns: 300 },
    );
    console.info(`wba differential, signed here: ${JSON.stringify(counts)}`);
    expect(counts.bothAccept).toBeGreaterThanOrEqual(80);
    expect(counts.bothRefuse).toBeGreaterThanOrEqual(40);
    expect(counts['created-skew']).toBeGreaterThanOrEqual(40);
  });

  it('signed by web-bot-auth, verified by both, on 300 requests', async () => {
    const counts: Record<string, number> = {};
    const COMPONENTS = ['@authority', '@method', '@path', 'x-one', 'content-type'] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          seed,
          authority,
          label,
          createdOffset: fc.oneof({ weight: 3, arbitrary: offset(-400, -3) }, offset(3, 400)),
          lifetime: fc.oneof(
            { weight: 3, arbitrary: fc.integer({ min: 300, max: 600 }) },
            fc.integer({ min: 1, max: 900 }),
          ),
          nonce: fc.uint8Array({ minLength: 64, maxLength: 64 }),
          signatureAgent: fc.option(agentUrl),
          // Mostly @authority plus headers; sometimes a derived component, sometimes no @authority.
          components: fc.oneof(
            { weight: 4, arbitrary: fc.subarray(['x-one', 'content-type']).map((h) => ['@authority', ...h]) },
            { weight: 1, arbitrary: fc.subarray([...COMPONENTS], { minLength: 1 }) },
          ),
          xOne: headerValue,
          contentType: headerValue,
          // A Fetch Request, or a plain record of headers (as Node's req.headers is).
          plainRecord: fc.boolean(),
        }),
        async (c) => {
          const t = now();
          const created = t + c.createdOffset;
          const expires = created + c.lifetime;
          fc.pre(Math.abs(expires - t) >= 3);
          const components: string[] = [...c.components];
          const sent: Record<string, string> = { 'x-one': c.xOne, 'content-type': c.contentType };
          if (c.signatureAgent !== null) {
            sent['signature-agent'] = `"${c.signatureAgent}"`;
            components.push('signature-agent');
          }
          const target = `https://${c.authority}/some/path?q=1`;
          const signer = await Ed25519Signer.fromJWK(privateJwk(c.seed));
          const message = (headers: Record<string, string>) =>
            c.plainRecord ? { method: 'GET', url: target, headers } : new Request(target, { headers });
          const signed = await signatureHeaders(message(sent), signer, {
            created: new Date(created * 1000),
            expires: new Date(expires * 1000),
            nonce: btoa(String.fromCharCode(...c.nonce)),
            key: c.label,
            components,
          });
          const headers = {
            ...sent,
            'signature-input': signed['Signature-Input'],
            signature: signed.Signature,
          };
          const jwks = { keys: [jwkFromPublicKey(keyPairFromSeed(c.seed).publicKey)] };
          const mine = verifyRequest({ replay: 'off', headers, authority: c.authority, jwks, now: t });
          const theirs = await theirVerdict(message(headers), c.seed);
          if (mine.ok) expect(mine.value.keyid).toBe(unwrap(thumbprint(jwks.keys[0]!)));
          if (mine.ok === (theirs === true)) return bump(counts, mine.ok ? 'bothAccept' : 'bothRefuse');

          // A disagreement: exactly the first explained difference that applies, in the
          // order this package's checks run (components, then time, then the signature).
          const collapses =
            c.plainRecord && components.some((h) => h in sent && /\s{2,}/.test(sent[h]!.trim()));
          const timeOk = created <= t + 300 && t <= expires;
          const expected = components.some((n) => n.startsWith('@') && n !== '@authority')
            ? ['unsupported-component', false, true]
            : !components.includes('@authority')
              ? ['missing-authority', false, true]
              : created > t && created <= t + 300 && t <= expires && c.lifetime <= 600 && !collapses
                ? ['created-skew', true, 'created in the future']
                : timeOk && c.lifetime > 600
                  ? ['lifetime-too-long', false, true]
                  : timeOk && collapses
                    ? ['collapsed-whitespace', false, true]
                    : ['unexplained', null, null];
          const [reason, mineOk, theirVerdictIs] = expected;
          expect({ mine: mine.ok ? true : mine.code, theirs }).toEqual({
            mine: mineOk === true ? true : reason === 'collapsed-whitespace' ? 'bad-signature' : reason,
            theirs: theirVerdictIs,
          });
          bump(counts, reason as string);
        },
      ),
      { numRuns: 300 },
    );
    console.info(`wba differential, signed by web-bot-auth: ${JSON.stringify(counts)}`);
    expect(counts.bothAccept).toBeGreaterThanOrEqual(40);
    expect(counts.bothRefuse).toBeGreaterThanOrEqual(20);
    for (const reason of [
      'created-skew',
      'lifetime-too-long',
      'unsupported-component',
      'missing-authority',
      'collapsed-whitespace',
    ])
      expect(counts[reason], reason).toBeGreaterThanOrEqual(3);
  });
});
