import { canonicalString, hex, hmacSha256, utf8Strict } from '@agent-seam/canonical';
import { loadInterop, openLedger } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import { auditSigningBytes, signAuditEntry, verifyAuditEntry } from '../src/index.js';
import { thrown } from './helpers.js';

const ledger = openLedger();
const G = 'audit.rfc004';

describe('RFC-004 conformance vectors', () => {
  const doc = loadInterop('rfc004/rfc-004-v1.json');
  if (doc === null) {
    it('interop data absent', () => ledger.interopMissing(G));
    return;
  }
  const secret: string = doc.secret;
  const byId = new Map<string, any>(doc.vectors.map((v: any) => [v.id, v]));
  it('carries the seven vectors it announces', () =>
    expect(doc.vectors.length).toBe(doc.conformance.vectorsCount));
  for (const v of doc.vectors) {
    if ('expectedCanonical' in v) {
      it(`${v.id}: canonical form`, () =>
        ledger.accept(
          G,
          v.id,
          () => expect(canonicalString(v.input, { profile: 'rfc004' })).toBe(v.expectedCanonical),
          { interop: true },
        ));
      continue;
    }
    it(`${v.id}: sign reproduces the HMAC, verify accepts it`, () =>
      ledger.accept(
        G,
        v.id,
        () => {
          expect(signAuditEntry(v.entry, secret)).toBe(v.expectedHmac);
          expect(verifyAuditEntry({ ...v.entry, hmac: v.expectedHmac }, [secret])).toEqual({
            ok: true,
            value: { secretIndex: 0 },
          });
          if (v.mustDifferFrom) expect(v.expectedHmac).not.toBe(byId.get(v.mustDifferFrom).expectedHmac);
          if (v.mustEqual) expect(v.expectedHmac).toBe(byId.get(v.mustEqual).expectedHmac);
        },
        { interop: true },
      ));
  }
});

describe('an entry that is not a JSON value', () => {
  const entry = { id: 'x', hmac: signAuditEntry({ id: 'x' }, 'current-secret') };
  // Red when verifyAuditEntry lets the canonicaliser's throw escape instead of refusing.
  it.each([
    ['a Date', { ...entry, at: new Date(0) }],
    ['a function', { ...entry, f: () => 1 }],
    [
      'a cycle',
      (() => {
        const e: Record<string, unknown> = { ...entry };
        e.self = e;
        return e;
      })(),
    ],
  ])('holding %s is refused as audit-not-canonical, never thrown', (_, value) =>
    expect(verifyAuditEntry(value, ['current-secret'])).toMatchObject({
      ok: false,
      code: 'audit-not-canonical',
    }),
  );
});

// Signing and verifying one audit entry, outside the RFC-004 vectors.
// Each case that exists for a mutant of the verify path says in its comment which one it holds
// (file:line:column of the mutation report); equivalent mutants are listed in spec/chain.md.

describe('an audit entry: its signing bytes and what verifyAuditEntry refuses', () => {
  const entry = { action: 'read', who: 'a' };
  const malformed = {
    ok: false,
    code: 'audit-hmac-malformed',
    detail: "the entry's hmac is not sha256: and 64 lowercase hex characters",
  };

  it('signing refuses an empty secret, a secret of the wrong kind and an entry that is no object', () => {
    // why: audit.ts:47 `key.length === 0` → false and its no-coverage code and message; :31 'audit-bad-secret' → "";
    // :45 'audit-not-object' → ""
    expect(thrown(() => signAuditEntry(entry, '')).message).toBe('audit-no-secret: secret is empty');
    expect(thrown(() => signAuditEntry(entry, new Uint8Array(0))).message).toBe(
      'audit-no-secret: secret is empty',
    );
    expect(thrown(() => signAuditEntry(entry, 5 as never)).message).toBe(
      'audit-bad-secret: secret is not a string or a Uint8Array',
    );
    expect(thrown(() => signAuditEntry([] as never, 's')).message).toBe(
      'audit-not-object: entry is not a JSON object',
    );
  });

  it('a secret given as bytes is the same key as its UTF-8 text', () => {
    // why: audit.ts:30 `secret instanceof Uint8Array` → false
    const hmac = signAuditEntry(entry, utf8Strict.encode('s3cret'));
    expect(hmac).toBe(signAuditEntry(entry, 's3cret'));
    expect(verifyAuditEntry({ ...entry, hmac }, [utf8Strict.encode('s3cret')])).toEqual({
      ok: true,
      value: { secretIndex: 0 },
    });
  });

  it('verifying refuses secrets that are not an array, or hold a non-secret, naming the field', () => {
    // why: audit.ts:59 'audit-bad-secret' → "" (and :31 through secrets[i])
    expect(thrown(() => verifyAuditEntry(entry, 's' as never)).message).toBe(
      'audit-bad-secret: secrets is not an array',
    );
    expect(thrown(() => verifyAuditEntry(entry, ['s', 5 as never])).message).toBe(
      'audit-bad-secret: secrets[1] is not a string or a Uint8Array',
    );
  });

  it('an entry without hmac is audit-hmac-missing, not malformed', () => {
    // why: audit.ts:64 `claim === undefined` → false
    expect(verifyAuditEntry(entry, ['s'])).toEqual({
      ok: false,
      code: 'audit-hmac-missing',
      detail: "the entry's hmac is absent",
    });
    expect(verifyAuditEntry({ ...entry, hmac: null }, ['s'])).toEqual({
      ok: false,
      code: 'audit-hmac-missing',
      detail: "the entry's hmac is null",
    });
  });

  it('an hmac that is no string, or has another prefix, is malformed with its detail', () => {
    // why: audit.ts:65 whole condition → false, `typeof claim !== 'string'` → false, `||` → `&&`
    // (a number would reach claim.startsWith or claim.slice and throw; sha512: would be read as sha256:);
    // :66 detail → ""
    expect(verifyAuditEntry({ ...entry, hmac: 5 }, ['s'])).toEqual(malformed);
    const sha512 = signAuditEntry(entry, 's').replace('sha256:', 'sha512:');
    expect(verifyAuditEntry({ ...entry, hmac: sha512 }, ['s'])).toEqual(malformed);
    expect(verifyAuditEntry({ ...entry, hmac: 'sha256:00' }, ['s'])).toEqual(malformed);
  });

  it('an hmac of uppercase hex is malformed with its detail', () => {
    // why: audit.ts:68 detail → ""
    const upper = `sha256:${signAuditEntry(entry, 's').slice(7).toUpperCase()}`;
    expect(verifyAuditEntry({ ...entry, hmac: upper }, ['s'])).toEqual(malformed);
  });

  it('an entry rfc004 cannot write is audit-not-canonical with its detail', () => {
    // why: audit.ts:73 'the entry has no rfc004 canonical form' → ""
    const hmac = signAuditEntry(entry, 's');
    expect(verifyAuditEntry({ ...entry, extra: 10n ** 30n, hmac }, ['s'])).toEqual({
      ok: false,
      code: 'audit-not-canonical',
      detail: 'the entry has no rfc004 canonical form',
    });
  });

  it('an empty secret among others never verifies, even an HMAC made under the empty key', () => {
    // why: audit.ts:76 `key.length > 0` → true, → `key.length >= 0`
    const hmac = `sha256:${hex.encode(hmacSha256(new Uint8Array(0), auditSigningBytes(entry)))}`;
    expect(verifyAuditEntry({ ...entry, hmac }, ['', 's'])).toEqual({
      ok: false,
      code: 'audit-hmac-mismatch',
      detail: "the entry's hmac is the HMAC under none of the 2 secrets given",
    });
    expect(verifyAuditEntry({ ...entry, hmac }, ['', new Uint8Array(0)])).toEqual({
      ok: false,
      code: 'audit-no-secret',
      detail: 'none of the 2 secrets given holds a byte: no HMAC can be checked',
    });
    for (const [value, kind] of [
      [null, 'null'],
      [[], 'an array'],
      ['e', 'a string'],
    ] as const)
      expect(verifyAuditEntry(value, ['s'])).toEqual({
        ok: false,
        code: 'audit-not-object',
        detail: `the entry is ${kind}, not a JSON object`,
      });
    expect(verifyAuditEntry({ ...entry, hmac: signAuditEntry(entry, 's') }, ['', 's'])).toEqual({
      ok: true,
      value: { secretIndex: 1 },
    });
  });
});
