import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { interopPath, loadInterop, openLedger } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import { checksFor, type Rfc9180Vector, runVector, vectorLabel } from './rfc9180-runner.js';

const ledger = openLedger();

/**
 * One group of CFRG vectors (null: the interop data is absent): first that it holds exactly
 * `suites`, whose checks sum to the group's floor in tools/manifest.json, then a case per vector.
 */
function vectorGroup(group: string, vectors: Rfc9180Vector[] | null, holds: string, suites: string[]) {
  if (vectors === null) {
    it('interop data absent', () => ledger.interopMissing(group));
    return;
  }
  it(holds, () => {
    expect(vectors.map(vectorLabel)).toEqual(suites);
    expect(vectors.reduce((n, v) => n + checksFor(v), 0)).toBe(542);
  });
  for (const v of vectors) it(vectorLabel(v), () => runVector(ledger, group, v));
}

describe('hpke.rfc9180: CFRG vectors for X25519/SHA-256, ChaCha20-Poly1305 and export-only, base and psk', () =>
  vectorGroup(
    'hpke.rfc9180',
    loadInterop<Rfc9180Vector[]>(
      'standards/hpke-rfc9180/x25519-sha256-chacha20poly1305-exportonly.base-psk.json',
    ),
    'holds the four suites this package implements',
    ['base-chacha20poly1305', 'psk-chacha20poly1305', 'base-exportonly', 'psk-exportonly'],
  ));

describe('hpke.rfc9180-auth: the auth and auth_psk vectors of the same suites, from the full CFRG file', () => {
  const path = interopPath('standards/hpke-rfc9180/test-vectors.rfc9180-5f503c5.json.gz');
  const all =
    path === null
      ? null
      : (JSON.parse(gunzipSync(readFileSync(path)).toString('utf8')) as (Rfc9180Vector & {
          kem_id: number;
          kdf_id: number;
        })[]);
  // The full file in its own order: these four stand in it as listed.
  const vectors = all?.filter(
    (v) => v.kem_id === 0x20 && v.kdf_id === 1 && (v.aead_id === 3 || v.aead_id === 0xffff) && v.mode >= 2,
  );
  vectorGroup('hpke.rfc9180-auth', vectors ?? null, 'holds auth and auth_psk for both AEADs', [
    'auth-chacha20poly1305',
    'authpsk-chacha20poly1305',
    'auth-exportonly',
    'authpsk-exportonly',
  ]);
});
