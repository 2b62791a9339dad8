import { concatBytes, sha256 } from '@agent-seam/canonical';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The digest's domain prefixes, encoded once and reused.
// A case that exists for a mutant says in its comment which one it holds (file:line:column of
// the mutation report); equivalent mutants are listed in spec/chain.md.

afterEach(() => vi.restoreAllMocks());

describe('digest.ts: the prefix of each domain, encoded once', () => {
  it('a domain is encoded on first use only, and at most 64 domains are kept', async () => {
    // why: digest.ts:24:7 (`prefix === undefined` -> true: encoded on every use), :26:9 (-> true
    // and `<=`: a 65th domain kept too; -> false and `>=`: none kept), :26:29 (the `set` dropped:
    // none kept).
    vi.resetModules();
    const { domainDigest } = await import('../src/digest.js');
    const encode = vi.spyOn(TextEncoder.prototype, 'encode');
    const digest = new Uint8Array(32).fill(1);
    const domains = Array.from({ length: 65 }, (_, i) => `example.com/domain/${i}`);
    const first = domains.map((d) => domainDigest(d, digest));
    const again = domains.map((d) => domainDigest(d, digest));
    const encodings = domains.map((d) => encode.mock.calls.filter(([text]) => text === d).length);
    expect(encodings).toEqual([...Array(64).fill(1), 2]);
    expect(again).toEqual(first);
    const utf8 = new TextEncoder();
    expect(first[64]).toEqual(sha256(concatBytes([utf8.encode(domains[64]), new Uint8Array([0]), digest])));
  });
});
