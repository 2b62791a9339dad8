import { concatBytes } from '@agent-seam/canonical';
import { hkdfSha256, KEY_LENGTH, sha256Digest } from './primitives.js';

/**
 * The box's key schedule, as upstream deploys it (spec/cryptobox.md, "Keys"). Every key
 * is a pure function of the 32-byte identity seed, each under its own ASCII label, so the
 * encryption keys never coincide with each other or with the signing key of that seed.
 */
const ascii = (text: string) => new TextEncoder().encode(text);
const X25519_LABEL = ascii('agentnet-x25519:');
const MLKEM_D_LABEL = ascii('agentnet-mlkem-768-a:');
const MLKEM_Z_LABEL = ascii('agentnet-mlkem-768-b:');
const INFO_V1 = ascii('agentnet-box-v1');
const INFO_V2 = ascii('agentnet-box-v2');
/** HKDF without a salt: RFC 5869 then uses 32 zero bytes. */
const NO_SALT = new Uint8Array(0);

/** The X25519 private key of a seed: SHA-256("agentnet-x25519:" ‖ seed). */
export const encPrivateKey = (seed: Uint8Array): Uint8Array =>
  sha256Digest(concatBytes([X25519_LABEL, seed]));

/** The FIPS 203 key-generation seed d ‖ z of a seed, each half a labelled SHA-256. */
export const mlKemSeed = (seed: Uint8Array): Uint8Array =>
  concatBytes([
    sha256Digest(concatBytes([MLKEM_D_LABEL, seed])),
    sha256Digest(concatBytes([MLKEM_Z_LABEL, seed])),
  ]);

/** The v1 box key. The info names no public key, so both directions of a pair share it. */
export const boxKeyV1 = (x25519Shared: Uint8Array): Uint8Array =>
  hkdfSha256(x25519Shared, NO_SALT, INFO_V1, KEY_LENGTH);

/** The v2 box key: both shared secrets, X25519 first, through one HKDF. */
export const boxKeyV2 = (x25519Shared: Uint8Array, mlKemShared: Uint8Array): Uint8Array =>
  hkdfSha256(concatBytes([x25519Shared, mlKemShared]), NO_SALT, INFO_V2, KEY_LENGTH);
