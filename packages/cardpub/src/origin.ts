import { fail, ok, type Verdict } from '@agent-seam/canonical';

/**
 * One spelling per origin: `scheme://host[:port]` as the WHATWG URL parser writes it
 * (lowercase scheme and host, default port dropped, a non-default port kept). Only
 * http(s) origins with no user info, path, query or fragment are origins.
 */
export function canonicalOrigin(text: unknown): Verdict<string, 'bad-origin'> {
  if (typeof text !== 'string' || text.length > 2048 || /[?#]/.test(text))
    return fail('bad-origin', 'not text of at most 2048 characters without ? or #');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return fail('bad-origin', 'not a URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return fail('bad-origin', 'not http(s)');
  if (
    url.username !== '' ||
    url.password !== '' ||
    url.pathname !== '/' ||
    url.search !== '' ||
    url.hash !== ''
  )
    return fail('bad-origin', 'an origin has no user info, path, query or fragment');
  return ok(url.origin);
}
