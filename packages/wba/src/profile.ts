import { fail, ok, SeamError, type Verdict } from '@agent-seam/canonical';
import type { ComponentCode, ParameterCode, TimeCode } from './codes.js';
import type { Parameter } from './structured-fields.js';

/** The two directions Web Bot Auth signs, named by the `tag` parameter. */
export const REQUEST_TAG = 'web-bot-auth';
export const DIRECTORY_TAG = 'http-message-signatures-directory';
/** RFC 9421 algorithm registry name; JOSE's `EdDSA` is a different registry and is refused. */
export const ALGORITHM = 'ed25519';

/** Seconds a `created` may lie ahead of the verifier's clock. */
export const MAX_CLOCK_SKEW = 300;
/** Default cap on `expires - created` for a request: a longer-lived header is a bearer token. */
export const MAX_REQUEST_LIFETIME = 600;
/** Default cap on `expires - created` for a directory response, which is cached, not replayed. */
export const MAX_DIRECTORY_LIFETIME = 86_400;
/** Default cap on the length of Signature-Input and Signature, checked before parsing. */
export const MAX_HEADER_LENGTH = 4096;

/** A count option (a length cap): a positive integer, or the default. */
export function countOption(value: unknown, fallback: number, option: string): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value <= 0)
    throw new SeamError('bad-argument', `${option} must be a positive integer`);
  return value;
}

/** An authority as the caller states it: non-empty visible ASCII (it becomes a base line). */
export const isAuthority = (value: unknown): value is string =>
  typeof value === 'string' && /^[\x21-\x7e]+$/.test(value);

export interface SignatureParameters {
  created: number;
  expires: number;
  keyid: string;
  tag: string;
  alg?: string;
  nonce?: string;
}

const PARAMETER_TYPES: Record<keyof SignatureParameters, 'integer' | 'string'> = {
  created: 'integer',
  expires: 'integer',
  keyid: 'string',
  tag: 'string',
  alg: 'string',
  nonce: 'string',
};
const REQUIRED: readonly (keyof SignatureParameters)[] = ['created', 'expires', 'keyid', 'tag'];

/** Reads the signature parameters the profile knows; any other parameter is refused. */
export function readParameters(
  parameters: readonly Parameter[],
): Verdict<SignatureParameters, ParameterCode> {
  const out: Record<string, string | number> = {};
  for (const { name, value } of parameters) {
    const type = Object.hasOwn(PARAMETER_TYPES, name)
      ? PARAMETER_TYPES[name as keyof SignatureParameters]
      : undefined;
    if (type === undefined)
      return fail('unsupported-parameter', 'a signature parameter outside the profile is signed');
    if (value.type !== type) return fail('wrong-parameter-type', `${name} must be an sf-${type}`);
    out[name] = value.value;
  }
  for (const name of REQUIRED)
    if (!(name in out)) return fail('missing-parameter', `the signature has no ${name} parameter`);
  return ok(out as unknown as SignatureParameters);
}

const HEADER_NAME = /^[a-z0-9!#$%&'*+.^_`|~-]+$/;

/**
 * The covered components this profile can reproduce: the derived `@authority`
 * (required, so a signature cannot be replayed at another origin) and plain header
 * fields named in lowercase. Every other derived component is refused rather than
 * guessed at.
 */
export function checkComponents(components: readonly string[]): Verdict<true, ComponentCode> {
  const seen = new Set<string>();
  for (const name of components) {
    if (seen.has(name)) return fail('duplicate-component', 'a component is covered twice');
    seen.add(name);
    if (name.startsWith('@') ? name !== '@authority' : !HEADER_NAME.test(name))
      return fail(
        'unsupported-component',
        name.startsWith('@')
          ? 'a derived component other than @authority is covered (this verifier does not rebuild it)'
          : 'a covered component is not a lowercase header field name',
      );
  }
  return seen.has('@authority') ? ok(true) : fail('missing-authority', '@authority is not covered');
}

/**
 * Freshness of a signature at `now` (Unix seconds): not too far ahead, not expired, a
 * bounded lifetime. Each refusal says by how much (numbers from the judged times only).
 */
export function checkTimes(
  { created, expires }: SignatureParameters,
  now: number,
  maxLifetime: number,
): Verdict<true, TimeCode> {
  if (created > now + MAX_CLOCK_SKEW)
    return fail(
      'created-in-future',
      `created ${created - now} s in the future (allowed skew ${MAX_CLOCK_SKEW} s)`,
    );
  if (now > expires) return fail('expired', `expired ${now - expires} s ago`);
  if (expires <= created)
    return fail('expires-before-created', `expires ${created - expires} s before created`);
  const lifetime = expires - created;
  if (lifetime > maxLifetime)
    return fail(
      'lifetime-too-long',
      `lifetime ${lifetime} s, ${lifetime - maxLifetime} s over the cap of ${maxLifetime} s`,
    );
  return ok(true);
}
