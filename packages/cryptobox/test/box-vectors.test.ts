import { hex } from '@agent-seam/canonical';
import { loadVectors, openLedger } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import {
  encPublicKey,
  encPublicKeyPq,
  openBox,
  openBoxV1,
  openBoxV1Verdict,
  openBoxVerdict,
  sealBox,
} from '../src/index.js';
import { bytesOf } from './helpers.js';

const ledger = openLedger();
const doc = loadVectors('cryptobox.json');
const plaintextOf = (opened: Uint8Array | null) => (opened === null ? null : hex.encode(opened));

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
        const options = {
          recipientSeed: bytesOf(c.recipientSeedHex),
          senderPub: bytesOf(c.senderEncPubHex),
          blob: c.blob,
          ad: bytesOf(c.adHex),
        };
        expect(plaintextOf(openBox(options))).toBe(c.plaintextHex);
        expect(plaintextOf(openBoxV1(options))).toBe(c.plaintextHex);
      }),
    );
});

describe('box.reject', () => {
  const cases = doc['box.reject'];
  it('holds a case for every v1 box refusal code', () => {
    expect(cases.length).toBe(12);
    expect(new Set(cases.map((c: { code: string }) => c.code)).size).toBe(7);
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
        // Both openers judge a v1 blob by the same checks in the same order.
        for (const verdict of [openBoxVerdict(options), openBoxV1Verdict(options)])
          expect(verdict.ok ? undefined : verdict.code).toBe(c.code);
        expect(openBox(options)).toBeNull();
      }));
});

describe('box.v2', () => {
  const cases = doc['box.v2'];
  it('holds six hybrid boxes', () => expect(cases.length).toBe(6));
  for (const c of cases)
    it(c.name, () =>
      ledger.accept('box.v2', c.name, () => {
        const recipientSeed = bytesOf(c.recipientSeedHex);
        expect(hex.encode(encPublicKey(bytesOf(c.senderSeedHex)))).toBe(c.senderEncPubHex);
        expect(hex.encode(encPublicKey(recipientSeed))).toBe(c.recipientEncPubHex);
        expect(hex.encode(encPublicKeyPq(recipientSeed))).toBe(c.recipientPqPubHex);
        const blob = sealBox({
          senderSeed: bytesOf(c.senderSeedHex),
          recipientPub: bytesOf(c.recipientEncPubHex),
          recipientPqPub: bytesOf(c.recipientPqPubHex),
          plaintext: bytesOf(c.plaintextHex),
          ad: bytesOf(c.adHex),
          nonce: bytesOf(c.nonceHex),
          encapsulationSeed: bytesOf(c.encapsulationSeedHex),
        });
        expect(blob).toBe(c.blob);
        const opened = openBox({
          recipientSeed,
          senderPub: bytesOf(c.senderEncPubHex),
          blob,
          ad: bytesOf(c.adHex),
        });
        expect(plaintextOf(opened)).toBe(c.plaintextHex);
      }),
    );
});

describe('box.v2-refuse', () => {
  const cases = doc['box.v2-refuse'];
  it('holds a case for every v2 refusal code and for the version rule', () => {
    expect(cases.length).toBe(11);
    expect(new Set(cases.map((c: { code: string }) => c.code)).size).toBe(5);
  });
  for (const c of cases)
    it(`${c.name} -> ${c.code}`, () =>
      ledger.refuse('box.v2-refuse', c.name, () => {
        const options = {
          recipientSeed: bytesOf(c.recipientSeedHex),
          senderPub: bytesOf(c.senderEncPubHex),
          blob: c.blob,
          ad: bytesOf(c.adHex),
        };
        const v1Only = c.opener === 'v1-only';
        const verdict = v1Only ? openBoxV1Verdict(options) : openBoxVerdict(options);
        expect(verdict.ok ? undefined : verdict.code).toBe(c.code);
        expect(v1Only ? openBoxV1(options) : openBox(options)).toBeNull();
      }));
});
