// vectors/tlog_tiles.json: C2SP tlog-proof@v1 files, tile paths and tiled logs read by a
// client, from fixed Ed25519 seeds. Every expected hash (proofs, roots, tile contents)
// comes from the naive recursive RFC 6962 reference (packages/merkle/test/reference.ts)
// and the files are assembled here line by line and byte by byte, not by the package's
// writers; each refusal is a valid case with the one property its `why` names broken.
import { base64Strict, concatBytes, hex, unwrap } from '../../canonical/src/index.ts';
import { keyPairFromSeed } from '../../did/src/index.ts';
import { naiveConsistency, naivePath, naiveRoot } from '../../merkle/test/reference.ts';
import { cosignatureVerifier, ed25519Verifier, formatVerifierKey } from '../../tlog-note/src/index.ts';
import { cosigLine, noteLine } from '../../tlog-note/vectors/generate.ts';

const seed = (n: number) => new Uint8Array(32).fill(n);
const ORIGIN = 'example.com/tiles';
const LOG = { name: ORIGIN, seed: seed(21) };
const W1 = { name: 'witness.example/w1', seed: seed(22) };
const W2 = { name: 'witness.example/w2', seed: seed(23) };
const OTHER = { name: 'example.com/other', seed: seed(24) };
const pub = (s: { seed: Uint8Array }) => keyPairFromSeed(s.seed).publicKey;
const VKEY = {
  log: formatVerifierKey(ed25519Verifier(LOG.name, pub(LOG))),
  w1: formatVerifierKey(cosignatureVerifier(W1.name, pub(W1))),
  w2: formatVerifierKey(cosignatureVerifier(W2.name, pub(W2))),
};
const QUORUM = { log: VKEY.log, witnesses: [VKEY.w1, VKEY.w2], atLeast: 1 };
const T = 1_700_000_000n;

const utf8 = (s: string) => new TextEncoder().encode(s);
const b64 = (b: Uint8Array) => base64Strict.encode(b);
const concat = (...parts: Uint8Array[]) => concatBytes(parts);
const entry = (i: number, fork = -1) => utf8(i === fork ? `forked ${i}` : `entry ${i}`);
const entries = (n: number, fork = -1) => Array.from({ length: n }, (_, i) => entry(i, fork));
const N = 300;
const LEAVES = entries(N);
const ROOT = naiveRoot(LEAVES);

/** A checkpoint body of any fields, spelled by hand (formatCheckpoint refuses malformed ones). */
const body = (origin: string, size: bigint | string, root: Uint8Array | string, ...ext: string[]) =>
  `${origin}\n${size}\n${typeof root === 'string' ? root : b64(root)}\n${ext.map((e) => `${e}\n`).join('')}`;
const BODY = body(ORIGIN, BigInt(N), ROOT);
/** The log's note of a body, cosigned by W1 (and W2 a minute later). */
const logNote = (text: string) => `${text}\n${noteLine(text, LOG)}`;
/** A note of `text` by the log and W1 (the quorum's minimum), whatever the text is. */
const noteOf = (text: string) => `${logNote(text)}${cosigLine(text, W1, T)}`;
const NOTE = `${logNote(BODY)}${cosigLine(BODY, W1, T)}${cosigLine(BODY, W2, T + 60n)}`;

/** The log's signature line over `text` with its signature cut to 63 bytes. */
const shortLogLine = (text: string) =>
  `\u2014 ${ORIGIN} ${b64(unwrap(base64Strict.decode(noteLine(text, LOG).split(' ')[2]!.trim())).subarray(0, 67))}\n`;

/** A tlog-proof file spelled line by line. */
function proofFile(index: number | string, proof: Uint8Array[], note: string, extra?: string): string {
  const lines = [
    'c2sp.org/tlog-proof@v1',
    ...(extra === undefined ? [] : [`extra ${extra}`]),
    `index ${index}`,
  ];
  return `${[...lines, ...proof.map(b64)].join('\n')}\n\n${note}`;
}
const leafHashHex = (data: Uint8Array) => hex.encode(naiveRoot([data]));
const PROOF_7 = naivePath(7, LEAVES);
const FILE_7 = proofFile(7, PROOF_7, NOTE);

type Case = Record<string, unknown>;
const accepted = (
  name: string,
  c: Case,
  index: number,
  size: number,
  root: Uint8Array,
  extra: string | null,
  by: string[],
) => ({
  name,
  ...c,
  index: String(index),
  size: String(size),
  root: hex.encode(root),
  extra,
  verifiedBy: by,
});

// ---- tlog-proof: accepted ------------------------------------------------------------
const ONE = [utf8('the only entry')];
const oneBody = body(ORIGIN, 1n, naiveRoot(ONE));
const extBody = body(ORIGIN, BigInt(N), ROOT, 'an extension line');
const proofAccept = [
  accepted(
    'log-and-one-of-two-witnesses',
    { proof: proofFile(7, PROOF_7, noteOf(BODY)), quorum: QUORUM, leafHash: leafHashHex(LEAVES[7]!) },
    7,
    N,
    ROOT,
    null,
    [LOG.name, W1.name],
  ),
  accepted(
    'witness-times-judged',
    { proof: FILE_7, quorum: QUORUM, leafHash: leafHashHex(LEAVES[7]!), now: Number(T) + 3600, maxAge: 7200 },
    7,
    N,
    ROOT,
    null,
    [LOG.name, W1.name, W2.name],
  ),
  accepted(
    'entry-bytes-instead-of-leaf-hash',
    { proof: FILE_7, quorum: QUORUM, entry: hex.encode(LEAVES[7]!) },
    7,
    N,
    ROOT,
    null,
    [LOG.name, W1.name, W2.name],
  ),
  accepted(
    'both-witnesses-required',
    { proof: FILE_7, quorum: { ...QUORUM, atLeast: 2 }, leafHash: leafHashHex(LEAVES[7]!) },
    7,
    N,
    ROOT,
    null,
    [LOG.name, W1.name, W2.name],
  ),
  accepted(
    'with-extra-data',
    {
      proof: proofFile(7, PROOF_7, NOTE, b64(utf8('age-v1.2.1-darwin-arm64.tar.gz'))),
      quorum: QUORUM,
      leafHash: leafHashHex(LEAVES[7]!),
    },
    7,
    N,
    ROOT,
    b64(utf8('age-v1.2.1-darwin-arm64.tar.gz')),
    [LOG.name, W1.name, W2.name],
  ),
  accepted(
    'log-alone-quorum-of-zero',
    {
      proof: proofFile(7, PROOF_7, logNote(BODY)),
      quorum: { ...QUORUM, atLeast: 0 },
      leafHash: leafHashHex(LEAVES[7]!),
    },
    7,
    N,
    ROOT,
    null,
    [LOG.name],
  ),
  accepted(
    'last-leaf',
    {
      proof: proofFile(N - 1, naivePath(N - 1, LEAVES), NOTE),
      quorum: QUORUM,
      leafHash: leafHashHex(LEAVES[N - 1]!),
    },
    N - 1,
    N,
    ROOT,
    null,
    [LOG.name, W1.name, W2.name],
  ),
  accepted(
    'one-leaf-tree-empty-proof',
    {
      proof: proofFile(0, [], `${logNote(oneBody)}${cosigLine(oneBody, W2, T)}`),
      quorum: QUORUM,
      entry: hex.encode(ONE[0]!),
    },
    0,
    1,
    naiveRoot(ONE),
    null,
    [LOG.name, W2.name],
  ),
  accepted(
    'untrusted-cosigner-beside',
    {
      proof: proofFile(7, PROOF_7, `${logNote(BODY)}${cosigLine(BODY, OTHER, T)}${cosigLine(BODY, W1, T)}`),
      quorum: QUORUM,
      leafHash: leafHashHex(LEAVES[7]!),
    },
    7,
    N,
    ROOT,
    null,
    [LOG.name, W1.name],
  ),
  accepted(
    'checkpoint-with-extension-line',
    {
      proof: proofFile(7, PROOF_7, `${logNote(extBody)}${cosigLine(extBody, W1, T)}`),
      quorum: QUORUM,
      leafHash: leafHashHex(LEAVES[7]!),
    },
    7,
    N,
    ROOT,
    null,
    [LOG.name, W1.name],
  ),
];

// ---- tlog-proof: refused -------------------------------------------------------------
const OK = { quorum: QUORUM, leafHash: leafHashHex(LEAVES[7]!) };
const refusal = (name: string, proof: unknown, code: string, why: string, c: Case = {}) => ({
  name,
  ...OK,
  ...c,
  ...(typeof proof === 'string'
    ? { proof }
    : proof instanceof Uint8Array
      ? { proofBase64: b64(proof) }
      : { proofJson: proof }),
  code,
  why,
});
const flipLast = (line: string) => {
  // The last base64 character before the newline of a signature line, changed (a forged signature).
  const at = line.length - 3;
  return `${line.slice(0, at)}${line[at] === 'A' ? 'B' : 'A'}${line.slice(at + 1)}`;
};
const bytesWith = (text: string, at: number, byte: number) => {
  const b = utf8(text);
  const out = concat(b.subarray(0, at), new Uint8Array([byte]), b.subarray(at));
  return out;
};
const EXTRA_AT = 'c2sp.org/tlog-proof@v1\nextra '.length;
const proofRefuse = [
  refusal(
    'proof-not-text',
    42,
    'not-bytes',
    'a tlog proof is bytes or a string; a reader handed a JSON number refuses it rather than throwing',
  ),
  refusal(
    'over-max-bytes',
    FILE_7,
    'proof-too-large',
    'the file is one byte over maxBytes (the byte cap is checked before anything is read)',
    { maxBytes: utf8(FILE_7).length - 1 },
  ),
  refusal(
    'invalid-utf8-in-extra',
    bytesWith(proofFile(7, PROOF_7, NOTE, 'QUJD'), EXTRA_AT, 0xff),
    'invalid-utf8',
    'a 0xff byte (never UTF-8) before the extra data; without the UTF-8 check it is read as a bad extra line',
  ),
  refusal(
    'carriage-return-after-header',
    FILE_7.replace('\n', '\r\n'),
    'control-character',
    'a CR before the first newline; without the control-character check the header line is read as wrong',
  ),
  refusal(
    'header-v2',
    FILE_7.replace('tlog-proof@v1', 'tlog-proof@v2'),
    'bad-header',
    'the first line is c2sp.org/tlog-proof@v1 exactly',
  ),
  refusal(
    'header-only-no-newline',
    'c2sp.org/tlog-proof@v1',
    'truncated',
    'the file ends inside its header line: no index, no checkpoint',
  ),
  refusal(
    'extra-empty',
    proofFile(7, PROOF_7, NOTE, ''),
    'bad-extra',
    'no extra data is spelled by leaving the line out; "extra " with nothing after it is refused',
  ),
  refusal(
    'extra-non-canonical-base64',
    proofFile(7, PROOF_7, NOTE, 'QUJ='),
    'bad-extra',
    'QUJ= has non-zero residual bits: not the one canonical spelling',
  ),
  refusal(
    'index-leading-zero',
    proofFile('07', PROOF_7, NOTE),
    'bad-index',
    'the index is decimal without leading zeros',
  ),
  refusal(
    'index-keyword-misspelled',
    FILE_7.replace('index 7', 'indeX 7'),
    'bad-index',
    'the line is the word index, a space and the number: a line of the same length spelled otherwise is refused',
  ),
  refusal(
    'index-beyond-uint64',
    proofFile('18446744073709551616', PROOF_7, NOTE),
    'bad-index',
    'the index is a uint64: 2^64 is one too many',
  ),
  refusal(
    'index-line-missing',
    FILE_7.replace('index 7\n', ''),
    'bad-index',
    'the line after the header is the index line; a proof hash in its place is refused',
  ),
  refusal(
    'two-extra-lines',
    proofFile(7, PROOF_7, NOTE, 'QUJD\nextra QUJD'),
    'bad-index',
    'one extra line at most: the second stands where the index line must be',
  ),
  refusal(
    'proof-hash-31-bytes',
    proofFile(7, [...PROOF_7.slice(0, 2), PROOF_7[2]!.subarray(0, 31), ...PROOF_7.slice(3)], NOTE),
    'bad-proof-hash',
    'each proof line is base64 of exactly 32 bytes',
  ),
  refusal(
    'proof-hash-base64url',
    proofFile(7, PROOF_7, NOTE).replace(
      /^([^\n]*)\n([^\n]*)\n([^\n]*)/,
      (_m, a, b, c) =>
        `${a}\n${b}\n${c.replace(/[+/]/g, (x: string) => (x === '+' ? '-' : '_')).replace(/=$/, '')}`,
    ),
    'bad-proof-hash',
    'standard base64 with padding; a base64url spelling of a hash is refused',
  ),
  refusal(
    'sixty-five-proof-hashes',
    proofFile(
      7,
      Array.from({ length: 65 }, () => PROOF_7[0]!),
      NOTE,
    ),
    'too-many-proof-hashes',
    'no uint64 tree has an inclusion proof of more than 64 hashes: the 65th line is refused before it is decoded',
  ),
  refusal(
    'no-blank-line',
    proofFile(7, PROOF_7, '').slice(0, -1),
    'truncated',
    'the file ends after its proof hashes, before the blank line and the checkpoint',
  ),
  refusal(
    'nothing-after-blank-line',
    proofFile(7, PROOF_7, ''),
    'malformed-note',
    'the checkpoint note after the blank line is missing: an empty note has no signature line',
  ),
  refusal(
    'note-of-101-signature-lines',
    proofFile(
      7,
      PROOF_7,
      `${logNote(BODY)}${cosigLine(BODY, W1, T)}${Array.from({ length: 99 }, (_, i) => cosigLine(BODY, OTHER, T + BigInt(i))).join('')}`,
    ),
    'too-many-signatures',
    'a note carries at most 100 signature lines (Go’s cap, tlog-note)',
  ),
  refusal(
    'signature-line-without-dash',
    proofFile(7, PROOF_7, NOTE.replace('\u2014 witness.example/w2', '- witness.example/w2')),
    'malformed-signature-line',
    'every line after the blank line of the note starts with U+2014 and a space',
  ),
  refusal(
    'checkpoint-of-two-lines',
    proofFile(7, PROOF_7, noteOf(`${ORIGIN}\n${N}\n`)),
    'too-few-lines',
    'a checkpoint has an origin, a size and a root line; the note is genuinely signed',
  ),
  refusal(
    'checkpoint-empty-origin',
    proofFile(7, PROOF_7, noteOf(body('', BigInt(N), ROOT))),
    'empty-origin',
    'the origin line is empty (the note is genuinely signed)',
  ),
  refusal(
    'checkpoint-size-leading-zero',
    proofFile(7, PROOF_7, noteOf(body(ORIGIN, `0${N}`, ROOT))),
    'bad-size',
    'the tree size is decimal without leading zeros',
  ),
  refusal(
    'checkpoint-root-31-bytes',
    proofFile(7, PROOF_7, noteOf(body(ORIGIN, BigInt(N), ROOT.subarray(0, 31)))),
    'bad-root-hash',
    'the root hash is base64 of 32 bytes',
  ),
  refusal(
    'checkpoint-empty-extension-line',
    proofFile(7, PROOF_7, noteOf(body(ORIGIN, BigInt(N), ROOT, '', 'x'))),
    'empty-extension-line',
    'extension lines are non-empty',
  ),
  refusal(
    'checkpoint-size-zero-with-root',
    proofFile(0, [], noteOf(body(ORIGIN, 0n, ROOT))),
    'size-zero-with-nonempty-root',
    'an empty tree has the root SHA-256(""), not another',
  ),
  refusal(
    'another-origin',
    proofFile(7, PROOF_7, noteOf(body('example.com/other-log', BigInt(N), ROOT))),
    'origin-mismatch',
    'a genuine checkpoint of the same tree, by the same key, for another origin than the one the verifier accepts',
  ),
  refusal(
    'witness-listed-twice',
    FILE_7,
    'ambiguous-verifier',
    'the quorum lists W1 twice: its line names two trusted keys and a choice would be a guess',
    { quorum: { ...QUORUM, witnesses: [VKEY.w1, VKEY.w1, VKEY.w2] } },
  ),
  refusal(
    'log-signature-63-bytes',
    proofFile(7, PROOF_7, `${BODY}\n${shortLogLine(BODY)}${cosigLine(BODY, W1, T)}`),
    'bad-signature-length',
    'the log’s line carries 63 signature bytes, not 64',
  ),
  refusal(
    'cosignature-time-zero',
    proofFile(7, PROOF_7, `${logNote(BODY)}${cosigLine(BODY, W1, 0n)}`),
    'bad-timestamp',
    'a cosignature at time 0 (genuinely signed) is refused: a timestamp is at least 1',
  ),
  refusal(
    'cosignature-from-the-future',
    FILE_7,
    'cosignature-in-future',
    'judged at now 10 s before W1 cosigned (W2 cosigned a minute later), no maxAge: both lines verify and the quorum is met, only their time is after now',
    { now: Number(T) - 10 },
  ),
  refusal(
    'forged-log-signature',
    proofFile(7, PROOF_7, `${BODY}\n${flipLast(noteLine(BODY, LOG))}${cosigLine(BODY, W1, T)}`),
    'signature-invalid',
    'one character of the log’s signature changed',
  ),
  refusal(
    'signed-by-another-key',
    proofFile(7, PROOF_7, `${BODY}\n${noteLine(BODY, OTHER)}`),
    'no-verified-signature',
    'only a key the verifier does not trust signed the checkpoint',
  ),
  refusal(
    'stale-witness',
    FILE_7,
    'stale-cosignature',
    'W1 cosigned 7200 s and W2 7140 s before now, maxAge 3600 s: every signature verifies and the quorum is met, only the newest cosignature is too old',
    { now: Number(T) + 7200, maxAge: 3600 },
  ),
  refusal(
    'witnesses-without-the-log',
    proofFile(7, PROOF_7, `${BODY}\n${noteLine(BODY, OTHER)}${cosigLine(BODY, W1, T)}`),
    'missing-log-signature',
    'a witness cosigned, but the log’s own key did not sign',
  ),
  refusal(
    'log-alone',
    proofFile(7, PROOF_7, logNote(BODY)),
    'witness-quorum-not-met',
    'the log signed, but none of the two witnesses cosigned and the policy asks for one',
  ),
  refusal(
    'index-equal-to-size',
    proofFile(N, PROOF_7, NOTE),
    'index-out-of-range',
    'index 300 in a tree of 300 leaves',
  ),
  refusal(
    'proof-one-hash-short',
    proofFile(7, PROOF_7.slice(0, -1), NOTE),
    'wrong-proof-length',
    'leaf 7 of 300 has a proof of 9 hashes; this file has 8',
  ),
  refusal(
    'proof-of-another-leaf',
    FILE_7,
    'root-mismatch',
    'the file proves leaf 7; the verifier asks about entry 8',
    { leafHash: leafHashHex(LEAVES[8]!) },
  ),
  refusal(
    'proof-of-another-index',
    proofFile(6, PROOF_7, NOTE),
    'root-mismatch',
    'the proof of leaf 7 under the index line of leaf 6 (same proof length)',
  ),
  refusal('entry-bytes-of-another-entry', FILE_7, 'root-mismatch', 'the entry given is "entry 70"', {
    leafHash: undefined,
    entry: hex.encode(entry(70)),
  }),
];

// ---- tile paths --------------------------------------------------------------------------
const pathAccept = [
  { name: 'level-0-first', path: 'tile/0/000', level: 0, index: '0', width: 256 },
  { name: 'spec-example-index', path: 'tile/0/x001/x234/067', level: 0, index: '1234067', width: 256 },
  { name: 'partial-width-1', path: 'tile/2/000.p/1', level: 2, index: '0', width: 1 },
  { name: 'partial-width-255', path: 'tile/1/x999/999.p/255', level: 1, index: '999999', width: 255 },
  { name: 'entry-bundle', path: 'tile/entries/x001/000', level: 'entries', index: '1000', width: 256 },
  {
    name: 'entry-bundle-partial',
    path: 'tile/entries/273.p/112',
    level: 'entries',
    index: '273',
    width: 112,
  },
  { name: 'level-63', path: 'tile/63/000', level: 63, index: '0', width: 256 },
  {
    name: 'last-level-0-tile-of-uint64',
    path: 'tile/0/x072/x057/x594/x037/x927/935',
    level: 0,
    index: '72057594037927935',
    width: 256,
  },
  { name: 'last-level-6-tile-of-uint64', path: 'tile/6/255', level: 6, index: '255', width: 256 },
];
const pathRefuse = [
  {
    name: 'path-not-a-string',
    path: 7,
    code: 'not-a-string',
    why: 'a path is a string; a JSON number is refused rather than thrown on',
  },
  { name: 'tiles-prefix', path: 'tiles/0/000', code: 'not-a-tile-path', why: 'the prefix is tile/' },
  { name: 'no-index', path: 'tile/0', code: 'not-a-tile-path', why: 'a tile path is tile/<level>/<index>' },
  { name: 'level-leading-zero', path: 'tile/01/000', code: 'bad-level', why: 'levels have no leading zeros' },
  { name: 'level-64', path: 'tile/64/000', code: 'bad-level', why: 'the level is at most 63' },
  {
    name: 'level-entry',
    path: 'tile/entry/000',
    code: 'bad-level',
    why: 'the entry bundle level is spelled entries',
  },
  { name: 'index-two-digits', path: 'tile/0/00', code: 'bad-index', why: 'index groups are three digits' },
  {
    name: 'index-four-digits',
    path: 'tile/0/1234',
    code: 'bad-index',
    why: 'index groups are three digits: 1234 is x001/234',
  },
  { name: 'last-group-with-x', path: 'tile/0/x001', code: 'bad-index', why: 'the last group has no x' },
  {
    name: 'inner-group-without-x',
    path: 'tile/0/001/234',
    code: 'bad-index',
    why: 'every group but the last starts with x',
  },
  {
    name: 'leading-x000-group',
    path: 'tile/0/x000/067',
    code: 'bad-index',
    why: 'index 67 is 067: a leading x000 group is a second spelling of it',
  },
  {
    name: 'uppercase-x',
    path: 'tile/0/X001/234',
    code: 'bad-index',
    why: 'the group marker is a lowercase x',
  },
  { name: 'trailing-slash', path: 'tile/0/000/', code: 'bad-index', why: 'nothing follows the last group' },
  {
    name: 'partial-width-0',
    path: 'tile/0/000.p/0',
    code: 'bad-width',
    why: 'empty tiles are never served: a width is at least 1',
  },
  {
    name: 'partial-width-256',
    path: 'tile/0/000.p/256',
    code: 'bad-width',
    why: 'a tile of 256 is full and has no .p/ suffix',
  },
  {
    name: 'partial-width-leading-zero',
    path: 'tile/0/000.p/07',
    code: 'bad-width',
    why: 'widths have no leading zeros',
  },
  {
    name: 'partial-without-width',
    path: 'tile/0/000.p/',
    code: 'bad-width',
    why: 'a .p/ suffix has a width',
  },
  {
    name: 'width-with-trailing-text',
    path: 'tile/0/000.p/12x',
    code: 'bad-width',
    why: 'the width is the whole last element: nothing follows its digits',
  },
  {
    name: 'level-0-tile-beyond-uint64',
    path: 'tile/0/x072/x057/x594/x037/x927/936',
    code: 'index-out-of-range',
    why: 'tile 2^56 of level 0 starts at leaf 2^64',
  },
  {
    name: 'level-7-tile-1',
    path: 'tile/7/001',
    code: 'index-out-of-range',
    why: 'tile 1 of level 7 starts at leaf 256^8 = 2^64',
  },
  {
    name: 'eight-groups',
    path: 'tile/0/x001/x000/x000/x000/x000/x000/x000/000',
    code: 'index-out-of-range',
    why: 'eight groups are at least 10^21 > 2^64: refused before any number is read',
  },
];

// ---- tiled logs, read by a client ---------------------------------------------------------
const hashes = (list: Uint8Array[]) => concat(...list);
/** Tile (level, index, width) of a log of these leaves, element by element from the naive reference. */
function tile(leaves: Uint8Array[], level: number, index: number, width: number): Uint8Array {
  const span = 256 ** level;
  return hashes(
    Array.from({ length: width }, (_, i) =>
      naiveRoot(leaves.slice((index * 256 + i) * span, (index * 256 + i + 1) * span)),
    ),
  );
}
const bundle = (list: Uint8Array[]) =>
  concat(...list.flatMap((e) => [new Uint8Array([e.length >> 8, e.length & 255]), e]));

/** The files of a log of 300 leaves (or a fork of it at one leaf), checkpoint cosigned by W1. */
function log300(fork = -1): Record<string, string> {
  const leaves = entries(N, fork);
  const text = body(ORIGIN, BigInt(N), naiveRoot(leaves));
  return {
    checkpoint: b64(utf8(noteOf(text))),
    'tile/0/000': b64(tile(leaves, 0, 0, 256)),
    'tile/0/001.p/44': b64(tile(leaves, 0, 1, 44)),
    'tile/1/000.p/1': b64(tile(leaves, 1, 0, 1)),
    'tile/entries/000': b64(bundle(leaves.slice(0, 256))),
    'tile/entries/001.p/44': b64(bundle(leaves.slice(256, 300))),
  };
}
const LOG300 = log300();
const FORK = log300(5);
const ROOT_260 = naiveRoot(LEAVES.slice(0, 260));
const seen = (size: number, root: Uint8Array) => ({ seen: { size, root: hex.encode(root) } });
/** A file of the log with its bytes changed: a byte flipped, cut, or one appended. */
const altered = (path: string, change: (b: Uint8Array) => Uint8Array) =>
  b64(change(unwrap(base64Strict.decode(LOG300[path]!))));
const flipByte = (at: number) => (b: Uint8Array) => {
  const out = b.slice();
  out[at]! ^= 1;
  return out;
};
const checkpointFile = (note: string | Uint8Array) => ({
  checkpoint: b64(typeof note === 'string' ? utf8(note) : note),
});

const REFRESH = { ask: { kind: 'refresh' } };
const INCLUDE_7 = { ask: { kind: 'inclusion', index: 7 } };
// Each kind of ask with what the naive reference says the 300-leaf log answers.
const REFRESHED = { ...REFRESH, expect: { size: String(N), root: hex.encode(ROOT) } };
const inclusionOf = (index: number) => ({
  ask: { kind: 'inclusion', index },
  expect: { proof: naivePath(index, LEAVES).map(hex.encode) },
});
const consistencyFrom = (oldSize: number) => ({
  ask: { kind: 'consistency', oldSize },
  expect: { proof: naiveConsistency(oldSize, LEAVES).map(hex.encode) },
});
const entryAt = (index: number) => ({
  ask: { kind: 'entry', index },
  expect: { entry: hex.encode(LEAVES[index]!) },
});

const readAccept = [
  { name: 'checkpoint', ...REFRESHED },
  { name: 'inclusion-in-full-tile', ...inclusionOf(7) },
  { name: 'inclusion-in-partial-tile', ...inclusionOf(299) },
  { name: 'consistency-from-260', ...consistencyFrom(260) },
  { name: 'consistency-from-1', ...consistencyFrom(1) },
  { name: 'entry-in-partial-bundle', ...entryAt(299) },
  { name: 'entry-in-full-bundle', ...entryAt(0) },
  { name: 'extends-the-checkpoint-seen', ...seen(260, ROOT_260), ...REFRESHED },
  { name: 'same-checkpoint-seen', ...seen(N, ROOT), ...REFRESHED },
  {
    name: 'partial-tile-gone-full-tile-read',
    files: { 'tile/0/001.p/44': null, 'tile/0/001': b64(tile(entries(512), 0, 1, 256)) },
    ...inclusionOf(299),
  },
  {
    name: 'partial-bundle-gone-full-bundle-read',
    files: { 'tile/entries/001.p/44': null, 'tile/entries/001': b64(bundle(entries(512).slice(256))) },
    ...entryAt(290),
  },
  {
    name: 'redirect-followed',
    files: {
      'tile/0/000': { status: 302, location: '/mirror/tile-0-000' },
      '/mirror/tile-0-000': LOG300['tile/0/000'],
    },
    ...inclusionOf(7),
  },
];
const readRefusal = (
  name: string,
  files: Record<string, unknown>,
  code: string,
  why: string,
  c: Case = REFRESH,
) => ({ name, files, ...c, code, why });
const TOO_BIG = new Uint8Array(257 * 32);
const readRefuse = [
  readRefusal('no-checkpoint', { checkpoint: null }, 'not-found', 'the log serves no checkpoint (HTTP 404)'),
  readRefusal(
    'checkpoint-500',
    { checkpoint: { status: 500 } },
    'http-status',
    'HTTP 500 for the checkpoint',
  ),
  readRefusal(
    'checkpoint-request-fails',
    { checkpoint: { fails: true } },
    'fetch-failed',
    'the fetch function rejects (a network error)',
  ),
  readRefusal(
    'checkpoint-redirect-loop',
    { checkpoint: { status: 301, location: '/tiles/checkpoint' } },
    'too-many-redirects',
    'the checkpoint redirects to itself: followed 4 times, then refused',
  ),
  readRefusal(
    'checkpoint-over-its-cap',
    {},
    'response-too-large',
    'the checkpoint is one byte over maxCheckpointBytes (read up to the cap and one byte, no further)',
    { ...REFRESH, maxCheckpointBytes: utf8(noteOf(BODY)).length - 1 },
  ),
  readRefusal(
    'checkpoint-invalid-utf8',
    checkpointFile(concat(new Uint8Array([0xff]), utf8(noteOf(BODY)))),
    'invalid-utf8',
    'a 0xff byte before the note',
  ),
  readRefusal(
    'checkpoint-tab',
    checkpointFile(noteOf(BODY).replace(ORIGIN, `${ORIGIN}\t`)),
    'control-character',
    'a tab in the origin line',
  ),
  readRefusal(
    'checkpoint-unsigned',
    checkpointFile(BODY),
    'malformed-note',
    'the checkpoint body without its blank line and signatures',
  ),
  readRefusal(
    'checkpoint-101-signatures',
    checkpointFile(
      `${noteOf(BODY)}${Array.from({ length: 99 }, (_, i) => cosigLine(BODY, OTHER, T + BigInt(i))).join('')}`,
    ),
    'too-many-signatures',
    'more than 100 signature lines',
  ),
  readRefusal(
    'checkpoint-line-without-dash',
    checkpointFile(noteOf(BODY).replace('\u2014 witness.example/w1', '- witness.example/w1')),
    'malformed-signature-line',
    'a signature line without U+2014',
  ),
  readRefusal('witness-listed-twice', {}, 'ambiguous-verifier', 'the quorum lists W1 twice', {
    ...REFRESH,
    quorum: { ...QUORUM, witnesses: [VKEY.w1, VKEY.w1] },
  }),
  readRefusal(
    'log-signature-63-bytes',
    checkpointFile(`${BODY}\n${shortLogLine(BODY)}${cosigLine(BODY, W1, T)}`),
    'bad-signature-length',
    'the log’s line carries 63 signature bytes',
  ),
  readRefusal(
    'cosignature-time-zero',
    checkpointFile(`${logNote(BODY)}${cosigLine(BODY, W1, 0n)}`),
    'bad-timestamp',
    'a cosignature at time 0',
  ),
  readRefusal(
    'cosignature-from-the-future',
    {},
    'cosignature-in-future',
    'with now 10 s before W1 cosigned and no maxAge',
    { ...REFRESH, now: Number(T) - 10 },
  ),
  readRefusal(
    'forged-log-signature',
    checkpointFile(`${BODY}\n${flipLast(noteLine(BODY, LOG))}${cosigLine(BODY, W1, T)}`),
    'signature-invalid',
    'one character of the log’s signature changed',
  ),
  readRefusal(
    'signed-by-another-key',
    checkpointFile(`${BODY}\n${noteLine(BODY, OTHER)}`),
    'no-verified-signature',
    'only an untrusted key signed',
  ),
  readRefusal('stale-witness', {}, 'stale-cosignature', 'W1 cosigned 7200 s before now, maxAge 3600 s', {
    ...REFRESH,
    now: Number(T) + 7200,
    maxAge: 3600,
  }),
  readRefusal(
    'witness-without-the-log',
    checkpointFile(`${BODY}\n${noteLine(BODY, OTHER)}${cosigLine(BODY, W1, T)}`),
    'missing-log-signature',
    'W1 cosigned, the log did not sign',
  ),
  readRefusal(
    'log-alone',
    checkpointFile(logNote(BODY)),
    'witness-quorum-not-met',
    'no witness cosigned; the policy asks for one',
  ),
  readRefusal(
    'checkpoint-two-lines',
    checkpointFile(noteOf(`${ORIGIN}\n${N}\n`)),
    'too-few-lines',
    'origin and size, no root line',
  ),
  readRefusal(
    'checkpoint-empty-origin',
    checkpointFile(noteOf(body('', BigInt(N), ROOT))),
    'empty-origin',
    'an empty origin line',
  ),
  readRefusal(
    'checkpoint-size-leading-zero',
    checkpointFile(noteOf(body(ORIGIN, `0${N}`, ROOT))),
    'bad-size',
    'a size with a leading zero',
  ),
  readRefusal(
    'checkpoint-root-31-bytes',
    checkpointFile(noteOf(body(ORIGIN, BigInt(N), ROOT.subarray(0, 31)))),
    'bad-root-hash',
    'a root of 31 bytes',
  ),
  readRefusal(
    'checkpoint-empty-extension',
    checkpointFile(noteOf(body(ORIGIN, BigInt(N), ROOT, '', 'x'))),
    'empty-extension-line',
    'an empty extension line',
  ),
  readRefusal(
    'checkpoint-size-zero-with-root',
    checkpointFile(noteOf(body(ORIGIN, 0n, ROOT))),
    'size-zero-with-nonempty-root',
    'size 0 with a root other than SHA-256("")',
  ),
  readRefusal(
    'another-origin',
    checkpointFile(noteOf(body('example.com/other-log', BigInt(N), ROOT))),
    'origin-mismatch',
    'a checkpoint for another origin, by the same key',
  ),
  readRefusal(
    'tree-of-2-53-leaves',
    checkpointFile(noteOf(body(ORIGIN, 2n ** 53n, ROOT))),
    'tree-too-large',
    'the reader takes trees of at most 2^53 - 1 leaves',
  ),
  readRefusal(
    'smaller-than-seen',
    {},
    'checkpoint-rollback',
    'the client verified a tree of 400 leaves before; the log now says 300',
    { ...REFRESH, ...seen(400, ROOT) },
  ),
  readRefusal('same-size-other-root', {}, 'fork', 'the client verified another root for 300 leaves', {
    ...REFRESH,
    ...seen(N, ROOT_260),
  }),
  readRefusal(
    'fork-at-leaf-5',
    FORK,
    'fork',
    'leaf 5 differs from the tree of 260 leaves the client verified: the tiles are genuine for the new root, and the consistency proof from them fails',
    { ...REFRESH, ...seen(260, ROOT_260) },
  ),
  readRefusal(
    'fork-check-tile-short',
    { 'tile/0/001.p/44': altered('tile/0/001.p/44', (b) => b.subarray(0, 43 * 32)) },
    'tile-wrong-length',
    'a tile the consistency check reads is 43 hashes where 44 are due',
    { ...REFRESH, ...seen(260, ROOT_260) },
  ),
  readRefusal(
    'fork-check-tile-altered',
    { 'tile/0/001.p/44': altered('tile/0/001.p/44', flipByte(10 * 32)) },
    'tile-mismatch',
    'a partial tile the consistency check reads has leaf 266 altered: the partial tiles do not hash to the new root',
    { ...REFRESH, ...seen(260, ROOT_260) },
  ),
  readRefusal(
    'fork-check-tile-missing',
    { 'tile/0/001.p/44': null },
    'not-found',
    'a tile the consistency check needs is not served',
    { ...REFRESH, ...seen(260, ROOT_260) },
  ),
  readRefusal('leaf-beyond-checkpoint', {}, 'beyond-checkpoint', 'leaf 300 of a tree of 300', {
    ask: { kind: 'inclusion', index: N },
  }),
  readRefusal(
    'consistency-from-beyond',
    {},
    'beyond-checkpoint',
    'a consistency proof from 301 leaves to 300',
    { ask: { kind: 'consistency', oldSize: N + 1 } },
  ),
  readRefusal(
    'tile-missing',
    { 'tile/0/000': null },
    'not-found',
    'the level-0 tile of leaf 7 is not served',
    INCLUDE_7,
  ),
  readRefusal('tile-500', { 'tile/0/000': { status: 500 } }, 'http-status', 'HTTP 500 for a tile', INCLUDE_7),
  readRefusal(
    'tile-request-fails',
    { 'tile/0/000': { fails: true } },
    'fetch-failed',
    'the fetch function rejects for a tile',
    INCLUDE_7,
  ),
  readRefusal(
    'tile-redirect-loop',
    { 'tile/0/000': { status: 307, location: 'https://log.example/tiles/tile/0/000' } },
    'too-many-redirects',
    'a tile redirects to itself',
    INCLUDE_7,
  ),
  readRefusal(
    'tile-of-257-hashes',
    { 'tile/0/000': b64(TOO_BIG) },
    'tile-wrong-length',
    'a full tile of 257 hashes: read up to 8,193 bytes, refused',
    INCLUDE_7,
  ),
  readRefusal(
    'tile-one-byte-short',
    { 'tile/0/000': altered('tile/0/000', (b) => b.subarray(0, 8191)) },
    'tile-wrong-length',
    'a full tile of 8,191 bytes',
    INCLUDE_7,
  ),
  readRefusal(
    'tile-altered',
    { 'tile/0/000': altered('tile/0/000', flipByte(9 * 32)) },
    'tile-mismatch',
    'leaf hash 9 of tile/0/000 altered: the tile does not hash to its hash in tile/1/000.p/1',
    INCLUDE_7,
  ),
  readRefusal(
    'partial-tile-altered',
    { 'tile/1/000.p/1': altered('tile/1/000.p/1', flipByte(0)) },
    'tile-mismatch',
    'the level-1 partial tile altered: the partial tiles do not hash to the checkpoint root',
    INCLUDE_7,
  ),
  readRefusal(
    'bundle-missing',
    { 'tile/entries/000': null },
    'not-found',
    'the entry bundle of leaf 7 is not served',
    { ask: { kind: 'entry', index: 7 } },
  ),
  readRefusal(
    'bundle-over-its-cap',
    {},
    'response-too-large',
    'the bundle is longer than maxEntryBundleBytes',
    { ask: { kind: 'entry', index: 7 }, maxEntryBundleBytes: 100 },
  ),
  readRefusal(
    'bundle-truncated',
    { 'tile/entries/001.p/44': altered('tile/entries/001.p/44', (b) => b.subarray(0, b.length - 1)) },
    'bad-entry-bundle',
    'the last entry of the bundle is one byte short',
    { ask: { kind: 'entry', index: 260 } },
  ),
  readRefusal(
    'bundle-entry-altered',
    { 'tile/entries/001.p/44': altered('tile/entries/001.p/44', flipByte(2)) },
    'entry-mismatch',
    'entry 256 altered, its length prefix kept: it does not hash to its leaf in the verified tile',
    { ask: { kind: 'entry', index: 260 } },
  ),
];

export const parts = [
  {
    file: 'tlog_tiles.json',
    content: {
      note: 'C2SP tlog-proof@v1 and tlog-tiles vectors from fixed Ed25519 seeds (32 bytes of 21 for the log example.com/tiles, 22 for witness.example/w1, 23 for witness.example/w2, 24 for example.com/other). Hashes are hex unless named base64. Leaves are the UTF-8 of "entry <i>". Expected proofs and tile contents come from the naive RFC 6962 reference.',
      'tlog-proof': {
        note: 'verifyTlogProof(proof, { origin, quorum, leafHash | entry, now, maxAge?, maxBytes? }). origin is example.com/tiles unless the case says; quorum is { log, witnesses, atLeast } as vkeys; `now`/`maxAge` are POSIX seconds, and a case without `now` is verified with `now: "off"` (the cosignatures\' times turned off by name). A file is `proof` (text), `proofBase64` (raw bytes) or `proofJson` (a JSON value in place of the file). accept: verified with index, size, root, extra (base64 or null) and verifiedBy (key names); refuse: exactly `code`.',
        origin: ORIGIN,
        accept: proofAccept,
        refuse: proofRefuse,
      },
      'tlog-tiles.paths': {
        note: 'parseTilePath(path): accept gives level (a number or "entries"), index (decimal text) and width (256 for a full tile), and formatTilePath gives the path back; refuse: exactly `code`.',
        accept: pathAccept,
        refuse: pathRefuse,
      },
      'tlog-tiles.read': {
        note: 'A TileLog over httpSource(fetch, "https://log.example/tiles/"). The files served are `logs.log300` (base64) with the case\'s `files` over them: a string is the body of an HTTP 200, null a 404, { status, location } that response, { fails: true } a fetch that rejects; a path starting with / is served at that path of https://log.example. The client takes the `origin` and the `quorum` of the group, the quorum of the case when it has one; `seen` is the checkpoint the client verified before; now/maxAge go to refresh (a case without `now` refreshes with `now: "off"`, the cosignatures\' times turned off by name); maxCheckpointBytes/maxEntryBundleBytes are the reader\'s caps. Every case refreshes first; `ask` is then refresh (expect size and root), inclusion (index; expect proof), consistency (oldSize; expect proof) or entry (index; expect the entry). refuse: the first refusal is exactly `code`.',
        origin: ORIGIN,
        quorum: QUORUM,
        logs: { log300: LOG300 },
        accept: readAccept,
        refuse: readRefuse,
      },
    },
  },
];
