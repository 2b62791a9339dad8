import { base64Strict, base64urlStrict } from '@agent-seam/canonical';
import {
  didFromPublicKey,
  didFromSeed,
  jwkFromPublicKey,
  keyPairFromSeed,
  publicKeyFromJwk,
  signDeviceBindingV2,
  verifyBase64Signature,
  verifyDeviceBindingV2,
} from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import { KEY_CACHE_LIMIT, keyCache } from '../src/key-cache.js';
import { decodePointStrict } from '../src/primitives.js';
import { compareCodePoints, verifiablePayload } from '../src/signed-record.js';
import { utf8 } from './helpers.js';

/**
 * Cases written against the survivors of a Stryker run over the files outside the verify
 * path (issue 15, `pnpm mutate --filter did --rest`), share (a): binding, JWK, key cache,
 * primitives, signature text and signed records. Each `why` names the mutant(s) it kills
 * by `file.ts:line:column` of that run. Verdicts and thrown errors are compared whole.
 */

const ownerSeed = new Uint8Array(32).fill(0x11);
const deviceSeed = new Uint8Array(32).fill(0x22);
const deviceDid = didFromSeed(deviceSeed);
const now = 1_800_000_000;
const signed = signDeviceBindingV2({ ts: now - 10, validUntil: 0 }, ownerSeed, deviceSeed);
const check = { expectedDeviceDid: deviceDid, now };
/** The same 64 bytes spelled with a non-zero trailing bit (the last data character of `X?==` moved by one). */
const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const respelled = (sig: string) => `${sig.slice(0, -3)}${B64[B64.indexOf(sig.at(-3)!) ^ 1]}==`;
/** The other signature of the pair, so the text is canonical and 64 bytes but does not verify. */
const swapped = { sig: signed.deviceSig, deviceSig: signed.sig };

describe('verifyDeviceBindingV2: every refusal whole', () => {
  it('a valid binding verifies to its five signed fields', () => {
    // why: kills binding.ts:104:7 (`!device.ok` → true) and binding.ts:105:13 (the
    // verified value emptied).
    expect(verifyDeviceBindingV2(signed, check)).toEqual({
      ok: true,
      value: {
        typ: 'muretai/devicebinding/2',
        rootDid: didFromSeed(ownerSeed),
        deviceDid,
        ts: now - 10,
        validUntil: 0,
      },
    });
  });

  it('a missing check is a SeamError, not a TypeError', () => {
    // why: kills binding.ts:81:14 (`check?.` → `check.`) and binding.ts:82:41 (the message).
    expect(thrown(() => verifyDeviceBindingV2(signed, undefined as never))).toEqual({
      name: 'SeamError',
      code: 'bad-argument',
      message: 'bad-argument: verifyDeviceBindingV2 needs expectedDeviceDid (a string)',
    });
  });

  it('the shape refusals carry their details', () => {
    // why: kills binding.ts:84:56, 88:34, 90:34, 91:76 and 93:33 (each detail emptied).
    expect(verifyDeviceBindingV2([], check)).toEqual({
      ok: false,
      code: 'not-an-object',
      detail: 'the binding is an array, not a JSON object',
    });
    expect(verifyDeviceBindingV2({ ...signed, typ: 'x' }, check)).toEqual({
      ok: false,
      code: 'wrong-typ',
      detail: 'typ is not muretai/devicebinding/2',
    });
    expect(verifyDeviceBindingV2({ ...signed, rootDid: 7 }, check)).toEqual({
      ok: false,
      code: 'missing-field',
      detail: 'rootDid is a number; it is a string',
    });
    expect(verifyDeviceBindingV2({ ...signed, ts: 1.5 }, check)).toEqual({
      ok: false,
      code: 'not-integer',
      detail: 'ts is a number that is not a safe integer; it is an integer',
    });
    expect(verifyDeviceBindingV2({ ...signed, validUntil: '0' }, check)).toEqual({
      ok: false,
      code: 'not-integer',
      detail: 'validUntil is a string; it is an integer',
    });
    expect(verifyDeviceBindingV2(signed, { ...check, expectedDeviceDid: didFromSeed(ownerSeed) })).toEqual({
      ok: false,
      code: 'wrong-device',
      detail: 'deviceDid names another device than the expectedDeviceDid given',
    });
  });

  it('a deviceDid that is not a string is missing-field, not another device', () => {
    // why: kills binding.ts:87:38 (`typeof deviceDid !== 'string'` → false, which lets the
    // pin refuse it as wrong-device).
    expect(verifyDeviceBindingV2({ ...signed, deviceDid: 7 }, check)).toEqual({
      ok: false,
      code: 'missing-field',
      detail: 'deviceDid is a number; it is a string',
    });
  });

  it('a missing sig is missing-field, not a refusal of its text', () => {
    // why: kills binding.ts:89:7 (`typeof sig !== 'string'` → false) and binding.ts:90:34.
    const { sig: _, ...unsigned } = signed;
    expect(verifyDeviceBindingV2(unsigned, check)).toEqual({
      ok: false,
      code: 'missing-field',
      detail: 'sig is undefined; it is a string',
    });
  });

  it('a deviceDid that is no Ed25519 did:key is refused by its own code', () => {
    // why: kills binding.ts:98:7 (`!deviceKey.ok` → false): the pin matches, so only the
    // key check stands between the binding and the signatures.
    const p256 = didFromPublicKey(new Uint8Array(33).fill(2), 'p256');
    expect(
      verifyDeviceBindingV2({ ...signed, deviceDid: p256 }, { ...check, expectedDeviceDid: p256 }),
    ).toEqual({
      ok: false,
      code: 'wrong-multicodec',
      detail: 'deviceDid is not a usable Ed25519 did:key (not an Ed25519 key)',
    });
  });

  it('a ts of -0 has no canonical seam spelling: a refusal before any signature is read', () => {
    // why: kills binding.ts:100:7 (`!payload.ok` → false), and signed-record.ts:35:40 (its
    // detail): -0 passes the integer check but canonical refuses to sign it.
    expect(verifyDeviceBindingV2({ ...signed, ts: -0 }, check)).toEqual({
      ok: false,
      code: 'cannot-canonicalize',
      detail: 'ts is a number a Python and a JavaScript reader would write differently; do not sign it',
    });
  });

  it('a bad owner signature is refused and named sig:, with the text detail or the code', () => {
    // why: kills binding.ts:102:7 (`!owner.ok` → false: the device signature alone is
    // good), binding.ts:102:45 (the template emptied) and binding.ts:102:53 (`??` → `&&`,
    // which would write the code where the detail is set).
    expect(verifyDeviceBindingV2({ ...signed, sig: swapped.sig }, check)).toEqual({
      ok: false,
      code: 'bad-signature',
      detail: `sig: the signature does not verify under ${didFromSeed(ownerSeed).slice(0, 20)}…`,
    });
    expect(verifyDeviceBindingV2({ ...signed, sig: respelled(signed.sig) }, check)).toEqual({
      ok: false,
      code: 'sig-not-canonical-base64',
      detail: 'sig: the signature text is not the one standard padded base64 spelling of its bytes',
    });
  });

  it('a bad device signature is refused and named deviceSig:, with the text detail or the code', () => {
    // why: kills binding.ts:104:47 (the template emptied) and binding.ts:104:61 (`??` → `&&`).
    expect(verifyDeviceBindingV2({ ...signed, deviceSig: swapped.deviceSig }, check)).toEqual({
      ok: false,
      code: 'bad-signature',
      detail: `deviceSig: the signature does not verify under ${deviceDid.slice(0, 20)}…`,
    });
    expect(verifyDeviceBindingV2({ ...signed, deviceSig: respelled(signed.deviceSig) }, check)).toEqual({
      ok: false,
      code: 'sig-not-canonical-base64',
      detail: 'deviceSig: the signature text is not the one standard padded base64 spelling of its bytes',
    });
  });
});

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

describe('JWK', () => {
  const { publicKey } = keyPairFromSeed(ownerSeed);
  const x = base64urlStrict.encode(publicKey);

  it('jwkFromPublicKey writes the RFC 8037 OKP key', () => {
    // why: kills jwk.ts:21:69 (the body emptied), jwk.ts:22:7 (the condition → true, and
    // `!(… instanceof …)` → `… instanceof …`), jwk.ts:22:45 (`!== 32` → `=== 32`),
    // jwk.ts:24:10, 24:17 and 24:29 (the object and its two names emptied).
    expect(jwkFromPublicKey(publicKey)).toEqual({ kty: 'OKP', crv: 'Ed25519', x });
  });

  it('jwkFromPublicKey throws on a key that is not 32 bytes, or not bytes', () => {
    // why: kills jwk.ts:22:7 (→ false, and `||` → `&&`), jwk.ts:22:45 (→ false) and
    // jwk.ts:23:25 and 23:43 (the code and the message emptied).
    const error = {
      name: 'SeamError',
      code: 'bad-public-key',
      message: 'bad-public-key: an Ed25519 public key is 32 bytes',
    };
    expect(thrown(() => jwkFromPublicKey(publicKey.subarray(1)))).toEqual(error);
    expect(thrown(() => jwkFromPublicKey([...publicKey] as never))).toEqual(error);
  });

  it('publicKeyFromJwk reads the key back', () => {
    // why: kills jwk.ts:19:3 (isRecord → false), jwk.ts:19:16 ('object' emptied),
    // jwk.ts:19:42 (`!Array.isArray` → `Array.isArray`), jwk.ts:29:7 (→ true), jwk.ts:30:7
    // (→ true, and `jwk.kty !== 'OKP'` → `=== 'OKP'`), jwk.ts:30:19 and 30:40 (the names
    // emptied), jwk.ts:30:28 (`=== 'Ed25519'`), jwk.ts:32:7 (→ true, `x.ok`) and jwk.ts:32:16
    // (`=== 32`).
    expect(publicKeyFromJwk({ kty: 'OKP', crv: 'Ed25519', x })).toEqual({ ok: true, value: publicKey });
  });

  it('publicKeyFromJwk refuses an array even when it carries the members', () => {
    // why: holds jwk.ts:19:42 from the other side: an array is not a JWK.
    const array = Object.assign([], { kty: 'OKP', crv: 'Ed25519', x });
    expect(publicKeyFromJwk(array)).toEqual({ ok: false, code: 'not-a-jwk' });
  });

  it('publicKeyFromJwk refuses a key of another type or curve', () => {
    // why: kills jwk.ts:30:7 (→ false, `||` → `&&`, `jwk.kty !== 'OKP'` → false) and
    // jwk.ts:30:28 (`jwk.crv !== 'Ed25519'` → false): each name wrong alone.
    expect(publicKeyFromJwk({ kty: 'EC', crv: 'Ed25519', x })).toEqual({
      ok: false,
      code: 'unsupported-key-type',
    });
    expect(publicKeyFromJwk({ kty: 'OKP', crv: 'X25519', x })).toEqual({
      ok: false,
      code: 'unsupported-key-type',
    });
  });

  it('publicKeyFromJwk refuses an x that is not 32 strict base64url bytes', () => {
    // why: kills jwk.ts:32:7 (→ false, `||` → `&&`, which reads the length of a failed
    // decode), jwk.ts:32:16 (→ false), and jwk.ts:33:17 and 33:37 (code and detail emptied).
    const refusal = { ok: false, code: 'bad-key-encoding', detail: 'x is not 32 bytes in strict base64url' };
    expect(publicKeyFromJwk({ kty: 'OKP', crv: 'Ed25519', x: `${x}=` })).toEqual(refusal);
    expect(
      publicKeyFromJwk({ kty: 'OKP', crv: 'Ed25519', x: base64urlStrict.encode(publicKey.subarray(1)) }),
    ).toEqual(refusal);
  });
});

describe('keyCache', () => {
  it('imports each key once, keeps the last KEY_CACHE_LIMIT, and drops the oldest first', () => {
    // why: kills key-cache.ts:15:9 (`key === undefined` → true: every call imports),
    // key-cache.ts:17:11 (→ true, → false, `>`, `<`), key-cache.ts:17:41 (the delete
    // removed) and key-cache.ts:18:7 (the set removed).
    const imported: string[] = [];
    const cache = keyCache((publicKey) => {
      imported.push(String(publicKey[0]! * 256 + publicKey[1]!));
      return { id: imported.length };
    });
    const key = (i: number) => Uint8Array.of(i >> 8, i & 0xff);
    const all = Array.from({ length: KEY_CACHE_LIMIT + 1 }, (_, i) => key(i));
    const first = all.slice(0, KEY_CACHE_LIMIT).map(cache);
    expect(imported).toHaveLength(KEY_CACHE_LIMIT);
    // Asked again, the same imported keys come back and nothing is imported.
    expect(all.slice(0, KEY_CACHE_LIMIT).map(cache)).toEqual(first);
    expect(imported).toHaveLength(KEY_CACHE_LIMIT);
    cache(all[KEY_CACHE_LIMIT]!);
    for (const k of all.slice(1)) cache(k);
    expect(imported).toHaveLength(KEY_CACHE_LIMIT + 1);
    // Key 0 was the oldest: the one entry dropped for key 256.
    cache(all[0]!);
    expect(imported).toEqual([...Array.from({ length: KEY_CACHE_LIMIT + 1 }, (_, i) => String(i)), '0']);
  });
});

describe('primitives and record helpers', () => {
  it('decodePointStrict refuses what only a ZIP-215 reader accepts', () => {
    // why: kills primitives.ts:84:35 (`fromBytes(bytes, false)` → `true`): y = p + 1 (the
    // identity spelled with y ≥ p) and y = 1 with the sign bit set (x = 0 cannot be odd).
    const yAboveP = new Uint8Array(32).fill(0xff);
    yAboveP[0] = 0xee;
    yAboveP[31] = 0x7f;
    const oddZero = new Uint8Array(32);
    oddZero[0] = 1;
    oddZero[31] = 0x80;
    expect([decodePointStrict(yAboveP), decodePointStrict(oddZero)]).toEqual([null, null]);
    // The control: the canonical identity encoding decodes.
    expect(decodePointStrict(Uint8Array.of(1, ...new Uint8Array(31)))).not.toBeNull();
  });

  it('compareCodePoints puts a prefix first', () => {
    // why: kills signed-record.ts:49:57 (`-1` → `+1`), code no test reached: a revoked list
    // with one entry the prefix of another.
    expect([
      compareCodePoints('ab', 'abc'),
      compareCodePoints('abc', 'ab'),
      compareCodePoints('ab', 'ab'),
    ]).toEqual([-1, 1, 0]);
  });

  it('verifiablePayload refuses a lone surrogate with its detail', () => {
    // why: kills signed-record.ts:35:40 (the detail emptied) directly, as well as through the binding.
    expect(verifiablePayload({ typ: '\ud800' })).toEqual({
      ok: false,
      code: 'cannot-canonicalize',
      detail: 'typ is a string holding an unpaired surrogate',
    });
  });
});
