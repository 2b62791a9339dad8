import type { Expected } from '../protocol.js';
import {
  type Case,
  each,
  given,
  type OpGroup,
  refusal,
  sides,
  step,
  textHex,
  toHex,
  value,
} from '../replay.js';

// The groups of @agent-seam/cardpub as questions (spec/harness.md, "cardpub").
const pkg = '@agent-seam/cardpub';

// The seeds the repository's generator signed with (0x0d and 0x15 repeated); the file names
// only the signer's DID, so the request carries the seed.
const CARD_SEED = '0d'.repeat(32);
const LINK_SEED = '15'.repeat(32);
/** A DID no card of the file names: the caller expecting it must be refused. */
const ANOTHER_DID = 'did:key:z6MkeTGwHmLmuCmgg4ABYhzWVh6ZX7hTwWt8gguAretUfc9c';

/** A card envelope judged with its clock off: the case's code (`expect`). */
const judgedOff = (g: Case[]) =>
  each(g, 'refuse', (c) => [
    step(
      'cardpub.verify',
      { envelope: c.envelope, ...given(c, ['expectedDid']), now: 'off' },
      refusal(c.expect),
    ),
  ]);

/** Bytes spelled in base64url (a JWK's `x`, a JWS segment). */
const base64url = (text: string): Uint8Array =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (ch) => ch.charCodeAt(0));

/**
 * A JWS segment's JSON (a protected header, a JWT's claims), as the vector's token states it;
 * empty when the segment does not read (the case then disagrees, alone).
 */
function segment(text: unknown): Case {
  try {
    const json = JSON.parse(new TextDecoder().decode(base64url(String(text))));
    return typeof json === 'object' && json !== null ? json : {};
  } catch {
    return {};
  }
}

export const cardpubGroups: OpGroup[] = [
  {
    file: 'wire_vectors.json',
    group: 'cardpub',
    pkg,
    // Made and read: the payload bytes, the envelope signed from the seed, the verdict under
    // the card's DID, and a caller expecting another DID refused.
    replay: (g: Case[]) =>
      each(g, 'accept', (c) => {
        const envelope = { v: 1, typ: 'agentcard', card: c.card, ts: c.ts, sig: c.sig };
        return [
          step('cardpub.envelopePayload', { card: c.card, ts: c.ts }, value(textHex(c.envelopePayload))),
          step('cardpub.sign', { card: c.card, ts: c.ts, seedHex: CARD_SEED }, value(envelope)),
          step(
            'cardpub.verify',
            { envelope, expectedDid: c.card.did, now: 'off' },
            value({ card: c.card, ts: c.ts, freshness: 'off-by-caller' }),
          ),
          step('cardpub.verify', { envelope, expectedDid: ANOTHER_DID, now: 'off' }, refusal('did-mismatch')),
        ];
      }),
  },
  { file: 'wire_vectors.json', group: 'reject.cardpub', pkg, replay: judgedOff },
  { file: 'wire_vectors.json', group: 'cardpub.refuse', pkg, replay: judgedOff },
  {
    file: 'wire_vectors.json',
    group: 'cardpub.freshness',
    pkg,
    // Judged at the case's `now`: accepted with the verified card and its freshness, or refused
    // with the code and the detail saying by how much.
    replay: (g: Case) => {
      const args = (c: Case) => ({
        envelope: c.envelope,
        ...given(c, ['expectedDid', 'maxAge', 'maxSkew']),
        now: c.now,
      });
      return sides(
        (c) => [
          step(
            'cardpub.verify',
            args(c),
            value({ card: c.envelope.card, ts: c.envelope.ts, freshness: c.freshness }),
          ),
        ],
        (c) => [
          step(
            'cardpub.verify',
            { ...args(c), explain: true },
            value({ code: c.expect, detail: c.detail ?? null }),
          ),
        ],
      )(g);
    },
  },
  {
    file: 'wire_vectors.json',
    group: 'domainLinkage',
    pkg,
    // The token signed from the seed for the case's origin and window, the bytes its signature
    // covers, and the token read back.
    replay: (g: Case[]) =>
      each(g, 'accept', (c) => {
        const origin = `https://${c.domain}`;
        return [
          step('linkage.sign', { seedHex: LINK_SEED, origin, nbf: c.nbf, exp: c.exp }, value(c.token)),
          step('linkage.signingInput', { token: c.token }, value(textHex(c.signingInput))),
          step(
            'linkage.verify',
            { token: c.token, did: c.did, origin, now: c.nbf },
            value({ did: c.did, origin, nbf: c.nbf, exp: c.exp }),
          ),
        ];
      }),
  },
  {
    file: 'wire_vectors.json',
    group: 'domainLinkage.refuse',
    pkg,
    // did, origin and now at group level unless a case overrides them.
    replay: (g: Case) => {
      const verify = (c: Case, expect: Expected) => [
        step(
          'linkage.verify',
          { token: c.token, did: c.did ?? g.did, origin: c.origin ?? g.origin, now: c.now ?? g.now },
          expect,
        ),
      ];
      // An accepted token answers the caller's DID and the origin and window its claims state.
      const linked = (c: Case) => {
        const claims = segment(String(c.token).split('.')[1]);
        const origin = claims.vc?.credentialSubject?.origin;
        return value({ did: c.did ?? g.did, origin, nbf: claims.nbf, exp: claims.exp });
      };
      return sides(
        (c) => verify(c, linked(c)),
        (c) => verify(c, refusal(c.expect)),
      )(g);
    },
  },
  {
    file: 'wire_vectors.json',
    group: 'a2a',
    pkg,
    // Under the group's key set (the key found by kid); an accepted card also under the bare
    // public key of that set.
    replay: (g: Case) => {
      const verify = (c: Case) => ({ card: c.card, signature: c.signature });
      // An accepted card answers the kid and jku of the protected header it was signed with.
      const header = (c: Case) => {
        const { kid, jku } = segment(c.signature.protected);
        return value({ kid, jku });
      };
      return sides(
        (c) => [
          step('a2a.verify', { ...verify(c), jwks: g.jwks }, header(c)),
          step('a2a.verify', { ...verify(c), publicKeyHex: toHex(base64url(g.jwks.keys[0].x)) }, header(c)),
        ],
        (c) => [step('a2a.verify', { ...verify(c), jwks: g.jwks }, refusal(c.expect))],
      )(g);
    },
  },
];
