import { base64Strict, fail, type Verdict } from '@agent-seam/canonical';
import { askDoor, type DoorSteps, throughDoor } from './door-steps.js';
import { ED25519_CODES, signEd25519 } from './ed25519.js';

/** Refusals of a signature carried as base64 text, on top of the door's own. */
export const SIGNATURE_TEXT_CODES = [
  'sig-not-canonical-base64',
  'bad-signature-length',
  ...ED25519_CODES,
] as const;
export type SignatureTextCode = (typeof SIGNATURE_TEXT_CODES)[number];

/** Standard padded base64 of the signature of `message` under `seed`: the wire spelling of `sig`. */
export const signToBase64 = (seed: Uint8Array, message: Uint8Array): string =>
  base64Strict.encode(signEd25519(seed, message));

/**
 * How a refusal names a did:key: its first 20 characters and an ellipsis
 * (`did:key:z6MkhaXgBZDv…`). Only a DID that already decoded to a key is named this way,
 * so the detail echoes the strict base58btc spelling of a key, never free text.
 */
export const didLabel = (did: string): string => (did.length > 20 ? `${did.slice(0, 20)}…` : did);

/**
 * The door's refusal, its detail said in the input's terms: which signature failed
 * under which key (`signer`, e.g. `did:key:z6MkhaXgBZDv…`), never the title of the check.
 */
export function doorRefusal<C extends string>(
  refusal: { ok: false; code: C; detail?: string },
  signer: string,
): { ok: false; code: C; detail: string } {
  const detail =
    refusal.code === 'bad-signature'
      ? `the signature does not verify under ${signer}`
      : refusal.code === 'small-order-r'
        ? "the signature's R is a point of small order, which verifies under many keys"
        : refusal.code === 'small-order-key'
          ? `${signer} is a point of small order, which verifies any signature`
          : refusal.code === 'non-canonical-key'
            ? `${signer} is not the RFC 8032 encoding of a curve point`
            : (refusal.detail ?? refusal.code);
  return { ok: false, code: refusal.code, detail };
}

/**
 * The steps of `verifyBase64Signature`, for verifiers written once for both doors
 * (door-steps.ts): `yield* base64SignatureSteps(key, message, sig, signer)`. `signer`
 * names the key in a refusal's detail (default `the key`).
 */
export function* base64SignatureSteps(
  publicKey: Uint8Array,
  message: Uint8Array,
  sig: unknown,
  signer = 'the key',
): DoorSteps<Verdict<true, SignatureTextCode>> {
  const decoded = base64Strict.decode(sig);
  if (!decoded.ok)
    return fail(
      'sig-not-canonical-base64',
      typeof sig === 'string'
        ? 'the signature text is not the one standard padded base64 spelling of its bytes'
        : `the signature is a ${sig === null ? 'null' : typeof sig}, not base64 text`,
    );
  if (decoded.value.length !== 64)
    return fail(
      'bad-signature-length',
      `the signature decodes to ${decoded.value.length} bytes; an Ed25519 signature is 64`,
    );
  const verdict = yield* askDoor(publicKey, message, decoded.value);
  return verdict.ok ? verdict : doorRefusal(verdict, signer);
}

/**
 * Verifies a signature that arrived as text. The text must be the one canonical
 * base64 spelling of its bytes (a signature has exactly one name on the wire), the
 * bytes must be 64 long, and then the door decides (`signer` names the key in a
 * refusal's detail). Never throws.
 */
export const verifyBase64Signature = (
  publicKey: Uint8Array,
  message: Uint8Array,
  sig: unknown,
  signer?: string,
): Verdict<true, SignatureTextCode> => throughDoor(base64SignatureSteps(publicKey, message, sig, signer));
