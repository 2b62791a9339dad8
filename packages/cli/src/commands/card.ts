import type { JsonValue } from '@agent-seam/canonical';
import {
  CARD_ENVELOPE_CHECKS,
  type Card,
  cardEnvelopeSignedBytes,
  DOMAIN_LINKAGE_CHECKS,
  type DomainLinkage,
  domainLinkageSigningInput,
  signCardEnvelope,
  type VerifiedCard,
  verifyCardEnvelope,
  verifyDomainLinkage,
} from '@agent-seam/cardpub';
import { didFromSeed } from '@agent-seam/did';
import { type Command, EXPECTED_OPTION, expectedBytes, oneInput, required, str } from '../command.js';
import { judgingTime, membersOf, parseNow, print, readJson, readSeed, readText, signingTime } from '../io.js';
import { holdsOver, jwsHoldsOver, printMade, report, signRefusal, trySign } from './shared.js';

export const cardVerify: Command = {
  name: 'card verify',
  summary: 'verify a signed Agent Card envelope, and explain a refusal',
  usage: `usage: seam card verify FILE|- --did DID [--now TIME|off] [--expected FILE] [--json]

Verifies a signed Agent Card envelope {v, typ, card, ts, sig} with @agent-seam/cardpub's
verifyCardEnvelope: every check in its order, the refusing one with its code, and the
exact bytes the signature covers (canonical JSON of card, ts, typ and v), with offsets.

  --did DID         the DID you expect the card to belong to (required)
  --now TIME|off    judge its age (at most 6 h old, 300 s ahead) at TIME: RFC 3339 or
                    Unix seconds; default the machine clock (the output says which time it
                    used). off waives the age check, and the output says so.
  --expected FILE   the bytes the signer says it signed: the first differing byte
  --json            one JSON object; checks and signed bytes under "explain"

exit: 0 verified (a waived check is named in the output), 1 refused, 2 bad command line,
      4 unreadable or not JSON`,
  example: `  $ seam card verify card.json --did did:key:z6Mk... --now 2026-07-17T09:30:00Z
  verified: card of did:key:z6Mk..., signed at 1784280000
  judged at 2026-07-17T09:30:00Z`,
  options: { did: { type: 'string' }, now: { type: 'string' }, ...EXPECTED_OPTION },
  run(values, positionals) {
    const path = oneInput(cardVerify, positionals);
    const expectedDid = required(str(values.did), '--did', 'DID: the DID you expect the card to belong to');
    const time = judgingTime(str(values.now));
    const expected = expectedBytes(values);
    const envelope = readJson(path);
    const options = { expectedDid, now: time.now };
    const { card, sig } = membersOf(envelope);
    return report({
      command: 'card verify',
      checks: CARD_ENVELOPE_CHECKS,
      verdict: verifyCardEnvelope(envelope, options),
      options,
      signed: cardEnvelopeSignedBytes(envelope),
      expected,
      holdsOver: (bytes) => holdsOver((card as { did?: unknown } | undefined)?.did, bytes, sig),
      json: values.json === true,
      extra: { judged: { time: time.said } },
      said: [time.said],
      okLine: (v: VerifiedCard) =>
        `${v.freshness === 'fresh' ? 'verified' : 'signature valid, NOT everything checked'}: card of ${v.card.did}, signed at ${v.ts}`,
    });
  },
};

export const cardSign: Command = {
  name: 'card sign',
  summary: 'sign an Agent Card with a seed file',
  usage: `usage: seam card sign FILE|- --seed-file SEED [--now TIME] [--json]

Signs the Agent Card (a JSON object) in FILE with @agent-seam/cardpub's signCardEnvelope
and writes the envelope {v, typ, card, ts, sig} as one line of JSON. The card's "did"
is the seed's DID (filled in when the card has none).

  --seed-file SEED  the 32-byte seed as 64 hex characters; never on the command line
  --now TIME        ts to sign at (RFC 3339 or Unix seconds); default the machine clock

exit: 0 signed, 1 the card cannot be signed, 2 bad command line, 4 unreadable file or seed`,
  example: `  $ echo '{"name":"billing agent","url":"https://agent.example"}' \\
      | seam card sign - --seed-file agent.seed > card.json`,
  options: { 'seed-file': { type: 'string' }, now: { type: 'string' } },
  run(values, positionals) {
    const path = oneInput(cardSign, positionals);
    const seed = readSeed(str(values['seed-file']));
    const card = readJson(path);
    const json = values.json === true;
    if (typeof card !== 'object' || card === null || Array.isArray(card))
      return signRefusal('card sign', json, 'malformed-card', 'FILE holds the card as a JSON object');
    const withDid = { did: didFromSeed(seed), ...(card as Record<string, JsonValue>) } as Card;
    const signed = trySign(() => signCardEnvelope(withDid, seed, signingTime(str(values.now))));
    return printMade('card sign', json, signed, (envelope) => print(JSON.stringify(envelope)));
  },
};

export const linkageVerify: Command = {
  name: 'linkage verify',
  summary: 'verify a DIF Domain Linkage credential (compact JWS) for a DID and an origin',
  usage: `usage: seam linkage verify FILE|- --did DID --origin ORIGIN --now TIME [--expected FILE] [--json]

Verifies the Domain Linkage credential in FILE (the compact JWS text) with
@agent-seam/cardpub's verifyDomainLinkage: the DID claims the origin, inside its
validity at TIME. Shows every check in order and the JWS signing input.

  --did DID         the DID whose claim you check (required)
  --origin ORIGIN   the origin you fetched the credential from, https://host[:port]
  --now TIME        RFC 3339 or Unix seconds (required: the credential has a validity)
  --expected FILE   the JWS signing input the issuer says it signed (header.payload as
                    base64url text): the first differing byte, and whether the
                    credential's signature holds over it under --did

exit: 0 verified, 1 refused, 2 bad command line, 4 unreadable file`,
  example: `  $ seam linkage verify did-configuration.jwt --did did:key:z6Mk... \\
      --origin https://agent.example --now 2026-07-17T09:30:00Z`,
  options: {
    did: { type: 'string' },
    origin: { type: 'string' },
    now: { type: 'string' },
    ...EXPECTED_OPTION,
  },
  run(values, positionals) {
    const path = oneInput(linkageVerify, positionals);
    const did = required(str(values.did), '--did', 'DID: the DID whose claim you check');
    const origin = required(str(values.origin), '--origin', 'ORIGIN: where you fetched the credential');
    const now = parseNow(required(str(values.now), '--now', 'TIME: the credential is judged at a time'))!;
    const jwt = readText(path).trim();
    const options = { did, origin, now };
    return report({
      command: 'linkage verify',
      checks: DOMAIN_LINKAGE_CHECKS,
      verdict: verifyDomainLinkage(jwt, options),
      options,
      signed: domainLinkageSigningInput(jwt),
      expected: expectedBytes(values),
      holdsOver: (bytes) => jwsHoldsOver(did, bytes, jwt.split('.')[2]),
      json: values.json === true,
      okLine: (v: DomainLinkage) => `verified: ${v.did} is linked to ${v.origin}`,
    });
  },
};
