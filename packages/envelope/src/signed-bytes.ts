import { type EnvelopeFields, signingPayload } from './envelope.js';

/**
 * What the signature of a RECEIVED message covers: `signingPayload` of its six fields as
 * received, exactly the bytes `verifyEnvelope` hands the door (anything else the message
 * carries is not signed and not shown). Null when the message does not get that far: not
 * an object, a field of the wrong type, or no canonical spelling.
 */
export function envelopeSignedBytes(envelope: unknown): Uint8Array | null {
  if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope)) return null;
  const { contextId, from, messageId, text, timestamp, to } = envelope as Record<string, unknown>;
  try {
    return signingPayload({ contextId, from, messageId, text, timestamp, to } as EnvelopeFields);
  } catch {
    return null;
  }
}
