import { canonicalize, describeType, fail, ok, SeamError, type Verdict } from '@agent-seam/canonical';
import { DID_CODES } from './did-key.js';
import { SIGNATURE_TEXT_CODES } from './signature-text.js';

/**
 * Helpers shared by the signed records of this package (KeyState, device bindings,
 * OwnerState). Each record is signed over the canonical (seam profile) bytes of the
 * declared fields it carries, `sig` excluded; unknown top-level keys are ignored, so a
 * later field can be added without invalidating records minted today.
 */
export type Fields = Record<string, unknown>;

export const isRecord = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An integer a double holds exactly. A float literal (JsonFloat) or a bigint is not one. */
export const isInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value);

/** The declared fields `record` carries, in a fresh object (unknown keys and `sig` left out). */
export function declaredFields(record: Fields, declared: readonly string[]): Fields {
  const out: Fields = {};
  for (const name of declared) if (Object.hasOwn(record, name)) out[name] = record[name];
  return out;
}

/**
 * Canonical seam bytes of signed fields on the VERIFY side: a value the profile cannot
 * write (a lone surrogate, an unsafe integer) is a refusal, never an exception.
 */
export function verifiablePayload(fields: Fields): Verdict<Uint8Array, 'cannot-canonicalize'> {
  try {
    return ok(canonicalize(fields, { profile: 'seam' }));
  } catch (error) {
    // The fields are the declared ones only, so the path names a field, never attacker text.
    return fail('cannot-canonicalize', (error as SeamError).message.replace(/^[\w-]+: \$\./, ''));
  }
}

/** What a value that should be an integer holds, by kind (a number is described, never shown). */
export const describeInteger = (v: unknown): string =>
  typeof v === 'number' ? 'a number that is not a safe integer' : describeType(v);

/** The first of `names` whose value in `record` is not an integer (or null, when allowed), as a detail. */
export function notInteger(record: Fields, names: readonly string[], nullable = false): string | null {
  for (const name of names) {
    const v = record[name];
    if (!(isInteger(v) || (nullable && (v === null || v === undefined))))
      return `${name} is ${describeInteger(v)}; it is an integer${nullable ? ' or null' : ''}`;
  }
  return null;
}

/** A DID that gave no key, its refusal kept, the detail naming the field and the codec's reason. */
export const unusableDid = <C extends string>(
  refusal: { ok: false; code: C; detail?: string },
  field: string,
) => fail(refusal.code, `${field} is not a usable Ed25519 did:key (${refusal.detail ?? refusal.code})`);

/** The signer's side of a reader's shape check: its refusal, thrown as a SeamError naming the field. */
export function refuseToWrite<T>(signer: string, shape: Verdict<T, string>): void {
  if (!shape.ok) throw new SeamError(shape.code, `${signer}: ${shape.detail ?? shape.code}`);
}

/** Canonical seam bytes on the SIGN side: SeamError from canonical propagates to the caller. */
export const signingBytes = (fields: Fields): Uint8Array => canonicalize(fields, { profile: 'seam' });

/** Python `sorted()` order of strings: by Unicode code point, not by UTF-16 code unit. */
export function compareCodePoints(a: string, b: string): number {
  const ia = a[Symbol.iterator]();
  const ib = b[Symbol.iterator]();
  for (;;) {
    const x = ia.next();
    const y = ib.next();
    if (x.done || y.done) return x.done ? (y.done ? 0 : -1) : 1;
    const d = x.value.codePointAt(0)! - y.value.codePointAt(0)!;
    if (d !== 0) return d;
  }
}

/** Refusals shared by the record verifiers of this package. */
export const RECORD_CODES = [
  'not-an-object',
  'missing-field',
  'wrong-typ',
  'not-integer',
  'wrong-root',
  'wrong-device',
  'expired',
  'non-canonical',
  'cannot-canonicalize',
  ...SIGNATURE_TEXT_CODES,
  ...DID_CODES,
] as const;
export type RecordCode = (typeof RECORD_CODES)[number];
