import { hex, parseJSON } from '@agent-seam/canonical';
import { loadVectors, openLedger } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import { openPayload, readSealedField, sealPayload } from '../src/index.js';
import { bytesOf } from './helpers.js';
import { MemoryKeyRing } from './memory-ring.js';

const ledger = openLedger();
const doc = loadVectors('cryptobox.json');
const ringOf = (kek: { name: string; hex: string }) => new MemoryKeyRing(kek.name, bytesOf(kek.hex));

describe('sealed.payload', () => {
  const { kek, payloads } = doc['sealed.payload'];
  it('holds five payloads', () => expect(payloads.length).toBe(5));
  for (const c of payloads) {
    it(c.name, () =>
      ledger.accept('sealed.payload', c.name, () => {
        // Both directions: the envelope opens to the plaintext, and sealing with the
        // recorded data key and nonce writes the envelope byte for byte.
        const envelope = bytesOf(c.envelopeHex);
        const keyLength = new DataView(envelope.buffer).getUint32(1, false);
        expect(new TextDecoder().decode(envelope.subarray(5, 5 + keyLength))).toBe(c.wrappedKey);
        const opened = openPayload(envelope, { ad: bytesOf(c.adHex), keyRing: ringOf(kek) });
        expect(opened).toEqual({ ok: true, value: bytesOf(c.plaintextHex) });
        const draws = [bytesOf(c.dataKeyHex), bytesOf(c.nonceHex)];
        const sealed = sealPayload({
          plaintext: bytesOf(c.plaintextHex),
          ad: bytesOf(c.adHex),
          scope: c.scope,
          keyRing: ringOf(kek),
          random: () => draws.shift()!,
        });
        expect(hex.encode(sealed)).toBe(c.envelopeHex);
      }),
    );
  }
});

describe('sealed.reject', () => {
  const { kek, cases } = doc['sealed.reject'];
  it('holds a case for every payload refusal code', () => {
    expect(cases.length).toBe(20);
    expect(new Set(cases.map((c: { code: string }) => c.code)).size).toBe(9);
  });
  for (const c of cases) {
    it(`${c.name} -> ${c.code}`, () =>
      ledger.refuse('sealed.reject', c.name, () => {
        // A case without envelopeHex gives the envelope as the JSON value it is (received data of the wrong type).
        const envelope = c.envelopeHex === undefined ? c.envelope : bytesOf(c.envelopeHex);
        const verdict = openPayload(envelope, {
          ad: bytesOf(c.adHex),
          keyRing: ringOf(kek),
          ...(c.maxBytes === undefined ? {} : { maxBytes: c.maxBytes }),
          ...(c.maxWrappedKeyBytes === undefined ? {} : { maxWrappedKeyBytes: c.maxWrappedKeyBytes }),
        });
        expect(verdict.ok).toBe(false);
        expect(verdict.ok ? undefined : verdict.code).toBe(c.code);
      }));
  }
});

describe('sealed.field', () => {
  const { accept, refuse } = doc['sealed.field'];
  const fieldOf = (json: string) => {
    const parsed = parseJSON(new TextEncoder().encode(json), { profile: 'agentplane-v1' });
    if (!parsed.ok) throw new Error('vector JSON did not parse');
    return (parsed.value as { output: unknown }).output;
  };
  it('holds 2 spellings and 5 refusals', () => {
    expect(accept.length).toBe(2);
    expect(refuse.length).toBe(5);
  });
  for (const c of accept)
    it(c.name, () =>
      ledger.accept('sealed.field', c.name, () => {
        const v = readSealedField(fieldOf(c.json));
        expect(v.ok).toBe(true);
        if (v.ok) {
          expect(v.value.spelling).toBe(c.spelling);
          expect(hex.encode(v.value.envelope)).toBe(c.envelopeHex);
        }
      }),
    );
  for (const c of refuse)
    it(`${c.name} -> ${c.code}`, () =>
      ledger.refuse('sealed.field', c.name, () => {
        const v = readSealedField(fieldOf(c.json));
        expect(v.ok ? undefined : v.code).toBe(c.code);
      }));
});
