import { hex } from '@agent-seam/canonical';
import { ledgerGroup, opGroup } from '@agent-seam/conformance';
import {
  BASE58_MAX_CHARS,
  base58btc,
  didFromPublicKey,
  didFromSeed,
  publicKeyFromDid,
  verificationKeyFromDid,
} from '@agent-seam/did';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// The package's answers to the harness protocol: the ops `seam conformance` asks of it too.
import { didOps } from '../../cli/src/conformance/ops/did.js';
import { expectSameValues, loadUpstream, openWireVectors } from './helpers.js';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

const { ledger, ours, impl } = openWireVectors('@agent-seam/did', didOps);

it("the file holds ten did cases, each naming its curve's multicodec", () => {
  expect(ours.did).toHaveLength(10);
  for (const c of ours.did as { curve: string; multicodec: string; did: string }[]) {
    expect(c.did.startsWith('did:key:z')).toBe(true);
    expect(c.multicodec).toBe(c.curve === 'ed25519' ? 'ed01' : '8024');
  }
});

describe('did (this repository, both curves, both directions)', () =>
  ledgerGroup(it, ledger, impl, opGroup('did'), ours.did));

describe('did (upstream, value for value)', () => {
  const upstream = loadUpstream('agent-seam-latest/wire_vectors.json');
  if (upstream === null) {
    it('interop data absent', () => ledger.interopMissing('did'));
    return;
  }
  it('holds the same ten cases as ours', () => {
    expect(upstream.did).toHaveLength(10);
    for (const [i, c] of (upstream.did as Record<string, unknown>[]).entries())
      expectSameValues(ours.did[i], c);
  });
  ledgerGroup(it, ledger, impl, opGroup('did'), upstream.did, { interop: true, prefix: 'upstream:' });
});

describe('reject.did', () => {
  const cases = ours.reject.did as { name: string; code: string }[];
  it('holds the three upstream-named cases and one per remaining code', () => {
    expect(cases.map((c) => c.name)).toEqual(
      expect.arrayContaining([
        'x25519-multicodec',
        'ed25519-prefix-31-byte-key',
        'ed25519-prefix-33-byte-key',
      ]),
    );
    expect(new Set(cases.map((c) => c.code))).toEqual(
      new Set([
        'not-did-key',
        'bad-multibase',
        'base58-too-long',
        'wrong-multicodec',
        'wrong-length',
        'small-order-key',
        'bad-base58',
      ]),
    );
  });
  ledgerGroup(it, ledger, impl, opGroup('reject.did'), cases);
});

describe('did:key codec', () => {
  it('refuses what is not a did:key', () => {
    expect(publicKeyFromDid('did:web:example.com')).toMatchObject({ code: 'not-did-key' });
    expect(publicKeyFromDid(42)).toMatchObject({ code: 'not-did-key' });
    expect(publicKeyFromDid('did:key:m6Mk')).toMatchObject({ code: 'bad-multibase' });
    expect(publicKeyFromDid('did:key:z6Mk0OIl')).toMatchObject({ code: 'bad-multibase' });
  });

  it(`caps the base58 body at ${BASE58_MAX_CHARS} characters before decoding`, () => {
    expect(publicKeyFromDid('did:key:z' + '2'.repeat(BASE58_MAX_CHARS + 1))).toMatchObject({
      code: 'base58-too-long',
    });
    // Even characters outside the alphabet are not looked at past the cap.
    expect(base58btc.decode('0'.repeat(BASE58_MAX_CHARS + 1))).toMatchObject({ code: 'base58-too-long' });
  });

  it('the verification-key door refuses P-256 and small-order keys, passes honest ones', () => {
    const seed = new Uint8Array(32).fill(9);
    expect(verificationKeyFromDid(didFromSeed(seed)).ok).toBe(true);
    expect(verificationKeyFromDid('did:key:zDnaeQRy3dcKsKa1zmKtVKsTy3m2HYoQnFnfKuxD6HfSTQgYf')).toMatchObject(
      {
        code: 'wrong-multicodec',
      },
    );
    expect(verificationKeyFromDid('did:key:z6MkeXATEjyXENzBXBxgC5EHk2JE5aqd7qMGGtDpLUH1e2Sj')).toMatchObject({
      code: 'small-order-key',
    });
  });

  it('round-trips any 32 bytes as an Ed25519 did:key', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (key) => {
        const decoded = publicKeyFromDid(didFromPublicKey(key));
        expect(decoded.ok && hex.encode(decoded.value.publicKey)).toBe(hex.encode(key));
      }),
      { numRuns: 500 },
    );
  });

  it('base58 round-trips any bytes, leading zeros included', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 80 }), (data) => {
        const decoded = base58btc.decode(base58btc.encode(data));
        expect(decoded.ok && hex.encode(decoded.value)).toBe(hex.encode(data));
      }),
      { numRuns: 500 },
    );
  });

  it('base58 refuses every character outside the alphabet', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }).filter((ch) => !ALPHABET.includes(ch)),
        fc.string({ unit: fc.constantFrom(...ALPHABET), maxLength: 20 }),
        (bad, good) => {
          expect(base58btc.decode(good + bad + good)).toMatchObject({ ok: false, code: 'bad-base58' });
        },
      ),
      { numRuns: 1000 },
    );
    // And exhaustively over ASCII, where the near-misses (0, O, I, l) live.
    for (let c = 0; c < 128; c++) {
      const ch = String.fromCharCode(c);
      expect(base58btc.decode('z' + ch).ok).toBe(ALPHABET.includes(ch));
    }
  });
});
