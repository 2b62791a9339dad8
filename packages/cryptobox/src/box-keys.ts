import { hkdfSha256, KEY_LENGTH } from './primitives.js';

/**
 * Key derivation of the box. THIS PROJECT'S DEFINITION: the upstream vectors pin the
 * primitives (X25519, HKDF-SHA256, ChaCha20-Poly1305) but neither how a seed becomes
 * an X25519 key nor the HKDF salt and info, and no derivation we could reconstruct
 * reproduces their encPub values (see spec/cryptobox.md, "Interop status").
 *
 * - The X25519 private key is the 32-byte seed itself (RFC 7748 clamps it).
 * - The box key is HKDF-SHA256(ikm = X25519 shared secret, salt = empty,
 *   info = "agent-seam/cryptobox/v1" ‖ senderPub ‖ recipientPub, 32 bytes). Naming
 *   both keys in sender-then-recipient order gives each direction its own key, so a
 *   box cannot be reflected back to its sender as if the sender had received it.
 */
export const BOX_INFO_LABEL = 'agent-seam/cryptobox/v1';
const LABEL = new TextEncoder().encode(BOX_INFO_LABEL);
const NO_SALT = new Uint8Array(0);

export const encPrivateKey = (seed: Uint8Array): Uint8Array => seed;

export function deriveBoxKey(
  shared: Uint8Array,
  senderPub: Uint8Array,
  recipientPub: Uint8Array,
): Uint8Array {
  const info = new Uint8Array(LABEL.length + senderPub.length + recipientPub.length);
  info.set(LABEL, 0);
  info.set(senderPub, LABEL.length);
  info.set(recipientPub, LABEL.length + senderPub.length);
  return hkdfSha256(shared, NO_SALT, info, KEY_LENGTH);
}
