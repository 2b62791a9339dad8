/**
 * `@agent-seam/envelope/verify`: the verifiers of messages, claims, invites, relay sends
 * and listen tokens, the bytes each signature covers, and the replay cache; no signing.
 * tools/bundle-check.ts proves that no export left out here reaches a bundle of this entry.
 */

// The replay cache lives in canonical (hpke-seal's openers share it); re-exported so
// existing imports from envelope keep working.
export {
  DEFAULT_REPLAY_CHARS,
  DEFAULT_REPLAY_ENTRIES,
  DEFAULT_REPLAY_WINDOW,
  MemoryReplayCache,
  type MemoryReplayCacheOptions,
  type ReplayAnswer,
  type ReplayCache,
} from '@agent-seam/canonical';
export { ENVELOPE_CHECKS } from './checks.js';
export { CLAIM_CODES, CLAIM_METHOD, type ClaimCheck, type ClaimCode, verifyClaim } from './claim.js';
export {
  DEFAULT_MAX_SKEW,
  ENVELOPE_CODES,
  type EnvelopeCode,
  type EnvelopeFields,
  type SignedEnvelope,
  signingPayload,
  type VerifiedEnvelope,
  type VerifyEnvelopeOptions,
  verifyEnvelope,
  verifyEnvelopeAsync,
} from './envelope.js';
export {
  INVITE_CODES,
  type InviteCard,
  type InviteCode,
  inviteExpirySeconds,
  invitePayload,
  verifyInvite,
} from './invite.js';
export {
  DEFAULT_LISTEN_SKEW,
  type ListenClaim,
  listenMinute,
  listenTokenMessage,
  RELAY_CODES,
  type RelayCode,
  type RelaySend,
  relayOrigin,
  relaySendMessage,
  type VerifyListenTokenOptions,
  verifyListenToken,
  verifyRelaySend,
} from './relay.js';
export { envelopeSignedBytes } from './signed-bytes.js';
