export { CLAIM_CODES, CLAIM_METHOD, type ClaimCheck, type ClaimCode, verifyClaim } from './claim.js';
export {
  DEFAULT_MAX_SKEW,
  ENVELOPE_CODES,
  type EnvelopeCode,
  type EnvelopeFields,
  type EnvelopeToSign,
  type SignedEnvelope,
  signEnvelope,
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
  signInvite,
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
  signListenToken,
  signRelaySend,
  type VerifyListenTokenOptions,
  verifyListenToken,
  verifyRelaySend,
} from './relay.js';
export {
  DEFAULT_REPLAY_CHARS,
  DEFAULT_REPLAY_ENTRIES,
  DEFAULT_REPLAY_WINDOW,
  MemoryReplayCache,
  type MemoryReplayCacheOptions,
  type ReplayAnswer,
  type ReplayCache,
} from './replay.js';
