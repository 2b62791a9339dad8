import { base64Strict, concatBytes, fail, ok, SeamError, type Verdict } from '@agent-seam/canonical';
import { requireLength } from './arguments.js';
import {
  type OpenRequest,
  openerAgreement,
  requireBlobFits,
  type SealBoxOptions,
  sealArguments,
  sealerAgreement,
  V2_PREFIX,
} from './box-frame.js';
import { boxKeyV2, mlKemSeed } from './box-keys.js';
import type { BoxCode } from './codes.js';
import {
  CHACHA_NONCE_LENGTH,
  chachaOpen,
  chachaSeal,
  isMlKemPublicKey,
  KEY_LENGTH,
  MLKEM_CIPHERTEXT_LENGTH,
  MLKEM_MESSAGE_LENGTH,
  mlKemDecapsulate,
  mlKemEncapsulate,
  mlKemKeyPair,
  systemRandom,
  TAG_LENGTH,
} from './primitives.js';

/**
 * The v2 (hybrid) box: base64(`a2b2` ‖ ML-KEM-768 ciphertext ‖ nonce ‖ ciphertext ‖ tag)
 * under a key from X25519 and ML-KEM-768 together. All ML-KEM code is reached from here.
 */
const KEM_START = V2_PREFIX.length;
const NONCE_START = KEM_START + MLKEM_CIPHERTEXT_LENGTH;
const SEALED_START = NONCE_START + CHACHA_NONCE_LENGTH;

/** The ML-KEM-768 public key (1184 bytes) of a 32-byte seed, published beside its encPub. */
export function encPublicKeyPq(seed: Uint8Array): Uint8Array {
  return mlKemKeyPair(mlKemSeed(requireLength(seed, KEY_LENGTH, 'seed'))).publicKey;
}

/** Seals a v2 box to the recipient's two public keys. */
export function sealV2(options: SealBoxOptions): string {
  const { senderSeed, recipientPub, plaintext, ad } = sealArguments(options);
  requireBlobFits(SEALED_START + plaintext.length + TAG_LENGTH);
  const { recipientPqPub } = options;
  if (!(recipientPqPub instanceof Uint8Array) || !isMlKemPublicKey(recipientPqPub))
    throw new SeamError('bad-pq-public-key', 'recipientPqPub is not an ML-KEM-768 encapsulation key');
  const message =
    options.encapsulationSeed === undefined
      ? undefined
      : requireLength(options.encapsulationSeed, MLKEM_MESSAGE_LENGTH, 'encapsulationSeed');
  const nonce =
    options.nonce === undefined
      ? systemRandom(CHACHA_NONCE_LENGTH)
      : requireLength(options.nonce, CHACHA_NONCE_LENGTH, 'nonce');
  const x25519Shared = sealerAgreement(senderSeed, recipientPub);
  const { cipherText, sharedSecret } = mlKemEncapsulate(recipientPqPub, message);
  const key = boxKeyV2(x25519Shared, sharedSecret);
  return base64Strict.encode(
    concatBytes([V2_PREFIX, cipherText, nonce, chachaSeal(key, nonce, ad, plaintext)]),
  );
}

/** Opens decoded bytes that carry the v2 prefix. */
export function openV2({ recipientSeed, senderPub, ad, bytes }: OpenRequest): Verdict<Uint8Array, BoxCode> {
  // The ML-KEM ciphertext has a fixed size and no length field: a short blob is the only way to get it wrong.
  if (bytes.length < SEALED_START + TAG_LENGTH)
    return fail(
      'v2-too-short',
      `the blob is ${bytes.length} bytes, shorter than the ${SEALED_START + TAG_LENGTH} of a v2 prefix, ML-KEM ciphertext, nonce and tag`,
    );
  const x25519Shared = openerAgreement(recipientSeed, senderPub);
  if (!x25519Shared.ok) return x25519Shared;
  const { secretKey } = mlKemKeyPair(mlKemSeed(recipientSeed));
  const mlKemShared = mlKemDecapsulate(bytes.subarray(KEM_START, NONCE_START), secretKey);
  const plaintext = chachaOpen(
    boxKeyV2(x25519Shared.value, mlKemShared),
    bytes.subarray(NONCE_START, SEALED_START),
    ad,
    bytes.subarray(SEALED_START),
  );
  if (plaintext === null) return fail('authentication-failed', 'the box does not authenticate');
  return ok(plaintext);
}
