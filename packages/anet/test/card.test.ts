import { base64urlStrict } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { thrownSeamError } from '../../../tools/thrown.ts';
import { type VerifyAnetCardOptions, verifyAnetCard } from '../src/index.js';
import {
  CARD_MAX_SKEW_MS,
  MAX_CARD_BYTES,
  MAX_CARD_SKILLS,
  PUBLIC_PRICING_V1_URI,
  RELAY_BINDING_V1_URI,
  RELAY_BINDING_V2_URI,
} from '../src/limits.js';
import {
  AGENT,
  AGENT_KEL,
  agentWriter,
  cardBody,
  LEGACY,
  LEGACY_KEL,
  NOW,
  OTHER,
  seed,
  signedCard,
  utf8,
} from './fixture.js';
import { judgeRefusal } from './object-vectors.js';

/**
 * The ANet card's rules at their edges (verifyAnetCard): the detail of every refusal of the
 * anet.card vectors written out, the members and the anet-card extension by type, the times
 * at their bounds, the kid and jku of the protected header read strictly, and the options.
 */
type Json = Record<string, any>;
const KID = `did:anet:${AGENT}#1`;
const JKU = `https://hub.example.org/agents/${AGENT}/jwks.json`;
const options = (over: Partial<VerifyAnetCardOptions> = {}): VerifyAnetCardOptions => ({
  kel: AGENT_KEL,
  now: new Date(NOW),
  pins: 'off',
  variant: 'public',
  ...over,
});
const params = (card: Json) => card.capabilities.extensions[0].params;
/** The agent's card (state 1), edited before signing; `after` edits the signed card. */
const card = (
  edit?: (c: Json) => void,
  o: { header?: { kid?: string; jku?: string }; after?: (c: Json) => void } = {},
) => signedCard(cardBody(AGENT, RELAY_BINDING_V2_URI, edit), AGENT, seed('a1'), 1, o.header, o.after);
const verify = (bytes: unknown, over: Partial<VerifyAnetCardOptions> = {}) =>
  verifyAnetCard(bytes, options(over));
const refused = (bytes: unknown, code: string, detail: string) =>
  expect(verify(bytes)).toEqual({ ok: false, code, detail });
/** A signature whose protected header is `header` (JSON text) and whose signature is not one. */
const protectedAs = (header: string) => (c: Json) => {
  c.signatures = [{ protected: base64urlStrict.encode(utf8(header)), signature: 'AAAA' }];
};
const KID_REFUSAL = 'the kid is not did:anet:<the card AID>#<key state>';
const JKU_REFUSAL = 'the jku is not an https URL of /agents/<the card AID>/jwks.json';

describe('the detail of every anet.card refusal, as a person reads it', () => {
  const DETAILS: Record<string, string> = {
    'card-is-text': 'the card is not a Uint8Array',
    'over-64-kib': '66719 bytes, over 65536',
    'not-json': 'refused by the JSON parse boundary (invalid-json)',
    'name-twice': 'refused by the JSON parse boundary (duplicate-key)',
    'no-skills': 'skills is missing or of the wrong type',
    'two-signatures': '2 signatures; an ANet card has one',
    'no-anet-card-extension': 'the card carries 0 anet-card extensions, not 1',
    'notBefore-as-a-number': 'params.notBefore is not a decimal string',
    'not-before-in-6-minutes': 'valid 360 s from your clock (allowed skew 300 s)',
    'expired-at-now': 'expired 0 s ago',
    'public-card-with-caller-pricing':
      'a public card carries a pricing extension (prices go in the extended card for one caller)',
    'v1-binding-on-a-v2-card': 'interface 0 uses the relay binding anet-relay/v1, removed in 0.3',
    'relay-interface-for-another-aid': "relay interface 0 is addressed to another AID than the card's",
    'kid-of-another-aid': KID_REFUSAL,
    'jku-of-another-aid': JKU_REFUSAL,
    'jku-over-http': JKU_REFUSAL,
    'signed-by-the-rotated-out-key': 'the kid names key state 1; the current one is 2',
    'version-edited-after-signing': 'the JWS does not verify under the current key (bad-signature)',
    'signed-by-another-key': 'the JWS does not verify under the current key (bad-signature)',
  };
  // why: card.ts details of every refusal (StringLiteral '' mutants at 124, 133, 169, 171, 173, 177, 183, 191, 194, 204, 214, 218, 224, 226, 233, 237; seconds 150)
  for (const [name, detail] of Object.entries(DETAILS))
    it(name, () => expect(judgeRefusal('anet.card', name)).toMatchObject({ ok: false, detail }));
});

describe('the members every card has, each of its type', () => {
  const wrong: [string, string, (c: Json) => void][] = [
    ['capabilities', 'null', (c) => (c.capabilities = null)],
    ['name', 'a number', (c) => (c.name = 1)],
    ['description', 'a number', (c) => (c.description = 1)],
    ['version', 'a number', (c) => (c.version = 1)],
    ['defaultInputModes', 'a string', (c) => (c.defaultInputModes = 'text/plain')],
    ['defaultInputModes', 'an array of a number', (c) => (c.defaultInputModes = [1])],
    ['defaultOutputModes', 'a string then a number', (c) => (c.defaultOutputModes = ['text/plain', 1])],
    ['skills', 'an array of a number', (c) => (c.skills = [1])],
    ['skills', 'a skill whose id is a number', (c) => (c.skills = [{ id: 1, name: 'Echo' }])],
    ['skills', 'a skill without an id', (c) => (c.skills = [{ name: 'Echo' }])],
    ['skills', 'a skill whose name is a number', (c) => (c.skills = [{ id: 'echo', name: 1 }])],
    ['skills', 'a skill then a number', (c) => c.skills.push(1)],
    ['supportedInterfaces', 'an object', (c) => (c.supportedInterfaces = {})],
    ['signatures', 'an object', (c) => (c.signatures = {})],
  ];
  // why: card.ts:87:76 isObject null; 88 isStringArray (every → some, its test → true); 93–95 typeof → true; 104 a skill's shape (every → some, && → ||, each test → true)
  for (const [name, what, edit] of wrong)
    it(`${name} that is ${what} is refused by name`, () =>
      refused(
        card(undefined, { after: edit }),
        'missing-card-member',
        `${name} is missing or of the wrong type`,
      ));
  it('a JSON array is no card', () =>
    // why: card.ts:175:7 !isObject(card) → false; 175 NoCoverage strings
    refused(utf8('[]'), 'malformed-card', 'the card is not a JSON object'));
  it(`a card of ${MAX_CARD_SKILLS + 1} skills is over the limit; of ${MAX_CARD_SKILLS}, not`, () => {
    const skill = { id: 'echo', name: 'Echo' };
    // why: card.ts:181 NoCoverage strings
    refused(
      card((c) => (c.skills = new Array(MAX_CARD_SKILLS + 1).fill(skill))),
      'card-limits',
      `${MAX_CARD_SKILLS + 1} skills, over ${MAX_CARD_SKILLS}`,
    );
    expect(verify(card((c) => (c.skills = new Array(MAX_CARD_SKILLS).fill(skill)))).ok).toBe(true);
  });
  it(`a card of exactly ${MAX_CARD_BYTES} bytes is read (not refused for its size)`, () => {
    const text = `{"name":"${'x'.repeat(MAX_CARD_BYTES - 11)}"}`;
    // why: card.ts:170:7 > → >=
    refused(utf8(text), 'missing-card-member', 'description is missing or of the wrong type');
  });
});

describe('the anet-card extension', () => {
  const bad = (edit: (c: Json) => void, detail: string) =>
    refused(card(undefined, { after: edit }), 'bad-card-extension', detail);
  it('capabilities.extensions that is not an array is refused', () =>
    // why: card.ts:120:7 → false; 121 NoCoverage strings
    bad((c) => (c.capabilities.extensions = 'x'), 'capabilities.extensions is not an array'));
  it('params that are not an object, an aid that is not text or is empty: the extension names no aid', () => {
    const none = 'the anet-card extension names no aid';
    // why: card.ts:126 each part of the condition → false, || → && ; '' → "Stryker was here!"; 127 NoCoverage strings
    bad((c) => (c.capabilities.extensions[0].params = 'x'), none);
    bad((c) => (params(c).aid = 1), none);
    bad((c) => (params(c).aid = ''), none);
  });
  it('a card without params.seq is refused (only notAfter may be left out)', () =>
    // why: card.ts:131:32 name === 'notAfter' → true
    bad((c) => delete params(c).seq, 'params.seq is not a decimal string'));
  it('a time of 20 digits is decimal but beyond 2^53 ms', () =>
    // why: card.ts:136:11 !isSafeInteger → false; 136 NoCoverage strings
    bad((c) => (params(c).notBefore = '99999999999999999999'), 'params.notBefore is beyond 2^53 ms'));
});

describe('the times of a card at their bounds', () => {
  it(`a card valid ${CARD_MAX_SKEW_MS / 1000} s from the clock is within the skew`, () =>
    // why: card.ts:188:7 > → >=
    expect(verify(card((c) => (params(c).notBefore = String(NOW + CARD_MAX_SKEW_MS)))).ok).toBe(true));
  it('an expired card says by how long, in seconds', () =>
    // why: card.ts:194:52 nowMs - notAfterMs → +; 150 ms / 1000 → *
    refused(
      card((c) => (params(c).notAfter = String(NOW - 1500))),
      'card-expired',
      'expired 1.5 s ago',
    ));
  it('the verified card carries notAfterMs when the card has notAfter, and no such member otherwise', () => {
    const v = verify(card());
    // why: card.ts:248:7 notAfterMs !== undefined → true / false / ===
    expect(v.ok && v.value.notAfterMs).toBe(NOW + 24 * 3_600_000);
    const open = verify(card((c) => delete params(c).notAfter));
    expect(open.ok && Object.hasOwn(open.value, 'notAfterMs')).toBe(false);
  });
});

describe('prices and relay interfaces', () => {
  it('a public card carrying the public pricing extension v1 is refused', () =>
    // why: card.ts:199:72 e.uri === PUBLIC_PRICING_V1_URI → false
    refused(
      card((c) => c.capabilities.extensions.push({ uri: PUBLIC_PRICING_V1_URI, params: {} })),
      'pricing-on-public-card',
      'a public card carries a pricing extension (prices go in the extended card for one caller)',
    ));
  it('a v0.15 card’s relay interface (binding v1) addressed to another AID is refused', () => {
    const legacy = signedCard(
      cardBody(LEGACY, RELAY_BINDING_V1_URI, (c) => ((c as Json).supportedInterfaces[0].tenant = OTHER)),
      LEGACY,
      seed('k0'),
      0,
    );
    // why: card.ts:210:20 kel.version === 'v2' → true
    expect(verify(legacy, { kel: LEGACY_KEL })).toEqual({
      ok: false,
      code: 'relay-interface-mismatch',
      detail: "relay interface 0 is addressed to another AID than the card's",
    });
  });
  it('an interface of another binding names no tenant and is kept', () =>
    // why: card.ts:215:9 uri === binding2 → true
    expect(
      verify(
        card((c) => c.supportedInterfaces.push({ protocolBinding: 'JSONRPC', url: 'https://a.example/' })),
      ).ok,
    ).toBe(true));
});

describe('the kid and jku of the protected header, read strictly', () => {
  const keyRefused = (o: Parameters<typeof card>[1], detail = KID_REFUSAL) =>
    refused(card(undefined, o), 'bad-card-key', detail);
  it('a kid with text before or after did:anet:<aid>#<n> is refused', () => {
    // why: card.ts:222:46 regex without ^, without $
    keyRefused({ header: { kid: `x${KID}` } });
    keyRefused({ header: { kid: `${KID}x` } });
  });
  it('a kid that is no did:anet URL at all is refused (not read as one)', () =>
    // why: card.ts:223:7 kidMatch === null → false
    keyRefused({ header: { kid: 'key-1' } }));
  it('a kid of state 12 names that state (two digits)', () =>
    // why: card.ts:222:46 [0-9] → [^0-9]
    refused(
      card(undefined, { header: { kid: `did:anet:${AGENT}#12` } }),
      'not-current-key',
      'the kid names key state 12; the current one is 1',
    ));
  it('a kid or jku that is a JSON array of the right text is refused', () => {
    const jws = (kid: unknown, jku: unknown) => JSON.stringify({ alg: 'EdDSA', jku, kid });
    // why: card.ts:222:20 typeof kid === 'string' → true; 225:7 typeof jku !== 'string' → false
    keyRefused({ after: protectedAs(jws([KID], JKU)) });
    keyRefused({ after: protectedAs(jws(KID, [JKU])) }, JKU_REFUSAL);
  });
  it('a jku with a query, a fragment, or that is no URL is refused', () => {
    // why: card.ts:258:7 search === '' → true; 259:7 hash === '' → true; 263:12 false → true
    keyRefused({ header: { jku: `${JKU}?x=1` } }, JKU_REFUSAL);
    keyRefused({ header: { jku: `${JKU}#x` } }, JKU_REFUSAL);
    keyRefused({ header: { jku: 'jwks.json' } }, JKU_REFUSAL);
  });
  it('a protected header that is not base64url, not JSON, null, or has a member twice names no kid', () => {
    // why: card.ts:157:7 !bytes.ok → false; 159:10 header.ok && isObject → true / ||; 158:41 the parse profile → {}
    keyRefused({ after: (c) => (c.signatures[0].protected = 'not base64url!') });
    keyRefused({ after: protectedAs('{"kid":') });
    keyRefused({ after: protectedAs('null') });
    keyRefused({ after: protectedAs(`{"alg":"EdDSA","jku":"${JKU}","kid":"x","kid":"${KID}"}`) });
  });
  it('a signature that is not an object (text, null), or whose protected header is not text (a number, null), names no kid', () => {
    // why: card.ts:154:7 the shape test → false, || → &&; 154:31 typeof protected → false
    keyRefused({ after: (c) => (c.signatures = ['x']) });
    keyRefused({ after: (c) => (c.signatures = [null]) });
    keyRefused({ after: (c) => (c.signatures[0].protected = 5) });
    keyRefused({ after: (c) => (c.signatures[0].protected = null) });
  });
  it('a protected header of 4096 characters is read; of more, not', () => {
    const padded = (chars: number) => {
      const head = `{"alg":"EdDSA","jku":"${JKU}","kid":"${KID}","pad":"`;
      return `${head}${'x'.repeat((chars / 4) * 3 - head.length - 2)}"}`;
    };
    const at = (chars: number) => verify(card(undefined, { after: protectedAs(padded(chars)) }));
    // why: card.ts:154:74 length > 4096 → false / >=
    expect(at(4096)).toMatchObject({ ok: false, code: 'bad-card-signature' });
    expect(at(4100)).toEqual({ ok: false, code: 'bad-card-key', detail: KID_REFUSAL });
  });
});

describe('a deactivated identity', () => {
  it('a card of an identity whose log ends in a deactivation is refused as such', () => {
    const kel = agentWriter()
      .deactivate({ seed: seed('a2'), timestampMs: NOW - 60_000 })
      .bytes();
    // why: card.ts:228:30 and 231:7 status !== 'active' (→ true, → false, ===, 'active' → ""); 232 NoCoverage string
    expect(verify(card(), { kel })).toEqual({
      ok: false,
      code: 'not-current-key',
      detail: 'the identity is deactivated',
    });
  });
  it('a card whose kid names the deactivation’s own state is refused as deactivated', () => {
    const writer = agentWriter().deactivate({ seed: seed('a2'), timestampMs: NOW - 60_000 });
    const kid = `did:anet:${AGENT}#2`;
    const bytes = signedCard(cardBody(AGENT, RELAY_BINDING_V2_URI), AGENT, seed('a2'), 2, { kid });
    // why: card.ts:228:30 kel.tip.status !== 'active' → false
    expect(verify(bytes, { kel: writer.bytes() })).toEqual({
      ok: false,
      code: 'not-current-key',
      detail: 'the identity is deactivated',
    });
  });
});

describe('the options a caller gets wrong', () => {
  const throws = (o: unknown, message: string) => {
    expect(() => verifyAnetCard(card(), o as VerifyAnetCardOptions)).toThrow(
      expect.objectContaining({ code: 'bad-argument', message: `bad-argument: ${message}` }),
    );
  };
  it('options that are not an object, or no variant', () => {
    // why: card.ts:268–271 the options checks (→ false, || → &&), the bad-argument code and texts
    throws(null, 'verifyAnetCard: takes an options object');
    throws(5, 'verifyAnetCard: takes an options object');
    throws(
      { ...options(), variant: undefined },
      "verifyAnetCard: variant is required: 'public' (a hub's card) or 'extended' (signed for one caller)",
    );
  });
  it('the identity options are named for verifyAnetCard', () =>
    // why: card.ts:272:44 'verifyAnetCard' → ""
    expect(
      thrownSeamError(() => verifyAnetCard(card(), { ...options(), pins: undefined as never })).message,
    ).toMatch(/^missing-option: verifyAnetCard needs pins /));
});

it('the agent card these cases edit verifies as it is', () =>
  expect(verify(card())).toMatchObject({ ok: true, value: { aid: AGENT } }));
