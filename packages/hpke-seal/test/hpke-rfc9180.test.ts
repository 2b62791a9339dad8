import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { interopPath, loadInterop, openLedger } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import { checksFor, type Rfc9180Vector, runVector, vectorLabel } from './rfc9180-runner.js';

const ledger = openLedger();

describe('hpke.rfc9180: CFRG vectors for X25519/SHA-256, ChaCha20-Poly1305 and export-only, base and psk', () => {
  const vectors = loadInterop<Rfc9180Vector[]>(
    'standards/hpke-rfc9180/x25519-sha256-chacha20poly1305-exportonly.base-psk.json',
  );
  if (vectors === null) {
    it('interop data absent', () => ledger.interopMissing('hpke.rfc9180'));
    return;
  }
  it('holds the four suites this package implements', () => {
    expect(vectors.map(vectorLabel)).toEqual([
      'base-chacha20poly1305',
      'psk-chacha20poly1305',
      'base-exportonly',
      'psk-exportonly',
    ]);
    // The floor in tools/manifest.json is this sum.
    expect(vectors.reduce((n, v) => n + checksFor(v), 0)).toBe(542);
  });
  for (const v of vectors) it(vectorLabel(v), () => runVector(ledger, 'hpke.rfc9180', v));
});

describe('hpke.rfc9180-auth: the auth and auth_psk vectors of the same suites, from the full CFRG file', () => {
  const path = interopPath('standards/hpke-rfc9180/test-vectors.rfc9180-5f503c5.json.gz');
  if (path === null) {
    it('interop data absent', () => ledger.interopMissing('hpke.rfc9180-auth'));
    return;
  }
  const all = JSON.parse(gunzipSync(readFileSync(path)).toString('utf8')) as (Rfc9180Vector & {
    kem_id: number;
    kdf_id: number;
  })[];
  const vectors = all.filter(
    (v) => v.kem_id === 0x20 && v.kdf_id === 1 && (v.aead_id === 3 || v.aead_id === 0xffff) && v.mode >= 2,
  );
  it('holds auth and auth_psk for both AEADs', () => {
    expect(vectors.map(vectorLabel).sort()).toEqual([
      'auth-chacha20poly1305',
      'auth-exportonly',
      'authpsk-chacha20poly1305',
      'authpsk-exportonly',
    ]);
    expect(vectors.reduce((n, v) => n + checksFor(v), 0)).toBe(542);
  });
  for (const v of vectors) it(vectorLabel(v), () => runVector(ledger, 'hpke.rfc9180-auth', v));
});
