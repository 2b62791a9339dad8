/**
 * RFC 9180 section 5.1 setup functions for the four modes and the single-shot
 * seal/open of section 6.1, over DHKEM(X25519, HKDF-SHA256) and HKDF-SHA256.
 */
import { fail, ok, type Verdict } from '@agent-seam/canonical';
import { RecipientContext, SenderContext } from './context.js';
import { decap, encap, type KeyPair } from './kem.js';
import { keySchedule, MODE_AUTH, MODE_AUTH_PSK, MODE_BASE, MODE_PSK, type Mode } from './key-schedule.js';
import { AEAD_CHACHA20_POLY1305, type AeadId } from './labeled-kdf.js';
import { type RandomSource, systemRandom } from './primitives.js';

/** Why an HPKE open refused: `enc` is not a usable public key, or the AEAD tag failed. */
export type HpkeOpenCode = 'bad-enc' | 'decrypt-failed';

export interface SenderOptions {
  recipientPublicKey: Uint8Array;
  info: Uint8Array;
  /** Defaults to ChaCha20-Poly1305 (0x0003); 0xFFFF gives an export-only context. */
  aead?: AeadId;
  /** Source of the ephemeral key's ikm (N_SK bytes); defaults to the platform CSPRNG. */
  random?: RandomSource;
}
export interface RecipientOptions {
  recipientPrivateKey: Uint8Array;
  enc: Uint8Array;
  info: Uint8Array;
  aead?: AeadId;
}
export interface PskOptions {
  psk: Uint8Array;
  pskId: Uint8Array;
}

export interface SenderSetup {
  enc: Uint8Array;
  context: SenderContext;
}

interface ModeInputs {
  psk?: Uint8Array | undefined;
  pskId?: Uint8Array | undefined;
}

/** The key schedule both sides run once they hold the shared secret. */
const scheduleFor = (
  mode: Mode,
  aead: AeadId,
  sharedSecret: Uint8Array,
  { info, psk, pskId }: { info: Uint8Array } & ModeInputs,
) => keySchedule({ mode, aead, sharedSecret, info, psk, pskId });

function setupSender(mode: Mode, options: SenderOptions & ModeInputs, sender?: KeyPair): SenderSetup {
  const aead = options.aead ?? AEAD_CHACHA20_POLY1305;
  const { sharedSecret, enc } = encap(options.recipientPublicKey, options.random ?? systemRandom, sender);
  const schedule = scheduleFor(mode, aead, sharedSecret, options);
  return { enc, context: new SenderContext(aead, schedule) };
}

function setupRecipient(
  mode: Mode,
  options: RecipientOptions & ModeInputs,
  senderPublicKey?: Uint8Array,
): Verdict<RecipientContext, 'bad-enc'> {
  const aead = options.aead ?? AEAD_CHACHA20_POLY1305;
  const sharedSecret = decap(options.enc, options.recipientPrivateKey, senderPublicKey);
  if (sharedSecret === null) return fail('bad-enc');
  const schedule = scheduleFor(mode, aead, sharedSecret, options);
  return ok(new RecipientContext(aead, schedule));
}

export const setupBaseS = (options: SenderOptions) => setupSender(MODE_BASE, options);
export const setupBaseR = (options: RecipientOptions) => setupRecipient(MODE_BASE, options);
export const setupPSKS = (options: SenderOptions & PskOptions) => setupSender(MODE_PSK, options);
export const setupPSKR = (options: RecipientOptions & PskOptions) => setupRecipient(MODE_PSK, options);
export const setupAuthS = (options: SenderOptions & { senderKeyPair: KeyPair }) =>
  setupSender(MODE_AUTH, options, options.senderKeyPair);
export const setupAuthR = (options: RecipientOptions & { senderPublicKey: Uint8Array }) =>
  setupRecipient(MODE_AUTH, options, options.senderPublicKey);
export const setupAuthPSKS = (options: SenderOptions & PskOptions & { senderKeyPair: KeyPair }) =>
  setupSender(MODE_AUTH_PSK, options, options.senderKeyPair);
export const setupAuthPSKR = (options: RecipientOptions & PskOptions & { senderPublicKey: Uint8Array }) =>
  setupRecipient(MODE_AUTH_PSK, options, options.senderPublicKey);

export interface SealOptions extends ModeInputs {
  recipientPublicKey: Uint8Array;
  info: Uint8Array;
  aad: Uint8Array;
  plaintext: Uint8Array;
  random?: RandomSource;
}
export interface OpenOptions extends ModeInputs {
  recipientPrivateKey: Uint8Array;
  enc: Uint8Array;
  info: Uint8Array;
  aad: Uint8Array;
  ciphertext: Uint8Array;
}

/** Single-shot seal in base mode, or psk mode when `psk` and `pskId` are given. */
export function seal(options: SealOptions): { enc: Uint8Array; ciphertext: Uint8Array } {
  const mode = options.psk === undefined && options.pskId === undefined ? MODE_BASE : MODE_PSK;
  const { enc, context } = setupSender(mode, options);
  return { enc, ciphertext: context.seal(options.aad, options.plaintext) };
}

/** Single-shot open, the counterpart of `seal`. Never throws on `enc` or `ciphertext`. */
export function open(options: OpenOptions): Verdict<Uint8Array, HpkeOpenCode> {
  const mode = options.psk === undefined && options.pskId === undefined ? MODE_BASE : MODE_PSK;
  const context = setupRecipient(mode, options);
  return context.ok ? context.value.open(options.aad, options.ciphertext) : context;
}
