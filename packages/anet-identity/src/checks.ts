/**
 * The explain layer's check lists, in the order each verifier makes its checks
 * (test/checks.test.ts holds every adjacent pair to the verifier with an input breaking
 * both). Replay judges the log's checks before the events' and then each event through
 * every check before the next; the pairs are held within one event.
 */
import type { CheckSpec } from '@agent-seam/canonical';
import type { KelCode } from './kel.js';
import type { KeySetCode } from './key-set.js';
import type { NoticeCode } from './notice.js';

/** `replayKel`'s checks. */
export const KEL_CHECKS: readonly CheckSpec<KelCode>[] = [
  { id: 'kel-bytes', title: 'the key event log is bytes', codes: ['not-bytes'] },
  { id: 'kel-size', title: 'at most 65536 bytes, before decoding', codes: ['kel-too-large'] },
  { id: 'kel-encoding', title: 'a strict CoreDet array', codes: ['bad-kel-encoding'] },
  { id: 'event-count', title: '1 to 256 events', codes: ['bad-event-count'] },
  {
    id: 'version',
    title: 'the first event names a known version (anet.kel/2 at key 0, or no key 0: v0.15)',
    codes: ['bad-version'],
  },
  {
    id: 'signed-event',
    title: 'each signed event is {1: event, 2: 64-byte signature, 3: id}',
    codes: ['bad-signed-event'],
  },
  { id: 'event-fields', title: "each event keeps its version's table", codes: ['bad-event'] },
  { id: 'event-id', title: 'each id is the CID of the event bytes', codes: ['bad-event-id'] },
  {
    id: 'event-order',
    title: 'an inception first and only first; nothing after a deactivation',
    codes: ['bad-event-order'],
  },
  {
    id: 'chain',
    title: 'seq counts from 0, aid is the inception CID, prev the previous id',
    codes: ['bad-chain'],
  },
  { id: 'timestamps', title: 'version 2: timestamps strictly increase', codes: ['bad-timestamp'] },
  {
    id: 'witness',
    title: 'version 2: the kind the inception fixed; a hub names no witness, an agent exactly one',
    codes: ['bad-witness'],
  },
  {
    id: 'prerotation',
    title: 'a rotation reveals the key the last inception or rotation committed to',
    codes: ['bad-prerotation'],
  },
  {
    id: 'event-signature',
    title: 'each event is signed by the key its version names (Ed25519)',
    codes: ['bad-event-sig'],
  },
  {
    id: 'clock',
    title: 'version 2: no event more than 5 minutes after your clock',
    codes: ['event-from-future'],
  },
];

/** `verifyNotice`'s checks. */
export const NOTICE_CHECKS: readonly CheckSpec<NoticeCode>[] = [
  { id: 'notice-bytes', title: 'the notice is bytes', codes: ['not-bytes'] },
  { id: 'notice-size', title: 'at most 1024 bytes', codes: ['notice-too-large'] },
  {
    id: 'notice-wire',
    title: 'NoticeWire {1: body, 2: envelope} with an Ed25519 (-8) envelope and a 64-byte signature',
    codes: ['bad-notice-wire'],
  },
  { id: 'notice-body', title: 'the body keeps the NoticeBody table', codes: ['bad-notice-body'] },
  { id: 'notice-type', title: 'the body is anet.ksn/1', codes: ['bad-notice-type'] },
  { id: 'notice-signer', title: 'the envelope signer is the witness', codes: ['notice-signer-mismatch'] },
  { id: 'notice-aid', title: "the notice is about the log's AID", codes: ['notice-aid-mismatch'] },
  {
    id: 'notice-tip',
    title: "it vouches for the log's last event (seq and id)",
    codes: ['notice-tip-mismatch'],
  },
  {
    id: 'notice-witness',
    title: 'it is signed by the witness the log designates',
    codes: ['notice-wrong-witness'],
  },
  {
    id: 'notice-age',
    title: 'at most 6 hours old and at most 5 minutes ahead of your clock',
    codes: ['notice-expired', 'notice-from-future'],
  },
  {
    id: 'witness-key',
    title: "the witness's key: one you pinned, or its hub log's key at the envelope's key state",
    codes: ['unknown-witness', 'bad-witness-kel'],
  },
  {
    id: 'notice-signature',
    title: 'the notice signature verifies under that key (Ed25519)',
    codes: ['bad-notice-sig'],
  },
];

/** `verifyKeySet`'s checks. */
export const KEY_SET_CHECKS: readonly CheckSpec<KeySetCode>[] = [
  { id: 'key-set-bytes', title: 'the key set is bytes', codes: ['not-bytes'] },
  { id: 'key-set-size', title: 'at most 16384 bytes', codes: ['key-set-too-large'] },
  {
    id: 'signed-key-set',
    title: 'SignedEncKeySet {1: set, 2: key state, 3: 64-byte signature}',
    codes: ['bad-signed-key-set'],
  },
  {
    id: 'key-set-type',
    title: "the set's tag goes with the log (anet.enckeys/2 with anet.kel/2, anet.enckeys/1 with v0.15)",
    codes: ['bad-key-set-type'],
  },
  {
    id: 'key-set-fields',
    title: "the set keeps its version's table (v2: with a mailbox key)",
    codes: ['bad-key-set'],
  },
  { id: 'key-count', title: 'v2: 1 to 32 keys; v0.15: 1 to 4', codes: ['bad-key-count'] },
  { id: 'enc-key-fields', title: 'each key keeps the EncKey table', codes: ['bad-enc-key'] },
  { id: 'kid', title: 'each kid is KID(suite, pub)', codes: ['bad-kid'] },
  { id: 'key-span', title: 'each key is valid for at most 2 days (v0.15: 30 days)', codes: ['bad-key-span'] },
  { id: 'key-order', title: 'keys ascend by not_before, each kid once', codes: ['keys-out-of-order'] },
  { id: 'key-set-aid', title: "the set is of the log's AID", codes: ['key-set-aid-mismatch'] },
  {
    id: 'key-set-tip',
    title: "signed at the log's last event, of an identity not deactivated",
    codes: ['key-set-not-tip'],
  },
  {
    id: 'key-set-signature',
    title: 'the set signature verifies under the current key (Ed25519)',
    codes: ['bad-key-set-sig'],
  },
  { id: 'usable-key', title: 'a key is valid at your clock (5 minutes of skew)', codes: ['no-usable-key'] },
];
