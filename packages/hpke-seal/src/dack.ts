/**
 * The delivery confirmation (dack): 80 bytes, a 16-byte token saying "processed" or
 * "refused" and a 64-byte encrypted note (an optional reason code and wait time). Every
 * key comes from the layer-1 HPKE exporter, which only the two ends can compute, so the
 * hub can neither forge nor alter one, and the sender could have made it (deniable).
 * The exporter contexts and the note layout are this project's definition (DECIDED).
 */
import { bytesEqual, describeType, fail, ok, SeamError, type Verdict } from '@agent-seam/canonical';
import { ascii, i2osp } from './bytes.js';
import type { RecipientContext, SenderContext } from './context.js';
import { chachaOpen, chachaSeal } from './primitives.js';

export const DACK_BYTES = 80;
const TOKEN_BYTES = 16;
const NOTE_PLAINTEXT_BYTES = 48;
const NONCE_BYTES = 12;
const MAX_REASON = 0xffff;

export type DackDecision = 'processed' | 'refused';
export const DACK_CODES = ['not-bytes', 'bad-dack-length', 'bad-dack-token', 'bad-dack-note'] as const;
export type DackCode = (typeof DACK_CODES)[number];

/** What both ends derive from the layer-1 context. Secret: never send these. */
export interface DackKeys {
  processedToken: Uint8Array;
  refusedToken: Uint8Array;
  noteKey: Uint8Array;
  /** Names the queued envelope when the sender asks the hub about it. */
  handle: Uint8Array;
}

export interface DackNote {
  decision: DackDecision;
  /** 1..65535; absent or 0 means no reason given. */
  reason?: number;
  /** Milliseconds to wait before retrying, 1..2^53-1; absent or 0 means none. */
  waitMs?: number;
}

export function dackKeys(context: SenderContext | RecipientContext): DackKeys {
  return {
    processedToken: context.export(ascii('anet-dack/v2 processed'), TOKEN_BYTES),
    refusedToken: context.export(ascii('anet-dack/v2 refused'), TOKEN_BYTES),
    noteKey: context.export(ascii('anet-dack/v2 note'), 32),
    handle: context.export(ascii('anet-dack/v2 handle'), TOKEN_BYTES),
  };
}

// The token is both the associated data and (its first 12 bytes) the nonce: the two
// possible notes of one envelope never share a nonce under the same key.
const nonceOf = (token: Uint8Array) => token.subarray(0, NONCE_BYTES);

/** The keys are the caller's (from sealEnvelope or openEnvelope): anything else is a programmer error. */
function requireKeys(keys: DackKeys, where: string): void {
  const ok =
    typeof keys === 'object' &&
    keys !== null &&
    [keys.processedToken, keys.refusedToken, keys.handle].every(
      (t) => t instanceof Uint8Array && t.length === TOKEN_BYTES,
    ) &&
    keys.noteKey instanceof Uint8Array &&
    keys.noteKey.length === 32;
  if (!ok)
    throw new SeamError('bad-argument', `${where} takes the dack keys sealEnvelope or openEnvelope returned`);
}

/** The 80-byte confirmation; the recipient sends it once it has decided. */
export function createDack(keys: DackKeys, note: DackNote): Uint8Array {
  requireKeys(keys, 'createDack');
  if (note?.decision !== 'processed' && note?.decision !== 'refused')
    throw new SeamError('bad-dack-note', "a note's decision is 'processed' or 'refused'");
  const reason = note.reason ?? 0;
  const waitMs = note.waitMs ?? 0;
  if (!Number.isInteger(reason) || reason < 0 || reason > MAX_REASON)
    throw new SeamError('bad-dack-note', 'a reason code is an integer 0..65535 (0: none)');
  if (!Number.isSafeInteger(waitMs) || waitMs < 0)
    throw new SeamError('bad-dack-note', 'a wait time is an integer 0..2^53-1 ms (0: none)');
  const plaintext = new Uint8Array(NOTE_PLAINTEXT_BYTES);
  plaintext.set(i2osp(reason, 2), 0);
  plaintext.set(i2osp(waitMs, 8), 2);
  const token = note.decision === 'processed' ? keys.processedToken : keys.refusedToken;
  const out = new Uint8Array(DACK_BYTES);
  out.set(token, 0);
  out.set(chachaSeal(keys.noteKey, nonceOf(token), token, plaintext), TOKEN_BYTES);
  return out;
}

/**
 * Reads a confirmation for an envelope this side sealed or opened. Never throws on the
 * dack, whatever it is (anything but a Uint8Array is `not-bytes`); wrong keys throw.
 */
export function readDack(keys: DackKeys, dack: Uint8Array): Verdict<DackNote, DackCode> {
  requireKeys(keys, 'readDack');
  if (!(dack instanceof Uint8Array))
    return fail('not-bytes', `the dack is ${describeType(dack)}, not a Uint8Array`);
  if (dack.length !== DACK_BYTES)
    return fail('bad-dack-length', `the dack is ${dack.length} bytes, not ${DACK_BYTES}`);
  const token = dack.subarray(0, TOKEN_BYTES);
  const decision: DackDecision | null = bytesEqual(token, keys.processedToken)
    ? 'processed'
    : bytesEqual(token, keys.refusedToken)
      ? 'refused'
      : null;
  if (decision === null)
    return fail('bad-dack-token', "the token is neither this envelope's processed nor its refused token");
  const plaintext = chachaOpen(keys.noteKey, nonceOf(token), token, dack.subarray(TOKEN_BYTES));
  if (plaintext === null) return fail('bad-dack-note', 'the note does not authenticate');
  if (plaintext.subarray(10).some((b) => b !== 0)) return fail('bad-dack-note', 'note padding is not zero');
  const reason = (plaintext[0]! << 8) | plaintext[1]!;
  let waitMs = 0;
  for (let i = 2; i < 10; i++) waitMs = waitMs * 256 + plaintext[i]!;
  if (!Number.isSafeInteger(waitMs)) return fail('bad-dack-note', 'wait time out of range');
  const note: DackNote = { decision };
  if (reason !== 0) note.reason = reason;
  if (waitMs !== 0) note.waitMs = waitMs;
  return ok(note);
}
