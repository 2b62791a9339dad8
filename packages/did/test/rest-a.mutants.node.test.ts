import { keyPairFromSeed, signEd25519, verifyEd25519 } from '@agent-seam/did';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { equationHolds as openSslEquation } from '../src/equation.node.js';
import { webCryptoEquation } from '../src/equation.webcrypto.js';
import { utf8 } from './helpers.js';

/**
 * Cases for the backend survivors of the Stryker run over the files outside the verify
 * path (issue 15, `pnpm mutate --filter did --rest`), share (a): the node:crypto and
 * WebCrypto equations and the asynchronous door's choice between WebCrypto and noble.
 * Node-only: they import the node:crypto backend and replace Node's global `crypto` with
 * stand-ins (a platform without it, one that answers the probe wrongly, one that will not
 * import a key). Each `why` names the mutant(s) by `file.ts:line:column` of that run.
 */

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
    expect(await fresh.verifyEd25519Async(publicKey, message, signature)).toEqual({ ok: true, value: true });
    expect(await fresh.verifyEd25519Async(publicKey, message, flipped)).toEqual(
      verifyEd25519(publicKey, message, flipped),
    );
    expect(verifyEd25519(publicKey, message, flipped)).toMatchObject({ ok: false, code: 'bad-signature' });
  });
});
