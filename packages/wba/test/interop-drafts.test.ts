import { readFileSync } from 'node:fs';
import { utf8Strict } from '@agent-seam/canonical';
import { interopPath, loadInterop, openLedger } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import {
  contentDigest,
  parseRegistry,
  parseSignatureAgent,
  parseSignatureAgentCard,
  signatureBases,
  verifyDirectory,
  verifyRequest,
} from '../src/index.js';

/**
 * The current Web Bot Auth data of ../shared/interop, read in place: Cloudflare's parsing
 * data for Signature-Agent, registries and cards (web-bot-auth at the commit SOURCES.md
 * names), and the worked examples of the protocol draft's editor's copy
 * (draft-meunier-webbotauth-httpsig-protocol, changes listed up to -02), whose bases and
 * signatures this package must reproduce and verify.
 */
const ledger = openLedger();
const interop = { interop: true };
const DIR = 'standards/http-sig-rfc9421/web-bot-auth';

/** The rows of Cloudflare's file `file` for `group`, or, where it is absent, one case saying so. */
function withCases(group: string, file: string, each: (cases: any[]) => void): void {
  const cases = loadInterop(`${DIR}/${file}`);
  if (cases === null) it('interop data absent', () => ledger.interopMissing(group));
  else each(cases);
}

/** Every row of `file` an accepting case of `group`, named by the row and judged by `check`. */
const acceptEach = (group: string, file: string, check: (c: any) => void) =>
  withCases(group, file, (cases) => {
    for (const c of cases) it(c.name, () => ledger.accept(group, c.name, () => check(c), interop));
  });

describe('wba.signature-agent.v1 (Cloudflare: Signature-Agent header parsing)', () =>
  acceptEach('wba.signature-agent.v1', 'web_bot_auth_signature_agent_v1.json', (c) => {
    const verdict = parseSignatureAgent(c.header);
    expect(verdict.ok).toBe(true);
    if (verdict.ok)
      expect(verdict.value.map(({ label, uri, type }) => ({ label, uri, type }))).toEqual(c.entries);
  }));

describe('wba.registry.v1 (Cloudflare: registry text)', () =>
  acceptEach('wba.registry.v1', 'web_bot_auth_registry_v1.json', (c) =>
    expect(parseRegistry(c.registry_txt)).toEqual({ ok: true, value: c.signature_agent_cards }),
  ));

/** The code this package gives each invalid card of the file, by the file's error text. */
const CARD_ERRORS: Record<string, string> = {
  'card must not contain both jwks and jwks_uri': 'both-key-sources',
  'client_id must match the card URL': 'client-id-mismatch',
};

describe('wba.card.v1 (Cloudflare: signature-agent cards)', () =>
  withCases('wba.card.v1', 'web_bot_auth_signature_agent_card_v1.json', (cases) => {
    for (const c of cases) {
      const judge = () => parseSignatureAgentCard(c.card, { url: c.url });
      if (c.valid)
        it(`accept: ${c.name}`, () =>
          ledger.accept('wba.card.v1', c.name, () => expect(judge()).toMatchObject({ ok: true }), interop));
      else
        it(`refuse: ${c.name}`, () =>
          ledger.refuse(
            'wba.card.v1',
            c.name,
            () => {
              const code = CARD_ERRORS[c.error];
              expect(code, 'every invalid card of the file is classified').toBeDefined();
              const verdict = judge();
              expect(verdict.ok ? 'accepted' : verdict.code).toBe(code);
            },
            interop,
          ));
    }
  }));

/** The `~~~` blocks under the `occurrence`-th heading starting `heading`, RFC 8792 single-backslash wrapping undone. */
function blocksAfter(draft: string, heading: string, occurrence: number): string[] {
  // A heading line may end with an anchor (`{#example-legacy}`).
  const starts = [...draft.matchAll(/\n(#+ [^\n]*)/g)].filter(([, line]) => line!.startsWith(heading));
  const at = starts[occurrence]?.index;
  if (at === undefined) throw new Error(`the draft has no ${heading} #${occurrence}`);
  const next = draft.indexOf('\n#', at + heading.length + 2);
  const section = draft.slice(at, next < 0 ? undefined : next);
  return [...section.matchAll(/~~~\n([\s\S]*?)\n~~~/g)].map(([, body]) => {
    const lines = body!.split('\n');
    const wrapped = lines[0]!.startsWith('NOTE:') ? lines.slice(2) : lines;
    return wrapped.join('\n').replace(/\\\n[ \t]*/g, '');
  });
}
/** Header fields of a block of `Name: value` lines, by lowercase name. */
const fieldsOf = (block: string) =>
  Object.fromEntries(
    block.split('\n').map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );

describe('wba.draft (the protocol draft worked examples)', () => {
  const path = interopPath(`${DIR}/drafts/draft-meunier-webbotauth-httpsig-protocol.md`);
  const key = loadInterop(`${DIR}/ed25519.json`);
  if (path === null || key === null) {
    it('interop data absent', () => ledger.interopMissing('wba.draft'));
    return;
  }
  const draft = readFileSync(path, 'utf8');
  const jwks = { keys: [{ kty: 'OKP', crv: 'Ed25519', x: key.x }] };
  const created = 1735689600;
  const check = (name: string, body: () => void) =>
    it(name, () => ledger.accept('wba.draft', name, body, interop));

  // The Ed25519 request examples: the dictionary member (sig2 covering agent2) and the legacy string.
  for (const [name, heading] of [
    ['ed25519 dictionary Signature-Agent', '### Signature-Agent Included Present on the Request'],
    ['ed25519 legacy Signature-Agent', '### Legacy Signature-Agent, sf-string'],
  ] as const) {
    // The second occurrence of each heading is the Ed25519 section (the first is RSA-PSS).
    const [base, fields] = blocksAfter(draft, heading, 1);
    const headers = fieldsOf(fields!);
    check(`${name}: the signature base is rebuilt byte for byte`, () => {
      const bases = signatureBases(headers, 'example.com');
      expect(bases.ok && bases.value[0]!.base).toBe(base);
    });
    check(`${name}: the signature verifies (its own lifetime allowed)`, () => {
      const expires = Number(/expires=(\d+)/.exec(headers['signature-input']!)![1]);
      const verdict = verifyRequest({
        headers,
        authority: 'example.com',
        jwks,
        now: created,
        replay: 'off',
        maxLifetime: expires - created,
      });
      expect(verdict).toMatchObject({ ok: true, value: { label: 'sig2', created } });
    });
  }

  // The RSA-PSS examples: outside an Ed25519 profile, refused for their algorithm.
  for (const heading of [
    '### Signature-Agent Included Present on the Request',
    '### Legacy Signature-Agent, sf-string',
  ]) {
    const headers = fieldsOf(blocksAfter(draft, heading, 0)[1]!);
    it(`refuse: rsa-pss-sha512 ${heading.slice(4)}`, () =>
      ledger.refuse(
        'wba.draft',
        `rsa-pss-sha512 ${heading.slice(4)}`,
        () => {
          const keyid = /keyid="([^"]+)"/.exec(headers['signature-input']!)![1];
          // The directory names the key by its keyid, so the algorithm is the only objection.
          const verdict = verifyRequest({
            headers,
            authority: 'example.com',
            jwks,
            now: created,
            replay: 'off',
          });
          expect(keyid).not.toBe(undefined);
          expect(verdict.ok ? 'accepted' : verdict.code).toBe('wrong-alg');
        },
        interop,
      ));
  }

  // The signed directory response: "@authority";req and content-digest, under the label `binding`.
  const [, body, digest, base, fields] = blocksAfter(draft, '### Signed Directory Response', 0);
  const headers = fieldsOf(fields!);
  check('signed directory: the Content-Digest of the body', () =>
    expect(`Content-Digest: ${contentDigest(utf8Strict.encode(body!))}`).toBe(digest),
  );
  check('signed directory: the signature base is rebuilt byte for byte', () => {
    const bases = signatureBases(headers, 'signature-agent.test');
    expect(bases.ok && bases.value[0]!.base).toBe(base);
  });
  check('signed directory: the response verifies, its key set returned', () => {
    const expires = Number(/expires=(\d+)/.exec(headers['signature-input']!)![1]);
    const verdict = verifyDirectory({
      headers,
      authority: 'signature-agent.test',
      body: body!,
      now: created,
      maxLifetime: expires - created,
    });
    expect(verdict).toMatchObject({ ok: true, value: { label: 'binding', jwks: JSON.parse(body!) } });
  });
  it('refuse: signed directory with its body edited', () =>
    ledger.refuse(
      'wba.draft',
      'signed directory with its body edited',
      () => {
        const expires = Number(/expires=(\d+)/.exec(headers['signature-input']!)![1]);
        const verdict = verifyDirectory({
          headers,
          authority: 'signature-agent.test',
          body: body!.replace('"use":"sig"', '"use":"enc"'),
          now: created,
          maxLifetime: expires - created,
        });
        expect(verdict.ok ? 'accepted' : verdict.code).toBe('content-digest-mismatch');
      },
      interop,
    ));
});
