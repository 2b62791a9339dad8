// Everything a verifier needs is the verify-only entry; the root adds the signing side.

export { type EnvelopeToSign, signEnvelope } from './envelope.js';
export { signInvite } from './invite.js';
export { signListenToken, signRelaySend } from './relay.js';
export * from './verify-only.js';
