/**
 * RFC 9180 section 5.1 setup functions for the four modes and the single-shot
 * seal/open of section 6.1, over DHKEM(X25519, HKDF-SHA256) and HKDF-SHA256.
 */
import { fail, ok, SeamError, type Verdict } from '@agent-seam/canonical';
import { requireBytes } from './bytes.js';
import { RecipientContext, SenderContext } from './context.js';
import { decap, encap, type KeyPair } from './kem.js';
import { keySchedule, MODE_AUTH, MODE_AUTH_PSK, MODE_BASE, MODE_PSK, type Mode } from './key-schedule.js';
import { AEAD_CHACHA20_POLY1305, type AeadId } from './labeled-kdf.js';
import { type RandomSource, systemRandom } from './primitives.js';

/**
 * Why an HPKE open refused: `enc` or the ciphertext is not a Uint8Array at all, `enc` is
 * not a usable public key, or the AEAD tag failed.
 */
export const HPKE_OPEN_CODES = ['not-bytes', 'bad-enc', 'decrypt-failed'] as const;
export type HpkeOpenCode = (typeof HPKE_OPEN_CODES)[number];

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

/** The caller's own inputs to a setup; wrong ones are programmer errors and throw SeamError. */
function checkCallerInputs(options: { info: Uint8Array } & ModeInputs, setup: string): void {
  if (typeof options !== 'object' || options === null)
    throw new SeamError('bad-argument', `${setup} takes an options object`);
  requireBytes(options.info, 'info');
  if (options.psk !== undefined) requireBytes(options.psk, 'psk');
  if (options.pskId !== undefined) requireBytes(options.pskId, 'pskId');
}

function setupSender(mode: Mode, options: SenderOptions & ModeInputs, sender?: KeyPair): SenderSetup {
  checkCallerInputs(options, 'a sender setup');
  const aead = options.aead ?? AEAD_CHACHA20_POLY1305;
  const { sharedSecret, enc } = encap(options.recipientPublicKey, options.random ?? systemRandom, sender);
  const schedule = scheduleFor(mode, aead, sharedSecret, options);
  return { enc, context: new SenderContext(aead, schedule) };
}

function setupRecipient(
  mode: Mode,
  options: RecipientOptions & ModeInputs,
  senderPublicKey?: Uint8Array,
): Verdict<RecipientContext, 'not-bytes' | 'bad-enc'> {
  checkCallerInputs(options, 'a recipient setup');
  // enc is received data whatever its type: anything but bytes is refused, not read.
  if (!(options.enc instanceof Uint8Array)) return fail('not-bytes', 'enc is not a Uint8Array');
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
  if (typeof options !== 'object' || options === null)
    throw new SeamError('bad-argument', 'seal takes an options object');
  const mode = options.psk === undefined && options.pskId === undefined ? MODE_BASE : MODE_PSK;
  const { enc, context } = setupSender(mode, options);
  return { enc, ciphertext: context.seal(options.aad, options.plaintext) };
}

/**
 * Single-shot open, the counterpart of `seal`. Never throws on `enc` or `ciphertext`,
 * whatever they are; the caller's own inputs (key, info, aad, psk) throw SeamError when wrong.
 */
export function open(options: OpenOptions): Verdict<Uint8Array, HpkeOpenCode> {
  if (typeof options !== 'object' || options === null)
    throw new SeamError('bad-argument', 'open takes an options object');
  requireBytes(options.aad, 'aad');
  const mode = options.psk === undefined && options.pskId === undefined ? MODE_BASE : MODE_PSK;
  const context = setupRecipient(mode, options);
  return context.ok ? context.value.open(options.aad, options.ciphertext) : context;
}
