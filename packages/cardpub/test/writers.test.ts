import { signA2ACard, signCardEnvelope, signDomainLinkage } from '@agent-seam/cardpub';
import { loadVectors } from '@agent-seam/conformance';
import { holdWritersToReaders } from '../../../tools/writers-sweep.ts';

/**
 * Writers refuse what readers refuse (issue 32), over this package's refusal vectors: each
 * case is either a value a writer could be asked for, and the writer, asked for it, throws a
 * SeamError naming the field, or is listed with the reason no writer is asked for it.
 */
const vectors = loadVectors('wire_vectors.json');
const CARD_SEED = new Uint8Array(32).fill(0x0d);
const LINK_SEED = new Uint8Array(32).fill(0x15);
const A2A_SEED = new Uint8Array(32).fill(0x2a);

type Case = Record<string, any>;
const signCard = (c: Case) => signCardEnvelope(c.envelope.card, CARD_SEED, c.envelope.ts);
const CARD_DID = /^did-mismatch: card\.did /;
const WRITTEN: Record<string, Record<string, [(c: Case) => unknown, RegExp]>> = {
  'cardpub.refuse': {
    'a card without did': [signCard, CARD_DID],
    'a valid card of somebody else': [signCard, CARD_DID],
    'the identity key with the blob that verifies anything under a permissive verifier': [signCard, CARD_DID],
    'a did:web': [signCard, CARD_DID],
    'a did:key that is not base58btc': [signCard, CARD_DID],
    'a did:key of 600 base58 characters': [signCard, CARD_DID],
    'an X25519 did:key': [signCard, CARD_DID],
    'an Ed25519 did:key of 31 key bytes': [signCard, CARD_DID],
    'the key 0xff x 32 (y not below p)': [signCard, CARD_DID],
    'a card holding a lone surrogate': [signCard, /^lone-surrogate: \$\.card\.name /],
    'a card nested 128 levels deep': [signCard, /^too-deep: card /],
  },
  'domainLinkage.refuse': {
    'the credential origin has a path': [
      () => signDomainLinkage(LINK_SEED, { origin: 'https://example.com/path', nbf: 1, exp: 2 }),
      /^bad-origin: origin /,
    ],
    'no exp': [
      () => signDomainLinkage(LINK_SEED, { origin: 'https://example.com', nbf: 1 } as never),
      /^bad-instant: signDomainLinkage exp /,
    ],
  },
  a2a: {
    'card is not an object': [
      (c) => signA2ACard(c.card, A2A_SEED, { kid: 'k', jku: 'https://x' }),
      /^malformed-card: card /,
    ],
    'no jku': [(c) => signA2ACard(c.card, A2A_SEED, { kid: 'k' } as never), /^bad-argument: kid and jku /],
    'a card holding a lone surrogate': [
      (c) => signA2ACard(c.card, A2A_SEED, { kid: 'k', jku: 'https://x' }),
      /^lone-surrogate: \$\.name /,
    ],
  },
};

const WRITES_ITSELF = 'the writer writes this member itself, always as the reader wants it';
const SIGNATURE =
  'the signature bytes are the door signer’s; a written envelope verifies (card-envelope.test.ts)';
const CLOCK = 'a writer has no clock: validity is judged at the reader’s now';
const NOT_WRITTEN: Record<string, Record<string, string>> = {
  'cardpub.refuse': {
    'version 2': WRITES_ITSELF,
    'another typ': WRITES_ITSELF,
    'fractional ts': 'signCardEnvelope takes ts as an instant and writes whole seconds',
    'not an object': 'signCardEnvelope returns an object',
    'the caller names no DID': 'expectedDid is the reader’s option',
    'sig with trailing bits set (a sibling spelling of the honest signature)': SIGNATURE,
    'a 63-byte signature': SIGNATURE,
    'S not below the group order': SIGNATURE,
    'R is the identity point': SIGNATURE,
    'R is 0xff x 32 (y not below p)': SIGNATURE,
  },
  'domainLinkage.refuse': {
    'token is not text': 'signDomainLinkage returns text',
    'longer than the cap': 'an origin of at most 2048 characters keeps a written token far below 8192',
    'two segments': WRITES_ITSELF,
    'padded signature segment': WRITES_ITSELF,
    'signature segment in the standard alphabet': WRITES_ITSELF,
    'header is not JSON': WRITES_ITSELF,
    'header names alg twice': WRITES_ITSELF,
    'alg ES256': WRITES_ITSELF,
    'typ JOSE': WRITES_ITSELF,
    'kid names a fragment the DID does not define': WRITES_ITSELF,
    'payload is an array': WRITES_ITSELF,
    'iss is another DID': 'iss, sub and the subject id are the seed’s DID, written by the signer',
    'credentialSubject.id is another DID':
      'iss, sub and the subject id are the seed’s DID, written by the signer',
    'not a DomainLinkageCredential': WRITES_ITSELF,
    'exp as a fraction': 'signDomainLinkage takes exp as an instant and writes whole seconds',
    'before nbf': CLOCK,
    'at exp': CLOCK,
    'another origin': 'which origin the credential is fetched from is the reader’s',
    'a non-default port is another origin': 'which origin the credential is fetched from is the reader’s',
    'the payload re-serialised in another member order, signature kept': SIGNATURE,
    'signed by another key': SIGNATURE,
  },
  a2a: {
    'signature without protected': WRITES_ITSELF,
    'padded protected header': WRITES_ITSELF,
    'protected header is not JSON': WRITES_ITSELF,
    'protected header names alg twice': WRITES_ITSELF,
    'alg ES256': WRITES_ITSELF,
    'typ JWT': WRITES_ITSELF,
    'crit present': WRITES_ITSELF,
    'kid not in the key set': 'which keys a key set holds is the reader’s',
    'card edited after signing': SIGNATURE,
  },
  'reject.cardpub': {
    'one-base64-character-changed': SIGNATURE,
    'signed-by-another-key-under-the-honest-did': SIGNATURE,
    'card-edited-after-signing': SIGNATURE,
  },
};

const refusals: Record<string, Case[]> = {
  'reject.cardpub': vectors.reject.cardpub,
  'cardpub.refuse': vectors['cardpub.refuse'],
  'domainLinkage.refuse': vectors['domainLinkage.refuse'].refuse,
  a2a: vectors.a2a.refuse,
};
holdWritersToReaders(
  Object.fromEntries(
    Object.entries(refusals).map(([group, cases]) => [
      group,
      { cases, throws: WRITTEN[group], notWritten: NOT_WRITTEN[group] },
    ]),
  ),
);
