import { didFromSeed } from '@agent-seam/did';
import { signEnvelope, verifyEnvelope } from '@agent-seam/envelope';

/** The sender's seed and DID, the recipient's DID, and a message between them signed at NOW. */
export const seed = new Uint8Array(32).fill(0x61);
export const sender = didFromSeed(seed);
export const me = didFromSeed(new Uint8Array(32).fill(0x62));
export const NOW = 1784273681;
export const message = signEnvelope(
  { to: me, messageId: 'm', contextId: null, timestamp: NOW, text: 'hi' },
  seed,
);
/** No clock and no replay cache: each case judges the one check it is about. */
export const OFF = { now: 'off', replay: 'off' } as const;
/** verifyEnvelope's verdict on the message with `changes` applied, addressed to `me`. */
export const verify = (changes: Record<string, unknown>) =>
  verifyEnvelope({ ...message, ...changes }, { recipientDid: me, ...OFF });
