import { isDeepStrictEqual } from 'node:util';
import * as dagCbor from '@ipld/dag-cbor';
import * as cborg from 'cborg';
import { CID } from 'multiformats/cid';
import { sha256 as mfSha256 } from 'multiformats/hashes/sha2';
import { compare } from '../../../tools/bench.js';
import { cid, decode, encode } from '../src/index.js';

// A corpus shaped like ANet envelopes and inner messages: integer-keyed maps with
// byte strings (keys, nonces, signatures, ciphertext), short text and millisecond times.
const bytesOf = (n: number, seed: number) => Uint8Array.from({ length: n }, (_, i) => (i * 31 + seed) & 0xff);
const corpus = Array.from({ length: 64 }, (_, i) => {
  const inner = new Map<number, unknown>([
    [1, `bafyreicg3paeuo2nt4n575adgnovtr2y7aizti7643fxhk6zbmiaa${i}`],
    [2, i],
    [3, 'bafyreigoldenrecipient'],
    [4, 'anet.message/1'],
    [6, bytesOf(16, i)],
    [7, 1767225600000 + i],
    [8, 1767312000000 + i],
    [9, bytesOf(64 + i * 4, i)],
    [20, bytesOf(64, i + 1)],
  ]);
  return new Map<number, unknown>([
    [1, 1],
    [2, 'bafyreigoldenrecipient'],
    [3, 1],
    [4, bytesOf(16, i)],
    [5, bytesOf(32, i)],
    [6, bytesOf(300 + i, i)],
    [7, inner],
  ]);
});
const encoded = corpus.map((v) => encode(v as never));
const cborgEncoded = corpus.map((v) => cborg.encode(v, cborg.rfc8949EncodeOptions));
for (let i = 0; i < corpus.length; i++)
  if (Buffer.compare(encoded[i]!, cborgEncoded[i]!) !== 0) throw new Error('bench corpus: encoders disagree');

const each = (f: (i: number) => unknown) => () => {
  for (let i = 0; i < corpus.length; i++) f(i);
};

compare(
  'encode 64 envelope-like maps',
  { name: 'coredet-cbor encode', run: each((i) => encode(corpus[i] as never)) },
  [
    {
      name: 'cborg encode (rfc8949 options)',
      run: each((i) => cborg.encode(corpus[i], cborg.rfc8949EncodeOptions)),
    },
    { name: 'cborg encode (default options)', run: each((i) => cborg.encode(corpus[i])) },
  ],
);

// IPLD's data model has text map keys only: dag-cbor is compared on the same maps with
// each integer key spelled as text.
const textKeyed = (m: Map<number, unknown>): Record<string, unknown> =>
  Object.fromEntries([...m].map(([k, v]) => [String(k), v instanceof Map ? textKeyed(v) : v]));
const textCorpus = corpus.map(textKeyed);
const textEncoded = textCorpus.map((v) => encode(v as never));
compare(
  'encode 64 envelope-like maps, text keys',
  { name: 'coredet-cbor encode', run: each((i) => encode(textCorpus[i] as never)) },
  [{ name: '@ipld/dag-cbor encode', run: each((i) => dagCbor.encode(textCorpus[i])) }],
);
compare(
  'decode 64 envelope-like maps, text keys',
  { name: 'coredet-cbor decode (strict)', run: each((i) => decode(textEncoded[i]!)) },
  [
    { name: '@ipld/dag-cbor decode (strict)', run: each((i) => dagCbor.decode(textEncoded[i]!)) },
    { name: 'cborg decode (default)', run: each((i) => cborg.decode(textEncoded[i]!)) },
  ],
);

// The floor under any decoder of these maps: only the work its result needs (each byte
// string copied out, each text decoded, each Map built), from a list of where every item
// lies made in advance, so nothing is parsed or checked. Near 1.0 means the decoder's own
// parsing and checks cost little; then no change to them can lift the cborg ratio much.
type Step = ['bytes' | 'text', number, number] | ['int', number] | ['map', number];
const utf8 = new TextDecoder('utf-8', { fatal: true });
function plan(v: unknown, at: number, steps: Step[]): number {
  const end = at + encode(v as never).length;
  if (v instanceof Map) {
    let p = at + 1; // every map here has fewer than 24 entries: a one-byte head
    for (const [k, x] of v) p = plan(x, plan(k, p, steps), steps);
    steps.push(['map', v.size]);
  } else if (v instanceof Uint8Array) steps.push(['bytes', end - v.length, end]);
  else if (typeof v === 'string') steps.push(['text', end - new TextEncoder().encode(v).length, end]);
  else steps.push(['int', v as number]);
  return end;
}
function build(bytes: Uint8Array, steps: Step[]): unknown {
  const out: unknown[] = [];
  for (const [kind, a, b] of steps) {
    if (kind === 'bytes') out.push(bytes.slice(a, b));
    else if (kind === 'text') out.push(utf8.decode(bytes.subarray(a, b)));
    else if (kind === 'int') out.push(a);
    else {
      const m = new Map();
      const first = out.length - 2 * a;
      for (let j = first; j < out.length; j += 2) m.set(out[j], out[j + 1]);
      out.length = first;
      out.push(m);
    }
  }
  return out[0];
}
const plans = corpus.map((v) => {
  const steps: Step[] = [];
  plan(v, 0, steps);
  return steps;
});
for (let i = 0; i < corpus.length; i++) {
  const d = decode(encoded[i]!);
  if (!d.ok || !isDeepStrictEqual(build(encoded[i]!, plans[i]!), d.value))
    throw new Error('bench corpus: the floor builds another value than decode');
}
compare(
  'decode 64 envelope-like maps',
  { name: 'coredet-cbor decode (strict)', run: each((i) => decode(encoded[i]!)) },
  [
    {
      name: 'cborg decode (default, useMaps)',
      run: each((i) => cborg.decode(encoded[i]!, { useMaps: true })),
    },
    { name: 'floor: copy, decode text, build Maps only', run: each((i) => build(encoded[i]!, plans[i]!)) },
  ],
);

compare(
  'decode lenient',
  { name: 'coredet-cbor decode (lenient)', run: each((i) => decode(encoded[i]!, { lenient: true })) },
  [
    {
      name: 'cborg decode (default, useMaps)',
      run: each((i) => cborg.decode(encoded[i]!, { useMaps: true })),
    },
  ],
);

// multiformats' sha256.digest may return a Promise; the fair comparison awaits neither:
// both sides hash synchronously (its digest is synchronous for sha2-256 in Node) and the
// check below fails the bench if that ever stops being true.
const probe = mfSha256.digest(encoded[0]!);
if (probe instanceof Promise)
  throw new Error('bench: multiformats sha256.digest is async here; measure it separately');
compare(
  'cid of 64 encoded maps',
  { name: 'coredet-cbor cid', run: each((i) => cid(encoded[i]!, { codec: 'dag-cbor' }).text) },
  [
    {
      name: 'multiformats CID.create + sha256.digest',
      run: each((i) => CID.create(1, 0x71, mfSha256.digest(encoded[i]!) as never).toString()),
    },
  ],
);
