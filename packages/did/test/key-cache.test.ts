import { describe, expect, it } from 'vitest';
import { KEY_CACHE_LIMIT, keyCache } from '../src/key-cache.js';

// Verdicts and thrown errors are compared whole. Each `why` names the mutant(s) of src/ the case
// holds by `file.ts:line:column` of the `--rest` run.

describe('the imported-key cache', () => {
  it('imports each key once, keeps the last KEY_CACHE_LIMIT, and drops the oldest first', () => {
    // why: kills key-cache.ts:15:9 (`key === undefined` → true: every call imports),
    // key-cache.ts:17:11 (→ true, → false, `>`, `<`), key-cache.ts:17:41 (the delete
    // removed) and key-cache.ts:18:7 (the set removed).
    const imported: string[] = [];
    const cache = keyCache((publicKey) => {
      imported.push(String(publicKey[0]! * 256 + publicKey[1]!));
      return { id: imported.length };
    });
    const key = (i: number) => Uint8Array.of(i >> 8, i & 0xff);
    const all = Array.from({ length: KEY_CACHE_LIMIT + 1 }, (_, i) => key(i));
    const first = all.slice(0, KEY_CACHE_LIMIT).map(cache);
    expect(imported).toHaveLength(KEY_CACHE_LIMIT);
    // Asked again, the same imported keys come back and nothing is imported.
    expect(all.slice(0, KEY_CACHE_LIMIT).map(cache)).toEqual(first);
    expect(imported).toHaveLength(KEY_CACHE_LIMIT);
    cache(all[KEY_CACHE_LIMIT]!);
    for (const k of all.slice(1)) cache(k);
    expect(imported).toHaveLength(KEY_CACHE_LIMIT + 1);
    // Key 0 was the oldest: the one entry dropped for key 256.
    cache(all[0]!);
    expect(imported).toEqual([...Array.from({ length: KEY_CACHE_LIMIT + 1 }, (_, i) => String(i)), '0']);
  });
});
