import { canonicalFromJSON, DEFAULT_MAX_BYTES, DEFAULT_MAX_DEPTH, parseJSON } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';

/**
 * Inputs a hostile peer would send (issue 15, resource bounds). Each is refused by a
 * check made before the content is read: the content is also made invalid in some
 * other way, so a reader that looked at it first would answer with another code.
 */
describe('hostile JSON is refused before it costs more than its length', () => {
  it('nesting 10^5 deep is too-deep; the limit is DEFAULT_MAX_DEPTH (128), configurable', () => {
    const deep = '['.repeat(100_000) + ']'.repeat(100_000);
    expect(parseJSON(deep)).toMatchObject({ ok: false, code: 'too-deep' });
    const at = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    expect(parseJSON(at(DEFAULT_MAX_DEPTH)).ok).toBe(true);
    expect(parseJSON(at(DEFAULT_MAX_DEPTH + 1))).toMatchObject({ ok: false, code: 'too-deep' });
    // A user who needs more raises it; the parser holds no recursion that such depth breaks.
    expect(parseJSON(deep, { maxDepth: 100_000 }).ok).toBe(true);
  });

  it('10^6 object members cannot fit in DEFAULT_MAX_BYTES (4 MiB): too-large from the length alone', () => {
    // The smallest member with a distinct key takes more than 4 bytes ("k0":0,), so 10^6 are > 4 MiB.
    const members =
      '{' + Array.from({ length: 1_000_000 }, (_, i) => `"${i.toString(36)}":0`).join(',') + '}';
    expect(members.length).toBeGreaterThan(DEFAULT_MAX_BYTES);
    expect(parseJSON(members)).toMatchObject({ ok: false, code: 'too-large' });
    expect(canonicalFromJSON(members, { profile: 'jcs' })).toMatchObject({ ok: false, code: 'too-large' });
  });

  it('bytes past the limit are refused as too-large, not read (they are invalid UTF-8 too)', () => {
    const bytes = new Uint8Array(DEFAULT_MAX_BYTES + 1).fill(0xff);
    expect(parseJSON(bytes)).toMatchObject({ ok: false, code: 'too-large' });
    expect(parseJSON(bytes.subarray(0, 16))).toMatchObject({ ok: false, code: 'invalid-utf8' });
    expect(parseJSON(bytes, { maxBytes: DEFAULT_MAX_BYTES + 1 })).toMatchObject({
      ok: false,
      code: 'invalid-utf8',
    });
  });

  it('a 100 MB string is too-large from its length, with a lone surrogate that any read would refuse (invalid-utf8)', () => {
    const huge = '"\uD800' + 'a'.repeat(100_000_000) + '"';
    expect(parseJSON(huge)).toMatchObject({ ok: false, code: 'too-large' });
    expect(canonicalFromJSON(huge, { profile: 'seam' })).toMatchObject({ ok: false, code: 'too-large' });
    expect(parseJSON('"\uD800a"')).toMatchObject({ ok: false, code: 'invalid-utf8' });
  });
});
