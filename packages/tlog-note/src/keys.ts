import { base64Strict, createSha256, fail, hex, ok, SeamError, type Verdict } from '@agent-seam/canonical';
import { isKeyName } from './text.js';

/**
 * Note keys. A key is identified on the wire by (name, key id); the id is
 * SHA-256(name ‖ 0x0A ‖ type ‖ public key)[0..4], so the same Ed25519 key used for
 * plain note signatures (type 0x01) and for cosignature/v1 (type 0x04) gets two ids.
 */
export const ED25519_NOTE = 0x01;
export const COSIGNATURE_V1 = 0x04;
export type SignatureType = typeof ED25519_NOTE | typeof COSIGNATURE_V1;

export interface NoteVerifier {
  name: string;
  type: SignatureType;
  /** 4 bytes, big-endian uint32 on the wire. */
  keyId: Uint8Array;
  /** 32-byte Ed25519 public key. */
  publicKey: Uint8Array;
}

/** Every way parseVerifierKey refuses a vkey. */
export const VERIFIER_KEY_CODES = [
  'not-a-string',
  'malformed-vkey',
  'bad-key-name',
  'bad-key-id',
  'bad-base64',
  'unsupported-key-type',
  'bad-public-key-length',
  'key-id-mismatch',
] as const;
export type VerifierKeyCode = (typeof VERIFIER_KEY_CODES)[number];

const NEWLINE = new Uint8Array([0x0a]);

/** SHA-256(name ‖ 0x0A ‖ type ‖ publicKey)[0..4]. */
export function computeKeyId(name: string, type: SignatureType, publicKey: Uint8Array): Uint8Array {
  return createSha256()
    .update(new TextEncoder().encode(name))
    .update(NEWLINE)
    .update(new Uint8Array([type]))
    .update(publicKey)
    .digest()
    .subarray(0, 4);
}

const isBytes = (value: unknown, length: number): value is Uint8Array =>
  value instanceof Uint8Array && value.length === length;

/** Throws SeamError naming `field` unless `name` is a key name. */
export function requireKeyName(name: unknown, field: string): asserts name is string {
  if (!isKeyName(name))
    throw new SeamError('bad-key-name', `${field} is not a key name (non-empty, no white space, no "+")`);
}

function makeVerifier(name: string, type: SignatureType, publicKey: Uint8Array): NoteVerifier {
  requireKeyName(name, 'name');
  if (!isBytes(publicKey, 32))
    throw new SeamError('bad-public-key-length', 'publicKey is not a 32-byte Ed25519 public key');
  return { name, type, keyId: computeKeyId(name, type, publicKey), publicKey };
}

/**
 * Throws SeamError naming `field` unless `value` has the shape of a NoteVerifier: trusted
 * keys are the caller's configuration, so a wrong one is a programming error, not a refusal.
 */
export function requireVerifier(value: unknown, field: string): asserts value is NoteVerifier {
  const v = value as Partial<NoteVerifier> | null;
  if (typeof v !== 'object' || v === null)
    throw new SeamError('bad-verifier', `${field} is not a verifier (ed25519Verifier, cosignatureVerifier)`);
  requireKeyName(v.name, `${field}.name`);
  if (v.type !== ED25519_NOTE && v.type !== COSIGNATURE_V1)
    throw new SeamError('bad-verifier', `${field}.type is neither 0x01 (note) nor 0x04 (cosignature/v1)`);
  if (!isBytes(v.keyId, 4)) throw new SeamError('bad-verifier', `${field}.keyId is not 4 bytes`);
  if (!isBytes(v.publicKey, 32)) throw new SeamError('bad-verifier', `${field}.publicKey is not 32 bytes`);
}

/** A trusted key for Ed25519 note signatures (type 0x01), e.g. a log's key. */
export const ed25519Verifier = (name: string, publicKey: Uint8Array): NoteVerifier =>
  makeVerifier(name, ED25519_NOTE, publicKey);

/** A trusted witness key for cosignature/v1 (type 0x04). */
export const cosignatureVerifier = (name: string, publicKey: Uint8Array): NoteVerifier =>
  makeVerifier(name, COSIGNATURE_V1, publicKey);

const KEY_ID_HEX = /^[0-9a-f]{8}$/;

/**
 * Reads a vkey `<name>+<hex key id>+<base64(type ‖ public key)>`. The name holds no
 * "+", so the first two "+" are the separators; the base64 part may contain "+".
 * The key id must be the one computed from name, type and key: the spec makes the
 * id a function of the key for both supported types, so a different id can only be
 * a mistake or a trap.
 */
export function parseVerifierKey(vkey: string): Verdict<NoteVerifier, VerifierKeyCode> {
  if (typeof vkey !== 'string') return fail('not-a-string', 'a vkey is a string');
  const first = vkey.indexOf('+');
  const second = vkey.indexOf('+', first + 1); // no "+" at all: first and second are -1
  if (second < 0) return fail('malformed-vkey', 'expected name+keyid+key');
  const name = vkey.slice(0, first);
  if (!isKeyName(name)) return fail('bad-key-name');
  const idText = vkey.slice(first + 1, second);
  if (!KEY_ID_HEX.test(idText)) return fail('bad-key-id', 'expected 8 lowercase hex digits');
  const material = base64Strict.decode(vkey.slice(second + 1));
  if (!material.ok) return fail('bad-base64');
  const type = material.value[0];
  if (type !== ED25519_NOTE && type !== COSIGNATURE_V1) return fail('unsupported-key-type');
  const publicKey = material.value.slice(1);
  if (publicKey.length !== 32) return fail('bad-public-key-length');
  const keyId = computeKeyId(name, type, publicKey);
  if (hex.encode(keyId) !== idText) return fail('key-id-mismatch');
  return ok({ name, type, keyId, publicKey });
}

/** The vkey text of a verifier (the inverse of parseVerifierKey). */
export function formatVerifierKey(verifier: NoteVerifier): string {
  requireVerifier(verifier, 'verifier');
  const material = new Uint8Array(33);
  material[0] = verifier.type;
  material.set(verifier.publicKey, 1);
  return `${verifier.name}+${hex.encode(verifier.keyId)}+${base64Strict.encode(material)}`;
}
