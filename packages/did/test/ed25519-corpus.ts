import { base64Strict, canonicalize, concatBytes, hex } from '@agent-seam/canonical';
import { keyPairFromSeed, publicKeyFromDid, signEd25519 } from '@agent-seam/did';
import { ed25519 } from '@noble/curves/ed25519.js';
import { sha512 } from '@noble/hashes/sha2.js';
import fc from 'fast-check';

/**
 * Every input this repository puts to the Ed25519 door, as plain data: the vector groups
 * and the hand-built and random cases the backend comparisons use. Shared by the tests
 * that hold two equation backends to identical verdicts and by the WebCrypto
 * measurement page (tools/browser/webcrypto.ts), so no runtime-specific reads here.
 */
export interface DoorInput {
  family: string;
  name: string;
  publicKey: Uint8Array;
  message: Uint8Array;
  signature: Uint8Array;
  /** What the door must answer, where the case itself says (a vector's code, or ok). */
  expected?: { ok: true } | { ok: false; code: string };
}

export interface CorpusSources {
  /** vectors/wire_vectors.json. */
  wire: any;
  /** standards/ed25519-rfc8032/rfc8032-7.1-ed25519.json, or null when interop data is absent. */
  rfc8032: { cases: { name: string; public_key: string; message: string; signature: string }[] } | null;
  /** The lines of standards/ed25519-rfc8032/supercop-sign.input.gz, or null. */
  supercop: string[] | null;
}

const bytes = (text: string): Uint8Array => {
  const decoded = hex.decode(text);
  if (!decoded.ok) throw new Error(`vector hex is malformed: ${decoded.code}`);
  return decoded.value;
};
const utf8 = (text: string) => new TextEncoder().encode(text);
const { Point } = ed25519;
export const L = Point.Fn.ORDER;
const mod = (n: bigint) => ((n % L) + L) % L;
const littleEndian = (b: Uint8Array) => b.reduceRight((n, byte) => (n << 8n) | BigInt(byte), 0n);
export const scalarBytes = (n: bigint) =>
  Uint8Array.from({ length: 32 }, (_, i) => Number((n >> BigInt(8 * i)) & 255n));
const flipFirstBit = (m: Uint8Array) => {
  const out = m.length === 0 ? new Uint8Array(1) : m.slice();
  out[0]! ^= 1;
  return out;
};

/** reject.ed25519: one refusal per door check, the fourteen small-order encodings as key and R. */
function rejectGroup(wire: any): DoorInput[] {
  const group = wire.reject.ed25519;
  return [...group.accept, ...group.refuse].map((c: any) => ({
    family: 'reject.ed25519',
    name: c.name,
    publicKey: bytes(c.publicHex),
    message: bytes(c.messageHex),
    signature: bytes(c.signatureHex),
    expected: c.code === undefined ? { ok: true } : { ok: false, code: c.code },
  }));
}

/** The signed envelope and the reject.message cases whose signature reaches the door. */
function envelopeSignatures(wire: any): DoorInput[] {
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
  const out: DoorInput[] = [];
  for (const f of [
    ...wire.envelope,
    ...wire.reject.message.map((c: any) => ({ ...c.input, name: c.name })),
  ]) {
    const key = publicKeyFromDid(f.from);
    const sig = typeof f.sig === 'string' ? base64Strict.decode(f.sig) : null;
    if (!key.ok || sig === null || !sig.ok || sig.value.length !== 64) continue;
    let message: Uint8Array;
    try {
      message = payload(f);
    } catch {
      continue; // no canonical spelling (the lone-surrogate case): refused before the door
    }
    out.push({
      family: 'envelope',
      name: f.name,
      publicKey: key.value.publicKey,
      message,
      signature: sig.value,
    });
  }
  return out;
}

function rfc8032(doc: CorpusSources['rfc8032']): DoorInput[] {
  return (doc?.cases ?? []).flatMap((c) => {
    const publicKey = bytes(c.public_key);
    const signature = bytes(c.signature);
    const message = bytes(c.message);
    return [
      { family: 'ed25519.rfc8032', name: c.name, publicKey, message, signature, expected: { ok: true } },
      {
        family: 'ed25519.rfc8032',
        name: `${c.name}/flipped-bit`,
        publicKey,
        message: flipFirstBit(message),
        signature,
        expected: { ok: false, code: 'bad-signature' },
      },
    ] satisfies DoorInput[];
  });
}

/** Each line: sk||pk : pk : msg : sig||msg (hex). */
function supercop(lines: string[] | null): DoorInput[] {
  return (lines ?? []).map((line, i) => {
    const [, pk, msg, sigAndMsg] = line.split(':') as [string, string, string, string];
    return {
      family: 'ed25519.supercop',
      name: `line-${i + 1}`,
      publicKey: bytes(pk),
      message: bytes(msg),
      signature: bytes(sigAndMsg.slice(0, 128)),
      expected: { ok: true },
    };
  });
}

/**
 * Mixed-order keys and R: a signature by the honest scalar a0 under the key A0 + [kA]T8
 * with R = [r0]B + [kR]T8, the message ground until h mod 8 is `hMod8`. The cofactorless
 * equation then reads [kR]T8 + [h·kA]T8 == 0, which decides the verdict by hand; the
 * cofactored equation would accept every one. The pre-checks cannot see these.
 */
export function mixedOrder(): DoorInput[] {
  const T8 = Point.fromHex('c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a', true);
  const torsion = (k: number) => (k % 8 === 0 ? Point.ZERO : T8.multiplyUnsafe(BigInt(k % 8)));
  const a0 = 0x1234567890abcdefn;
  const r0 = 0xfedcba0987654321n;
  const mixed = (name: string, kA: number, kR: number, hMod8: number): DoorInput => {
    const key = Point.BASE.multiply(a0).add(torsion(kA)).toBytes();
    const rBytes = Point.BASE.multiply(r0).add(torsion(kR)).toBytes();
    for (let i = 0; ; i++) {
      const message = utf8(`mixed ${kA} ${kR} ${i}`);
      const h = mod(littleEndian(sha512(concatBytes([rBytes, key, message]))));
      if (Number(h % 8n) !== hMod8) continue;
      const holds = (kR + hMod8 * kA) % 8 === 0;
      return {
        family: 'mixed-order',
        name,
        publicKey: key,
        message,
        signature: concatBytes([rBytes, scalarBytes(mod(r0 + h * a0))]),
        expected: holds ? { ok: true } : { ok: false, code: 'bad-signature' },
      };
    }
  };
  const cases: DoorInput[] = [];
  for (const kA of [4, 2, 1]) {
    const order = 8 / (kA & -kA);
    cases.push(mixed(`key torsion of order ${order}, h = 0 mod ${order}`, kA, 0, 0));
    cases.push(mixed(`key torsion of order ${order}, h = 1 mod ${order}`, kA, 0, 1));
  }
  cases.push(mixed('R torsion of order 8, clean key', 0, 3, 5));
  cases.push(mixed('key and R torsion of order 8 cancelling', 1, 3, 5));
  cases.push(mixed('key and R torsion of order 8 not cancelling', 1, 3, 4));
  return cases;
}

/** An off-curve key, an off-curve R, and the identity key "signing" with R = identity, S = 0. */
function offCurveAndIdentity(): DoorInput[] {
  const seed = new Uint8Array(32).fill(7);
  const { publicKey } = keyPairFromSeed(seed);
  const signature = signEd25519(seed, utf8('m'));
  const offCurve = bytes('0200000000000000000000000000000000000000000000000000000000000000');
  const identity = bytes('0100000000000000000000000000000000000000000000000000000000000000');
  return [
    {
      family: 'off-curve',
      name: 'off-curve key',
      publicKey: offCurve,
      message: utf8('m'),
      signature,
      expected: { ok: false, code: 'non-canonical-key' },
    },
    {
      family: 'off-curve',
      name: 'off-curve R',
      publicKey,
      message: utf8('m'),
      signature: concatBytes([offCurve, signature.subarray(32)]),
      expected: { ok: false, code: 'non-canonical-r' },
    },
    {
      family: 'off-curve',
      name: 'identity key, R = identity, S = 0',
      publicKey: identity,
      message: utf8('anything'),
      signature: new Uint8Array(64),
      expected: { ok: false, code: 'small-order-key' },
    },
  ];
}

/** Random cases from a fixed seed: flipped bits of honest signatures, noise, the deep path. */
function randomCases(seed: number): DoorInput[] {
  const flipped = fc.sample(
    fc.tuple(
      fc.uint8Array({ minLength: 32, maxLength: 32 }),
      fc.uint8Array({ minLength: 1, maxLength: 64 }),
      fc.nat({ max: 32 * 8 + 64 * 8 + 64 * 8 - 1 }),
    ),
    { seed, numRuns: 200 },
  );
  const out: DoorInput[] = flipped.map(([s, message, flip], i) => {
    const publicKey = keyPairFromSeed(s).publicKey.slice();
    const signature = signEd25519(s, message);
    const m = message.slice();
    const [target, bit] =
      flip < 256 ? [publicKey, flip] : flip < 768 ? [signature, flip - 256] : [m, flip - 768];
    target[(bit >> 3) % target.length]! ^= 1 << (bit & 7);
    return { family: 'random', name: `flipped-bit-${i}`, publicKey, message: m, signature };
  });
  const noise = fc.sample(
    fc.tuple(
      fc.uint8Array({ minLength: 32, maxLength: 32 }),
      fc.uint8Array({ maxLength: 64 }),
      fc.uint8Array({ minLength: 64, maxLength: 64 }),
    ),
    { seed: seed + 1, numRuns: 200 },
  );
  for (const [i, [publicKey, message, signature]] of noise.entries())
    out.push({ family: 'random', name: `noise-${i}`, publicKey, message, signature });
  const r = signEd25519(new Uint8Array(32).fill(0x42), utf8('door')).subarray(0, 32);
  const deep = fc.sample(
    fc.tuple(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.bigInt({ min: 0n, max: L - 1n })),
    { seed: seed + 2, numRuns: 200 },
  );
  for (const [i, [publicKey, s]] of deep.entries())
    out.push({
      family: 'random',
      name: `valid-R-random-S-${i}`,
      publicKey,
      message: utf8('door'),
      signature: concatBytes([r, scalarBytes(s)]),
    });
  return out;
}

export function ed25519Corpus(sources: CorpusSources, seed = 20261202): DoorInput[] {
  return [
    ...rejectGroup(sources.wire),
    ...envelopeSignatures(sources.wire),
    ...rfc8032(sources.rfc8032),
    ...supercop(sources.supercop),
    ...mixedOrder(),
    ...offCurveAndIdentity(),
    ...randomCases(seed),
  ];
}
