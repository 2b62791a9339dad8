import { concatBytes } from '@agent-seam/canonical';
import { keyPairFromSeed, signEd25519, verifyEd25519 } from '@agent-seam/did';
import { ed25519 } from '@noble/curves/ed25519.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ed25519Door } from '../src/ed25519.js';
import * as nobleEquation from '../src/equation.js';
import * as nodeEquation from '../src/equation.node.js';
import { equationHolds as openSslEquation } from '../src/equation.node.js';
import { webCryptoEquation } from '../src/equation.webcrypto.js';
import { doorFamilies } from './ed25519-corpus-files.js';
import { bytes, utf8 } from './helpers.js';

// The same door over each backend: the verdicts (codes and details included) must be equal.
const nobleDoor = ed25519Door(nobleEquation.equationHolds);
const nodeDoor = ed25519Door(nodeEquation.equationHolds);
type Verdict = ReturnType<typeof nobleDoor>;

/** Both backends' verdict on one input, asserted equal; the shared verdict is returned. */
function bothDoors(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): Verdict {
  const noble = nobleDoor(publicKey, message, signature);
  expect(nodeDoor(publicKey, message, signature)).toEqual(noble);
  return noble;
}

const { Point } = ed25519;

// Every input the repository has for the door (test/ed25519-corpus.ts): the vector groups,
// the envelope signatures that reach the door, mixed-order keys and R, random inputs.
const { families } = doorFamilies();

describe('every door input under both backends', () => {
  for (const [family, cases] of families)
    it(`${family}: identical verdicts on all ${cases.length}`, () => {
      for (const c of cases) {
        const verdict = bothDoors(c.publicKey, c.message, c.signature);
        if (c.expected !== undefined) expect(verdict, c.name).toMatchObject(c.expected);
      }
    });
  it('the envelope family holds torsion-cofactored-only, which the cofactorless door refuses', () =>
    expect(families.get('envelope')!.find((c) => c.name === 'torsion-cofactored-only')).toBeDefined());
  it('the mixed-order family has accepting and refusing cases (the cofactored equation accepts all)', () =>
    expect(new Set(families.get('mixed-order')!.map((c) => c.expected?.ok))).toEqual(new Set([true, false])));
});

describe('the pre-checks are what make the backends agree', () => {
  const identity = bytes('0100000000000000000000000000000000000000000000000000000000000000');
  it('the identity key with R = identity, S = 0 satisfies the bare equation; the door refuses it', () => {
    // What OpenSSL alone says here varies by runtime (Node 20 and 22 accept, Node 24
    // refuses); the door never asks it, because the small-order check comes first.
    const forged = concatBytes([identity, new Uint8Array(32)]);
    expect(nobleEquation.equationHolds(identity, utf8('anything'), forged)).toBe(true);
    expect(bothDoors(identity, utf8('anything'), forged)).toMatchObject({ code: 'small-order-key' });
  });
  it('an off-curve key and an off-curve R are refused by both equations', () => {
    const seed = new Uint8Array(32).fill(7);
    const { publicKey } = keyPairFromSeed(seed);
    const signature = signEd25519(seed, utf8('m'));
    const offCurve = bytes('0200000000000000000000000000000000000000000000000000000000000000');
    expect(() => Point.fromBytes(offCurve)).toThrow();
    for (const equation of [nobleEquation, nodeEquation]) {
      expect(equation.equationHolds(offCurve, utf8('m'), signature)).toBe(false);
      expect(
        equation.equationHolds(publicKey, utf8('m'), concatBytes([offCurve, signature.subarray(32)])),
      ).toBe(false);
    }
    expect(bothDoors(offCurve, utf8('m'), signature)).toMatchObject({ code: 'non-canonical-key' });
    expect(bothDoors(publicKey, utf8('m'), concatBytes([offCurve, signature.subarray(32)]))).toMatchObject({
      code: 'non-canonical-r',
    });
  });
});

describe('the backends when the platform misbehaves', () => {
  // Node's global `crypto` is replaced by stand-ins (a platform without it, one that answers the
  // probe wrongly, one that will not import a key). Each `why` names the mutant(s) by
  // `file.ts:line:column` of the `--rest` run.
  const seed = new Uint8Array(32).fill(0x33);
  const { publicKey } = keyPairFromSeed(seed);
  const message = utf8('backend');
  const signature = signEd25519(seed, message);
  const realSubtle = globalThis.crypto.subtle;
  /** The RFC 8032 TEST 1 key the WebCrypto probe imports starts with this byte. */
  const PROBE_KEY_FIRST_BYTE = 0xd7;

  /** A `crypto` whose subtle is `overrides` over the real one. */
  const cryptoWith = (overrides: Partial<SubtleCrypto>) => ({
    subtle: {
      importKey: realSubtle.importKey.bind(realSubtle),
      verify: realSubtle.verify.bind(realSubtle),
      ...overrides,
    },
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  describe('the node:crypto equation', () => {
    it('a key OpenSSL cannot import is a no, not an exception or a yes', () => {
      // why: kills equation.node.ts:26:11 (the catch block emptied: undefined) and
      // equation.node.ts:27:12 (`false` → `true`), code no test reached: a 31-byte key makes
      // the SubjectPublicKeyInfo DER malformed, so createPublicKey throws.
      expect(openSslEquation(publicKey.subarray(1), message, signature)).toBe(false);
      expect(openSslEquation(publicKey, message, signature)).toBe(true);
    });
  });

  describe('the WebCrypto equation', () => {
    it('a platform without crypto gets null, not a rejection', async () => {
      // why: kills equation.webcrypto.ts:28:18 (`globalThis.crypto?.subtle` →
      // `globalThis.crypto.subtle`, which throws when there is no crypto).
      vi.stubGlobal('crypto', undefined);
      await expect(webCryptoEquation()).resolves.toBeNull();
    });

    it('a platform that says yes to everything, or no to everything, gets null', async () => {
      // why: kills equation.webcrypto.ts:44:12 (the probe condition → true, and `&&` → `||`):
      // the probe earns the door only by a yes for the signature and a no for its flipped twin.
      vi.stubGlobal('crypto', cryptoWith({ verify: async () => true }));
      await expect(webCryptoEquation()).resolves.toBeNull();
      vi.stubGlobal('crypto', cryptoWith({ verify: async () => false }));
      await expect(webCryptoEquation()).resolves.toBeNull();
      // The control: the real subtle earns it.
      vi.unstubAllGlobals();
      expect(await webCryptoEquation()).toBeTypeOf('function');
    });

    it('imports keys for verify only, not extractable', async () => {
      // why: kills equation.webcrypto.ts:31:56 (`false` → `true`, an extractable key).
      const importKey = vi.spyOn(realSubtle, 'importKey');
      const holds = (await webCryptoEquation())!;
      expect(await holds(publicKey, message, signature)).toBe(true);
      expect(importKey).toHaveBeenCalledWith('raw', publicKey, { name: 'Ed25519' }, false, ['verify']);
      for (const call of importKey.mock.calls)
        expect(call.slice(2)).toEqual([{ name: 'Ed25519' }, false, ['verify']]);
    });

    it('a key WebCrypto will not import is a no, not an exception or a yes', async () => {
      // why: kills equation.webcrypto.ts:36:13 (the catch block of the equation emptied:
      // undefined) and equation.webcrypto.ts:37:14 (`false` → `true`), code no test reached:
      // this platform imports the probe key and refuses every other one.
      vi.stubGlobal(
        'crypto',
        cryptoWith({
          importKey: ((...args: Parameters<SubtleCrypto['importKey']>) =>
            (args[1] as Uint8Array)[0] === PROBE_KEY_FIRST_BYTE
              ? realSubtle.importKey(...args)
              : Promise.reject(new DOMException('not this key', 'DataError'))) as SubtleCrypto['importKey'],
        }),
      );
      const holds = await webCryptoEquation();
      expect(holds).toBeTypeOf('function');
      expect(await holds!(publicKey, message, signature)).toBe(false);
    });
  });

  describe('the asynchronous door without WebCrypto', () => {
    it('falls back to noble and gives the sync verdicts', async () => {
      // why: kills verify-async.ts:15:5 (`holds === null` → false: a null equation as the
      // door), and verify-async.ts:16:9 and 16:63 (the noble choice emptied, or its equation
      // answering undefined), code no test reached: Node and Chromium both have WebCrypto.
      vi.stubGlobal('crypto', undefined);
      vi.resetModules();
      const fresh = await import('../src/verify-async.js');
      expect(await fresh.ed25519AsyncBackend()).toBe('noble');
      const flipped = Uint8Array.from(signature, (b, i) => (i === 40 ? b ^ 1 : b));
      expect(await fresh.verifyEd25519Async(publicKey, message, signature)).toEqual({
        ok: true,
        value: true,
      });
      expect(await fresh.verifyEd25519Async(publicKey, message, flipped)).toEqual(
        verifyEd25519(publicKey, message, flipped),
      );
      expect(verifyEd25519(publicKey, message, flipped)).toMatchObject({ ok: false, code: 'bad-signature' });
    });
  });
});
