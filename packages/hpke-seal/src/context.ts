/**
 * RFC 9180 section 5.2 and 5.3: encryption contexts. Each seal/open uses
 * base_nonce XOR I2OSP(seq, Nn) and then advances seq; a failed open does not advance it.
 */
import { fail, ok, SeamError, type Verdict } from '@agent-seam/canonical';
import { requireBytes } from './bytes.js';
import type { KeyScheduleOutput } from './key-schedule.js';
import { AEAD_EXPORT_ONLY, type AeadId, labeledExpand, NH } from './labeled-kdf.js';
import { chachaOpen, chachaSeal } from './primitives.js';

/**
 * The sequence number is a JS number, so this implementation stops at 2^53 - 1 messages
 * per context instead of the RFC's 2^96 - 1: stricter, and unreachable in practice.
 */
const MAX_SEQ = Number.MAX_SAFE_INTEGER;
const MAX_EXPORT_LENGTH = 255 * NH;

class Context {
  #seq = 0;
  readonly #aead: AeadId;
  readonly #key: Uint8Array;
  readonly #baseNonce: Uint8Array;
  readonly #exporterSecret: Uint8Array;
  readonly #suiteId: Uint8Array;

  constructor(aead: AeadId, schedule: KeyScheduleOutput) {
    this.#aead = aead;
    this.#key = schedule.key;
    this.#baseNonce = schedule.baseNonce;
    this.#exporterSecret = schedule.exporterSecret;
    this.#suiteId = schedule.suiteId;
  }

  /** Number of messages sealed or opened so far in this context. */
  get seq(): number {
    return this.#seq;
  }

  /** Export(exporter_context, L): a secret of `length` bytes bound to this context. */
  export(exporterContext: Uint8Array, length: number): Uint8Array {
    requireBytes(exporterContext, 'exporterContext');
    if (!Number.isInteger(length) || length < 0 || length > MAX_EXPORT_LENGTH)
      throw new SeamError('bad-export-length', `export length must be 0..${MAX_EXPORT_LENGTH}`);
    return labeledExpand(this.#suiteId, this.#exporterSecret, 'sec', exporterContext, length);
  }

  /** Runs one AEAD operation under the current nonce; the caller decides whether seq advances. */
  protected withNonce<T>(operation: (key: Uint8Array, nonce: Uint8Array) => T): T {
    if (this.#aead === AEAD_EXPORT_ONLY)
      throw new SeamError('export-only', 'an export-only context cannot seal or open');
    if (this.#seq >= MAX_SEQ) throw new SeamError('message-limit', 'the sequence number is exhausted');
    const nonce = this.#baseNonce.slice();
    let rest = this.#seq;
    for (let i = nonce.length - 1; rest > 0; i--) {
      nonce[i]! ^= rest % 256;
      rest = Math.floor(rest / 256);
    }
    return operation(this.#key, nonce);
  }

  protected advance(): void {
    this.#seq++;
  }
}

export class SenderContext extends Context {
  seal(aad: Uint8Array, plaintext: Uint8Array): Uint8Array {
    requireBytes(aad, 'aad');
    requireBytes(plaintext, 'plaintext');
    const ciphertext = this.withNonce((key, nonce) => chachaSeal(key, nonce, aad, plaintext));
    this.advance();
    return ciphertext;
  }
}

export class RecipientContext extends Context {
  /** Never throws on `ciphertext`, whatever it is (anything but bytes is `not-bytes`). */
  open(aad: Uint8Array, ciphertext: Uint8Array): Verdict<Uint8Array, 'not-bytes' | 'decrypt-failed'> {
    requireBytes(aad, 'aad');
    if (!(ciphertext instanceof Uint8Array)) return fail('not-bytes', 'the ciphertext is not a Uint8Array');
    const plaintext = this.withNonce((key, nonce) => chachaOpen(key, nonce, aad, ciphertext));
    if (plaintext === null) return fail('decrypt-failed');
    this.advance();
    return ok(plaintext);
  }
}
