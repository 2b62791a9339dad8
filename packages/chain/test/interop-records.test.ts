import { readFileSync } from 'node:fs';
import { base64Strict, canonicalFromJSON, hex, utf8Strict } from '@agent-seam/canonical';
import { interopPath, loadInterop, openLedger } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import {
  chainHash,
  recordSigningInput,
  verifyLink,
  verifyRecordSignature,
  witnessVerifierKey,
  ZERO_HASH,
} from '../src/index.js';
import { unhex } from './helpers.js';

const ledger = openLedger();

/** JSON Lines from the interop folder, or null when the data is absent. */
function interopLines(path: string): Record<string, string>[] | null {
  const file = interopPath(path);
  if (file === null) return null;
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l));
}

const isCanonical = (raw: Uint8Array) => {
  const c = canonicalFromJSON(raw, { profile: 'agentplane-v1' });
  return c.ok && hex.encode(c.value) === hex.encode(raw);
};

describe('agentplane golden records (one per kind)', () => {
  const lines = interopLines('agentplane/golden/records.jsonl');
  if (lines === null) {
    it('interop data absent', () => ledger.interopMissing('chain.agentplane-records'));
    return;
  }
  it('holds all 33 kinds', () => expect(lines.length).toBe(33));
  for (const line of lines) {
    it(`chain.agentplane-records/${line.kind}`, () =>
      ledger.accept(
        'chain.agentplane-records',
        line.kind!,
        () => {
          const raw = utf8Strict.encode(line.raw!);
          // The hash is the third party's; the bytes are hashed exactly as given.
          expect(verifyLink(ZERO_HASH, raw, unhex(line.hash!)).ok).toBe(true);
          expect(isCanonical(raw)).toBe(true);
        },
        { interop: true },
      ));
  }
});

describe('agentplane records at 815d185 (struct order, not canonical)', () => {
  const lines = interopLines('agentplane/golden/older/records.at-815d185.jsonl');
  if (lines === null) {
    it('interop data absent', () => ledger.interopMissing('chain.agentplane-older-records'));
    return;
  }
  it('holds the 27 kinds that existed then', () => expect(lines.length).toBe(27));
  for (const line of lines) {
    it(`chain.agentplane-older-records/${line.kind}`, () =>
      ledger.refuse(
        'chain.agentplane-older-records',
        line.kind!,
        () => {
          const raw = utf8Strict.encode(line.raw!);
          // Still hashes as written (never re-serialised) ...
          expect(verifyLink(ZERO_HASH, raw, unhex(line.hash!)).ok).toBe(true);
          // ... and the canonical check is the one that refuses it.
          expect(isCanonical(raw)).toBe(false);
        },
        { interop: true },
      ));
  }
});

describe('agentplane extracted vectors', () => {
  const x = loadInterop('agentplane/extracted_vectors.json');
  if (x === null) {
    it('interop data absent', () => ledger.interopMissing('chain.agentplane-extracted'));
    return;
  }
  const G = 'chain.agentplane-extracted';
  it('chain example: SHA-256(SHA-256("") ‖ "agentplane")', () =>
    ledger.accept(
      G,
      'chain-example',
      () => {
        const link = chainHash(unhex(x.digests.sha256_empty), utf8Strict.encode('agentplane'));
        expect(hex.encode(link)).toBe(
          x.digests['chain(prev=sha256(""), raw="agentplane") = sha256(prev_bytes || raw)'],
        );
      },
      { interop: true },
    ));
  it('the golden witness key as a cosignature/v1 vkey carries key id de605503', () =>
    ledger.accept(
      G,
      'witness-key-id',
      () => {
        const w = x.golden_fixture_inputs.witness_key;
        const key = base64Strict.decode(w.public_base64);
        if (!key.ok) throw new Error('bad base64 in vector');
        // NOTES.md section 6: type 0x04 gives de605503 (0x01 would give af27cab0).
        expect(witnessVerifierKey(w.name, key.value).split('+')[1]).toBe('de605503');
      },
      { interop: true },
    ));
  const pub = unhex(x.golden_fixture_inputs.record_key.public_hex);
  const keys = new Map([[x.golden_fixture_inputs.record_key.key_id as string, pub]]);
  for (const r of x.golden_export_chain.records) {
    it(`record ${r.seq}: signing input and signature`, () =>
      ledger.accept(
        G,
        `record-${r.seq}`,
        () => {
          expect(hex.encode(recordSigningInput(unhex(r.hash)))).toBe(r.record_signing_input);
          const sig = { key_id: 'golden-record', signature: r.signature };
          expect(verifyRecordSignature(sig, unhex(r.hash), keys)).toEqual({
            ok: true,
            value: { keyId: 'golden-record' },
          });
        },
        { interop: true },
      ));
    it(`record ${r.seq}: the signature does not carry over to the previous hash`, () =>
      ledger.refuse(
        G,
        `record-${r.seq}-wrong-hash`,
        () => {
          const sig = { key_id: 'golden-record', signature: r.signature };
          expect(verifyRecordSignature(sig, unhex(r.prev_hash), keys)).toMatchObject({
            ok: false,
            code: 'signature-invalid',
          });
        },
        { interop: true },
      ));
  }
});
