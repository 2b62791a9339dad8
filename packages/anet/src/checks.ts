/**
 * The explain layer's check lists, in the order each verifier makes its checks
 * (test/checks.test.ts holds every adjacent pair to the verifier with an input breaking
 * both, through tools/check-order.ts).
 */
import type { CheckSpec } from '@agent-seam/canonical';
import type { AnetCardCode } from './card.js';
import type { BucketCode, DirEntryCode } from './directory.js';
import type { LedgerCode } from './ledger.js';
import type { PowCode } from './pow.js';
import type { RelayCode } from './relay-verify.js';
import { OBJECT_CODES, type ObjectCode } from './signed-object.js';

const SIGNER_KEL = {
  id: 'signer-kel',
  title: "the signer's key event log replays, to the AID that claims to have signed",
  codes: ['bad-signer-kel', 'signer-mismatch'],
} as const;
const PIN = {
  id: 'pin',
  title: 'the log is not a rollback or a fork of the one pinned for the AID (unless pins is off)',
  codes: ['kel-pin-refused'],
} as const;
const KEY_STATE = {
  id: 'key-state',
  title: 'the key state may sign at that time (not beyond the log, not retired before it)',
  codes: ['bad-key-state', 'revoked-key'],
} as const;

/** verifyHubRequest's and verifyHubRequestAsync's checks. */
export const RELAY_CHECKS: readonly CheckSpec<RelayCode>[] = [
  { id: 'request', title: 'a request with a method, a path and headers', codes: ['not-a-request'] },
  {
    id: 'headers',
    title: 'X-ANet-AID, X-ANet-TS, X-ANet-Seq and X-ANet-Sig are all there',
    codes: ['missing-header'],
  },
  { id: 'header-length', title: 'each at most 256 characters', codes: ['header-too-long'] },
  { id: 'aid-header', title: 'X-ANet-AID is a CID', codes: ['bad-aid-header'] },
  { id: 'ts-header', title: 'X-ANet-TS is a decimal count of milliseconds', codes: ['bad-ts-header'] },
  { id: 'seq-header', title: 'X-ANet-Seq is a decimal key sequence number', codes: ['bad-seq-header'] },
  { id: 'sig-header', title: 'X-ANet-Sig is 86 base64url characters (64 bytes)', codes: ['bad-sig-header'] },
  {
    id: 'time',
    title: 'signed within 5 minutes of your clock, either way',
    codes: ['request-expired', 'request-from-future'],
  },
  {
    id: 'body',
    title: 'the body is read and hashed within its size limit',
    codes: ['body-too-large', 'unreadable-body'],
  },
  { id: 'signer-known', title: 'this hub holds a key event log for the signer', codes: ['unknown-signer'] },
  SIGNER_KEL,
  PIN,
  KEY_STATE,
  {
    id: 'single-use',
    title: 'not presented before: the signature is not in the signer\u2019s replay window, nor older than it',
    codes: ['replay-window-full', 'replayed', 'behind-replay-window', 'relay-store-unavailable'],
  },
  {
    id: 'signature',
    title: 'the signature verifies over the version-2 text (action, AID, hub, time, request digest)',
    codes: ['relay-v1-refused', 'bad-signature'],
  },
];

/** verifyPow's checks. */
export const POW_CHECKS: readonly CheckSpec<PowCode>[] = [
  { id: 'solution', title: 'a solution: an AID, a 32-byte seed and a nonce', codes: ['bad-solution'] },
  { id: 'nonce-length', title: 'the nonce is at most 32 bytes', codes: ['pow-nonce-too-long'] },
  {
    id: 'hour',
    title: "the seed is this hour's or the last hour's (unless hour is off)",
    codes: ['pow-wrong-hour'],
  },
  {
    id: 'bits',
    title: 'SHA-256 of the preimage begins with at least 22 zero bits',
    codes: ['pow-too-few-bits'],
  },
];

/** openDirEntry's checks. */
export const DIR_ENTRY_CHECKS: readonly CheckSpec<DirEntryCode>[] = [
  { id: 'entry-bytes', title: 'the entry is bytes', codes: ['not-bytes'] },
  { id: 'entry-size', title: 'at most 128 KiB', codes: ['dir-entry-too-large'] },
  {
    id: 'open',
    title: 'it opens (ChaCha20-Poly1305) under the key of the AID, with its lookup hash as associated data',
    codes: ['dir-entry-not-opened'],
  },
  { id: 'entry-table', title: 'the plaintext is a DirEntry, every key known', codes: ['bad-dir-entry'] },
  { id: 'entry-aid', title: 'it names the AID it is sealed for', codes: ['dir-entry-aid-mismatch'] },
  {
    id: 'entry-kel',
    title: 'its key event log replays to that AID (and keeps the pin)',
    codes: ['bad-entry-kel'],
  },
  { id: 'entry-key-set', title: 'its key set verifies against the log', codes: ['bad-entry-key-set'] },
  {
    id: 'entry-notice',
    title: 'its witness notice verifies (required for a version-2 agent; unless notices is off)',
    codes: ['bad-entry-notice'],
  },
];

/** openBucket's checks. */
export const BUCKET_CHECKS: readonly CheckSpec<BucketCode>[] = [
  { id: 'bucket-bytes', title: 'the bucket is bytes', codes: ['not-bytes'] },
  { id: 'bucket-size', title: 'at most 4 MiB', codes: ['bucket-too-large'] },
  {
    id: 'bucket-table',
    title: 'a CoreDet array of at most 4096 entries {1: 32-byte hash, 2: box}',
    codes: ['bad-bucket'],
  },
  {
    id: 'bucket-entry',
    title: "an entry under the AID's hash opens and is judged good (the others are skipped)",
    codes: ['not-in-bucket'],
  },
];

const OBJECT_HEAD: readonly CheckSpec<ObjectCode>[] = [
  { id: 'object-bytes', title: 'the signed object is bytes', codes: ['not-bytes'] },
  { id: 'object-size', title: 'at most 64 KiB', codes: ['object-too-large'] },
];

const OBJECT_BODY: readonly CheckSpec<ObjectCode>[] = [
  { id: 'wire', title: 'the wire form is {1: object map, 2: envelope map}', codes: ['bad-object-wire'] },
  {
    id: 'envelope',
    title: 'the AObj envelope: signer, key state, alg -8, a 64-byte signature',
    codes: ['bad-aobj-envelope'],
  },
  {
    id: 'preimage-ref',
    title: 'a preimage reference, when there is one, is the CID of the object bytes',
    codes: ['bad-preimage-ref'],
  },
  {
    id: 'object-version',
    title: "key 0, when there, is the kind's version-2 tag",
    codes: ['bad-object-version'],
  },
  { id: 'object-table', title: "the object keeps its kind's table", codes: ['bad-object'] },
  {
    id: 'object-values',
    title: 'its values keep their rules (rating 1 to 5, amounts above 0, ...)',
    codes: ['bad-object-value'],
  },
  {
    id: 'signer-named',
    title: 'the envelope signer is the one the object names (or you expect)',
    codes: ['signer-not-named'],
  },
  SIGNER_KEL,
  PIN,
  KEY_STATE,
  {
    id: 'kel-version',
    title: 'a version-2 object goes with an anet.kel/2 log, a v0.15 one with a v0.15 log',
    codes: ['kel-version-mismatch'],
  },
  {
    id: 'object-signature',
    title: 'the signature verifies over the object bytes',
    codes: ['bad-object-sig'],
  },
];

/** verifySignedObject's checks. */
export const SIGNED_OBJECT_CHECKS: readonly CheckSpec<ObjectCode>[] = [...OBJECT_HEAD, ...OBJECT_BODY];

/** verifyLedger's checks: the ledger, then each event through the object checks, then the chain. */
export const LEDGER_CHECKS: readonly CheckSpec<LedgerCode>[] = [
  { id: 'ledger-bytes', title: 'the ledger is bytes', codes: ['not-bytes'] },
  { id: 'ledger-size', title: 'at most 4096 events of 64 KiB', codes: ['ledger-too-large'] },
  { id: 'ledger-table', title: 'a CoreDet array of 1 to 4096 byte strings', codes: ['bad-ledger'] },
  {
    id: 'events',
    title: 'each event, in order, passes the signed-object checks (SIGNED_OBJECT_CHECKS) as a ledger event',
    codes: OBJECT_CODES.filter((c) => c !== 'not-bytes'),
  },
  {
    id: 'chain',
    title: 'each prev_id names the previous event (the genesis first), seq counts from 0, one actor',
    codes: ['bad-ledger-chain'],
  },
  { id: 'ledger-time', title: 'event times never go back', codes: ['bad-ledger-time'] },
];

/** verifyAnetCard's checks. */
export const ANET_CARD_CHECKS: readonly CheckSpec<AnetCardCode>[] = [
  { id: 'card-bytes', title: 'the card is bytes', codes: ['not-bytes'] },
  { id: 'card-size', title: 'at most 64 KiB', codes: ['card-too-large'] },
  { id: 'card-json', title: 'one strict JSON object (no repeated member)', codes: ['malformed-card'] },
  { id: 'members', title: 'the required members, of their types', codes: ['missing-card-member'] },
  { id: 'limits', title: 'at most 128 skills, exactly one signature', codes: ['card-limits'] },
  {
    id: 'card-extension',
    title: 'one anet-card extension: aid, seq, issuedAt, notBefore (notAfter) as decimal text',
    codes: ['bad-card-extension'],
  },
  {
    id: 'validity',
    title: 'valid now: notBefore and issuedAt at most 5 minutes ahead, before notAfter',
    codes: ['card-not-yet-valid', 'card-expired'],
  },
  {
    id: 'pricing',
    title: 'a public card carries no pricing extension',
    codes: ['pricing-on-public-card'],
  },
  { ...SIGNER_KEL, title: "the agent's key event log replays, to the card's AID" },
  PIN,
  {
    id: 'relay-interfaces',
    title: "the relay interfaces use the log version's binding and are addressed to the card's AID",
    codes: ['removed-binding', 'relay-interface-mismatch'],
  },
  {
    id: 'card-key',
    title: 'kid is did:anet:<AID>#<state>, jku the hub path /agents/<AID>/jwks.json',
    codes: ['bad-card-key'],
  },
  { id: 'current-key', title: "kid's state is the log's current one", codes: ['not-current-key'] },
  {
    id: 'card-signature',
    title: 'the A2A JWS (RFC 8785 payload, EdDSA) verifies under that key',
    codes: ['bad-card-signature'],
  },
];
