import { base64Strict, concatBytes, fail, ok, SeamError, type Verdict } from '@agent-seam/canonical';
import { requireLength } from './arguments.js';
import {
  hasV2Prefix,
  type OpenBoxOptions,
  type OpenRequest,
  openerAgreement,
  readBlob,
  requireBlobFits,
  type SealBoxOptions,
  sealArguments,
  sealerAgreement,
} from './box-frame.js';
import { boxKeyV1, encPrivateKey } from './box-keys.js';
import type { BoxCode } from './codes.js';
import {
  CHACHA_NONCE_LENGTH,
  chachaOpen,
  chachaSeal,
  KEY_LENGTH,
  systemRandom,
  TAG_LENGTH,
  x25519PublicKey,
} from './primitives.js';

/**
 * The v1 box: base64(nonce ‖ ciphertext ‖ tag) under a key from X25519 alone. These
 * functions reach no ML-KEM code, so a bundle that imports only them leaves it out.
 */

/** The X25519 public key (the `encPub` a peer seals to) of a 32-byte seed. */
export function encPublicKey(seed: Uint8Array): Uint8Array {
  return x25519PublicKey(encPrivateKey(requireLength(seed, KEY_LENGTH, 'seed')));
}

/** Seals a v1 box. Asking it for v2 (`recipientPqPub`, `encapsulationSeed`) throws. */
export function sealBoxV1(options: SealBoxOptions): string {
  if (options?.recipientPqPub !== undefined || options?.encapsulationSeed !== undefined)
    throw new SeamError('bad-argument', 'a v1 box takes neither recipientPqPub nor encapsulationSeed');
  const { senderSeed, recipientPub, plaintext, ad } = sealArguments(options);
  requireBlobFits(CHACHA_NONCE_LENGTH + plaintext.length + TAG_LENGTH);
  const nonce = options.nonce === undefined ? freshV1Nonce() : givenV1Nonce(options.nonce);
  const key = boxKeyV1(sealerAgreement(senderSeed, recipientPub));
  return base64Strict.encode(concatBytes([nonce, chachaSeal(key, nonce, ad, plaintext)]));
}

/**
 * A v1 blob whose nonce began with the v2 prefix would be read as v2 and never open, so
 * such a nonce (one draw in 2^32) is drawn again, and a fixed one is refused.
 */
function freshV1Nonce(): Uint8Array {
  for (;;) {
    const nonce = systemRandom(CHACHA_NONCE_LENGTH);
    if (!hasV2Prefix(nonce)) return nonce;
  }
}

function givenV1Nonce(value: Uint8Array): Uint8Array {
  const nonce = requireLength(value, CHACHA_NONCE_LENGTH, 'nonce');
  if (hasV2Prefix(nonce)) throw new SeamError('bad-argument', 'a v1 nonce must not start with the v2 prefix');
  return nonce;
}

/** `openBoxV1` with the reason it refused. A v2 blob is `v2-not-supported`, never "wrong key". */
export function openBoxV1Verdict(options: OpenBoxOptions): Verdict<Uint8Array, BoxCode> {
  const read = readBlob(options);
  if (!read.ok) return read;
  if (hasV2Prefix(read.value.bytes))
    return fail('v2-not-supported', 'a v2 blob: open it with openBox, which reads both versions');
  return openV1(read.value);
}

/** The plaintext of a v1 box, or null. Never throws on the blob. */
export function openBoxV1(options: OpenBoxOptions): Uint8Array | null {
  const verdict = openBoxV1Verdict(options);
  return verdict.ok ? verdict.value : null;
}

/** Opens decoded bytes that do not carry the v2 prefix. */
export function openV1({ recipientSeed, senderPub, ad, bytes }: OpenRequest): Verdict<Uint8Array, BoxCode> {
  if (bytes.length < CHACHA_NONCE_LENGTH + TAG_LENGTH)
    return fail(
      'too-short',
      `the blob is ${bytes.length} bytes, shorter than a ${CHACHA_NONCE_LENGTH}-byte nonce and a ${TAG_LENGTH}-byte tag`,
    );
  const shared = openerAgreement(recipientSeed, senderPub);
  if (!shared.ok) return shared;
  const plaintext = chachaOpen(
    boxKeyV1(shared.value),
    bytes.subarray(0, CHACHA_NONCE_LENGTH),
    ad,
    bytes.subarray(CHACHA_NONCE_LENGTH),
  );
  if (plaintext === null) return fail('authentication-failed', 'the box does not authenticate');
  return ok(plaintext);
}
