import { fail, ok, type Verdict } from '@agent-seam/canonical';
import type { SignatureAgentCode } from './codes.js';
import { combineFieldLines, trimOws } from './headers.js';

export interface ParseSignatureAgentOptions {
  /**
   * Accept an `http:` URL too. Off by default: over plain HTTP anyone on the path can
   * serve their own directory for the agent's name. For a local test server only.
   */
  allowHttp?: boolean;
}

// RFC 8941 section 3.3.3: printable ASCII, with `"` and `\` (and only those) escaped.
const SF_STRING = /^"((?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\["\\])*)"$/;

/**
 * The directory URL a Signature-Agent header names. The field is one sf-string (RFC
 * 8941), quotes included, optionally surrounded by spaces; anything else (a bare token,
 * parameters, a dictionary, two values) is `malformed-signature-agent`. The URL must be
 * absolute `https:` (or `http:` with `allowHttp`) without credentials or a fragment,
 * else `bad-signature-agent-url`. Returns the URL as the WHATWG parser normalises it.
 * Takes the value as any header source holds it (a string, Node's string[], or a
 * missing value); never throws.
 */
export function parseSignatureAgent(
  value: string | readonly string[] | null | undefined,
  options: ParseSignatureAgentOptions = {},
): Verdict<string, SignatureAgentCode> {
  const combined = combineFieldLines(value);
  if (!combined.ok) return combined;
  if (combined.value === undefined)
    return fail('missing-signature-agent', 'there is no Signature-Agent field');
  const string = SF_STRING.exec(trimOws(combined.value));
  if (string === null) return fail('malformed-signature-agent', 'Signature-Agent is not one sf-string');
  const text = (string[1] as string).replace(/\\(["\\])/g, '$1');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail('bad-signature-agent-url', 'Signature-Agent is not an absolute URL');
  }
  const schemes = options?.allowHttp === true ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol))
    return fail('bad-signature-agent-url', `the URL scheme is not ${schemes.join(' or ')}`);
  if (url.username !== '' || url.password !== '')
    return fail('bad-signature-agent-url', 'the URL carries credentials');
  if (text.includes('#')) return fail('bad-signature-agent-url', 'the URL carries a fragment');
  return ok(url.href);
}
