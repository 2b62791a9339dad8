import { fail, hex, ok, SeamError, unwrap, type Verdict } from '@agent-seam/canonical';
import { signEd25519, verifyEd25519 } from '@agent-seam/did';
import { DIGEST_SIZE, domainDigest } from './digest.js';

/** The domain of record signatures; `…/manifest/v1` and `…/provenance/v1` are siblings, never this. */
export const RECORD_DOMAIN = 'io.github.hupe1980.agentplane/record/v1';

/**
 * Keys the caller trusts, by the key_id artifacts name them with. The algorithm is
 * the verifier's own (Ed25519 here), never read from the artifact.
 */
export type TrustedKeys = ReadonlyMap<string, Uint8Array>;

/** A signature as it travels beside a record or a sidecar. */
export interface KeyedSignature {
  key_id: string;
  /** 128 lowercase hex characters: the 64-byte Ed25519 signature. */
  signature: string;
}

export const SIGNATURE_CODES = [
  'signature-absent',
  'signature-malformed',
  'signature-unknown-key',
  'signature-invalid',
] as const;
export type SignatureCode = (typeof SIGNATURE_CODES)[number];

/** SHA-256(domain ‖ 0x00 ‖ digest) for the record domain: what Ed25519 signs for a record. */
export function recordSigningInput(hash: Uint8Array): Uint8Array {
  if (hash.length !== DIGEST_SIZE) throw new SeamError('bad-hash', 'a chain hash is 32 bytes');
  return domainDigest(RECORD_DOMAIN, hash);
}

/** Signs a 32-byte domain-separated input under `seed`, naming the key by `keyId`. */
export function signKeyed(keyId: string, seed: Uint8Array, input: Uint8Array): KeyedSignature {
  if (typeof keyId !== 'string' || keyId === '')
    throw new SeamError('bad-key-id', 'key_id must be a non-empty string');
  return { key_id: keyId, signature: hex.encode(signEd25519(seed, input)) };
}

/** The `{key_id, signature}` a record line carries for `hash`. */
export function signRecord(hash: Uint8Array, keyId: string, seed: Uint8Array): KeyedSignature {
  return signKeyed(keyId, seed, recordSigningInput(hash));
}

/** A wire value of exactly `{key_id: string, signature: 128 lowercase hex}`; null otherwise. */
export function keyedSignatureOf(value: unknown): KeyedSignature | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  if (Object.keys(value).length !== 2) return null;
  const { key_id: keyId, signature } = value as Record<string, unknown>;
  if (typeof keyId !== 'string' || typeof signature !== 'string' || signature.length !== 128) return null;
  return hex.decode(signature).ok ? { key_id: keyId, signature } : null;
}

/**
 * Verifies a `{key_id, signature}` value (as parsed from the wire) over `input`.
 * The key is looked up by the key_id the artifact names; no other key is tried.
 */
export function verifyKeyed(
  value: unknown,
  input: Uint8Array,
  keys: TrustedKeys,
): Verdict<{ keyId: string }, SignatureCode> {
  if (value === null || value === undefined) return fail('signature-absent');
  const signature = keyedSignatureOf(value);
  if (signature === null)
    return fail('signature-malformed', 'not exactly a key_id and 128 lowercase hex characters');
  const key = keys.get(signature.key_id);
  if (key === undefined) return fail('signature-unknown-key', 'the named key was not supplied');
  const verdict = verifyEd25519(key, input, unwrap(hex.decode(signature.signature)));
  return verdict.ok
    ? ok({ keyId: signature.key_id })
    : fail('signature-invalid', `Ed25519 refused: ${verdict.code}`);
}

/** Verifies a record line's signature over its chain hash. */
export function verifyRecordSignature(
  value: unknown,
  hash: Uint8Array,
  keys: TrustedKeys,
): Verdict<{ keyId: string }, SignatureCode> {
  return verifyKeyed(value, recordSigningInput(hash), keys);
}
