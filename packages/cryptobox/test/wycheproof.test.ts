import { hex } from '@agent-seam/canonical';
import { loadInterop, openLedger } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import { chachaOpen, chachaSeal, hkdfSha256, xchachaOpen, xchachaSeal } from '../src/primitives.js';
import { bytesOf } from './helpers.js';

/**
 * Wycheproof run through the package's own primitive module (the functions the box and
 * the sealed-payload envelope call), so a backend swap there is tested here too.
 */
const ledger = openLedger();

interface AeadCase {
  tcId: number;
  comment: string;
  key: string;
  iv: string;
  aad: string;
  msg: string;
  ct: string;
  tag: string;
  result: 'valid' | 'invalid' | 'acceptable';
}
interface HkdfCase {
  tcId: number;
  comment: string;
  ikm: string;
  salt: string;
  info: string;
  size: number;
  okm: string;
  result: 'valid' | 'invalid' | 'acceptable';
}
interface File<T> {
  numberOfTests: number;
  testGroups: { tests: T[] }[];
}

type Seal = (key: Uint8Array, nonce: Uint8Array, ad: Uint8Array, pt: Uint8Array) => Uint8Array;
type Open = (key: Uint8Array, nonce: Uint8Array, ad: Uint8Array, sealed: Uint8Array) => Uint8Array | null;

function aeadSuite(group: string, file: string, seal: Seal, open: Open, counts: [number, number]) {
  describe(group, () => {
    const data = loadInterop<File<AeadCase>>(`standards/wycheproof/${file}`);
    if (data === null) {
      it('interop data absent', () => ledger.interopMissing(group));
      return;
    }
    const cases = data.testGroups.flatMap((g) => g.tests);
    it('holds the expected number of valid and invalid cases', () => {
      expect(cases.length).toBe(data.numberOfTests);
      expect(cases.filter((c) => c.result === 'valid').length).toBe(counts[0]);
      expect(cases.filter((c) => c.result === 'invalid').length).toBe(counts[1]);
    });
    it('runs every case', () => {
      for (const c of cases) {
        const [key, nonce, ad, msg] = [bytesOf(c.key), bytesOf(c.iv), bytesOf(c.aad), bytesOf(c.msg)];
        const sealed = bytesOf(c.ct + c.tag);
        const name = `tc${c.tcId}`;
        if (c.result === 'valid') {
          ledger.accept(
            group,
            name,
            () => {
              expect(hex.encode(seal(key, nonce, ad, msg))).toBe(c.ct + c.tag);
              expect(hex.encode(open(key, nonce, ad, sealed) ?? new Uint8Array([0xff]))).toBe(c.msg);
            },
            { interop: true },
          );
        } else {
          ledger.refuse(group, name, () => expect(open(key, nonce, ad, sealed)).toBeNull(), {
            interop: true,
          });
        }
      }
    });
  });
}

aeadSuite(
  'box.wycheproof-chacha20poly1305',
  'chacha20_poly1305_test.json',
  chachaSeal,
  chachaOpen,
  [256, 69],
);
aeadSuite(
  'box.wycheproof-xchacha20poly1305',
  'xchacha20_poly1305_test.json',
  xchachaSeal,
  xchachaOpen,
  [246, 69],
);

describe('box.wycheproof-hkdf', () => {
  const group = 'box.wycheproof-hkdf';
  const data = loadInterop<File<HkdfCase>>('standards/wycheproof/hkdf_sha256_test.json');
  if (data === null) {
    it('interop data absent', () => ledger.interopMissing(group));
    return;
  }
  const cases = data.testGroups.flatMap((g) => g.tests);
  it('holds 83 valid and 3 invalid cases', () => {
    expect(cases.length).toBe(86);
    expect(cases.filter((c) => c.result === 'valid').length).toBe(83);
  });
  it('runs every case', () => {
    for (const c of cases) {
      const derive = () => hkdfSha256(bytesOf(c.ikm), bytesOf(c.salt), bytesOf(c.info), c.size);
      if (c.result === 'valid')
        ledger.accept(group, `tc${c.tcId}`, () => expect(hex.encode(derive())).toBe(c.okm), {
          interop: true,
        });
      // The only invalid cases ask for more than 255 blocks of output, which RFC 5869 forbids.
      else ledger.refuse(group, `tc${c.tcId}`, () => expect(derive).toThrow(), { interop: true });
    }
  });
});
