import { fail, hex, ok, SeamError, type Verdict } from '@agent-seam/canonical';
import { signEd25519, verifyEd25519 } from '@agent-seam/did';
import { DIGEST_SIZE, domainDigest } from './digest.js';
import { printable } from './export/words.js';

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

/** Refusals of `verifyKeyed` and `verifyRecordSignature`: the signature's own, or input that is not bytes. */
export type VerifySignatureCode = SignatureCode | 'not-bytes';

const isDigest = (hash: unknown): hash is Uint8Array =>
  hash instanceof Uint8Array && hash.length === DIGEST_SIZE;

/** SHA-256(domain ‖ 0x00 ‖ digest) for the record domain: what Ed25519 signs for a record. */
export function recordSigningInput(hash: Uint8Array): Uint8Array {
  if (!isDigest(hash)) throw new SeamError('bad-hash', 'hash is not a 32-byte chain hash');
  return domainDigest(RECORD_DOMAIN, hash);
}

/** The caller's trust set must be a Map; anything else is a programming error. */
function requireKeys(keys: TrustedKeys): void {
  if (typeof (keys as { get?: unknown } | null)?.get !== 'function')
    throw new SeamError('bad-keys', 'keys is not a Map from key_id to an Ed25519 public key');
}

/** Signs a 32-byte domain-separated input under `seed`, naming the key by `keyId`. */
export function signKeyed(keyId: string, seed: Uint8Array, input: Uint8Array): KeyedSignature {
  if (typeof keyId !== 'string' || keyId === '')
    throw new SeamError('bad-key-id', 'keyId is not a non-empty string');
  if (!(seed instanceof Uint8Array) || seed.length !== 32)
    throw new SeamError('bad-seed', 'seed is not a 32-byte Ed25519 seed');
  return { key_id: keyId, signature: hex.encode(signEd25519(seed, input)) };
}

/** The `{key_id, signature}` a record line carries for `hash`. */
export function signRecord(hash: Uint8Array, keyId: string, seed: Uint8Array): KeyedSignature {
  return signKeyed(keyId, seed, recordSigningInput(hash));
}

/** A well-formed wire signature with its 64 bytes, decoded once (a record's is judged on every line). */
interface ReadSignature {
  wire: KeyedSignature;
  bytes: Uint8Array;
}

function readKeyed(value: unknown): ReadSignature | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  if (Object.keys(value).length !== 2) return null;
  const { key_id: keyId, signature } = value as Record<string, unknown>;
  if (typeof keyId !== 'string' || typeof signature !== 'string' || signature.length !== 128) return null;
  const bytes = hex.decode(signature);
  return bytes.ok ? { wire: { key_id: keyId, signature }, bytes: bytes.value } : null;
}

/** What about a signature `readKeyed` refused is wrong, in the wire value's own terms (off the hot path). */
function malformation(value: unknown): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return `the signature is ${Array.isArray(value) ? 'an array' : `a ${typeof value}`}, not {key_id, signature}`;
  const members = Object.keys(value);
  if (members.length !== 2 || !members.includes('key_id') || !members.includes('signature'))
    return 'the signature object has other members than exactly key_id and signature';
  if (typeof (value as { key_id: unknown }).key_id !== 'string') return 'its key_id is not a string';
  return 'its signature is not 128 lowercase hex characters';
}

/** A wire value of exactly `{key_id: string, signature: 128 lowercase hex}`; null otherwise. */
export function keyedSignatureOf(value: unknown): KeyedSignature | null {
  return readKeyed(value)?.wire ?? null;
}

/** A key id for a detail: the trust set's own words for a key the artifact named. */
const named = (keyId: string) => `key_id ${printable(keyId.length > 64 ? `${keyId.slice(0, 64)}…` : keyId)}`;

/**
 * Judges a `{key_id, signature}` value (as parsed from the wire) over `input`, both
 * known to be well typed. The key is looked up by the key_id the artifact names; no
 * other key is tried.
 */
export function judgeKeyed(
  value: unknown,
  input: Uint8Array,
  keys: TrustedKeys,
): Verdict<{ keyId: string }, SignatureCode> {
  if (value === null || value === undefined)
    return fail('signature-absent', `the signature is ${value === null ? 'null: unsigned' : 'absent'}`);
  const signature = readKeyed(value);
  if (signature === null) return fail('signature-malformed', malformation(value));
  const keyId = signature.wire.key_id;
  const key = keys.get(keyId);
  if (key === undefined)
    return fail(
      'signature-unknown-key',
      `the signature names ${named(keyId)}, which is none of the keys you gave`,
    );
  const verdict = verifyEd25519(key, input, signature.bytes);
  return verdict.ok
    ? ok({ keyId })
    : fail(
        'signature-invalid',
        `the signature does not verify under the key you gave for ${named(keyId)} (${verdict.code})`,
      );
}

/**
 * Verifies a `{key_id, signature}` value (as parsed from the wire) over `input`, the
 * 32-byte signing input. Any value is judged; `input` that is not bytes is `not-bytes`.
 */
export function verifyKeyed(
  value: unknown,
  input: Uint8Array,
  keys: TrustedKeys,
): Verdict<{ keyId: string }, VerifySignatureCode> {
  requireKeys(keys);
  if (!(input instanceof Uint8Array)) return fail('not-bytes', 'the signing input is not a Uint8Array');
  return judgeKeyed(value, input, keys);
}

/**
 * Verifies a record line's signature over its chain hash. A hash that is not a
 * Uint8Array is `not-bytes`; one that is not 32 bytes is covered by no record
 * signature (`signature-invalid`), as verifyLink finds it matching no link.
 */
export function verifyRecordSignature(
  value: unknown,
  hash: Uint8Array,
  keys: TrustedKeys,
): Verdict<{ keyId: string }, VerifySignatureCode> {
  requireKeys(keys);
  if (!(hash instanceof Uint8Array)) return fail('not-bytes', 'the hash is not a Uint8Array');
  if (!isDigest(hash))
    return fail(
      'signature-invalid',
      `the hash is ${(hash as Uint8Array).length} bytes, not a 32-byte chain hash`,
    );
  return judgeKeyed(value, recordSigningInput(hash), keys);
}
