/**
 * ANet agent cards (seed 002, "Agent cards"): an A2A AgentCard signed (A2A section 8.4,
 * cardpub's JWS) with the Ed25519 key the agent's key event log designates as current.
 * On top of the JWS: the key named by kid is the AID's current key and jku is the hub's
 * key set path for that AID, the anet-card extension binds the card to the AID with a
 * sequence number and a validity period, the relay interfaces are addressed to that AID,
 * the required members are there and the sizes bounded, and a public card carries no
 * per-caller pricing. Checks in the order of ANET_CARD_CHECKS; never throws on the card.
 */

import type {
  IdentityCache,
  KelPinStore,
  KeyState,
  PinOutcome,
  ReplayedKel,
} from '@agent-seam/anet-identity';
import {
  base64urlStrict,
  fail,
  type Instant,
  type JsonValue,
  ok,
  parseJSON,
  SeamError,
  type Verdict,
} from '@agent-seam/canonical';
import { verifyA2ACard } from '@agent-seam/cardpub/verify';
import {
  CALLER_PRICING_EXTENSION_URI,
  CARD_EXTENSION_URI,
  CARD_MAX_SKEW_MS,
  MAX_CARD_BYTES,
  MAX_CARD_SKILLS,
  PUBLIC_PRICING_V1_URI,
  RELAY_BINDING_V1_URI,
  RELAY_BINDING_V2_URI,
} from './limits.js';
import { type SignerCode, signerKelSteps } from './signer.js';
import { type Answers, identityAnswers, runAsync, runSync, type Steps } from './steps.js';

export const ANET_CARD_CODES = [
  'not-bytes',
  'card-too-large',
  'malformed-card',
  'missing-card-member',
  'card-limits',
  'bad-card-extension',
  'card-not-yet-valid',
  'card-expired',
  'pricing-on-public-card',
  'bad-signer-kel',
  'signer-mismatch',
  'kel-pin-refused',
  'removed-binding',
  'relay-interface-mismatch',
  'bad-card-key',
  'not-current-key',
  'bad-card-signature',
] as const;
export type AnetCardCode = (typeof ANET_CARD_CODES)[number];

export interface VerifiedAnetCard {
  aid: string;
  /** The card's sequence number (decimal text: it may exceed 2^53). */
  seq: string;
  issuedAtMs: number;
  notBeforeMs: number;
  notAfterMs?: number;
  card: { [key: string]: JsonValue };
  kel: ReplayedKel;
  state: KeyState;
  pin: PinOutcome | 'off-by-caller';
}

export interface VerifyAnetCardOptions {
  /** The agent's key event log (CoreDet bytes); the card must be bound to its AID. */
  kel: Uint8Array;
  now: Instant;
  pins: KelPinStore | 'off';
  /** The public card (what a hub serves) or an extended card a provider signed for one caller. */
  variant: 'public' | 'extended';
  cache?: IdentityCache;
}

type JsonObject = { [key: string]: JsonValue };
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const isStringArray = (v: unknown) => Array.isArray(v) && v.every((s) => typeof s === 'string');
const DECIMAL = /^(0|[1-9][0-9]{0,19})$/;

/** The members every ANet card has (A2A's required members, and the signatures). */
const REQUIRED: [string, (v: unknown) => boolean][] = [
  ['name', (v) => typeof v === 'string'],
  ['description', (v) => typeof v === 'string'],
  ['version', (v) => typeof v === 'string'],
  ['supportedInterfaces', Array.isArray],
  ['capabilities', isObject],
  ['defaultInputModes', isStringArray],
  ['defaultOutputModes', isStringArray],
  [
    'skills',
    (v) =>
      Array.isArray(v) &&
      v.every((s) => isObject(s) && typeof s.id === 'string' && typeof s.name === 'string'),
  ],
  ['signatures', Array.isArray],
];

interface Binding {
  aid: string;
  seq: string;
  issuedAtMs: number;
  notBeforeMs: number;
  notAfterMs?: number;
}

/** The anet-card extension: exactly one, params {aid, seq, issuedAt, notBefore[, notAfter]}, times in decimal ms. */
function bindingOf(card: JsonObject): Verdict<Binding, 'bad-card-extension'> {
  const extensions = (card.capabilities as JsonObject).extensions ?? [];
  if (!Array.isArray(extensions))
    return fail('bad-card-extension', 'capabilities.extensions is not an array');
  const ours = extensions.filter((e) => isObject(e) && e.uri === CARD_EXTENSION_URI);
  if (ours.length !== 1)
    return fail('bad-card-extension', `the card carries ${ours.length} anet-card extensions, not 1`);
  const params = (ours[0] as JsonObject).params;
  if (!isObject(params) || typeof params.aid !== 'string' || params.aid === '')
    return fail('bad-card-extension', 'the anet-card extension names no aid');
  const times: Record<string, number> = {};
  for (const name of ['seq', 'issuedAt', 'notBefore', 'notAfter']) {
    const value = params[name];
    if (value === undefined && name === 'notAfter') continue;
    if (typeof value !== 'string' || !DECIMAL.test(value))
      return fail('bad-card-extension', `params.${name} is not a decimal string`);
    if (name !== 'seq') {
      const n = Number(value);
      if (!Number.isSafeInteger(n)) return fail('bad-card-extension', `params.${name} is beyond 2^53 ms`);
      times[name] = n;
    }
  }
  const binding: Binding = {
    aid: params.aid,
    seq: params.seq as string,
    issuedAtMs: times.issuedAt!,
    notBeforeMs: times.notBefore!,
  };
  if (times.notAfter !== undefined) binding.notAfterMs = times.notAfter;
  return ok(binding);
}

const seconds = (ms: number) => `${ms / 1000} s`;

/** The protected header's kid and jku, read strictly (cardpub judges the header again). */
function headerOf(signature: unknown): { kid?: unknown; jku?: unknown } {
  if (!isObject(signature) || typeof signature.protected !== 'string' || signature.protected.length > 4096)
    return {};
  const bytes = base64urlStrict.decode(signature.protected);
  if (!bytes.ok) return {};
  const header = parseJSON(bytes.value, { profile: 'jcs', duplicateKeys: 'refuse' });
  return header.ok && isObject(header.value) ? header.value : {};
}

interface CardContext {
  options: VerifyAnetCardOptions;
  nowMs: number;
}

function* cardSteps(bytes: unknown, context: CardContext): Steps<Verdict<VerifiedAnetCard, AnetCardCode>> {
  const { options, nowMs } = context;
  if (!(bytes instanceof Uint8Array)) return fail('not-bytes', 'the card is not a Uint8Array');
  if (bytes.length > MAX_CARD_BYTES)
    return fail('card-too-large', `${bytes.length} bytes, over ${MAX_CARD_BYTES}`);
  const parsed = parseJSON(bytes, { profile: 'jcs', duplicateKeys: 'refuse' });
  if (!parsed.ok) return fail('malformed-card', `refused by the JSON parse boundary (${parsed.code})`);
  const card = parsed.value;
  if (!isObject(card)) return fail('malformed-card', 'the card is not a JSON object');
  for (const [name, holds] of REQUIRED)
    if (!holds(card[name])) return fail('missing-card-member', `${name} is missing or of the wrong type`);
  const skills = card.skills as JsonValue[];
  const signatures = card.signatures as JsonValue[];
  if (skills.length > MAX_CARD_SKILLS)
    return fail('card-limits', `${skills.length} skills, over ${MAX_CARD_SKILLS}`);
  if (signatures.length !== 1)
    return fail('card-limits', `${signatures.length} signatures; an ANet card has one`);
  const binding = bindingOf(card);
  if (!binding.ok) return binding;
  const b = binding.value;
  const ahead = Math.max(b.notBeforeMs, b.issuedAtMs) - nowMs;
  if (ahead > CARD_MAX_SKEW_MS)
    return fail(
      'card-not-yet-valid',
      `valid ${seconds(ahead)} from your clock (allowed skew ${seconds(CARD_MAX_SKEW_MS)})`,
    );
  if (b.notAfterMs !== undefined && nowMs >= b.notAfterMs)
    return fail('card-expired', `expired ${seconds(nowMs - b.notAfterMs)} ago`);
  const extensions = ((card.capabilities as JsonObject).extensions ?? []) as JsonValue[];
  if (
    options.variant === 'public' &&
    extensions.some(
      (e) => isObject(e) && (e.uri === CALLER_PRICING_EXTENSION_URI || e.uri === PUBLIC_PRICING_V1_URI),
    )
  )
    return fail(
      'pricing-on-public-card',
      'a public card carries a pricing extension (prices go in the extended card for one caller)',
    );
  const known = yield* signerKelSteps(options.kel, b.aid, options.pins !== 'off');
  if (!known.ok) return known as Verdict<never, SignerCode & AnetCardCode>;
  const { kel } = known.value;
  // v0.15 cards use the relay binding of wire 2; 0.3 (anet.kel/2) removed it for its own.
  const binding2 = kel.version === 'v2' ? RELAY_BINDING_V2_URI : RELAY_BINDING_V1_URI;
  for (const [i, face] of (card.supportedInterfaces as JsonValue[]).entries()) {
    const uri = isObject(face) ? face.protocolBinding : undefined;
    if (kel.version === 'v2' && uri === RELAY_BINDING_V1_URI)
      return fail('removed-binding', `interface ${i} uses the relay binding anet-relay/v1, removed in 0.3`);
    if (uri === binding2 && (face as JsonObject).tenant !== b.aid)
      return fail(
        'relay-interface-mismatch',
        `relay interface ${i} is addressed to another AID than the card's`,
      );
  }
  const { kid, jku } = headerOf(signatures[0]);
  const kidMatch = typeof kid === 'string' ? /^did:anet:([a-z2-7]+)#(0|[1-9][0-9]{0,8})$/.exec(kid) : null;
  if (kidMatch === null || kidMatch[1] !== b.aid)
    return fail('bad-card-key', 'the kid is not did:anet:<the card AID>#<key state>');
  if (typeof jku !== 'string' || !jkuFits(jku, b.aid))
    return fail('bad-card-key', 'the jku is not an https URL of /agents/<the card AID>/jwks.json');
  const seq = Number(kidMatch[2]);
  if (seq !== kel.tip.seq || kel.tip.status !== 'active')
    return fail(
      'not-current-key',
      kel.tip.status !== 'active'
        ? 'the identity is deactivated'
        : `the kid names key state ${seq}; the current one is ${kel.tip.seq}`,
    );
  const verified = verifyA2ACard(card, signatures[0], { publicKey: kel.tip.key });
  if (!verified.ok)
    return fail('bad-card-signature', `the JWS does not verify under the current key (${verified.code})`);
  const result: VerifiedAnetCard = {
    aid: b.aid,
    seq: b.seq,
    issuedAtMs: b.issuedAtMs,
    notBeforeMs: b.notBeforeMs,
    card,
    kel,
    state: kel.tip,
    pin: known.value.pin,
  };
  if (b.notAfterMs !== undefined) result.notAfterMs = b.notAfterMs;
  return ok(result);
}

/** jku: an https URL whose path is /agents/<aid>/jwks.json (the hub serves the key set there). */
function jkuFits(jku: string, aid: string): boolean {
  try {
    const url = new URL(jku);
    return (
      url.protocol === 'https:' &&
      url.search === '' &&
      url.hash === '' &&
      url.pathname === `/agents/${aid}/jwks.json`
    );
  } catch {
    return false;
  }
}

function cardContext(options: VerifyAnetCardOptions): { context: CardContext; answers: Answers } {
  const bad = (why: string) => new SeamError('bad-argument', `verifyAnetCard: ${why}`);
  if (typeof options !== 'object' || options === null) throw bad('takes an options object');
  if (options.variant !== 'public' && options.variant !== 'extended')
    throw bad("variant is required: 'public' (a hub's card) or 'extended' (signed for one caller)");
  const answers = identityAnswers(options, 'verifyAnetCard', bad);
  return { context: { options, nowMs: answers.nowMs }, answers };
}

/** Verify an ANet agent card's bytes against the agent's key event log (ANET_CARD_CHECKS). */
export function verifyAnetCard(
  bytes: unknown,
  options: VerifyAnetCardOptions,
): Verdict<VerifiedAnetCard, AnetCardCode> {
  const { context, answers } = cardContext(options);
  return runSync(cardSteps(bytes, context), answers);
}

/** verifyAnetCard awaiting a pin store that answers with promises. */
export async function verifyAnetCardAsync(
  bytes: unknown,
  options: VerifyAnetCardOptions,
): Promise<Verdict<VerifiedAnetCard, AnetCardCode>> {
  const { context, answers } = cardContext(options);
  return runAsync(cardSteps(bytes, context), answers);
}
