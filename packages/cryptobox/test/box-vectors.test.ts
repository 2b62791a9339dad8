import { hex } from '@agent-seam/canonical';
import { loadVectors, openLedger } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import { encPublicKey, openBox, openBoxVerdict, sealBox } from '../src/index.js';
import { bytesOf } from './helpers.js';

const ledger = openLedger();
const doc = loadVectors('cryptobox.json');

describe('box.roundtrip', () => {
  const cases = doc['box.roundtrip'];
  it('holds six boxes', () => expect(cases.length).toBe(6));
  for (const c of cases)
    it(c.name, () =>
      ledger.accept('box.roundtrip', c.name, () => {
        expect(hex.encode(encPublicKey(bytesOf(c.senderSeedHex)))).toBe(c.senderEncPubHex);
        expect(hex.encode(encPublicKey(bytesOf(c.recipientSeedHex)))).toBe(c.recipientEncPubHex);
        const blob = sealBox({
          senderSeed: bytesOf(c.senderSeedHex),
          recipientPub: bytesOf(c.recipientEncPubHex),
          plaintext: bytesOf(c.plaintextHex),
          ad: bytesOf(c.adHex),
          nonce: bytesOf(c.nonceHex),
        });
        expect(blob).toBe(c.blob);
        const opened = openBox({
          recipientSeed: bytesOf(c.recipientSeedHex),
          senderPub: bytesOf(c.senderEncPubHex),
          blob: c.blob,
          ad: bytesOf(c.adHex),
        });
        expect(opened === null ? null : hex.encode(opened)).toBe(c.plaintextHex);
      }),
    );
});

describe('box.reject', () => {
  const cases = doc['box.reject'];
  it('holds a case for every box refusal code', () => {
    expect(cases.length).toBe(12);
    expect(new Set(cases.map((c: { code: string }) => c.code)).size).toBe(6);
  });
  for (const c of cases)
    it(`${c.name} -> ${c.code}`, () =>
      ledger.refuse('box.reject', c.name, () => {
        const options = {
          recipientSeed: bytesOf(c.recipientSeedHex),
          senderPub: bytesOf(c.senderEncPubHex),
          blob: c.blob,
          ad: bytesOf(c.adHex),
          ...(c.maxChars === undefined ? {} : { maxChars: c.maxChars }),
        };
        const verdict = openBoxVerdict(options);
        expect(verdict.ok ? undefined : verdict.code).toBe(c.code);
        expect(openBox(options)).toBeNull();
      }));
});
