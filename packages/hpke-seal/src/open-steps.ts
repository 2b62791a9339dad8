/** Steps that opening a v1 and a v2 envelope share, each with its stable refusal codes. */
import { fail, hex, type Instant, ok, SeamError, type Verdict } from '@agent-seam/canonical';
import type { RecipientContext } from './context.js';
import { SUITE_X25519_CHACHA } from './envelope-wire.js';
import { setupBaseR } from './hpke.js';
import { publicKeyOf } from './kem.js';
import { keyId } from './kid.js';
import type { ResolveSenderKey } from './sender-key.js';
import { nowMillis } from './time-window.js';
import {
  decodeWireMap,
  firstBadField,
  firstUnknownKey,
  type Schema,
  uintField,
  type WireMap,
} from './wire-map.js';

/** Finds the X25519 private key a key id names, or undefined. */
export type KeyRing = (kid: Uint8Array) => Uint8Array | undefined;

/** A KeyRing over private keys; each key is filed under KID(suite 1, its public key). */
export function keyRingOf(privateKeys: Iterable<Uint8Array>): KeyRing {
  const byKid = new Map<string, Uint8Array>();
  for (const sk of privateKeys) byKid.set(hex.encode(keyId(SUITE_X25519_CHACHA, publicKeyOf(sk))), sk);
  return (kid) => byKid.get(hex.encode(kid));
}

/** Default cap on an envelope, checked before decoding: 8 MiB. */
export const DEFAULT_MAX_ENVELOPE_BYTES = 8 * 1024 * 1024;

export type OuterCode =
  | 'not-bytes'
  | 'too-large'
  | 'bad-outer'
  | 'bad-version'
  | 'unknown-critical-field'
  | 'unknown-suite';

/** What both openers take from their caller. */
export interface OpenerOptions {
  /** This node's AID; the outer `to` must equal it. */
  ownAid: string;
  /** The recipient's epoch encryption keys. */
  keyRing: KeyRing;
  resolveSenderKey: ResolveSenderKey;
  /** The receiver's clock: a Date or Unix seconds (the wire's ms fields are judged against it). */
  now: Instant;
  /** Cap on the envelope size, checked first (default 8 MiB). */
  maxBytes?: number;
  /**
   * Called with the bytes the inner signature covers and the signature, once the layers
   * are open and before the signature is checked: to show what was signed when it fails
   * (`bad-sig`). It judges nothing; the verdict is the same with or without it.
   */
  onSignedBytes?: (bytes: Uint8Array, signature: Uint8Array) => void;
}

/**
 * The caller's options, checked once at the boundary: a wrong one is a programmer error
 * and throws SeamError naming it (`bad-argument`, or `bad-instant` for `now`).
 */
export function readOpenerOptions(
  options: OpenerOptions,
  opener: string,
): { nowMs: number; maxBytes: number } {
  const bad = (message: string) => new SeamError('bad-argument', `${opener} ${message}`);
  if (typeof options !== 'object' || options === null) throw bad('takes an options object');
  if (typeof options.ownAid !== 'string') throw bad('ownAid must be a string');
  if (typeof options.keyRing !== 'function') throw bad('keyRing must be a function (keyRingOf makes one)');
  if (typeof options.resolveSenderKey !== 'function') throw bad('resolveSenderKey must be a function');
  if (options.onSignedBytes !== undefined && typeof options.onSignedBytes !== 'function')
    throw bad('onSignedBytes must be a function when given');
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_ENVELOPE_BYTES;
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) throw bad('maxBytes must be a non-negative integer');
  return { nowMs: nowMillis(options.now, `${opener} now`), maxBytes };
}

/**
 * The outer map: its type, size, decode, then the version before anything else (so a
 * future version is reported as such), then the key space, the field rules and the suite.
 */
export function parseOuter(
  bytes: unknown,
  version: number,
  schema: Schema,
  maxBytes: number,
): Verdict<WireMap, OuterCode> {
  // Received data whatever its JavaScript type: anything but bytes is refused, not read.
  if (!(bytes instanceof Uint8Array)) return fail('not-bytes', 'the envelope is not a Uint8Array');
  if (bytes.length > maxBytes) return fail('too-large');
  const map = decodeWireMap(bytes, maxBytes);
  if (map === null) return fail('bad-outer', 'not a CoreDet map with unsigned integer keys');
  const v = map.fields.get(1);
  if (v === undefined || typeof v.value !== 'number' || v.valueBytes[0]! >> 5 !== 0)
    return fail('bad-outer', 'missing version');
  if (v.value !== version) return fail('bad-version');
  const unknown = firstUnknownKey(map, schema);
  if (unknown !== null) return fail('unknown-critical-field', `outer key ${unknown}`);
  const bad = firstBadField(map, schema);
  if (bad !== null) return fail('bad-outer', `outer key ${bad}`);
  if (uintField(map, 3) !== SUITE_X25519_CHACHA) return fail('unknown-suite');
  return ok(map);
}

export interface OpenedLayer {
  plaintext: Uint8Array;
  context: RecipientContext;
}

/** One HPKE layer: the key id must be in the ring, then base-mode open with empty aad. */
export function openLayer(
  ring: KeyRing,
  kid: Uint8Array,
  enc: Uint8Array,
  info: Uint8Array,
  ciphertext: Uint8Array,
): Verdict<OpenedLayer, 'sealed-to-unknown-key' | 'decrypt-failed'> {
  const recipientPrivateKey = ring(kid);
  if (recipientPrivateKey === undefined) return fail('sealed-to-unknown-key');
  const context = setupBaseR({ recipientPrivateKey, enc, info });
  if (!context.ok) return fail('decrypt-failed', 'enc is not a usable public key');
  const plaintext = context.value.open(new Uint8Array(0), ciphertext);
  if (!plaintext.ok) return fail('decrypt-failed');
  return ok({ plaintext: plaintext.value, context: context.value });
}

/** True when every byte is zero. */
export const allZero = (bytes: Uint8Array) => bytes.every((b) => b === 0);
