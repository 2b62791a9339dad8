import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { hex } from '@agent-seam/canonical';
import { interopPath, loadInterop, openLedger } from '@agent-seam/conformance';
import { keyPairFromSeed, signEd25519, verifyEd25519 } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { bytes } from './helpers.js';

const ledger = openLedger();

interface Rfc8032Case {
  name: string;
  secret_key: string;
  public_key: string;
  message: string;
  signature: string;
}

/** A message one bit away from `message`: the signature must no longer verify. */
function flipOneBit(message: Uint8Array): Uint8Array {
  const out = message.length === 0 ? new Uint8Array(1) : message.slice();
  out[0]! ^= 1;
  return out;
}

describe('ed25519.rfc8032 (RFC 8032 section 7.1)', () => {
  const doc = loadInterop<{ cases: Rfc8032Case[] }>('standards/ed25519-rfc8032/rfc8032-7.1-ed25519.json');
  if (doc === null) {
    it('interop data absent', () => ledger.interopMissing('ed25519.rfc8032'));
    return;
  }
  it('holds the five section 7.1 cases', () => expect(doc.cases.length).toBe(5));
  for (const c of doc.cases) {
    const seed = bytes(c.secret_key);
    const message = bytes(c.message);
    it(`${c.name}: key derived, signature reproduced, door accepts`, () =>
      ledger.accept(
        'ed25519.rfc8032',
        c.name,
        () => {
          const { publicKey } = keyPairFromSeed(seed);
          expect(hex.encode(publicKey)).toBe(c.public_key);
          const signature = signEd25519(seed, message);
          expect(hex.encode(signature)).toBe(c.signature);
          expect(verifyEd25519(publicKey, message, signature)).toEqual({ ok: true, value: true });
        },
        { interop: true },
      ));
    it(`${c.name}: one flipped message bit is a bad signature`, () =>
      ledger.refuse(
        'ed25519.rfc8032',
        `${c.name}/flipped-bit`,
        () => {
          const verdict = verifyEd25519(bytes(c.public_key), flipOneBit(message), bytes(c.signature));
          expect(verdict).toMatchObject({ ok: false, code: 'bad-signature' });
        },
        { interop: true },
      ));
  }
});

describe('ed25519.supercop (the 1,024 lines of SUPERCOP sign.input)', () => {
  const path = interopPath('standards/ed25519-rfc8032/supercop-sign.input.gz');
  if (path === null) {
    it('interop data absent', () => ledger.interopMissing('ed25519.supercop'));
    return;
  }
  // Each line: sk||pk : pk : msg : sig||msg :  (all hex).
  const lines = gunzipSync(readFileSync(path))
    .toString('utf8')
    .split('\n')
    .filter((l) => l !== '');
  it('holds 1,024 lines', () => expect(lines.length).toBe(1024));
  it('sign reproduces every signature and the door accepts every one', () => {
    lines.forEach((line, i) => {
      const [secret, pk, msg, sigAndMsg] = line.split(':') as [string, string, string, string];
      ledger.accept(
        'ed25519.supercop',
        `line-${i + 1}`,
        () => {
          const seed = bytes(secret.slice(0, 64));
          const message = bytes(msg);
          const signature = signEd25519(seed, message);
          expect(hex.encode(keyPairFromSeed(seed).publicKey)).toBe(pk);
          expect(hex.encode(signature) + msg).toBe(sigAndMsg);
          expect(verifyEd25519(bytes(pk), message, signature).ok).toBe(true);
        },
        { interop: true },
      );
    });
  });
});
