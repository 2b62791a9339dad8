import { concatBytes } from '@agent-seam/canonical';
/**
 * RFC 9180 section 4: HKDF-SHA256 with the "HPKE-v1" version label and a suite
 * identifier, so that keys derived for one suite or purpose never collide with another.
 */
import { ascii, i2osp } from './bytes.js';
import { hkdfExpand, hkdfExtract } from './primitives.js';

export const KEM_X25519_HKDF_SHA256 = 0x0020;
export const KDF_HKDF_SHA256 = 0x0001;
export const AEAD_CHACHA20_POLY1305 = 0x0003;
export const AEAD_EXPORT_ONLY = 0xffff;
export type AeadId = typeof AEAD_CHACHA20_POLY1305 | typeof AEAD_EXPORT_ONLY;

/** Output length of HKDF-SHA256's hash; the largest Expand output is 255 times this. */
export const NH = 32;

const VERSION_LABEL = ascii('HPKE-v1');

/** suite_id of the KEM: "KEM" ‖ I2OSP(kem_id, 2). */
export const KEM_SUITE_ID = concatBytes([ascii('KEM'), i2osp(KEM_X25519_HKDF_SHA256, 2)]);

/** suite_id of the whole HPKE suite: "HPKE" ‖ kem_id ‖ kdf_id ‖ aead_id. */
export const hpkeSuiteId = (aead: AeadId): Uint8Array =>
  concatBytes([ascii('HPKE'), i2osp(KEM_X25519_HKDF_SHA256, 2), i2osp(KDF_HKDF_SHA256, 2), i2osp(aead, 2)]);

export const labeledExtract = (suiteId: Uint8Array, salt: Uint8Array, label: string, ikm: Uint8Array) =>
  hkdfExtract(salt, concatBytes([VERSION_LABEL, suiteId, ascii(label), ikm]));

export const labeledExpand = (
  suiteId: Uint8Array,
  prk: Uint8Array,
  label: string,
  info: Uint8Array,
  length: number,
) => hkdfExpand(prk, concatBytes([i2osp(length, 2), VERSION_LABEL, suiteId, ascii(label), info]), length);
