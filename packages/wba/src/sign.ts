import {
  base64Strict,
  base64urlStrict,
  canonicalString,
  type Instant,
  SeamError,
  unixSeconds,
  unwrap,
  utf8Strict,
} from '@agent-seam/canonical';
import { type Ed25519Jwk, jwkFromPublicKey, keyPairFromSeed, signEd25519 } from '@agent-seam/did';
import { contentDigest } from './content-digest.js';
import { thumbprint } from './jwk.js';
import {
  ALGORITHM,
  DIRECTORY_TAG,
  isAuthority,
  MAX_DIRECTORY_LIFETIME,
  MAX_REQUEST_LIFETIME,
  REQUEST_TAG,
} from './profile.js';
import { parseSignatureAgent } from './signature-agent.js';
import { type ComponentLine, serializeString, signatureBase } from './signature-base.js';

export interface SignOptions {
  /** 32-byte Ed25519 seed. */
  seed: Uint8Array;
  /** The authority the message is for; covered as `@authority`. */
  authority: string;
  /** When the signature starts (a Date or Unix seconds); sent as integer seconds. */
  created: Instant;
  /** When it ends, likewise; at most 600 s after created for a request, 86400 s for a directory. */
  expires: Instant;
  /** Dictionary label of the signature; default `sig1`. */
  label?: string;
}

export interface SignRequestOptions extends SignOptions {
  /**
   * URL of the signer's keys, sent in Signature-Agent and covered: by default as the
   * dictionary member under the signature's label (`sig1="https://bot.example"`, covered as
   * `"signature-agent";key="sig1"`), the form the current drafts require.
   */
  signatureAgent?: string;
  /** How the URL resolves to keys: `directory` (default: an origin), `jwks_uri` or `cimd`. */
  signatureAgentType?: 'directory' | 'jwks_uri' | 'cimd';
  /** `legacy`: Signature-Agent as one sf-string covered whole, as drafts before -04 sent it. */
  signatureAgentForm?: 'dictionary' | 'legacy';
  /** Accept an `http:` signatureAgent, as parseSignatureAgent does with allowHttp (local tests only). */
  allowHttp?: boolean;
  /**
   * The `nonce` parameter, written after `tag`: by default 32 random bytes in base64url,
   * so a verifier's replay store can key the request by (keyid, nonce); a string of
   * printable ASCII to choose it; `false` to send none (the store then keys by signature).
   */
  nonce?: string | false;
}

/** Bytes of a default nonce: 256 bits, so two requests never share one by chance. */
export const NONCE_BYTES = 32;

/** A fresh nonce: NONCE_BYTES random bytes in unpadded base64url. */
function randomNonce(): string {
  const bytes = new Uint8Array(NONCE_BYTES);
  globalThis.crypto.getRandomValues(bytes);
  return base64urlStrict.encode(bytes);
}

/** A type alias (not an interface) so it is assignable to a plain header record. */
export type SignedHeaders = {
  'signature-input': string;
  signature: string;
  'signature-agent'?: string;
  'content-digest'?: string;
};

const LABEL = /^[a-z*][a-z0-9_.*-]*$/;

function sfString(value: string, what: string): string {
  const out = typeof value === 'string' ? serializeString(value) : null;
  if (out === null) throw new SeamError('bad-argument', `${what} must be a string of printable ASCII`);
  return out;
}

/** Signs `components` with parameters in the order created, expires, keyid, alg, tag[, nonce]. */
function signComponents(
  entry: string,
  options: SignOptions,
  tag: string,
  maxLifetime: number,
  components: ComponentLine[],
  nonce?: string,
): { input: string; signature: string } {
  const { seed } = options;
  const created = unixSeconds(options.created, `${entry} created`);
  const expires = unixSeconds(options.expires, `${entry} expires`);
  const label = options.label ?? 'sig1';
  if (typeof label !== 'string' || !LABEL.test(label))
    throw new SeamError('bad-argument', `${entry} label must be an sf-key`);
  if (expires <= created || expires - created > maxLifetime)
    throw new SeamError(
      'bad-argument',
      `${entry} expires - created is ${expires - created} s; it must be 1..${maxLifetime} s`,
    );
  const keyid = unwrap(thumbprint(jwkFromPublicKey(keyPairFromSeed(seed).publicKey)));
  const list = components.map((c) => `${sfString(c.name, 'component')}${c.parameters ?? ''}`).join(' ');
  let params = `(${list});created=${created};expires=${expires};keyid=${sfString(keyid, 'keyid')};alg="${ALGORITHM}";tag="${tag}"`;
  if (nonce !== undefined) params += `;nonce=${sfString(nonce, `${entry} nonce`)}`;
  const base = signatureBase(components, params);
  const signature = base64Strict.encode(signEd25519(seed, utf8Strict.encode(base)));
  return { input: `${label}=${params}`, signature: `${label}=:${signature}:` };
}

function authorityLine(authority: string): ComponentLine {
  if (!isAuthority(authority))
    throw new SeamError('bad-argument', 'authority must be the host[:port], non-empty visible ASCII');
  return { name: '@authority', value: authority };
}

/**
 * Signs a request: covers `@authority`, and `signature-agent` when a Signature-Agent
 * URL is given. Returns the header fields to send (lowercase names).
 */
export function signRequest(options: SignRequestOptions): SignedHeaders {
  const components = [authorityLine(options.authority)];
  let agent: string | undefined;
  if (options.signatureAgent !== undefined) {
    const { line, field } = agentField(options);
    agent = field;
    components.push(line);
  }
  const { nonce } = options;
  if (nonce !== undefined && nonce !== false && typeof nonce !== 'string')
    throw new SeamError('bad-argument', 'signRequest nonce is a string, or false to send none');
  const { input, signature } = signComponents(
    'signRequest',
    options,
    REQUEST_TAG,
    MAX_REQUEST_LIFETIME,
    components,
    nonce === false ? undefined : (nonce ?? randomNonce()),
  );
  const headers: SignedHeaders = { 'signature-input': input, signature };
  if (agent !== undefined) headers['signature-agent'] = agent;
  return headers;
}

/**
 * The Signature-Agent field and its covered line. Writers refuse what readers refuse: a
 * URL or type parseSignatureAgent would not take throws, naming the option.
 */
function agentField(options: SignRequestOptions): { line: ComponentLine; field: string } {
  const url = sfString(options.signatureAgent as string, 'signRequest signatureAgent');
  const type = options.signatureAgentType ?? 'directory';
  if (!['directory', 'jwks_uri', 'cimd'].includes(type))
    throw new SeamError('bad-argument', 'signRequest signatureAgentType is directory, jwks_uri or cimd');
  const legacy = options.signatureAgentForm === 'legacy';
  if (!legacy && options.signatureAgentForm !== undefined && options.signatureAgentForm !== 'dictionary')
    throw new SeamError('bad-argument', 'signRequest signatureAgentForm is dictionary or legacy');
  if (legacy && type !== 'directory')
    throw new SeamError('bad-argument', 'signRequest signatureAgentType needs the dictionary form');
  const label = options.label ?? 'sig1';
  const member = `${url}${type === 'directory' ? '' : `;type=${type}`}`;
  const field = legacy ? url : `${typeof label === 'string' ? label : ''}=${member}`;
  const read = parseSignatureAgent(field, { allowHttp: options.allowHttp === true });
  if (!read.ok)
    throw new SeamError('bad-argument', `signRequest signatureAgent: ${read.detail ?? read.code}`);
  return legacy
    ? { line: { name: 'signature-agent', value: url }, field }
    : {
        line: { name: 'signature-agent', parameters: `;key=${serializeString(label)}`, value: member },
        field,
      };
}

export interface SignedDirectory {
  /** The JWKS body: the canonical JSON of `{ keys: [jwk] }` for the seed's key. */
  body: string;
  headers: SignedHeaders;
}

export interface SignDirectoryOptions extends SignOptions {
  /**
   * `current` (default): the response signed over `"@authority";req` and `content-digest`,
   * with the Content-Digest (sha-256) of the body, as the current protocol draft's
   * directory signature; `legacy`: over `"@authority"` alone, as the seed's vectors.
   */
  form?: 'current' | 'legacy';
  /** The key's validity window, written as the JWK's `nbf` and `exp` (Unix seconds). */
  nbf?: Instant;
  exp?: Instant;
}

/** Publishes the seed's key as a directory and signs the response. */
export function signDirectory(options: SignDirectoryOptions): SignedDirectory {
  const jwk: Ed25519Jwk & { nbf?: number; exp?: number } = jwkFromPublicKey(
    keyPairFromSeed(options.seed).publicKey,
  );
  if (options.nbf !== undefined) jwk.nbf = unixSeconds(options.nbf, 'signDirectory nbf');
  if (options.exp !== undefined) jwk.exp = unixSeconds(options.exp, 'signDirectory exp');
  if (jwk.nbf !== undefined && jwk.exp !== undefined && jwk.exp <= jwk.nbf)
    throw new SeamError('bad-argument', 'signDirectory exp must be after nbf');
  const body = canonicalString({ keys: [jwk] }, { profile: 'seam' });
  const form = options.form ?? 'current';
  if (form !== 'current' && form !== 'legacy')
    throw new SeamError('bad-argument', 'signDirectory form is current or legacy');
  const authority = authorityLine(options.authority);
  if (form === 'legacy') {
    const { input, signature } = signComponents(
      'signDirectory',
      options,
      DIRECTORY_TAG,
      MAX_DIRECTORY_LIFETIME,
      [authority],
    );
    return { body, headers: { 'signature-input': input, signature } };
  }
  const digest = contentDigest(utf8Strict.encode(body));
  const { input, signature } = signComponents(
    'signDirectory',
    options,
    DIRECTORY_TAG,
    MAX_DIRECTORY_LIFETIME,
    [
      { ...authority, parameters: ';req' },
      { name: 'content-digest', value: digest },
    ],
  );
  return { body, headers: { 'content-digest': digest, 'signature-input': input, signature } };
}
