import { fail, ok, SeamError, type Verdict } from '@agent-seam/canonical';
import type { ComponentCode, ParameterCode, TimeCode } from './codes.js';
import type { ComponentId, Parameter } from './structured-fields.js';

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

/** A verifier's options are an object; anything else is a programming error naming `entry`. */
export function requireOptions(options: unknown, entry: string): asserts options is Record<string, unknown> {
  if (typeof options !== 'object' || options === null)
    throw new SeamError('bad-argument', `${entry} takes an options object`);
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
    out[name] = value.value as string | number;
  }
  for (const name of REQUIRED)
    if (!(name in out)) return fail('missing-parameter', `the signature has no ${name} parameter`);
  return ok(out as unknown as SignatureParameters);
}

const HEADER_NAME = /^[a-z0-9!#$%&'*+.^_`|~-]+$/;

/** What the components of one direction may be: the caller's target URI, a response's `req`. */
export interface ComponentContext {
  /** The directory direction: a response, whose `@authority` may carry `req`. */
  response: boolean;
  /** Whether the caller gave the target URI (so `@target-uri` can be rebuilt). */
  targetUri: boolean;
}

/**
 * Why a component parameter is refused, or undefined when the profile reads it: `key` (a
 * dictionary member, of Signature-Agent only, named by an sf-string) and, on a response,
 * `req` on `@authority` (the authority of the request the directory answered). RFC 9421's
 * `sf` and `bs` have codes of their own; `tr`, `name` and unknown parameters are outside
 * the profile.
 */
function parameterRefusal(
  component: ComponentId,
  { name, value }: Parameter,
  context: ComponentContext,
): Verdict<never, ComponentCode> | undefined {
  if (name === 'sf')
    return fail(
      'unsupported-sf-parameter',
      'a component is covered with sf (re-serialised as a structured field), which this verifier does not rebuild',
    );
  if (name === 'bs')
    return fail(
      'unsupported-bs-parameter',
      'a component is covered with bs (wrapped as a byte sequence), which this verifier does not rebuild',
    );
  if (name === 'key' && component.name === 'signature-agent' && value.type === 'string') return undefined;
  if (name === 'req' && context.response && component.name === '@authority' && value.type === 'boolean')
    return undefined;
  return fail(
    'component-parameters',
    name === 'key'
      ? 'a component is covered with key where the profile reads a dictionary member of Signature-Agent only, named by a string'
      : name === 'req'
        ? 'a component is covered with req where the profile reads it only on @authority of a directory response'
        : 'a component is covered with a parameter outside the profile',
  );
}

/**
 * The covered components this profile can reproduce: the derived `@authority` and
 * `@target-uri` (one of them required, so a signature cannot be replayed at another
 * origin; `@target-uri` only when the caller gave the target URI, never read from the
 * message), and header fields named in lowercase, with the parameters the profile reads.
 * Every other derived component is refused rather than guessed at. A directory response
 * in the current form (`"@authority";req`) must cover `content-digest` too.
 */
export function checkComponents(
  components: readonly ComponentId[],
  context: ComponentContext,
): Verdict<true, ComponentCode> {
  const seen = new Set<string>();
  let anchored = false;
  let req = false;
  for (const component of components) {
    for (const parameter of component.parameters) {
      const refused = parameterRefusal(component, parameter, context);
      if (refused !== undefined) return refused;
      if (parameter.name === 'req') req = true;
    }
    if (seen.has(component.text)) return fail('duplicate-component', 'a component is covered twice');
    seen.add(component.text);
    const { name } = component;
    if (name === '@authority' || (name === '@target-uri' && !context.response && context.targetUri))
      anchored = true;
    else if (name.startsWith('@'))
      return fail(
        'unsupported-component',
        name === '@target-uri' && !context.response
          ? 'the signature covers @target-uri and no targetUri was given to rebuild it'
          : 'a derived component other than @authority or @target-uri is covered (this verifier does not rebuild it)',
      );
    else if (!HEADER_NAME.test(name))
      return fail('unsupported-component', 'a covered component is not a lowercase header field name');
  }
  if (!anchored) return fail('missing-authority', 'neither @authority nor @target-uri is covered');
  if (req && !seen.has('"content-digest"'))
    return fail(
      'missing-content-digest',
      'a directory response signed over "@authority";req does not cover content-digest',
    );
  return ok(true);
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
