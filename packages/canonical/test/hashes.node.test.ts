import {
  concatBytes,
  createSha256,
  hex,
  hmacSha256,
  SeamError,
  sha256,
  sha512,
  unwrap,
} from '@agent-seam/canonical';
import { loadInterop } from '@agent-seam/conformance';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as selected from '#sha2';
import * as noble from '../src/sha2.js';
import * as node from '../src/sha2.node.js';
import { utf8 } from './helpers.js';
import { seededBytes } from './seeded-bytes.js';

/**
 * The hashing door. Both backends are driven over the same inputs and must give the same
 * bytes: known answers from FIPS 180-4 and RFC 4231 (and Wycheproof's HMAC file when the
 * interop data is present), then differential runs over random sizes up to 1 MB with the
 * incremental hashers fed in random splits. The Node runtime matrix reruns this file on
 * Node 22 and 24, whose OpenSSL builds differ.
 */
const BACKENDS = { noble, node } as const;
type Backend = typeof noble;
const ascii = (text: string) => new TextEncoder().encode(text);
const MILLION_A = new Uint8Array(1_000_000).fill(0x61);

/** `bytes` cut at the given positions (sorted, repeats allowed: empty chunks are fed too). */
function chunksOf(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const at = [0, ...cuts.map((c) => c % (bytes.length + 1)).sort((a, b) => a - b), bytes.length];
  return at.slice(1).map((end, i) => bytes.subarray(at[i]!, end));
}

function streamed(backend: Backend, chunks: Uint8Array[]): Uint8Array {
  const hasher = backend.createSha256();
  for (const chunk of chunks) hasher.update(chunk);
  return hasher.digest();
}

describe('known answers (FIPS 180-4 examples, RFC 4231), each backend', () => {
  const sha256Answers: [string, Uint8Array, string][] = [
    ['empty', new Uint8Array(0), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', ascii('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
    [
      '448 bits',
      ascii('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'),
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    ],
    ['1,000,000 x a', MILLION_A, 'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0'],
  ];
  const sha512Answers: [string, Uint8Array, string][] = [
    [
      'empty',
      new Uint8Array(0),
      'cf83e1357eefb8bdf1542850d66d8007d620e4050b5715dc83f4a921d36ce9ce47d0d13c5d85f2b0ff8318d2877eec2f63b931bd47417a81a538327af927da3e',
    ],
    [
      'abc',
      ascii('abc'),
      'ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f',
    ],
    [
      '1,000,000 x a',
      MILLION_A,
      'e718483d0ce769644e2e42c7bc15b4638e1f98b13b2044285632a803afa973ebde0ff244877ea60a4cb0432ce577c31beb009c5c2c49aa2e4eadb217ad8cc09b',
    ],
  ];
  const hmacAnswers: [string, Uint8Array, Uint8Array, string][] = [
    [
      'RFC 4231 case 1',
      new Uint8Array(20).fill(0x0b),
      ascii('Hi There'),
      'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
    ],
    [
      'RFC 4231 case 2',
      ascii('Jefe'),
      ascii('what do ya want for nothing?'),
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    ],
    [
      'RFC 4231 case 6 (a 131-byte key, hashed first)',
      new Uint8Array(131).fill(0xaa),
      ascii('Test Using Larger Than Block-Size Key - Hash Key First'),
      '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
    ],
  ];
  for (const [name, backend] of Object.entries(BACKENDS)) {
    for (const [what, input, digest] of sha256Answers) {
      it(`${name}: SHA-256 of ${what}`, () => expect(hex.encode(backend.sha256(input))).toBe(digest));
      it(`${name}: SHA-256 of ${what}, streamed in 1000-byte parts`, () => {
        const parts = Array.from({ length: Math.ceil(input.length / 1000) }, (_, i) =>
          input.subarray(i * 1000, (i + 1) * 1000),
        );
        expect(hex.encode(streamed(backend, parts))).toBe(digest);
      });
    }
    for (const [what, input, digest] of sha512Answers)
      it(`${name}: SHA-512 of ${what}`, () => expect(hex.encode(backend.sha512(input))).toBe(digest));
    for (const [what, key, message, mac] of hmacAnswers)
      it(`${name}: HMAC-SHA256 ${what}`, () =>
        expect(hex.encode(backend.hmacSha256(key, message))).toBe(mac));
  }
});

interface WycheproofMacFile {
  testGroups: {
    keySize: number;
    tagSize: number;
    tests: { tcId: number; key: string; msg: string; tag: string; result: 'valid' | 'invalid' }[];
  }[];
}

const wycheproofHmac = loadInterop<WycheproofMacFile>('standards/wycheproof/hmac_sha256_test.json');
// Absent outside CI the run says so; in CI loadInterop throws instead.
if (wycheproofHmac === null)
  console.warn('WARNING: Wycheproof HMAC-SHA256 cases DID NOT RUN (no ../shared/interop)');

describe.runIf(wycheproofHmac !== null)(
  'HMAC-SHA256 against Wycheproof (read in place from ../shared/interop)',
  () => {
    const cases = (wycheproofHmac?.testGroups ?? []).flatMap((g) =>
      g.tests.map((t) => ({ ...t, tagBytes: g.tagSize / 8 })),
    );
    it('holds 174 cases, 66 of them valid', () => {
      expect(cases).toHaveLength(174);
      expect(cases.filter((c) => c.result === 'valid')).toHaveLength(66);
    });
    for (const [name, backend] of Object.entries(BACKENDS))
      it(`${name}: every valid tag is reproduced (truncated as the group says), no invalid one is`, () => {
        for (const c of cases) {
          const tag = hex.encode(backend.hmacSha256(unwrap(hex.decode(c.key)), unwrap(hex.decode(c.msg))));
          if (c.result === 'valid') expect(tag.slice(0, 2 * c.tagBytes), `tcId ${c.tcId}`).toBe(c.tag);
          else expect(tag.slice(0, 2 * c.tagBytes), `tcId ${c.tcId}`).not.toBe(c.tag);
        }
      });
  },
);

describe('the two backends agree (differential, fixed seed)', () => {
  // Block and padding edges of SHA-256 (55/56/64) and SHA-512 (111/112/128), the Node
  // hasher's gather limit (64), then random sizes up to 1 MB.
  const EDGES = [0, 1, 31, 32, 33, 55, 56, 63, 64, 65, 111, 112, 119, 120, 127, 128, 129, 4096];
  const size = fc.oneof(
    fc.constantFrom(...EDGES),
    fc.integer({ min: 0, max: 300 }),
    fc.integer({ min: 0, max: 70_000 }),
    fc.integer({ min: 0, max: 1 << 20 }),
  );
  const cuts = fc.array(fc.nat(), { maxLength: 12 });

  it('one-shot SHA-256 and SHA-512, and SHA-256 fed in random splits', () => {
    let megabytes = 0;
    fc.assert(
      fc.property(size, fc.integer(), cuts, (length, seed, at) => {
        const input = seededBytes(length, seed);
        const expected = noble.sha256(input);
        expect(node.sha256(input)).toEqual(expected);
        expect(node.sha512(input)).toEqual(noble.sha512(input));
        const chunks = chunksOf(input, at);
        expect(streamed(node, chunks)).toEqual(expected);
        expect(streamed(noble, chunks)).toEqual(expected);
        megabytes += length / 2 ** 20;
      }),
      { numRuns: 80 },
    );
    // A floor on what was hashed, so that a generator change cannot empty the run unseen.
    expect(megabytes).toBeGreaterThan(5);
  });

  it('small splits around the gather limit: every way to cut 0..130 bytes in two or three', () => {
    for (let length = 0; length <= 130; length++) {
      const input = seededBytes(length, length + 7);
      const expected = noble.sha256(input);
      for (let a = 0; a <= length; a++) {
        expect(streamed(node, [input.subarray(0, a), input.subarray(a)])).toEqual(expected);
        const b = Math.min(length, a + 64);
        expect(streamed(node, [input.subarray(0, a), input.subarray(a, b), input.subarray(b)])).toEqual(
          expected,
        );
      }
    }
  });

  it('HMAC-SHA256 over random keys (0..200 bytes, both sides of the block size) and messages', () =>
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 200 }),
        fc.integer({ min: 0, max: 70_000 }),
        fc.integer(),
        (k, m, seed) => {
          const key = seededBytes(k, seed);
          const message = seededBytes(m, ~seed);
          expect(node.hmacSha256(key, message)).toEqual(noble.hmacSha256(key, message));
        },
      ),
      { numRuns: 200 },
    ));

  it('HMAC-SHA256 with keys at the block edges (0, 1, 63, 64, 65, 128 bytes), messages of 0 to 1000 bytes', () => {
    for (const k of [0, 1, 63, 64, 65, 128])
      for (const m of [0, 1, 64, 1000]) {
        const key = seededBytes(k, k + 1);
        const message = seededBytes(m, m + 2);
        expect(node.hmacSha256(key, message)).toEqual(noble.hmacSha256(key, message));
      }
  });

  it('digests are plain 32- and 64-byte Uint8Arrays on both backends, not Buffers', () => {
    for (const backend of [noble, node]) {
      for (const digest of [
        backend.sha256(ascii('abc')),
        streamed(backend, [ascii('abc')]),
        streamed(backend, [new Uint8Array(100)]),
        backend.hmacSha256(ascii('k'), ascii('m')),
      ]) {
        expect(Object.getPrototypeOf(digest)).toBe(Uint8Array.prototype);
        expect(digest.length).toBe(32);
      }
      expect(Object.getPrototypeOf(backend.sha512(ascii('abc')))).toBe(Uint8Array.prototype);
    }
  });

  it('the incremental hashers consume input when given: changing it afterwards changes nothing', () => {
    for (const backend of [noble, node])
      for (const length of [10, 64, 65, 5000]) {
        const input = seededBytes(length, length);
        const scratch = input.slice();
        const hasher = backend.createSha256();
        hasher.update(scratch);
        scratch.fill(0xff);
        hasher.update(input);
        expect(hasher.digest()).toEqual(noble.sha256(concatBytes([input, input])));
      }
  });
});

describe('the door (the backend #sha2 selects, behind the argument checks)', () => {
  it('on Node, #sha2 is the node:crypto backend', () => expect(selected.sha256).toBe(node.sha256));

  it('one-shot and incremental digests are the backends’ digests', () => {
    const input = seededBytes(100_000, 3);
    expect(sha256(input)).toEqual(noble.sha256(input));
    expect(sha512(input)).toEqual(noble.sha512(input));
    expect(hmacSha256(input.subarray(0, 70), input)).toEqual(noble.hmacSha256(input.subarray(0, 70), input));
    const hasher = createSha256();
    expect(hasher.update(input.subarray(0, 10)).update(input.subarray(10))).toBe(hasher);
    expect(hasher.digest()).toEqual(noble.sha256(input));
  });

  it('a Buffer is bytes (it is a Uint8Array)', () =>
    expect(sha256(Buffer.from('abc'))).toEqual(noble.sha256(ascii('abc'))));

  const notBytes: [string, unknown][] = [
    ['a string', 'abc'],
    ['an array of numbers', [97, 98, 99]],
    ['an ArrayBuffer', new ArrayBuffer(3)],
    ['a DataView', new DataView(new ArrayBuffer(3))],
    ['undefined', undefined],
  ];
  for (const [what, value] of notBytes)
    it(`${what} is refused with bad-argument by every entry point`, () => {
      const calls = [
        () => sha256(value as Uint8Array),
        () => sha512(value as Uint8Array),
        () => hmacSha256(value as Uint8Array, ascii('m')),
        () => hmacSha256(ascii('k'), value as Uint8Array),
        () => createSha256().update(value as Uint8Array),
      ];
      for (const call of calls) expect(call).toThrow(expect.objectContaining({ code: 'bad-argument' }));
    });

  it('a hasher gives one digest; update or digest after it throws finished', () => {
    const hasher = createSha256().update(ascii('abc'));
    hasher.digest();
    expect(() => hasher.update(ascii('d'))).toThrow(SeamError);
    expect(() => hasher.update(ascii('d'))).toThrow(expect.objectContaining({ code: 'finished' }));
    expect(() => hasher.digest()).toThrow(expect.objectContaining({ code: 'finished' }));
  });
});

// Each `why` names the mutant(s) of src/ the case holds (file:line:col of the mutation run that
// found it); survivors no input can tell from the original are listed in spec/canonical.md.
describe('the hashing door on Node answers with the node:crypto backend', () => {
  it('SHA-256, SHA-512, HMAC-SHA256 and the incremental hasher give the published answers', () => {
    // why: sha2.node.ts:25:23 sha256, 27:23 sha512, 29:27 hmacSha256 and 65:29 createSha256 each
    // → `() => undefined` (exported arrows, chosen when the module loads). Expected values: FIPS
    // 180-2 appendix B.1 and C.1 ("abc"), RFC 4231 test case 2.
    const abc = utf8('abc');
    const abc256 = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
    expect(hex.encode(sha256(abc))).toBe(abc256);
    expect(hex.encode(sha512(abc))).toBe(
      'ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a' +
        '2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f',
    );
    expect(hex.encode(hmacSha256(utf8('Jefe'), utf8('what do ya want for nothing?')))).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    );
    expect(hex.encode(createSha256().update(utf8('a')).update(utf8('bc')).digest())).toBe(abc256);
  });
});
