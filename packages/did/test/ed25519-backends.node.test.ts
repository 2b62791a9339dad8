import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { base64Strict, canonicalize } from '@agent-seam/canonical';
import { interopPath, loadInterop, loadVectors } from '@agent-seam/conformance';
import { keyPairFromSeed, publicKeyFromDid, signEd25519 } from '@agent-seam/did';
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha512 } from '@noble/hashes/sha2.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ed25519Door } from '../src/ed25519.js';
import * as nobleEquation from '../src/equation.js';
import * as nodeEquation from '../src/equation.node.js';
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
const L = Point.Fn.ORDER;
const mod = (n: bigint) => ((n % L) + L) % L;
const littleEndian = (b: Uint8Array) => b.reduceRight((n, byte) => (n << 8n) | BigInt(byte), 0n);
const scalarBytes = (n: bigint) =>
  Uint8Array.from({ length: 32 }, (_, i) => Number((n >> BigInt(8 * i)) & 255n));
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

describe('reject.ed25519 under both backends', () => {
  const group = loadVectors('wire_vectors.json').reject.ed25519 as {
    accept: { name: string; publicHex: string; messageHex: string; signatureHex: string }[];
    refuse: { name: string; publicHex: string; messageHex: string; signatureHex: string; code: string }[];
  };
  it('holds 1 accepting and 35 refusing cases', () => {
    expect(group.accept).toHaveLength(1);
    expect(group.refuse).toHaveLength(35);
  });
  for (const c of group.accept)
    it(`accept ${c.name}`, () =>
      expect(bothDoors(bytes(c.publicHex), bytes(c.messageHex), bytes(c.signatureHex))).toEqual({
        ok: true,
        value: true,
      }));
  for (const c of group.refuse)
    it(`refuse ${c.name}`, () =>
      expect(bothDoors(bytes(c.publicHex), bytes(c.messageHex), bytes(c.signatureHex))).toMatchObject({
        ok: false,
        code: c.code,
      }));
});

describe('envelope and reject.message signatures under both backends', () => {
  const wire = loadVectors('wire_vectors.json');
  // The envelope signs the seam canonical bytes of exactly these six fields.
  const payload = (f: Record<string, unknown>) =>
    canonicalize(
      {
        contextId: f.contextId,
        from: f.from,
        messageId: f.messageId,
        text: f.text,
        timestamp: f.timestamp,
        to: f.to,
      } as never,
      { profile: 'seam' },
    );
  /** Key, payload and signature of a case whose signature reaches the door; null otherwise. */
  function doorInput(f: Record<string, any>) {
    const key = publicKeyFromDid(f.from);
    const sig = typeof f.sig === 'string' ? base64Strict.decode(f.sig) : null;
    if (!key.ok || sig === null || !sig.ok || sig.value.length !== 64) return null;
    try {
      return { key: key.value.publicKey, message: payload(f), signature: sig.value };
    } catch {
      return null; // no canonical spelling (the lone-surrogate case): refused before the door
    }
  }
  const reached = [...wire.envelope, ...wire.reject.message.map((c: any) => ({ ...c.input, name: c.name }))]
    .map((f: any) => ({ name: f.name as string, input: doorInput(f) }))
    .filter((c) => c.input !== null);
  it('reaches the door on the signed envelope and 10 refusal cases', () => expect(reached).toHaveLength(11));
  for (const c of reached)
    it(`${c.name}`, () => {
      const { key, message, signature } = c.input!;
      const verdict = bothDoors(key, message, signature);
      if (c.name === 'torsion-cofactored-only') expect(verdict).toEqual({ ok: false, code: 'bad-signature' });
    });
});

describe('ed25519.rfc8032 and ed25519.supercop under both backends', () => {
  const doc = loadInterop<{ cases: { public_key: string; message: string; signature: string }[] }>(
    'standards/ed25519-rfc8032/rfc8032-7.1-ed25519.json',
  );
  const path = interopPath('standards/ed25519-rfc8032/supercop-sign.input.gz');
  it.runIf(doc !== null)('the five RFC 8032 cases: both accept, both refuse a flipped bit', () => {
    expect(doc!.cases).toHaveLength(5);
    for (const c of doc!.cases) {
      const m = bytes(c.message);
      expect(bothDoors(bytes(c.public_key), m, bytes(c.signature))).toEqual({ ok: true, value: true });
      const flipped = m.length === 0 ? new Uint8Array(1) : m.slice();
      flipped[0]! ^= 1;
      expect(bothDoors(bytes(c.public_key), flipped, bytes(c.signature))).toMatchObject({
        code: 'bad-signature',
      });
    }
  });
  it.runIf(path !== null)('the 1,024 SUPERCOP lines: both accept every one', () => {
    const lines = gunzipSync(readFileSync(path!)).toString('utf8').split('\n').filter(Boolean);
    expect(lines).toHaveLength(1024);
    for (const line of lines) {
      const [, pk, msg, sigAndMsg] = line.split(':') as [string, string, string, string];
      expect(bothDoors(bytes(pk), bytes(msg), bytes(sigAndMsg.slice(0, 128)))).toEqual({
        ok: true,
        value: true,
      });
    }
  });
});

describe('mixed-order keys and R (a torsion component the pre-checks cannot see)', () => {
  // The eight torsion points are the multiples of one point of order 8.
  const T8 = Point.fromHex('c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a', true);
  const torsion = (k: number) => (k % 8 === 0 ? Point.ZERO : T8.multiplyUnsafe(BigInt(k % 8)));
  const a0 = 0x1234567890abcdefn;
  const r0 = 0xfedcba0987654321n;

  /**
   * A signature by the honest scalar a0 under the key A0 + [kA]T8 with R = [r0]B + [kR]T8,
   * the message ground until h mod 8 is `hMod8`. The cofactorless equation then reads
   * [kR]T8 + [h·kA]T8 == 0, which decides the expected verdict by hand.
   */
  function mixed(kA: number, kR: number, hMod8: number) {
    const key = Point.BASE.multiply(a0).add(torsion(kA)).toBytes();
    const rBytes = Point.BASE.multiply(r0).add(torsion(kR)).toBytes();
    for (let i = 0; ; i++) {
      const message = utf8(`mixed ${kA} ${kR} ${i}`);
      const h = mod(littleEndian(sha512(concat(rBytes, key, message))));
      if (Number(h % 8n) !== hMod8) continue;
      const signature = concat(rBytes, scalarBytes(mod(r0 + h * a0)));
      return { key, message, signature, holds: (kR + hMod8 * kA) % 8 === 0 };
    }
  }
  const cases: [string, number, number, number][] = [];
  for (const kA of [4, 2, 1]) {
    const order = 8 / (kA & -kA);
    cases.push([`key torsion of order ${order}, h = 0 mod ${order}`, kA, 0, 0]);
    cases.push([`key torsion of order ${order}, h = 1 mod ${order}`, kA, 0, 1]);
  }
  cases.push(['R torsion of order 8, clean key', 0, 3, 5]);
  cases.push(['key and R torsion of order 8 cancelling', 1, 3, 5]);
  cases.push(['key and R torsion of order 8 not cancelling', 1, 3, 4]);
  for (const [name, kA, kR, hMod8] of cases)
    it(name, () => {
      const c = mixed(kA, kR, hMod8);
      // The cofactored equation would accept every one of these.
      expect(bothDoors(c.key, c.message, c.signature)).toEqual(
        c.holds ? { ok: true, value: true } : { ok: false, code: 'bad-signature' },
      );
    });
  it('covers accepting and refusing mixed-order cases', () =>
    expect(new Set(cases.map(([, kA, kR, m]) => mixed(kA, kR, m).holds))).toEqual(new Set([true, false])));
});

describe('the pre-checks are what make the backends agree', () => {
  const identity = bytes('0100000000000000000000000000000000000000000000000000000000000000');
  it('the identity key with R = identity, S = 0 satisfies the bare equation; the door refuses it', () => {
    // What OpenSSL alone says here varies by runtime (Node 20 and 22 accept, Node 24
    // refuses); the door never asks it, because the small-order check comes first.
    const forged = concat(identity, new Uint8Array(32));
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
      expect(equation.equationHolds(publicKey, utf8('m'), concat(offCurve, signature.subarray(32)))).toBe(
        false,
      );
    }
    expect(bothDoors(offCurve, utf8('m'), signature)).toMatchObject({ code: 'non-canonical-key' });
    expect(bothDoors(publicKey, utf8('m'), concat(offCurve, signature.subarray(32)))).toMatchObject({
      code: 'non-canonical-r',
    });
  });
});

describe('random inputs: identical verdicts', () => {
  it('honest signatures with one flipped bit of key, signature or message', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.uint8Array({ minLength: 1, maxLength: 64 }),
        fc.option(fc.nat({ max: 32 * 8 + 64 * 8 + 64 * 8 - 1 }), { nil: undefined }),
        (seed, message, flip) => {
          const key = keyPairFromSeed(seed).publicKey.slice();
          const signature = signEd25519(seed, message);
          // The honest key is judged (and its KeyObject cached) before the flipped one.
          expect(bothDoors(key, message, signature).ok).toBe(true);
          const m = message.slice();
          if (flip !== undefined) {
            const [target, bit] =
              flip < 256 ? [key, flip] : flip < 768 ? [signature, flip - 256] : [m, flip - 768];
            target[(bit >> 3) % target.length]! ^= 1 << (bit & 7);
          }
          expect(bothDoors(key, m, signature).ok).toBe(flip === undefined);
        },
      ),
      { numRuns: 300 },
    );
  });
  it('random keys, messages and signatures', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.uint8Array({ maxLength: 64 }),
        fc.uint8Array({ minLength: 64, maxLength: 64 }),
        (key, m, sig) => void bothDoors(key, m, sig),
      ),
      { numRuns: 300 },
    );
  });
  it('a valid R and an S below L under random keys (the deep path)', () => {
    const seed = new Uint8Array(32).fill(0x42);
    const r = signEd25519(seed, utf8('door')).subarray(0, 32);
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.bigInt({ min: 0n, max: L - 1n }),
        (key, s) => {
          expect(bothDoors(key, utf8('door'), concat(r, scalarBytes(s))).ok).toBe(false);
        },
      ),
      { numRuns: 200 },
    );
  });
});
