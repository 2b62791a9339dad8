export { CLAIM_METHOD, type ClaimCheck, type ClaimCode, verifyClaim } from './claim.js';
export {
  type EnvelopeCode,
  type EnvelopeFields,
  type SignedEnvelope,
  signEnvelope,
  signingPayload,
  type VerifiedEnvelope,
  type VerifyEnvelopeOptions,
  verifyEnvelope,
  verifyEnvelopeAsync,
} from './envelope.js';
export {
  type InviteCard,
  type InviteCode,
  inviteExpirySeconds,
  invitePayload,
  signInvite,
  verifyInvite,
} from './invite.js';
export {
  type ListenClaim,
  listenTokenMessage,
  type RelayCode,
  type RelaySend,
  relayOrigin,
  relaySendMessage,
  signListenToken,
  signRelaySend,
  verifyListenToken,
  verifyRelaySend,
} from './relay.js';
