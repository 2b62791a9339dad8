import { type CheckSpec, withoutCodes } from '@agent-seam/canonical';
import type { VerificationKeyCode } from './did-key.js';
import type { Ed25519Code } from './ed25519.js';
import type { SignatureTextCode } from './signature-text.js';
import type { RecordCode } from './signed-record.js';

/** THE door's checks (`verifyEd25519`), in its order: every byte check before the equation. */
export const ED25519_CHECKS: readonly CheckSpec<Ed25519Code>[] = [
  {
    id: 'lengths',
    title: 'a 32-byte key, a 64-byte signature and a message of bytes',
    codes: ['bad-length'],
  },
  {
    id: 'key-point',
    title: 'the key is the strict RFC 8032 encoding of a curve point, not of small order',
    codes: ['small-order-key', 'non-canonical-key'],
  },
  {
    id: 'r-point',
    title: 'R (first half of the signature) is a strict encoding of a point, not of small order',
    codes: ['small-order-r', 'non-canonical-r'],
  },
  { id: 's-scalar', title: 'S (second half) is below the group order L', codes: ['non-canonical-s'] },
  { id: 'equation', title: 'the signature verifies: [S]B = R + [h]A', codes: ['bad-signature'] },
];

/** A signature carried as base64 text (`verifyBase64Signature`): its spelling, then the door. */
export const SIGNATURE_TEXT_CHECKS: readonly CheckSpec<SignatureTextCode>[] = [
  {
    id: 'signature-text',
    title: 'the signature is one canonical standard base64 spelling of 64 bytes',
    codes: ['sig-not-canonical-base64', 'bad-signature-length'],
  },
  ...ED25519_CHECKS,
];

/** Where a DID becomes an Ed25519 verification key (`verificationKeyFromDid`). */
export const VERIFICATION_KEY_CHECKS: readonly CheckSpec<VerificationKeyCode>[] = [
  { id: 'did-key', title: 'a string starting did:key:', codes: ['not-did-key'] },
  {
    id: 'multibase',
    title: 'z then base58btc, at most 512 characters',
    codes: ['bad-multibase', 'base58-too-long'],
  },
  {
    id: 'multicodec',
    title: 'an ed25519-pub key of 32 bytes',
    codes: ['wrong-multicodec', 'wrong-length'],
  },
  { id: 'small-order', title: 'the key is not a small-order point', codes: ['small-order-key'] },
];

/** Both signatures of a v2 binding as one check: the same codes, told apart by the detail. */
const BOTH_SIGNATURES: CheckSpec<RecordCode> = {
  id: 'signatures',
  title: 'sig verifies under rootDid, then deviceSig under deviceDid, over the signed bytes',
  codes: withoutCodes(SIGNATURE_TEXT_CHECKS, ['small-order-key']).flatMap((c) => c.codes),
};

/** `verifyDeviceBindingV2`, in its order. */
export const BINDING_V2_CHECKS: readonly CheckSpec<RecordCode>[] = [
  { id: 'object', title: 'the binding is a JSON object', codes: ['not-an-object'] },
  { id: 'typ', title: 'typ is muretai/devicebinding/2', codes: ['wrong-typ'] },
  {
    id: 'fields',
    title: 'rootDid, deviceDid, sig and deviceSig are strings; ts and validUntil integers',
    codes: ['missing-field', 'not-integer'],
  },
  { id: 'device', title: 'about the device you named (deviceDid)', codes: ['wrong-device'] },
  { id: 'expiry', title: 'validUntil is 0 or not before now', codes: ['expired'] },
  {
    id: 'keys',
    title: 'rootDid and deviceDid are Ed25519 did:keys with usable keys',
    codes: VERIFICATION_KEY_CHECKS.flatMap((c) => c.codes),
  },
  {
    id: 'signed-bytes',
    title: 'the signed fields have a canonical seam spelling',
    codes: ['cannot-canonicalize'],
  },
  BOTH_SIGNATURES,
];

/** `verifyKeyState`, in its order; the key is the record's own rootKey, so the door screens it. */
export const KEYSTATE_CHECKS: readonly CheckSpec<RecordCode>[] = [
  { id: 'object', title: 'the KeyState is a JSON object', codes: ['not-an-object'] },
  { id: 'typ', title: 'typ is muretai/keystate/1', codes: ['wrong-typ'] },
  { id: 'root', title: 'about the root DID you named', codes: ['wrong-root'] },
  {
    id: 'fields',
    title:
      'epoch and ts integers, notBefore/notAfter integers or null, opDid and sig strings, rootKey 64 hex',
    codes: ['not-integer', 'missing-field'],
  },
  {
    id: 'signed-bytes',
    title: 'the signed fields have a canonical seam spelling',
    codes: ['cannot-canonicalize'],
  },
  ...SIGNATURE_TEXT_CHECKS,
];
