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

compare(
  'decode 64 envelope-like maps',
  { name: 'coredet-cbor decode (strict)', run: each((i) => decode(encoded[i]!)) },
  [
    {
      name: 'cborg decode (default, useMaps)',
      run: each((i) => cborg.decode(encoded[i]!, { useMaps: true })),
    },
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
