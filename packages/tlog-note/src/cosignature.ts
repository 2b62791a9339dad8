import { utf8Strict } from '@agent-seam/canonical';

/**
 * cosignature/v1 (C2SP tlog-cosignature, Ed25519 type 0x04). The payload after the key
 * id is 72 bytes: an 8-byte big-endian POSIX timestamp, then the 64-byte signature over
 * `cosignature/v1\ntime <t>\n` followed by the whole note text.
 */
export const COSIGNATURE_PAYLOAD_LENGTH = 72;
export const MAX_TIMESTAMP = (1n << 63n) - 1n;

/** The timestamp at the head of a 72-byte payload. */
export function readTimestamp(payload: Uint8Array): bigint {
  return new DataView(payload.buffer, payload.byteOffset, 8).getBigUint64(0, false);
}

export function writePayload(timestamp: bigint, signature: Uint8Array): Uint8Array {
  const payload = new Uint8Array(COSIGNATURE_PAYLOAD_LENGTH);
  new DataView(payload.buffer).setBigUint64(0, timestamp, false);
  payload.set(signature, 8);
  return payload;
}

/**
 * The signed message: header line, decimal timestamp line, note text. A wire-level
 * helper: `timestamp` is the uint64 of the payload exactly, hence a bigint (`cosign`
 * takes the caller's Date or Unix seconds instead).
 */
export function cosignatureMessage(body: Uint8Array, timestamp: bigint): Uint8Array {
  const head = utf8Strict.encode(`cosignature/v1\ntime ${timestamp}\n`);
  const message = new Uint8Array(head.length + body.length);
  message.set(head);
  message.set(body, head.length);
  return message;
}
