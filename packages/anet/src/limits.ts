/**
 * Labels, limits and times of ANet hub access, signed objects and cards (seed 002 for 0.3,
 * ANetCore v0.15 as `../shared/interop/anet/FACTS.md` restates it). Wire times are Unix
 * milliseconds, so every duration here is in milliseconds. Each DECIDED value is argued
 * in spec/anet.md.
 */

/** The text that starts a version-2 relay-auth preimage, and the deprecated one's. */
export const RELAY_LABEL_V2 = 'anet-relay/v2/';
export const RELAY_LABEL_V1 = 'anet-relay/';

/** The actions a hub request may name (RELAYAUTH-ACTIONS, FACTS 11), in ANet's order. */
export const RELAY_ACTIONS = [
  'poll',
  'ack',
  'register',
  'profile',
  'send',
  'visibility',
  'deregister',
  'p2p',
  'balance',
  'ledger',
  'redemptions',
  'keys',
] as const;
export type RelayAction = (typeof RELAY_ACTIONS)[number];

/** DECIDED: the deprecated v1 preimage exists only for the four actions wire 1 had. */
export const RELAY_V1_ACTIONS: readonly RelayAction[] = ['poll', 'ack', 'register', 'profile'];

/** The four headers of a signed hub request, as ANet spells them. */
export const RELAY_HEADERS = ['X-ANet-AID', 'X-ANet-TS', 'X-ANet-Seq', 'X-ANet-Sig'] as const;

/** How far a request's time may lie from the hub's clock, either way (FACTS 11). */
export const RELAY_MAX_SKEW_MS = 5 * 60_000;
/** DECIDED: the longest X-ANet-* value read (the AID is 59 characters, the signature 86). */
export const MAX_RELAY_HEADER_LENGTH = 256;
/** DECIDED: the default cap on a request body the verifier hashes. */
export const MAX_RELAY_BODY_BYTES = 1_048_576;
/** The signature header: 64 bytes in base64url without padding. */
export const RELAY_SIGNATURE_LENGTH = 86;

/** Who signed a request, as the hub classes its accounts. */
export type SignerClass = 'probation' | 'agent' | 'peer-hub';
/** DECIDED: recent signatures kept per signer, by class (seed: small, larger, largest). */
export const REPLAY_WINDOW_SIZES: Readonly<Record<SignerClass, number>> = {
  probation: 8,
  agent: 64,
  'peer-hub': 1024,
};

/** Registration proof of work (seed 002). */
export const POW_LABEL = 'anet-regpow/v1';
/** Leading zero bits of SHA-256 a solution needs, on every hub. */
export const POW_BITS = 22;
export const POW_MAX_NONCE_BYTES = 32;
/** DECIDED: the hub's seed is 32 bytes (an HMAC-SHA256 output). */
export const POW_SEED_BYTES = 32;
/** DECIDED: the label of the hub's seed derivation. */
export const POW_SEED_LABEL = 'anet-regpow-seed/v1';
export const HOUR_MS = 3_600_000;

/** The sealed directory (seed 002). */
export const DIR_HASH_LABEL = 'anet-dir-hash/v1';
/** DECIDED: the HKDF info of an entry key (the salt is empty). */
export const DIR_KEY_INFO = 'anet-dir-key/v1';
/** A bucket is named by at most 10 leading bits of the lookup hash. */
export const DIR_MAX_PREFIX_BITS = 10;
/** DECIDED: caps on a bucket and on one sealed entry in it. */
export const MAX_BUCKET_BYTES = 4_194_304;
export const MAX_BUCKET_ENTRIES = 4096;
export const MAX_DIR_ENTRY_BYTES = 131_072;
export const CHACHA_NONCE_BYTES = 12;
export const AEAD_TAG_BYTES = 16;

/** COSE algorithm -8: Ed25519, the only one an AObj envelope may name. */
export const COSE_EDDSA = -8;
/** DECIDED: caps on a signed object on the wire and on a ledger. */
export const MAX_OBJECT_BYTES = 65_536;
export const MAX_LEDGER_EVENTS = 4096;
/** The genesis of the event ledger: its first event's prev_id is the CID of this text's CoreDet form (FACTS 3). */
export const LEDGER_GENESIS_TEXT = 'anet:ael:genesis';

/** ANet's A2A URIs (the golden card's, and DECIDED ones for 0.3; spec/anet.md). */
export const A2A_BASE = 'https://agentnetwork.org.cn/a2a/';
export const CARD_EXTENSION_URI = `${A2A_BASE}ext/anet-card/v1`;
export const RELAY_BINDING_V1_URI = `${A2A_BASE}bindings/anet-relay/v1`;
export const RELAY_BINDING_V2_URI = `${A2A_BASE}bindings/anet-relay/v2`;
export const RECEIPT_EXTENSION_URI = `${A2A_BASE}ext/anet-receipt/v1`;
export const CALLER_PRICING_EXTENSION_URI = `${A2A_BASE}ext/anet-caller-pricing/v1`;
export const PUBLIC_PRICING_V1_URI = `${A2A_BASE}ext/anet-pricing/v1`;
/** DECIDED: the largest card read. */
export const MAX_CARD_BYTES = 65_536;
export const MAX_CARD_SKILLS = 128;
/** Clock skew allowed for a card's notBefore and issuedAt. */
export const CARD_MAX_SKEW_MS = 5 * 60_000;
