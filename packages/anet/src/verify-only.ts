/**
 * `@agent-seam/anet/verify`: verifying signed hub requests (with the replay window),
 * proofs of work, directory entries and buckets, signed objects, task messages, results,
 * ledgers and ANet cards; no signing, sealing or solving.
 * tools/bundle-check.ts proves that no export left out here reaches a bundle of this entry.
 */

export {
  ANET_CARD_CODES,
  type AnetCardCode,
  type VerifiedAnetCard,
  type VerifyAnetCardOptions,
  verifyAnetCard,
  verifyAnetCardAsync,
} from './card.js';
export {
  ANET_CARD_CHECKS,
  BUCKET_CHECKS,
  DIR_ENTRY_CHECKS,
  LEDGER_CHECKS,
  POW_CHECKS,
  RELAY_CHECKS,
  SIGNED_OBJECT_CHECKS,
} from './checks.js';
export {
  BUCKET_CODES,
  type BucketCode,
  bucketOf,
  DIR_ENTRY,
  DIR_ENTRY_CODES,
  type DirEntryCode,
  dirEntryKey,
  dirLookupHash,
  type OpenDirEntryOptions,
  type OpenedBucket,
  type OpenedDirEntry,
  openBucket,
  openDirEntry,
} from './directory.js';
export type {
  BodyStream,
  HeaderGetter,
  HeaderRecord,
  HeaderSource,
  HeaderValue,
  HubRequestRecord,
} from './http-request.js';
export {
  LEDGER_CODES,
  LEDGER_GENESIS_ID,
  type LedgerCode,
  type VerifiedLedger,
  type VerifyLedgerOptions,
  verifyLedger,
  verifyLedgerAsync,
} from './ledger.js';
export * from './limits.js';
export {
  KIND_SPECS,
  type KindSpec,
  MESSAGE_KINDS,
  type MessageKind,
  type ObjectKind,
  SIGNED_KINDS,
  type SignedKind,
  TASK_STATES,
} from './objects.js';
export {
  hubPowSeed,
  leadingZeroBits,
  POW_CODES,
  type PowChallenge,
  type PowCode,
  type PowSolution,
  powHour,
  powPrefix,
  type VerifiedPow,
  type VerifyPowOptions,
  verifyPow,
} from './pow.js';
export { relayPreimageV1, relayPreimageV2, requestDigest } from './relay-preimage.js';
export {
  RELAY_CODES,
  type RelayCode,
  type VerifiedHubRequest,
  type VerifyHubRequestOptions,
  verifyHubRequest,
  verifyHubRequestAsync,
} from './relay-verify.js';
export {
  MemoryRelayReplayWindow,
  type RelayReplayAnswer,
  type RelayReplayEntry,
  type RelayReplayWindow,
} from './replay-window.js';
export {
  type AObjEnvelope,
  OBJECT_CODES,
  type ObjectCode,
  readEnvelope,
  type VerifiedObject,
  type VerifySignedObjectOptions,
  verifySignedObject,
  verifySignedObjectAsync,
} from './signed-object.js';
export { SIGNER_CODES, type SignerCode } from './signer.js';
export type { KelSource } from './steps.js';
export {
  RESULT_CODES,
  type ResultCode,
  readTaskMessage,
  TASK_MESSAGE_CODES,
  type TaskMessage,
  type TaskMessageCode,
  type VerifiedResult,
  type VerifyResultOptions,
  verifyResult,
  verifyResultAsync,
} from './task-messages.js';
