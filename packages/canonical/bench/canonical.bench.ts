import { canonicalFromJSON, canonicalize, canonicalString } from '@agent-seam/canonical';
import npmCanonicalize from 'canonicalize';
import { canonicalize as jsonCanonicalize } from 'json-canonicalize';
import { compare } from '../../../tools/bench.js';

/**
 * canonical vs the npm RFC 8785 implementations on a ~1 MB mixed corpus: ASCII and
 * non-ASCII strings, nested objects, integers and fractions. Deterministic (seeded).
 */
let seed = 0x5eed;
const random = () => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return seed / 2 ** 32;
};
const pick = <T>(xs: T[]): T => xs[Math.floor(random() * xs.length)]!;
const words = [
  'alpha',
  'beta',
  'gamma',
  'delta',
  'Grüße',
  '群れたい',
  'naïve café',
  'emoji 🐦',
  'tab\there',
  'quote"d',
  'κόσμε',
  'path/to/x',
];
const word = () => `${pick(words)} ${Math.floor(random() * 1e6)}`;

function record(depth: number): Record<string, unknown> {
  const r: Record<string, unknown> = {
    id: Math.floor(random() * 2 ** 40),
    name: word(),
    score: Math.round(random() * 1e6) / 1e3,
    ratio: random(),
    active: random() < 0.5,
    tags: [word(), word(), word()],
    note: random() < 0.2 ? null : word(),
    zLast: -Math.floor(random() * 1e4),
  };
  if (depth > 0) r.child = record(depth - 1);
  return r;
}

const corpus: unknown[] = [];
const encoder = new TextEncoder();
const decoder = new TextDecoder();
while (encoder.encode(JSON.stringify(corpus)).length < 1_000_000) corpus.push(record(2));
const document = encoder.encode(JSON.stringify(corpus));
const maxBytes = document.length;
console.log(`corpus: ${corpus.length} records, ${document.length} bytes of JSON`);

// The three writers must agree before their speed means anything.
const reference = npmCanonicalize(corpus);
if (canonicalString(corpus, { profile: 'jcs' }) !== reference || jsonCanonicalize(corpus) !== reference)
  throw new Error('bench: the writers disagree on the corpus');
const strict = canonicalFromJSON(document, { profile: 'jcs', maxBytes });
if (!strict.ok || decoder.decode(strict.value) !== reference)
  throw new Error('bench: canonicalFromJSON disagrees');

compare(
  'value -> canonical text (jcs)',
  { name: '@agent-seam/canonical canonicalString', run: () => canonicalString(corpus, { profile: 'jcs' }) },
  [
    { name: 'canonicalize@5.1.0', run: () => npmCanonicalize(corpus) },
    { name: 'json-canonicalize@3.0.1', run: () => jsonCanonicalize(corpus) },
  ],
);

// Typical signed objects: one record of the corpus (24 values), and a bare string.
const typical = corpus[0];
if (canonicalString(typical, { profile: 'jcs' }) !== npmCanonicalize(typical))
  throw new Error('bench: the writers disagree on a record');
compare(
  'one record -> canonical text (jcs)',
  { name: '@agent-seam/canonical canonicalString', run: () => canonicalString(typical, { profile: 'jcs' }) },
  [{ name: 'canonicalize@5.1.0', run: () => npmCanonicalize(typical) }],
);
compare(
  'a string -> canonical text (jcs)',
  {
    name: '@agent-seam/canonical canonicalString',
    run: () => canonicalString('naïve café 12', { profile: 'jcs' }),
  },
  [{ name: 'canonicalize@5.1.0', run: () => npmCanonicalize('naïve café 12') }],
);

compare(
  'value -> canonical UTF-8 bytes (jcs)',
  { name: '@agent-seam/canonical canonicalize', run: () => canonicalize(corpus, { profile: 'jcs' }) },
  [
    { name: 'TextEncoder(canonicalize@5.1.0)', run: () => encoder.encode(npmCanonicalize(corpus) as string) },
    // Not like for like (a string, never encoded), listed so the ratio cannot flatter us.
    { name: 'canonicalize@5.1.0 (string only)', run: () => npmCanonicalize(corpus) },
  ],
);

compare(
  'document bytes -> canonical bytes (jcs)',
  {
    name: 'canonicalFromJSON (strict)',
    run: () => canonicalFromJSON(document, { profile: 'jcs', maxBytes }),
  },
  [
    {
      name: 'JSON.parse + canonicalize@5.1.0',
      run: () => encoder.encode(npmCanonicalize(JSON.parse(decoder.decode(document))) as string),
    },
  ],
);

// jcs refuses repeated member names by default (I-JSON): the price of tracking names.
compare(
  'document bytes -> canonical bytes (jcs): repeated names refused vs last wins',
  {
    name: "canonicalFromJSON (default, 'refuse')",
    run: () => canonicalFromJSON(document, { profile: 'jcs', maxBytes }),
  },
  [
    {
      name: "canonicalFromJSON (duplicateKeys: 'last-wins')",
      run: () => canonicalFromJSON(document, { profile: 'jcs', maxBytes, duplicateKeys: 'last-wins' }),
    },
  ],
);
