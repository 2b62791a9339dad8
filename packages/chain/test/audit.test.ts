import { canonicalString } from '@agent-seam/canonical';
import { loadInterop, openLedger } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import { signAuditEntry, verifyAuditEntry } from '../src/index.js';

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
