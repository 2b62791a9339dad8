/**
 * `@agent-seam/anet-identity/verify`: replaying key event logs, key states, pins, witness
 * notices, key sets and the sender-key resolver; no event, notice or key-set signing.
 * tools/bundle-check.ts proves that no export left out here reaches a bundle of this entry.
 */

export { type AObjEnvelope, readAObjEnvelope } from './aobj-envelope.js';
export { IdentityCache } from './cache.js';
export { KEL_CHECKS, KEY_SET_CHECKS, NOTICE_CHECKS } from './checks.js';
export type { EventType, KelVersion, KeyEvent } from './events.js';
export {
  judgeKelClock,
  KEL_CODES,
  type KelCode,
  type KelLimits,
  type KeyState,
  type KeyStatus,
  type ReplayedKel,
  type ReplayKelOptions,
  type RetiredBy,
  replayKel,
  replayKelAsync,
} from './kel.js';
export {
  chooseEncryptionKey,
  type EncryptionKey,
  encryptionKeyId,
  KEY_SET_CODES,
  KEY_SET_UPDATE_CODES,
  type KeySetCode,
  type KeySetUpdateCode,
  keySetUpdate,
  type VerifiedKeySet,
  type VerifyKeySetOptions,
  verifyKeySet,
  verifyKeySetAsync,
} from './key-set.js';
export { KEY_STATE_CODES, type KeyStateCode, type KeyStateQuery, keyStateAt } from './key-state.js';
export * from './limits.js';
export {
  NOTICE_CODES,
  type NoticeCode,
  type VerifiedNotice,
  type VerifyNoticeOptions,
  verifyNotice,
  verifyNoticeAsync,
  type WitnessRoots,
} from './notice.js';
export {
  compareKelHeads,
  headOf,
  type KelHead,
  type KelPinStore,
  MemoryKelPinStore,
  PIN_CODES,
  type PinCode,
  type PinOutcome,
  pinKel,
  pinKelAsync,
} from './pins.js';
export {
  type AnetResolverOptions,
  anetSenderKeyResolver,
  anetSenderKeyResolverAsync,
  RESOLVER_CODES,
  type ResolvedSender,
  type ResolverCode,
  resolveSender,
  resolveSenderAsync,
  type SenderKeyQuery,
} from './resolver.js';
