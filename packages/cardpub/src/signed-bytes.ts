import { type Card, cardEnvelopePayload } from './card-envelope.js';
import { isJsonObject } from './json-segment.js';

/**
 * What the signature of a RECEIVED card envelope covers: `cardEnvelopePayload` of its
 * card and ts as received, exactly the bytes `verifyCardEnvelope` hands the door. Null
 * when the envelope does not get that far (no card object, ts not an integer, a card
 * with no canonical seam spelling).
 */
export function cardEnvelopeSignedBytes(envelope: unknown): Uint8Array | null {
  if (!isJsonObject(envelope)) return null;
  const { card, ts } = envelope;
  if (!isJsonObject(card) || typeof ts !== 'number' || !Number.isSafeInteger(ts)) return null;
  try {
    return cardEnvelopePayload(card as Card, ts);
  } catch {
    return null;
  }
}
