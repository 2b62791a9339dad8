import { base64Strict, describeType, fail, ok, type Verdict } from '@agent-seam/canonical';
import { requireBytes } from './arguments.js';
import type { SealedFieldCode } from './codes.js';

/**
 * How a sealed envelope sits in a JSON record: a sealed JSON payload becomes the
 * object `{"$sealed": "<base64>"}`, a sealed string field becomes the string
 * `"$sealed:<base64>"`. Base64 is the standard alphabet, padded, one spelling only.
 */
export const SEALED_MEMBER = '$sealed';
export const SEALED_PREFIX = '$sealed:';

/** The spelling of a sealed JSON payload. */
export function sealedObject(envelope: Uint8Array): { $sealed: string } {
  return { $sealed: base64Strict.encode(requireBytes(envelope, 'envelope')) };
}

/** The spelling of a sealed string field. */
export function sealedString(envelope: Uint8Array): string {
  return SEALED_PREFIX + base64Strict.encode(requireBytes(envelope, 'envelope'));
}

export interface SealedField {
  /** `object` for `{"$sealed": ...}` (the plaintext is JSON), `string` for `"$sealed:..."` (text). */
  spelling: 'object' | 'string';
  envelope: Uint8Array;
}

/**
 * Recognises either spelling in a parsed JSON value. `not-sealed` means the value is
 * plain data; an object that names `$sealed` beside other members, or with a
 * non-string value, is `sealed-malformed` rather than quietly read as plain data.
 */
export function readSealedField(value: unknown): Verdict<SealedField, SealedFieldCode> {
  if (typeof value === 'string') {
    if (!value.startsWith(SEALED_PREFIX))
      return fail('not-sealed', `a plain string: it does not start with ${JSON.stringify(SEALED_PREFIX)}`);
    return decodeEnvelope(value.slice(SEALED_PREFIX.length), 'string');
  }
  if (
    typeof value !== 'object' ||
    value === null ||
    Array.isArray(value) ||
    !Object.hasOwn(value, SEALED_MEMBER)
  )
    return fail(
      'not-sealed',
      describeType(value) === 'an object'
        ? 'an object with no $sealed member'
        : `${describeType(value)}, not a sealed string or a {"$sealed": …} object`,
    );
  const inner = (value as Record<string, unknown>)[SEALED_MEMBER];
  if (Object.keys(value).length !== 1 || typeof inner !== 'string')
    return fail(
      'sealed-malformed',
      typeof inner === 'string'
        ? `the $sealed object has ${Object.keys(value).length} members; it must hold only $sealed`
        : `the $sealed member is ${describeType(inner)}, not a string`,
    );
  return decodeEnvelope(inner, 'object');
}

function decodeEnvelope(
  text: string,
  spelling: SealedField['spelling'],
): Verdict<SealedField, SealedFieldCode> {
  const envelope = base64Strict.decode(text);
  if (!envelope.ok)
    return fail('bad-base64', `the sealed envelope is not canonical base64: ${envelope.detail}`);
  return ok({ spelling, envelope: envelope.value });
}
