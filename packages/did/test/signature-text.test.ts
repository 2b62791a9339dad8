import { base64Strict } from '@agent-seam/canonical';
import { keyPairFromSeed, signDeviceBindingV2, verifyBase64Signature } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { utf8 } from './helpers.js';

// Verdicts and thrown errors are compared whole. Each `why` names the mutant(s) of src/ the case
// holds by `file.ts:line:column` of the `--rest` run.
const ownerSeed = new Uint8Array(32).fill(0x11);
const deviceSeed = new Uint8Array(32).fill(0x22);
const now = 1_800_000_000;
const signed = signDeviceBindingV2({ ts: now - 10, validUntil: 0 }, ownerSeed, deviceSeed);
/** The same 64 bytes spelled with a non-zero trailing bit (the last data character of `X?==` moved by one). */
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const respelled = (sig: string) => `${sig.slice(0, -3)}${B64[B64.indexOf(sig.at(-3)!) ^ 1]}==`;

describe('verifyBase64Signature: the text refusals', () => {
  const { publicKey } = keyPairFromSeed(ownerSeed);
  const message = utf8('text');

  it('a respelled signature is refused with its detail', () => {
    // why: kills signature-text.ts:28:45 (the detail emptied).
    expect(verifyBase64Signature(publicKey, message, respelled(signed.sig))).toEqual({
      ok: false,
      code: 'sig-not-canonical-base64',
      detail: 'the signature text is not the one standard padded base64 spelling of its bytes',
    });
    expect(verifyBase64Signature(publicKey, message, 7)).toEqual({
      ok: false,
      code: 'sig-not-canonical-base64',
      detail: 'the signature is a number, not base64 text',
    });
  });

  it('a door refusal names the signer it was checked under, or "the key"', () => {
    // why: the signer label and doorRefusal's details (bad-signature, small-order-r)
    const other = base64Strict.encode(new Uint8Array(64).fill(1));
    expect(verifyBase64Signature(publicKey, message, signed.sig, 'did:key:z6Mk…')).toMatchObject({
      detail: 'the signature does not verify under did:key:z6Mk…',
    });
    expect(verifyBase64Signature(publicKey, message, signed.sig)).toMatchObject({
      detail: 'the signature does not verify under the key',
    });
    const identityR = new Uint8Array(64);
    identityR[0] = 1;
    expect(verifyBase64Signature(publicKey, message, base64Strict.encode(identityR))).toEqual({
      ok: false,
      code: 'small-order-r',
      detail: "the signature's R is a point of small order, which verifies under many keys",
    });
    expect(verifyBase64Signature(publicKey, message, other).ok).toBe(false);
  });

  it('63 bytes of signature are bad-signature-length with this detail, not the door’s refusal', () => {
    // why: kills signature-text.ts:29:7 (`length !== 64` → false, which hands the 63 bytes
    // to the door and its bad-length) and signature-text.ts:29:72 (the detail emptied).
    expect(verifyBase64Signature(publicKey, message, base64Strict.encode(new Uint8Array(63)))).toEqual({
      ok: false,
      code: 'bad-signature-length',
      detail: 'the signature decodes to 63 bytes; an Ed25519 signature is 64',
    });
  });
});
