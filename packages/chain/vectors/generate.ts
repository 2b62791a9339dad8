// Vectors for @agent-seam/chain: record links, record signatures, RFC-004 HMACs, and
// whole export files (sound ones, and one mutation per finding class). Every key is
// derived from a fixed seed; nothing here reads a clock or a random source.

import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { hex } from '../../canonical/src/index.ts';
import { keyPairFromSeed, signEd25519 } from '../../did/src/index.ts';
import { rootHash } from '../../merkle/src/index.ts';
import {
  cosign,
  ed25519Verifier,
  formatCheckpoint,
  formatVerifierKey,
  signNote,
} from '../../tlog-note/src/index.ts';
import { type UnreadPlan, writeUnread } from '../src/export/writer.ts';
import {
  chainHash,
  type ExportPlan,
  graderSigningInput,
  signAuditEntry,
  signGraderVerdict,
  signRecord,
  witnessVerifierKey,
  writeExport,
} from '../src/index.ts';

const seed = (byte: number) => new Uint8Array(32).fill(byte);
const RECORD_SEED = seed(0x11);
const OTHER_SEED = seed(0x12);
const GRADER_SEED = seed(0x33);
const WITNESS_SEED = seed(0x22);
const LOG_SEED = seed(0x44);
const recordKey = { keyId: 'test-record', seed: RECORD_SEED };
const pubHex = (s: Uint8Array) => hex.encode(keyPairFromSeed(s).publicKey);
const utf8 = (text: string) => new TextEncoder().encode(text);
const unhex = (text: string) => {
  const v = hex.decode(text);
  if (!v.ok) throw new Error('bad hex');
  return v.value;
};

// --- chain.links -----------------------------------------------------------------
const firstRaw =
  '{"canon":1,"epoch":1,"kind":"RunAdmitted","run":"run_01J80000000000000000000001","seq":1,"v":1}';
const firstHash = hex.encode(chainHash(new Uint8Array(32), utf8(firstRaw)));
const secondRaw =
  '{"epoch":1,"kind":"Note","run":"run_01J80000000000000000000001","seq":2,"text":"é ✓","v":1}';
const secondHash = hex.encode(chainHash(unhex(firstHash), utf8(secondRaw)));
const ZERO = '0'.repeat(64);

const links = [
  {
    name: 'first-record',
    why: 'a run starts from 32 zero bytes',
    prev: ZERO,
    raw: firstRaw,
    hash: firstHash,
    expect: 'accept',
  },
  {
    name: 'second-record',
    why: 'prev is the raw 32-byte digest of the predecessor, UTF-8 raw as stored',
    prev: firstHash,
    raw: secondRaw,
    hash: secondHash,
    expect: 'accept',
  },
  {
    name: 'edited-raw',
    why: 'one byte of raw changed: exists for the hash comparison over the stored bytes',
    prev: firstHash,
    raw: secondRaw.replace('Note', 'Nope'),
    hash: secondHash,
    expect: 'record-hash-mismatch',
  },
  {
    name: 'prev-as-hex-text',
    why: 'the hash taken over the hex text of prev instead of its bytes: exists for prev being raw bytes',
    prev: firstHash,
    raw: secondRaw,
    hash: hex.encode(sha256(utf8(firstHash + secondRaw))),
    expect: 'record-hash-mismatch',
  },
  {
    name: 'wrong-prev',
    why: 'the right raw linked to zeros instead of its predecessor: exists for prev being part of the hash',
    prev: ZERO,
    raw: secondRaw,
    hash: secondHash,
    expect: 'record-hash-mismatch',
  },
];

// --- chain.signatures ------------------------------------------------------------
const sigHash = unhex(secondHash);
const good = signRecord(sigHash, 'test-record', RECORD_SEED);
const keysBoth = { 'test-record': pubHex(RECORD_SEED), 'test-other': pubHex(OTHER_SEED) };
const signatures = [
  {
    name: 'signed',
    why: 'Ed25519 over SHA-256(domain ‖ 0x00 ‖ hash) under the named key',
    hash: secondHash,
    signature: good,
    keys: keysBoth,
    expect: 'accept',
  },
  {
    name: 'absent',
    why: 'null is unsigned: exists for the absent-signature state',
    hash: secondHash,
    signature: null,
    keys: keysBoth,
    expect: 'signature-absent',
  },
  {
    name: 'uppercase-hex',
    why: 'the same signature in uppercase hex: exists for the one-spelling check on the signature text',
    hash: secondHash,
    signature: { key_id: 'test-record', signature: good.signature.toUpperCase() },
    keys: keysBoth,
    expect: 'signature-malformed',
  },
  {
    name: 'extra-member',
    why: 'an alg member beside key_id: exists for refusing a self-described algorithm',
    hash: secondHash,
    signature: { ...good, alg: 'ed25519' },
    keys: keysBoth,
    expect: 'signature-malformed',
  },
  {
    name: 'unknown-key-id',
    why: 'a valid signature under a key_id the trust set lacks: exists for resolving by key_id, never trying every key',
    hash: secondHash,
    signature: { key_id: 'test-missing', signature: good.signature },
    keys: keysBoth,
    expect: 'signature-unknown-key',
  },
  {
    name: 'other-key-under-this-id',
    why: 'signed by the other trusted key but naming test-record: exists for the Ed25519 check under the named key',
    hash: secondHash,
    signature: { key_id: 'test-record', signature: signRecord(sigHash, 'x', OTHER_SEED).signature },
    keys: keysBoth,
    expect: 'signature-invalid',
  },
  {
    name: 'no-domain',
    why: 'Ed25519 over the bare chain hash: exists for the domain separation of the signing input',
    hash: secondHash,
    signature: { key_id: 'test-record', signature: hex.encode(signEd25519(RECORD_SEED, sigHash)) },
    keys: keysBoth,
    expect: 'signature-invalid',
  },
];

// --- audit.hmac ------------------------------------------------------------------
const entry = {
  id: '2026-05-11T00:00:00.000Z-c0ffee00',
  sessionId: 'seam-session',
  ts: '2026-05-11T00:00:00.000Z',
  tool: 'test.echo',
  governance: 'audit-logged',
  input: { text: 'héllo', n: [1, 2.5] },
};
const signedEntry = { ...entry, hmac: signAuditEntry(entry, 'current-secret') };
const rotatedEntry = { ...entry, hmac: signAuditEntry(entry, 'previous-secret') };
const audit = [
  {
    name: 'current-secret',
    why: 'HMAC-SHA256 over rfc004 canonical JSON minus hmac',
    entry: signedEntry,
    secrets: ['current-secret', 'previous-secret'],
    expect: { secretIndex: 0 },
  },
  {
    name: 'rotated-secret',
    why: 'an entry signed before rotation verifies under the previous secret',
    entry: rotatedEntry,
    secrets: ['current-secret', 'previous-secret'],
    expect: { secretIndex: 1 },
  },
  {
    name: 'signature-member-ignored',
    why: 'an RFC-005 signature member beside the hmac is stripped before hashing',
    entry: { ...signedEntry, signature: { keyId: 'k', alg: 'ed25519', value: 'AA' } },
    secrets: ['current-secret'],
    expect: { secretIndex: 0 },
  },
  {
    name: 'edited-input',
    why: 'input changed after signing: exists for the HMAC comparison',
    entry: { ...signedEntry, input: { text: 'hello', n: [1, 2.5] } },
    secrets: ['current-secret', 'previous-secret'],
    expect: 'audit-hmac-mismatch',
  },
  {
    name: 'retired-secret',
    why: 'signed under a secret no longer configured: exists for trying only the configured secrets',
    entry: rotatedEntry,
    secrets: ['current-secret'],
    expect: 'audit-hmac-mismatch',
  },
  {
    name: 'uppercase-hex',
    why: 'the right HMAC in uppercase: exists for the lowercase-hex rule',
    entry: { ...signedEntry, hmac: `sha256:${signedEntry.hmac.slice(7).toUpperCase()}` },
    secrets: ['current-secret'],
    expect: 'audit-hmac-malformed',
  },
  {
    name: 'short-hex',
    why: 'sha256: with 62 hex characters: exists for the exact HMAC length',
    entry: { ...signedEntry, hmac: signedEntry.hmac.slice(0, -2) },
    secrets: ['current-secret'],
    expect: 'audit-hmac-malformed',
  },
  {
    name: 'no-prefix',
    why: 'the right hex without sha256: exists for the prefix rule',
    entry: { ...signedEntry, hmac: signedEntry.hmac.slice(7) },
    secrets: ['current-secret'],
    expect: 'audit-hmac-malformed',
  },
  {
    name: 'hmac-null',
    why: 'an entry stored with hmac null (signing failed): exists for the missing-hmac refusal',
    entry: { ...entry, hmac: null },
    secrets: ['current-secret'],
    expect: 'audit-hmac-missing',
  },
  {
    name: 'no-secret',
    why: 'no secret configured: exists for refusing rather than passing unkeyed',
    entry: signedEntry,
    secrets: [],
    expect: 'audit-no-secret',
  },
  {
    name: 'not-an-object',
    why: 'an array is not an entry: exists for the shape check',
    entry: [signedEntry],
    secrets: ['current-secret'],
    expect: 'audit-not-object',
  },
  {
    name: 'number-overflow',
    why: 'given as JSON text: 1e400 parses to Infinity, which the RFC-004 reference writes as null; the HMAC here is computed directly over the reference\'s bytes {"id":"x","input":{"n":null}} (exists for the rfc004 non-finite reading: red when rfc004 refuses non-finite numbers)',
    entryJson: `{"id":"x","hmac":"sha256:${hex.encode(
      hmac(
        sha256,
        new TextEncoder().encode('current-secret'),
        new TextEncoder().encode('{"id":"x","input":{"n":null}}'),
      ),
    )}","input":{"n":1e400}}`,
    secrets: ['current-secret'],
    expect: { secretIndex: 0 },
  },
];

// --- exports ---------------------------------------------------------------------
const ORIGIN = 'seam.example/agentplane';
const runId = (n: number) => `run_01J8${String(n).padStart(22, '0')}`;
const caseId = (n: number) => `case_01J8${String(n).padStart(22, '0')}`;
const [A, B, C, D] = [runId(1), runId(2), runId(3), runId(4)];
const C1 = caseId(1);
const env = { epoch: 1, v: 1 };
const admitted = (extra: object = {}) => ({
  body: {
    ...env,
    kind: 'RunAdmitted',
    canon: 1,
    capability: 'billing.settle',
    input: { batch: 'B-7', qty: 1, amount: 12.5 },
    ...extra,
  },
});
const step = (extra: object = {}) => ({
  body: { ...env, kind: 'StepStarted', step: 0, skill: 'orders.book', ...extra },
});
const concluded = (extra: object = {}) => ({
  body: { ...env, kind: 'RunConcluded', outcome: 'succeeded', ...extra },
});
const caseBlock = (id: string, runs: string[]) => ({
  case: {
    id,
    kind: 'billing.settlement',
    status: 'open',
    correlation: [{ namespace: 'batch', value: 'B-7' }],
    state: { stage: 'settling' },
    version: 0,
    opened_at: '2026-01-01T00:00:00Z',
    runs,
  },
  deadlines: [],
  blobs: [],
  hold: {
    placed_at: '2026-01-01T00:00:00Z',
    reason: 'litigation L-12',
    by: { actor: 'counsel@example', basis: 'authenticated' },
  },
});

/** Three runs: A sealed (names case C1), B sealed, C open; signed under test-record. */
const basePlan = (): ExportPlan => ({
  origin: ORIGIN,
  key: recordKey,
  runs: [
    { run: A, sealed: true, records: [admitted({ case: C1 }), step({ case: C1 }), concluded()] },
    { run: B, sealed: true, records: [admitted(), concluded({ outcome: 'cancelled' })] },
    { run: C, sealed: false, records: [admitted(), step()] },
  ],
  cases: [caseBlock(C1, [A])],
});
const base = writeExport(basePlan());
// Line positions in the base file (0-based).
const L = {
  header: 0,
  blockA: 1,
  a1: 2,
  a2: 3,
  a3: 4,
  blockB: 5,
  b1: 6,
  b2: 7,
  blockC: 8,
  c1: 9,
  c2: 10,
  case: 11,
  trailer: 12,
};

const parse = (line: string) => JSON.parse(line);
const edit = (lines: readonly string[], i: number, change: (o: any) => void) => {
  const out = [...lines];
  const o = parse(out[i]!);
  change(o);
  out[i] = JSON.stringify(o);
  return out;
};
const without = (lines: readonly string[], ...drop: number[]) => lines.filter((_, i) => !drop.includes(i));
const trailer = (lines: readonly string[], change: (t: any) => void) => edit(lines, lines.length - 1, change);
const insertAt = (lines: readonly string[], i: number, ...add: string[]) => [
  ...lines.slice(0, i),
  ...add,
  ...lines.slice(i),
];

const keysOpt = { 'test-record': pubHex(RECORD_SEED) };
const graderKeysOpt = { 'test-grader': pubHex(GRADER_SEED) };
const cpOf = (w: { checkpoint: { origin: string; size: number; root: string } }) => ({
  checkpoint: w.checkpoint,
});

// Sidecars bound to the base export, in the reference's shape; the verdict is the bytes "pass".
const PASS = utf8('pass');
const sidecar = (
  claim: { run: string; last_seq: number; last_hash: string; open: boolean },
  keySeed = GRADER_SEED,
) => JSON.stringify(signGraderVerdict({ ...claim, content: PASS }, 'test-grader', keySeed));
/** A sidecar object signed exactly as given: for members signGraderVerdict would never write. */
const signedAsIs = (object: Record<string, unknown>) => {
  const { signature: _signature, ...rest } = object;
  const signature = hex.encode(signEd25519(GRADER_SEED, graderSigningInput(rest)));
  return JSON.stringify({ ...rest, signature: { key_id: 'test-grader', signature } });
};
const aHashes = base.hashes[0]!;
const sealedSidecar = sidecar({ run: A, last_seq: 3, last_hash: aHashes[2]!, open: false });
const prefixSidecar = sidecar({ run: A, last_seq: 2, last_hash: aHashes[1]!, open: true });

interface ExportCase {
  name: string;
  why: string;
  lines: string[];
  options?: Record<string, unknown>;
  expect: {
    status: 'sound' | 'findings' | 'unverifiable' | 'unchecked';
    findings: string[];
    notChecked?: string[];
    /** The count each of these not-checked items carries, pinned by hand. */
    notCheckedCounts?: Record<string, number>;
    unaccounted?: { line: number; member: string }[];
    /** Report fields pinned by hand for this case (a subset of ExportReport). */
    report?: Record<string, unknown>;
    /** Each step's outcome (`report.steps`), by step id, pinned by hand. */
    steps?: Record<string, 'pass' | 'refuse' | 'not-checked'>;
  };
}
const sorted = (codes: string[]) => [...codes].sort();
const finding = (
  name: string,
  why: string,
  lines: string[],
  codes: string[],
  options?: Record<string, unknown>,
  unaccounted?: { line: number; member: string }[],
): ExportCase => ({
  name,
  why,
  lines,
  ...(options ? { options } : {}),
  expect: { status: 'findings', findings: sorted(codes), ...(unaccounted ? { unaccounted } : {}) },
});

/** A case read as sound: no finding, `notChecked` what no check covered, `more` what is pinned by hand. */
const soundCase = (
  name: string,
  why: string,
  lines: string[],
  options: Record<string, unknown> | undefined,
  notChecked: string[],
  more: Omit<ExportCase['expect'], 'status' | 'findings' | 'notChecked'> = {},
): ExportCase => ({
  name,
  why,
  lines,
  ...(options ? { options } : {}),
  expect: { status: 'sound', findings: [], notChecked, ...more },
});

// A package: run A of a three-leaf log (B's seal and one more leaf left out), case C1 selected.
const packagePlan = (): ExportPlan => {
  const full = basePlan();
  return {
    ...full,
    runs: [full.runs[0]!],
    disclosure: { cases: [C1], runs: [] },
    otherLeaves: [unhex(base.hashes[1]![1]!), unhex('ab'.repeat(32))],
  };
};
const pkg = writeExport(packagePlan());

// Checkpoint notes: the log signs the base checkpoint, the witness cosigns it at T.
const T = 1_700_000_600;
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');
const checkpointBody = formatCheckpoint({
  origin: ORIGIN,
  size: BigInt(base.checkpoint.size),
  root: unhex(base.checkpoint.root),
  extensions: [],
});
const logSigned = signNote(checkpointBody, [{ name: 'seam.example-log', seed: LOG_SEED }]);
const cosigned = cosign(logSigned, { name: 'test-witness', seed: WITNESS_SEED }, T);
const witnessKey = witnessVerifierKey('test-witness', keyPairFromSeed(WITNESS_SEED).publicKey);
const forged = (() => {
  const lines = cosigned.split('\n');
  const at = lines.length - 2; // the witness line; the note ends with a newline
  const [dash, name, payload] = lines[at]!.split(' ');
  const bytes = Buffer.from(payload!, 'base64');
  bytes[bytes.length - 1]! ^= 0x01;
  lines[at] = `${dash} ${name} ${base64(bytes)}`;
  return lines.join('\n');
})();
const witnessOptions = (now: number) => ({
  keys: keysOpt,
  anchors: [{ note: cosigned }],
  witnessKeys: [witnessKey],
  maxCheckpointAge: 3600,
  now,
});

const sound: ExportCase[] = [
  soundCase(
    'cosigned-anchor',
    'the base checkpoint signed by the log and cosigned by the witness at T, judged fresh at T+60',
    base.lines,
    witnessOptions(T + 60),
    ['blob-bytes', 'case-contents', 'open-runs'],
    {
      report: {
        anchors: [{ anchor: 0, origin: ORIGIN, size: 2, status: 'matched', cosignedBy: ['test-witness'] }],
        witnesses: [{ name: 'test-witness', latest: T }],
      },
    },
  ),
  soundCase(
    'note-anchor-without-witness-keys',
    'the same note compared as a checkpoint; without witness keys its cosignature is reported not checked',
    base.lines,
    { keys: keysOpt, anchors: [{ note: cosigned }] },
    ['blob-bytes', 'case-contents', 'open-runs', 'witness-cosignatures'],
  ),
  soundCase(
    'signed-export',
    'chains, signatures, log and trailer all hold; no anchor, so deletion is reported not checked',
    base.lines,
    { keys: keysOpt },
    ['blob-bytes', 'case-contents', 'deletion', 'open-runs'],
    {
      report: {
        runs: 3,
        records: 7,
        cases: 1,
        sealedRuns: 2,
        openRuns: 1,
        logSize: 2,
        recordSignaturesVerified: 7,
      },
    },
  ),
  soundCase(
    'unkeyed',
    'the same file without record keys: sound, and says signatures were not checked',
    base.lines,
    undefined,
    ['blob-bytes', 'case-contents', 'deletion', 'open-runs', 'record-signatures'],
    { report: { recordSignaturesVerified: 0, openRuns: 1 } },
  ),
  soundCase(
    'anchored-full',
    'an outside checkpoint at the header size with the same root',
    base.lines,
    { keys: keysOpt, anchors: [cpOf(base)] },
    ['blob-bytes', 'case-contents', 'open-runs'],
  ),
  soundCase(
    'anchored-prefix',
    'an outside checkpoint of the first leaf only: the prefix rebuilds, the rest is held to the header',
    base.lines,
    {
      keys: keysOpt,
      anchors: [
        { checkpoint: { origin: ORIGIN, size: 1, root: hex.encode(rootHash([unhex(aHashes[2]!)])) } },
      ],
    },
    ['anchor-prefix-only', 'blob-bytes', 'case-contents', 'open-runs'],
    {
      report: { anchors: [{ anchor: 0, origin: ORIGIN, size: 1, status: 'prefix-matched', cosignedBy: [] }] },
    },
  ),
  soundCase(
    'disclosure-package',
    'one run of a three-leaf log proved by its inclusion path; the selected case carried',
    pkg.lines,
    { keys: keysOpt, anchors: [cpOf(pkg)] },
    ['blob-bytes', 'case-contents'],
    { report: { kind: 'disclosure', runs: 1, sealedRuns: 1, logSize: 3, provenLeaves: 1 } },
  ),
  soundCase(
    'disclosure-anchor-other-size',
    'a package carries no consistency proof, so an outside checkpoint of another size is reported not compared, and deletion (the header against the outside) not checked',
    pkg.lines,
    { keys: keysOpt, anchors: [{ checkpoint: { origin: ORIGIN, size: 2, root: 'ab'.repeat(32) } }] },
    ['anchor-not-compared', 'blob-bytes', 'case-contents', 'deletion'],
    { report: { anchors: [{ anchor: 0, origin: ORIGIN, size: 2, status: 'not-compared', cosignedBy: [] }] } },
  ),
  soundCase(
    'open-run-tail-dropped',
    'the documented limit: records cut from an open run tail (counts adjusted) are invisible to the file',
    trailer(without(base.lines, L.c2), (t) => (t.records -= 1)),
    { keys: keysOpt },
    ['blob-bytes', 'case-contents', 'deletion', 'open-runs'],
  ),
  soundCase(
    'run-dropped-no-anchor',
    'the documented limit: a sealed run dropped and the header re-rooted passes without an outside checkpoint',
    writeExport({ ...basePlan(), runs: basePlan().runs.filter((r) => r.run !== B) }).lines,
    { keys: keysOpt },
    ['blob-bytes', 'case-contents', 'deletion', 'open-runs'],
  ),
  soundCase(
    'unknown-framing-member',
    'a framing member this reader does not know bounds the verdict: listed, not a finding',
    edit(base.lines, L.blockB, (o) => (o.witnessed_at = '2026-01-01T00:00:00Z')),
    { keys: keysOpt },
    ['blob-bytes', 'case-contents', 'deletion', 'open-runs', 'unknown-members'],
    { unaccounted: [{ line: 6, member: 'witnessed_at' }] },
  ),
  soundCase(
    'export-run-carrying-proof',
    'an export (not a package) run block with a proof member: listed as not accounted for, never trusted',
    edit(base.lines, L.blockA, (o) => (o.proof = [])),
    { keys: keysOpt },
    ['blob-bytes', 'case-contents', 'deletion', 'open-runs', 'unknown-members'],
    { unaccounted: [{ line: 2, member: 'proof' }] },
  ),
  {
    name: 'unknown-canon',
    why: 'canon 2 is a rule this reader does not implement: unverifiable, neither sound nor a finding',
    lines: edit(base.lines, L.header, (o) => (o.canon = 2)),
    options: { keys: keysOpt },
    expect: { status: 'unverifiable', findings: [], notChecked: ['rest-of-file'] },
  },
];

// Rebuilt variants (a writer that did something else), for findings the chain must localise:
// written unread, since writeExport refuses a file its reader refuses.
const rebuilt = (change: (p: UnreadPlan) => void) => {
  const p: UnreadPlan = basePlan();
  change(p);
  return writeUnread(p).lines;
};
const runA = (p: ExportPlan) => p.runs[0]! as unknown as { records: any[] };
const runC = (p: ExportPlan) => p.runs[2]! as unknown as { records: any[] };

// Seal of A replaced by an unrelated digest, header re-rooted over it.
const wrongSeal = 'cd'.repeat(32);
const sealMismatch = (() => {
  const lines = edit(base.lines, L.blockA, (o) => (o.seal = wrongSeal));
  return edit(
    lines,
    L.header,
    (o) => (o.checkpoint.root = hex.encode(rootHash([unhex(wrongSeal), unhex(base.hashes[1]![1]!)]))),
  );
})();

/** The base file with qty 1 in record B1's line (its readable body) spelled `qty` instead. */
const b1QtySpelled = (qty: string) => {
  const l = [...base.lines];
  l[L.b1] = l[L.b1]!.replace('"qty":1,', `"qty":${qty},`);
  return l;
};

const findings: ExportCase[] = [
  // Step 1
  finding(
    'header-missing',
    'the header line removed: exists for reading the header from the first line only',
    without(base.lines, L.header),
    ['header-missing'],
  ),
  finding(
    'header-version-unknown',
    'export version 2: exists for refusing an unknown version',
    edit(base.lines, L.header, (o) => (o.version = 2)),
    ['header-version-unknown'],
  ),
  finding(
    'checkpoint-size-zero',
    'only open runs, a size-0 checkpoint beside a non-empty root: exists for the incoherent-checkpoint rule',
    edit(
      writeExport({ ...basePlan(), runs: [basePlan().runs[2]!], cases: [] }).lines,
      0,
      (o) => (o.checkpoint.root = 'ab'.repeat(32)),
    ),
    ['checkpoint-incoherent'],
  ),
  finding(
    'header-repeated',
    'a second header before the case layer: exists for ignoring headers on later lines',
    insertAt(base.lines, L.case, base.lines[L.header]!),
    ['header-repeated'],
  ),
  finding(
    'line-not-json',
    'a truncated line before the trailer: exists for the per-line JSON check',
    insertAt(base.lines, L.trailer, '{"kind":"agentplane.export.case"'),
    ['line-not-json'],
  ),
  finding(
    'line-lone-surrogate',
    'a line escaping a lone surrogate is not JSON this format admits',
    insertAt(base.lines, L.trailer, '{"kind":"agentplane.export.case","x":"\\ud800"}'),
    ['line-not-json'],
  ),
  finding(
    'line-not-object',
    'a JSON array line: exists for lines being objects',
    insertAt(base.lines, L.trailer, '[1,2]'),
    ['line-not-object'],
  ),
  finding(
    'line-not-bytes',
    'a JSON number where a line belongs (a caller whose iterable yields something that is neither a string nor bytes): exists for the line type check, which refuses instead of throwing',
    insertAt(base.lines, L.trailer, 42 as never),
    ['line-not-bytes'],
  ),
  finding(
    'line-too-long',
    'a line over the configured cap: exists for the line-length bound',
    insertAt(base.lines, L.trailer, `{"pad":"${'x'.repeat(3000)}"}`),
    ['line-too-long'],
    { maxLineBytes: 2048 },
  ),
  finding(
    'frame-unknown-kind',
    'a top-level kind that names no frame: exists for the dispatch rule',
    insertAt(base.lines, L.trailer, '{"kind":"agentplane.export.note"}'),
    ['frame-unknown-kind'],
  ),
  // Step 2
  finding(
    'edited-raw',
    'one character of a raw changed, hash kept: exists for hashing the stored bytes before parsing',
    edit(base.lines, L.a2, (o) => (o.raw = o.raw.replace('orders.book', 'orders.boom'))),
    ['record-hash-mismatch'],
    { keys: keysOpt },
  ),
  finding(
    'reordered-member',
    'a writer that put run before kind and chained those bytes: exists for raw having to be canonical',
    rebuilt((p) => {
      const rec = runC(p).records[1];
      rec.raw = `{"epoch":1,"run":"${C}","kind":"StepStarted","seq":2,"skill":"orders.book","step":0,"v":1}`;
    }),
    ['record-not-canonical'],
    { keys: keysOpt },
  ),
  finding(
    'duplicate-member',
    'a raw writing a member twice, chained as written: exists for raw having to be canonical',
    rebuilt((p) => {
      runC(p).records[1].raw =
        `{"epoch":1,"kind":"StepStarted","run":"${C}","seq":2,"skill":"orders.book","skill":"orders.book","step":0,"v":1}`;
    }),
    ['record-not-canonical'],
    { keys: keysOpt },
  ),
  finding(
    'body-int-vs-float',
    'the readable body says qty 1.0 where raw says 1: exists for the type-for-type comparison',
    b1QtySpelled('1.0'),
    ['record-body-mismatch'],
    { keys: keysOpt },
  ),
  finding(
    'body-int-vs-bool',
    'the readable body says qty true where raw says 1: exists for the type-for-type comparison',
    b1QtySpelled('true'),
    ['record-body-mismatch'],
    { keys: keysOpt },
  ),
  finding(
    'record-malformed',
    'the hash member removed from the last record of the open run: exists for the record-line shape check',
    edit(base.lines, L.c2, (o) => delete o.hash),
    ['record-malformed'],
    { keys: keysOpt },
  ),
  finding(
    'record-before-any-run',
    'a record line between the header and the first run block: exists for records belonging to a block',
    trailer(insertAt(base.lines, L.blockA, base.lines[L.c1]!), (t) => (t.records += 1)),
    ['record-outside-run'],
    { keys: keysOpt },
  ),
  finding(
    'signature-member-missing',
    'the signature member removed (not null): exists for telling unsigned from forgotten',
    edit(base.lines, L.c2, (o) => delete o.signature),
    ['signature-member-missing'],
    { keys: keysOpt },
  ),
  finding(
    'run-block-without-id',
    'a run block whose run is empty, counted in the trailer: exists for the run block shape check',
    trailer(insertAt(base.lines, L.case, '{"kind":"agentplane.export.run","run":""}'), (t) => {
      t.runs_requested += 1;
    }),
    ['run-block-malformed'],
    { keys: keysOpt },
  ),
  // Step 3
  finding(
    'dropped-record',
    'the middle record of run A removed, counts adjusted: exists for the link and the seq numbering',
    trailer(without(base.lines, L.a2), (t) => (t.records -= 1)),
    ['record-prev-mismatch', 'record-seq-gap'],
    { keys: keysOpt },
  ),
  finding(
    'seq-gap',
    'a writer that numbered the second record of C as 3: exists for contiguous seq',
    rebuilt((p) => (runC(p).records[1] = step({ seq: 3 }))),
    ['record-seq-gap'],
    { keys: keysOpt },
  ),
  finding(
    'first-seq-not-one',
    'run C numbered from 2: exists for the first-record seq rule',
    rebuilt((p) => (runC(p).records = [admitted({ seq: 2 }), step({ seq: 3 })])),
    ['run-first-seq'],
    { keys: keysOpt },
  ),
  finding(
    'prev-not-predecessor',
    "C's second record linked to zeros (its own hash consistent): exists for the predecessor link",
    rebuilt((p) => (runC(p).records[1].prev = ZERO)),
    ['record-prev-mismatch'],
    { keys: keysOpt },
  ),
  finding(
    'run-b-filed-under-a',
    "B's chain and B's leaf carried under A's id: exists for body.run matching the block",
    writeUnread({
      origin: ORIGIN,
      key: recordKey,
      runs: [
        {
          run: A,
          sealed: true,
          records: [admitted({ run: B }), concluded({ run: B, outcome: 'cancelled' })],
        },
      ],
    }).lines,
    ['record-run-mismatch', 'record-run-mismatch'],
    { keys: keysOpt },
  ),
  finding(
    'chain-head-elsewhere',
    "A's conclusion claims a chain_head other than the head it sits on",
    rebuilt((p) => (runA(p).records[2] = concluded({ chain_head: 'ee'.repeat(32) }))),
    ['chain-head-mismatch'],
    { keys: keysOpt },
  ),
  // Step 4
  finding(
    'signature-uppercase',
    'a record signature in uppercase hex: exists for the signature spelling check',
    edit(base.lines, L.c2, (o) => (o.signature.signature = o.signature.signature.toUpperCase())),
    ['signature-malformed'],
    { keys: keysOpt },
  ),
  finding(
    'signature-unknown-key',
    'a record signature naming a key the auditor did not supply',
    edit(base.lines, L.c2, (o) => (o.signature.key_id = 'test-elsewhere')),
    ['signature-unknown-key'],
    { keys: keysOpt },
  ),
  finding(
    'signature-wrong-record',
    "C's second record carrying its first record's signature: exists for verifying over this hash",
    edit(base.lines, L.c2, (o) => (o.signature = parse(base.lines[L.c1]!).signature)),
    ['signature-invalid'],
    { keys: keysOpt },
  ),
  // Step 5
  finding(
    'position-half',
    'the open run C gains an index without a seal: exists for index and seal travelling together',
    edit(base.lines, L.blockC, (o) => (o.index = 2)),
    ['run-position-malformed'],
    { keys: keysOpt },
  ),
  finding(
    'run-twice',
    'a second block for run C with its own copy of the chain: exists for one block per run',
    trailer(
      insertAt(base.lines, L.case, base.lines[L.blockC]!, base.lines[L.c1]!, base.lines[L.c2]!),
      (t) => {
        t.runs_requested += 1;
        t.runs_exported += 1;
        t.records += 2;
      },
    ),
    ['run-duplicate'],
    { keys: keysOpt },
  ),
  finding(
    'index-claimed-twice',
    "B's block claims index 0, already A's: exists for one owner per position",
    edit(base.lines, L.blockB, (o) => (o.index = 0)),
    ['index-duplicate', 'log-incomplete'],
    { keys: keysOpt },
  ),
  finding(
    'seal-not-terminal',
    "A's seal replaced and the header re-rooted over it: exists for seal equalling the terminal hash",
    sealMismatch,
    ['seal-mismatch'],
    { keys: keysOpt },
  ),
  finding(
    'position-beyond-size',
    "B's index moved to 2 in a log of 2: exists for contiguous positions",
    edit(base.lines, L.blockB, (o) => (o.index = 2)),
    ['positions-not-contiguous'],
    { keys: keysOpt },
  ),
  finding(
    'fewer-runs-than-size',
    'the header commits to a third leaf the file does not carry: exists for partial exports',
    edit(base.lines, L.header, (o) => {
      o.checkpoint.size = 3;
      o.checkpoint.root = hex.encode(
        rootHash([unhex(aHashes[2]!), unhex(base.hashes[1]![1]!), unhex('ab'.repeat(32))]),
      );
    }),
    ['log-incomplete'],
    { keys: keysOpt },
  ),
  finding(
    'root-edited',
    'the header root replaced: exists for comparing the rebuilt root',
    edit(base.lines, L.header, (o) => (o.checkpoint.root = 'ab'.repeat(32))),
    ['root-mismatch'],
    { keys: keysOpt },
  ),
  finding(
    'emptied-sealed-run',
    "B's records removed and the counts adjusted: exists for empty blocks not named unreadable",
    trailer(without(base.lines, L.b1, L.b2), (t) => {
      t.records -= 2;
      t.runs_exported -= 1;
    }),
    ['run-empty'],
    { keys: keysOpt },
  ),
  // Step 6
  finding(
    'dropped-run-header-rewritten',
    'B dropped and the header re-rooted; the anchor printed before says size 2: exists for the outside checkpoint',
    writeExport({ ...basePlan(), runs: basePlan().runs.filter((r) => r.run !== B) }).lines,
    ['anchor-beyond-file'],
    { keys: keysOpt, anchors: [cpOf(base)] },
  ),
  finding(
    'anchor-other-root',
    'an outside checkpoint of the same size with another root: exists for two histories at one size',
    base.lines,
    ['anchor-root-mismatch'],
    { keys: keysOpt, anchors: [{ checkpoint: { ...base.checkpoint, root: 'ab'.repeat(32) } }] },
  ),
  finding(
    'anchor-other-origin',
    'an outside checkpoint of another origin: exists for the origin comparison',
    base.lines,
    ['anchor-origin-mismatch'],
    { keys: keysOpt, anchors: [{ checkpoint: { ...base.checkpoint, origin: 'other.example/log' } }] },
  ),
  finding(
    'anchor-prefix-differs',
    'an outside size-1 checkpoint over another first leaf: exists for the prefix rebuild',
    base.lines,
    ['anchor-prefix-mismatch'],
    { keys: keysOpt, anchors: [{ checkpoint: { origin: ORIGIN, size: 1, root: 'ab'.repeat(32) } }] },
  ),
  finding(
    'log-signed-only',
    'the note carries only the log’s own signature: a checkpoint the operator could have produced',
    base.lines,
    ['anchor-not-cosigned'],
    { ...witnessOptions(T + 60), anchors: [{ note: logSigned }] },
  ),
  finding(
    'witness-other-name',
    'the witness key supplied under another name: name and key id must both match',
    base.lines,
    ['anchor-not-cosigned'],
    {
      ...witnessOptions(T + 60),
      witnessKeys: [witnessVerifierKey('other-witness', keyPairFromSeed(WITNESS_SEED).publicKey)],
    },
  ),
  finding(
    'log-key-as-witness',
    'the log’s own note key (type 0x01) supplied as a witness: a verified note signature is not a cosignature',
    base.lines,
    ['anchor-not-cosigned'],
    {
      ...witnessOptions(T + 60),
      anchors: [{ note: logSigned }],
      witnessKeys: [
        formatVerifierKey(ed25519Verifier('seam.example-log', keyPairFromSeed(LOG_SEED).publicKey)),
      ],
    },
  ),
  finding(
    'stale-witness',
    "judged two hours after the witness's latest cosignature with a one-hour maximum age",
    base.lines,
    ['witness-stale'],
    witnessOptions(T + 7200),
  ),
  finding(
    'witness-ahead',
    "judged two hours before the witness's cosignature time: ahead of this reader's clock",
    base.lines,
    ['witness-ahead'],
    witnessOptions(T - 7200),
  ),
  // Step 7
  finding(
    'case-layer-dropped',
    "C1's block removed, counts adjusted: exists for records naming cases the file carries",
    trailer(without(base.lines, L.case), (t) => (t.cases -= 1)),
    ['case-missing'],
    { keys: keysOpt },
  ),
  finding(
    'case-without-hold',
    'the hold member removed: exists for the required legal hold',
    edit(base.lines, L.case, (o) => delete o.hold),
    ['case-hold-missing'],
    { keys: keysOpt },
  ),
  finding(
    'case-hold-malformed',
    'the hold lacks its reason: exists for the hold shape check',
    edit(base.lines, L.case, (o) => delete o.hold.reason),
    ['case-hold-malformed'],
    { keys: keysOpt },
  ),
  finding(
    'case-without-id',
    'a second case block without an id: exists for the case block shape check',
    trailer(
      insertAt(
        base.lines,
        L.trailer,
        JSON.stringify({
          kind: 'agentplane.export.case',
          case: {},
          deadlines: [],
          blobs: [],
          hold: caseBlock(C1, []).hold,
        }),
      ),
      (t) => (t.cases += 1),
    ),
    ['case-malformed'],
    { keys: keysOpt },
  ),
  // Step 8
  finding(
    'missing-trailer',
    'the last line removed: exists for telling a prefix from a whole file',
    without(base.lines, L.trailer),
    ['trailer-missing'],
    { keys: keysOpt },
  ),
  finding(
    'trailer-records-off',
    'the trailer claims one record more: exists for the count comparison',
    trailer(base.lines, (t) => (t.records += 1)),
    ['trailer-count-mismatch'],
    { keys: keysOpt },
  ),
  finding(
    'line-after-trailer',
    'the case block repeated after the trailer: exists for the trailer ending the file',
    [...base.lines, base.lines[L.case]!],
    ['line-after-trailer'],
    { keys: keysOpt },
  ),
  // Packages
  finding(
    'package-proof-removed',
    "A's inclusion path removed: exists for proving each leaf by its path",
    edit(pkg.lines, 1, (o) => delete o.proof),
    ['proof-missing'],
    { keys: keysOpt },
  ),
  finding(
    'package-proof-edited',
    "one sibling of A's path replaced: exists for the RFC 9162 inclusion check",
    edit(pkg.lines, 1, (o) => (o.proof[0] = 'ab'.repeat(32))),
    ['proof-invalid'],
    { keys: keysOpt },
  ),
  finding(
    'package-leaf-removed',
    "A's index and seal removed though A concluded: exists for packages placing every sealed run",
    edit(pkg.lines, 1, (o) => {
      delete o.index;
      delete o.seal;
      delete o.proof;
    }),
    ['package-run-unplaced'],
    { keys: keysOpt },
  ),
  finding(
    'package-selection-uncarried',
    'the selection names a second case the package does not carry',
    edit(pkg.lines, 0, (o) => o.selection.cases.push(caseId(9))),
    ['selection-case-missing'],
    { keys: keysOpt },
  ),
];

/** A case whose options the verifier refuses as configuration (thrown, never a finding). */
interface OptionsErrorCase {
  name: string;
  why: string;
  lines: string[];
  options: Record<string, unknown>;
  expect: { error: string };
}
const optionsError = (
  name: string,
  why: string,
  options: Record<string, unknown>,
  error: string,
): OptionsErrorCase => ({ name, why, lines: base.lines, options, expect: { error } });

// --- export.graders: sidecars in the reference's shape ---------------------------
const sealedObject = parse(sealedSidecar);
const graderOptions = (verdicts: string[]) => ({
  keys: keysOpt,
  graderVerdicts: verdicts,
  graderKeys: graderKeysOpt,
});
const graderFormat = (name: string, why: string, verdict: string) =>
  finding(name, why, base.lines, ['grader-format'], graderOptions([verdict]));

const graders: ExportCase[] = [
  soundCase(
    'grader-verdicts-hold',
    'a sealed (open: false) and a prefix (open: true) sidecar over run A, content "pass", signatures checked',
    base.lines,
    graderOptions([sealedSidecar, prefixSidecar]),
    ['blob-bytes', 'case-contents', 'deletion', 'open-runs'],
    {
      report: {
        graderVerdicts: [
          { sidecar: 0, run: A, lastSeq: 3, holds: true, signature: 'verified' },
          { sidecar: 1, run: A, lastSeq: 2, holds: true, signature: 'verified' },
        ],
      },
    },
  ),
  soundCase(
    'grader-pretty-printed',
    'the sidecar written as the reference writes it, pretty-printed with a final newline: a reader parses, it does not compare text',
    base.lines,
    graderOptions([`${JSON.stringify(sealedObject, null, 2)}\n`]),
    ['blob-bytes', 'case-contents', 'deletion', 'open-runs'],
  ),
  soundCase(
    'grader-unkeyed',
    'a sidecar without grader keys binds, and its signature is reported not checked',
    base.lines,
    { keys: keysOpt, graderVerdicts: [sealedSidecar] },
    ['blob-bytes', 'case-contents', 'deletion', 'grader-signature', 'open-runs'],
  ),
  graderFormat(
    'grader-extra-member',
    'a member outside the eight, signed as written: exists for the exact member set (deleting it, the sidecar holds)',
    signedAsIs({ ...sealedObject, grader: 'x' }),
  ),
  graderFormat(
    'grader-wrong-kind',
    'kind agentplane.export, signed as written: exists for the kind check (deleting it, the sidecar holds)',
    signedAsIs({ ...sealedObject, kind: 'agentplane.export' }),
  ),
  graderFormat(
    'grader-version-2',
    'version 2, signed as written: exists for the version check (deleting it, the sidecar holds)',
    signedAsIs({ ...sealedObject, version: 2 }),
  ),
  graderFormat(
    'grader-run-not-string',
    'run given as a number, signed as written: exists for the run type check (deleting it, grader-run instead)',
    signedAsIs({ ...sealedObject, run: 1 }),
  ),
  graderFormat(
    'grader-last-seq-zero',
    'last_seq 0, signed as written: exists for last_seq >= 1 (deleting it, grader-last-seq instead)',
    signedAsIs({ ...sealedObject, last_seq: 0 }),
  ),
  graderFormat(
    'grader-last-hash-uppercase',
    'last_hash in uppercase hex, signed as written: exists for the lowercase digest check (deleting it, the binding cannot be judged)',
    signedAsIs({ ...sealedObject, last_hash: aHashes[2]!.toUpperCase() }),
  ),
  graderFormat(
    'grader-open-string',
    'open given as the string "false", signed as written: exists for the boolean check (deleting it, the sidecar holds as open)',
    signedAsIs({ ...sealedObject, open: 'false' }),
  ),
  graderFormat(
    'grader-content-unpadded',
    'content "cGFzcw" (pass without its padding), signed as written: exists for strict padded base64 (deleting it, the sidecar holds)',
    signedAsIs({ ...sealedObject, content: 'cGFzcw' }),
  ),
  graderFormat(
    'grader-signature-null',
    'signature null: exists for the signature shape check (deleting it, grader-signature instead)',
    JSON.stringify({ ...sealedObject, signature: null }),
  ),
  finding(
    'grader-content-edited',
    'content changed to "fail" after signing: exists for the content being inside the signed bytes (the grader signature check)',
    base.lines,
    ['grader-signature'],
    graderOptions([JSON.stringify({ ...sealedObject, content: 'ZmFpbA==' })]),
  ),
  finding(
    'grader-run-absent',
    'a sidecar naming run D, which the file does not carry',
    base.lines,
    ['grader-run'],
    graderOptions([sidecar({ run: D, last_seq: 1, last_hash: aHashes[0]!, open: true })]),
  ),
  finding(
    'grader-run-unsound',
    'a sidecar over run A whose middle raw was edited: exists for binding only to runs that verify',
    edit(base.lines, L.a2, (o) => (o.raw = o.raw.replace('orders.book', 'orders.boom'))),
    ['grader-soundness', 'record-hash-mismatch'],
    graderOptions([sealedSidecar]),
  ),
  finding(
    'grader-seq-absent',
    'a sidecar naming seq 4 of a three-record run',
    base.lines,
    ['grader-last-seq'],
    graderOptions([sidecar({ run: A, last_seq: 4, last_hash: aHashes[2]!, open: true })]),
  ),
  finding(
    'grader-hash-differs',
    "a sidecar naming seq 2 with seq 1's hash: exists for the prefix commitment",
    base.lines,
    ['grader-last-hash'],
    graderOptions([sidecar({ run: A, last_seq: 2, last_hash: aHashes[0]!, open: true })]),
  ),
  finding(
    'grader-open-false-early',
    'open: false at seq 2 of a run sealed at seq 3: exists for the sealed-at-last_seq rule',
    base.lines,
    ['grader-open'],
    graderOptions([sidecar({ run: A, last_seq: 2, last_hash: aHashes[1]!, open: false })]),
  ),
  finding(
    'grader-open-false-on-open-run',
    'open: false at the last record of run C, which has no seal: exists for open: false needing a sealed run',
    base.lines,
    ['grader-open'],
    graderOptions([sidecar({ run: C, last_seq: 2, last_hash: base.hashes[2]![1]!, open: false })]),
  ),
  finding(
    'grader-other-key',
    'a sidecar signed by another key under test-grader: exists for the grader signature check',
    base.lines,
    ['grader-signature'],
    graderOptions([sidecar({ run: A, last_seq: 3, last_hash: aHashes[2]!, open: false }, OTHER_SEED)]),
  ),
];

// --- export.reference-readings: what the reference second reader accepts ---------
const caseEdit = (change: (o: any) => void) => edit(base.lines, L.case, change);
const holdFinding = (name: string, why: string, change: (hold: any) => void) =>
  finding(
    name,
    why,
    caseEdit((o) => change(o.hold)),
    ['case-hold-malformed'],
    { keys: keysOpt },
  );
const keyedSound = ['blob-bytes', 'case-contents', 'deletion', 'open-runs'];
/** A package of run A (sealed) and run E, open, whose last conclusion has `outcome`. */
const E = runId(5);
const packageWithOpen = (outcome: string) => {
  const plan = packagePlan();
  return writeUnread({
    ...plan,
    runs: [...plan.runs, { run: E, sealed: false, records: [admitted(), concluded({ outcome })] }],
  });
};
const SEALING = [
  'succeeded',
  'cancelled',
  'abandoned',
  'swept',
  'broke-glass',
  'halt-lifted',
  'hold-released',
  'observed',
];

const referenceReadings: (ExportCase | OptionsErrorCase)[] = [
  soundCase(
    'hold-null',
    'hold: null is a case not under hold (deleting the null reading, case-hold-malformed)',
    caseEdit((o) => (o.hold = null)),
    { keys: keysOpt },
    keyedSound,
  ),
  soundCase(
    'hold-offset-and-fraction',
    'placed_at with fractional seconds and a -05:00 offset, basis connected: a well-formed hold',
    caseEdit((o) => {
      o.hold.placed_at = '2025-12-31T19:00:00.250-05:00';
      o.hold.by.basis = 'connected';
    }),
    { keys: keysOpt },
    keyedSound,
  ),
  soundCase(
    'hold-leap-day-asserted',
    'placed_at on 2024-02-29 (a leap year) at a +14:00 offset, basis asserted: a well-formed hold',
    caseEdit((o) => {
      o.hold.placed_at = '2024-02-29T23:59:59+14:00';
      o.hold.by.basis = 'asserted';
    }),
    { keys: keysOpt },
    keyedSound,
  ),
  holdFinding(
    'hold-placed-at-words',
    'placed_at "last tuesday": exists for the RFC 3339 form check (deleting it, sound)',
    (h) => (h.placed_at = 'last tuesday'),
  ),
  holdFinding(
    'hold-placed-at-no-offset',
    'placed_at without Z or an offset names no instant: exists for the RFC 3339 form check',
    (h) => (h.placed_at = '2026-01-01T00:00:00'),
  ),
  holdFinding(
    'hold-month-13',
    'placed_at in month 13: exists for the month range check (deleting it, sound)',
    (h) => (h.placed_at = '2026-13-01T00:00:00Z'),
  ),
  holdFinding(
    'hold-february-29-2026',
    'placed_at on 2026-02-29, a day 2026 does not have: exists for the day-in-month check (deleting it, sound)',
    (h) => (h.placed_at = '2026-02-29T00:00:00Z'),
  ),
  holdFinding(
    'hold-hour-24',
    'placed_at at hour 24: exists for the hour range check (deleting it, sound)',
    (h) => (h.placed_at = '2026-01-01T24:00:00Z'),
  ),
  holdFinding(
    'hold-minute-60',
    'placed_at at minute 60: exists for the minute range check (deleting it, sound)',
    (h) => (h.placed_at = '2026-01-01T00:60:00Z'),
  ),
  holdFinding(
    'hold-second-61',
    'placed_at at second 61 (60 is the leap second RFC 3339 allows): exists for the second range check (deleting it, sound)',
    (h) => (h.placed_at = '2026-01-01T00:00:61Z'),
  ),
  holdFinding(
    'hold-offset-hour-24',
    'placed_at at offset +24:00: exists for the offset range check (deleting it, sound)',
    (h) => (h.placed_at = '2026-01-01T00:00:00+24:00'),
  ),
  holdFinding(
    'hold-reason-number',
    'reason given as a number: exists for the reason type check (deleting it, sound)',
    (h) => (h.reason = 12),
  ),
  holdFinding(
    'hold-extra-member',
    'the hold gains an expires_at member: exists for the hold’s exact member set (deleting it, sound)',
    (h) => (h.expires_at = '2027-01-01T00:00:00Z'),
  ),
  holdFinding(
    'hold-by-extra-member',
    'by gains a role member: exists for by’s exact member set (deleting it, sound)',
    (h) => (h.by.role = 'counsel'),
  ),
  holdFinding(
    'hold-actor-blank',
    'actor of three spaces: exists for the non-blank actor check (deleting it, sound)',
    (h) => (h.by.actor = '   '),
  ),
  holdFinding(
    'hold-actor-empty',
    'actor the empty string: exists for the non-blank actor check',
    (h) => (h.by.actor = ''),
  ),
  holdFinding(
    'hold-basis-unknown',
    'basis "trusted", not one of authenticated, asserted, connected: exists for the basis check (deleting it, sound)',
    (h) => (h.by.basis = 'trusted'),
  ),
  soundCase(
    'unreadable-run',
    'an empty block the trailer names unreadable as {run, reason} is unchecked, not tampered with',
    writeExport({ ...basePlan(), unreadable: [{ run: D, reason: 'the store returned an I/O error' }] }).lines,
    { keys: keysOpt },
    ['blob-bytes', 'case-contents', 'deletion', 'open-runs', 'unreadable-runs'],
    { report: { runs: 4, openRuns: 2 } },
  ),
  finding(
    'unreadable-as-strings',
    'the trailer names run D as a bare string (this project’s former writer): exists for the {run, reason} entry check (deleting it, only run-empty)',
    trailer(
      writeExport({ ...basePlan(), unreadable: [{ run: D, reason: 'x' }] }).lines,
      (t) => (t.unreadable = [D]),
    ),
    ['run-empty', 'trailer-malformed'],
    { keys: keysOpt },
  ),
  finding(
    'unreadable-without-reason',
    'an unreadable entry carrying only its run: exists for the {run, reason} entry check',
    trailer(
      writeExport({ ...basePlan(), unreadable: [{ run: D, reason: 'x' }] }).lines,
      (t) => delete t.unreadable[0].reason,
    ),
    ['run-empty', 'trailer-malformed'],
    { keys: keysOpt },
  ),
  finding(
    'trailer-unreadable-not-list',
    'unreadable as a single string: exists for the trailer shape check',
    trailer(base.lines, (t) => (t.unreadable = D)),
    ['trailer-malformed'],
    { keys: keysOpt },
  ),
  ...['failed', 'exhausted'].map(
    (outcome): ExportCase =>
      soundCase(
        `package-open-${outcome}`,
        `a package carrying run E open after a RunConcluded with outcome ${outcome}, which leaves a run resumable: not a removed leaf (deleting the sealing-outcome set, package-run-unplaced)`,
        packageWithOpen(outcome).lines,
        { keys: keysOpt, anchors: [cpOf(pkg)] },
        ['blob-bytes', 'case-contents', 'open-runs'],
      ),
  ),
  ...SEALING.map((outcome) =>
    finding(
      `package-open-${outcome}`,
      `a package carrying run E open after a RunConcluded with outcome ${outcome}, which seals: exists for ${outcome} being in the sealing-outcome set (deleting it from the set, sound)`,
      packageWithOpen(outcome).lines,
      ['package-run-unplaced'],
      { keys: keysOpt, anchors: [cpOf(pkg)] },
    ),
  ),
  soundCase(
    'white-space-lines',
    'lines of spaces, a tab, a CR and a no-break space before the header and between frames are blank lines (deleting the blank-line reading, header-missing)',
    ['  ', ...insertAt(insertAt(base.lines, L.trailer, '\t', '\u00a0'), L.blockB, '\r', '')],
    { keys: keysOpt },
    keyedSound,
  ),
  soundCase(
    'position-null',
    'the open run C written with index: null and seal: null: the same as both absent (deleting that reading, run-position-malformed)',
    edit(base.lines, L.blockC, (o) => {
      o.index = null;
      o.seal = null;
    }),
    { keys: keysOpt },
    keyedSound,
  ),
  finding(
    'position-seal-beside-null-index',
    'run C given a seal beside index: null: a present value alone claims a position nothing can check',
    edit(base.lines, L.blockC, (o) => {
      o.index = null;
      o.seal = 'ab'.repeat(32);
    }),
    ['run-position-malformed'],
    { keys: keysOpt },
  ),
  optionsError(
    'anchor-note-not-checkpoint',
    'a note anchor whose body is not a checkpoint is a bad configuration, not a finding about the file: exists for the note body check',
    { keys: keysOpt, anchors: [{ note: 'not a checkpoint\n\n— w AAAA\n' }] },
    'bad-anchor',
  ),
  optionsError(
    'anchor-size-zero',
    'an outside checkpoint of size 0 beside a non-empty root, a log that cannot exist: exists for the coherence check',
    { keys: keysOpt, anchors: [{ checkpoint: { origin: ORIGIN, size: 0, root: 'ab'.repeat(32) } }] },
    'bad-anchor',
  ),
  optionsError(
    'anchor-origin-with-space',
    'an outside checkpoint whose origin holds a space: exists for the origin check',
    { keys: keysOpt, anchors: [{ checkpoint: { ...base.checkpoint, origin: 'seam example' } }] },
    'bad-anchor',
  ),
  optionsError(
    'anchor-size-negative',
    'an outside checkpoint of size -1: exists for the size check',
    { keys: keysOpt, anchors: [{ checkpoint: { ...base.checkpoint, size: -1 } }] },
    'bad-anchor',
  ),
  optionsError(
    'anchor-root-short',
    'an outside checkpoint whose root is 31 bytes: exists for the root length check',
    { keys: keysOpt, anchors: [{ checkpoint: { ...base.checkpoint, root: base.checkpoint.root.slice(2) } }] },
    'bad-anchor',
  ),
];

// --- export.own-readings: where this project keeps its own reading --------------
/** Run C's second record with a `ratio` member, its raw spelled `raw` when given. */
const withRatio = (raw?: string) =>
  rebuilt((p) => {
    runC(p).records[1] = step({ ratio: 0.00001 });
    if (raw !== undefined) runC(p).records[1].raw = raw;
  });
const ownReadings: ExportCase[] = [
  finding(
    'digest-uppercase-header-root',
    'ours, kept: the header root in uppercase hex is refused because the format spells digests in lowercase (the reference at 21c6b42 accepts it); exists for the checkpoint digest check',
    edit(base.lines, L.header, (o) => (o.checkpoint.root = o.checkpoint.root.toUpperCase())),
    ['header-malformed'],
  ),
  finding(
    'digest-uppercase-record-hash',
    'ours, kept: a record line whose hash is in uppercase hex is malformed, not equal to its lowercase twin; exists for the record digest check',
    edit(base.lines, L.c2, (o) => (o.hash = o.hash.toUpperCase())),
    ['record-malformed'],
    { keys: keysOpt },
  ),
  finding(
    'digest-uppercase-seal',
    "ours, kept: B's seal in uppercase hex claims no position (and the log then lacks B's leaf); exists for the seal digest check",
    edit(base.lines, L.blockB, (o) => (o.seal = o.seal.toUpperCase())),
    ['log-incomplete', 'run-position-malformed'],
    { keys: keysOpt },
  ),
  soundCase(
    'float-positional',
    'ours, kept: 0.00001 is canonical as written positionally, as ECMAScript writes every magnitude in [1e-6, 1e21)',
    withRatio(),
    { keys: keysOpt },
    keyedSound,
  ),
  finding(
    'float-exponent-spelling',
    'ours, kept: a raw spelling 0.00001 as 1e-05 (Python repr, which the reference at 21c6b42 takes as canonical) is not canonical: exists for the canonical comparison',
    withRatio(
      `{"epoch":1,"kind":"StepStarted","ratio":1e-05,"run":"${C}","seq":2,"skill":"orders.book","step":0,"v":1}`,
    ),
    ['record-not-canonical'],
    { keys: keysOpt },
  ),
  finding(
    'line-seq-differs',
    "ours, kept: the line's seq says 5 where the hashed body says 2, a finding (the reference at 21c6b42 reads only the body's); exists for holding the line to its body",
    edit(base.lines, L.a2, (o) => (o.seq = 5)),
    ['record-seq-mismatch'],
    { keys: keysOpt },
  ),
  finding(
    'run-after-cases',
    'ours, kept: run C moved after the case layer breaks the section 9 block order, a finding (the reference at 21c6b42 reads it); exists for the frame order check',
    [
      ...without(base.lines, L.blockC, L.c1, L.c2, L.trailer),
      base.lines[L.blockC]!,
      base.lines[L.c1]!,
      base.lines[L.c2]!,
      base.lines[L.trailer]!,
    ],
    ['frame-out-of-order'],
    { keys: keysOpt },
  ),
  finding(
    'line-repeated-member',
    "ours, DECIDED: a record line naming `seq` twice is not JSON this format admits (agentplane-v1 reads I-JSON), where the reference's json.loads keeps the last; exists for refusing repeated members in framing lines",
    base.lines.map((line, i) => (i === L.a2 ? line.replace('{', '{"seq":2,') : line)),
    ['line-not-json', 'record-prev-mismatch', 'record-seq-gap', 'trailer-count-mismatch'],
    { keys: keysOpt },
  ),
  finding(
    'note-anchor-unverified',
    'ours, kept: a note anchor whose only cosignature does not verify under the supplied witness key (one bit flipped) is a finding, not a compared checkpoint; exists for verifying the cosignature, not just finding its line',
    base.lines,
    ['anchor-not-cosigned'],
    { ...witnessOptions(T + 60), anchors: [{ note: forged }] },
  ),
];

// --- export.unchecked: the report says what no check covered ---------------------
const withReport = (c: ExportCase, report: Record<string, unknown>): ExportCase => ({
  ...c,
  expect: { ...c.expect, report },
});
const unsignedLines = writeExport({ ...basePlan(), key: undefined }).lines;
const unchecked: ExportCase[] = [
  soundCase(
    'case-contents-listed',
    'a file carrying a case block lists case-contents as not checked, with the number of blocks (deleting the item, its absence is red)',
    base.lines,
    { keys: keysOpt, anchors: [cpOf(base)] },
    ['blob-bytes', 'case-contents', 'open-runs'],
    { notCheckedCounts: { 'case-contents': 1, 'open-runs': 1 } },
  ),
  soundCase(
    'hold-reason-edited',
    'one character of the hold reason changed: nothing commits to it, so sound, and the report says case contents were not checked',
    caseEdit((o) => (o.hold.reason = 'litigation L-13')),
    { keys: keysOpt, anchors: [cpOf(base)] },
    ['blob-bytes', 'case-contents', 'open-runs'],
  ),
  soundCase(
    'no-case-blocks',
    'a file without case blocks does not list case-contents',
    writeExport({ ...basePlan(), runs: basePlan().runs.slice(1), cases: [] }).lines,
    { keys: keysOpt },
    ['blob-bytes', 'deletion', 'open-runs'],
  ),
  soundCase(
    'unsigned-without-keys',
    'every record unsigned, no keys: sound, and the report says signatures were not checked and seven records are unsigned',
    unsignedLines,
    undefined,
    ['blob-bytes', 'case-contents', 'deletion', 'open-runs', 'record-signatures', 'unsigned-records'],
    {
      notCheckedCounts: { 'record-signatures': 0, 'unsigned-records': 7 },
      report: { recordSignaturesVerified: 0 },
    },
  ),
  soundCase(
    'signed-without-keys',
    'every record signed, no keys: record-signatures is listed (seven signed) and unsigned-records is not',
    base.lines,
    undefined,
    ['blob-bytes', 'case-contents', 'deletion', 'open-runs', 'record-signatures'],
    { notCheckedCounts: { 'record-signatures': 7 } },
  ),
  finding(
    'unsigned-under-keys',
    'one record written unsigned while keys are supplied: exists for stripping not being a way to pass',
    rebuilt((p) => (runC(p).records[1].unsigned = true)),
    ['signature-absent'],
    { keys: keysOpt },
  ),
  finding(
    'unsigned-file-under-keys',
    'every record unsigned while keys are supplied (as the reference reader, strictly): seven signature-absent findings',
    unsignedLines,
    [
      'signature-absent',
      'signature-absent',
      'signature-absent',
      'signature-absent',
      'signature-absent',
      'signature-absent',
      'signature-absent',
    ],
    { keys: keysOpt },
  ),
  withReport(
    finding(
      'edited-raw-signature-not-counted',
      'the middle raw of run A edited, its signature still valid over the claimed hash: six record signatures verified, not seven (exists for counting only signatures over records whose hash checked)',
      edit(base.lines, L.a2, (o) => (o.raw = o.raw.replace('orders.book', 'orders.boom'))),
      ['record-hash-mismatch'],
      { keys: keysOpt },
    ),
    { recordSignaturesVerified: 6 },
  ),
];

// --- export.strict: fail closed on request ---------------------------------------
/** Two sealed runs, no case, no open run, every record signed. */
const closedPlan = (): ExportPlan => ({
  origin: ORIGIN,
  key: recordKey,
  runs: [
    { run: A, sealed: true, records: [admitted(), step(), concluded()] },
    { run: B, sealed: true, records: [admitted(), concluded({ outcome: 'cancelled' })] },
  ],
});
const closed = writeExport(closedPlan());
const closedNote = signNote(
  formatCheckpoint({
    origin: ORIGIN,
    size: BigInt(closed.checkpoint.size),
    root: unhex(closed.checkpoint.root),
    extensions: [],
  }),
  [{ name: 'seam.example-log', seed: LOG_SEED }],
);
/** Keyed, anchored, strict, blob bytes waived: the one item no file can ever settle. */
const strictly = (extra: Record<string, unknown> = {}) => ({
  keys: keysOpt,
  anchors: [cpOf(closed)],
  strict: true,
  allowUnchecked: ['blob-bytes'],
  ...extra,
});
const strictCase = (
  name: string,
  why: string,
  lines: string[],
  options: Record<string, unknown>,
  notChecked: string[],
  unchecked: string[],
  waived: string[] = ['blob-bytes'],
  unaccounted?: { line: number; member: string }[],
): ExportCase => ({
  name,
  why,
  lines,
  options,
  expect: {
    status: unchecked.length > 0 ? 'unchecked' : 'sound',
    findings: [],
    notChecked,
    ...(unaccounted ? { unaccounted } : {}),
    report: { strict: { unchecked, waived } },
  },
});

const strictGroup: (ExportCase | OptionsErrorCase)[] = [
  strictCase(
    'strict-closed-file',
    'a keyed, anchored file with no open run and no case, blob bytes waived: sound under strict (deleting the waiver, unchecked)',
    closed.lines,
    strictly(),
    ['blob-bytes'],
    [],
  ),
  strictCase(
    'strict-everything-waived',
    'the base file without keys or anchor, every item it leaves unchecked waived by name: sound',
    base.lines,
    {
      strict: true,
      allowUnchecked: ['blob-bytes', 'case-contents', 'deletion', 'open-runs', 'record-signatures'],
    },
    ['blob-bytes', 'case-contents', 'deletion', 'open-runs', 'record-signatures'],
    [],
    ['record-signatures', 'deletion', 'open-runs', 'case-contents', 'blob-bytes'],
  ),
  strictCase(
    'strict-blob-bytes',
    'the closed file under strict with nothing waived: blob bytes are never in a file (exists for strict judging every item)',
    closed.lines,
    strictly({ allowUnchecked: undefined }),
    ['blob-bytes'],
    ['blob-bytes'],
    [],
  ),
  strictCase(
    'strict-no-record-keys',
    'no record keys: record-signatures keeps a strict verdict from sound',
    closed.lines,
    strictly({ keys: undefined }),
    ['blob-bytes', 'record-signatures'],
    ['record-signatures'],
  ),
  strictCase(
    'strict-unsigned-records',
    'every record unsigned, no keys, record-signatures waived: the unsigned records alone keep it from sound',
    writeExport({ ...closedPlan(), key: undefined }).lines,
    strictly({ keys: undefined, allowUnchecked: ['blob-bytes', 'record-signatures'] }),
    ['blob-bytes', 'record-signatures', 'unsigned-records'],
    ['unsigned-records'],
    ['record-signatures', 'blob-bytes'],
  ),
  strictCase(
    'strict-no-outside-checkpoint',
    'no outside checkpoint: deletion keeps a strict verdict from sound',
    closed.lines,
    strictly({ anchors: undefined }),
    ['blob-bytes', 'deletion'],
    ['deletion'],
  ),
  strictCase(
    'strict-open-run',
    'run C carried open beside the closed runs: open-runs keeps a strict verdict from sound',
    writeExport({
      ...closedPlan(),
      runs: [...closedPlan().runs, { run: C, sealed: false, records: [admitted()] }],
    }).lines,
    strictly(),
    ['blob-bytes', 'open-runs'],
    ['open-runs'],
  ),
  strictCase(
    'strict-case-contents',
    'a case block carried: case-contents keeps a strict verdict from sound',
    writeExport({ ...closedPlan(), cases: [caseBlock(C1, [A])] }).lines,
    strictly(),
    ['blob-bytes', 'case-contents'],
    ['case-contents'],
  ),
  strictCase(
    'strict-grader-unkeyed',
    'a sidecar bound without grader keys: grader-signature keeps a strict verdict from sound',
    closed.lines,
    strictly({
      graderVerdicts: [sidecar({ run: A, last_seq: 3, last_hash: closed.hashes[0]![2]!, open: false })],
    }),
    ['blob-bytes', 'grader-signature'],
    ['grader-signature'],
  ),
  strictCase(
    'strict-note-unwitnessed',
    'a note anchor read without witness keys: witness-cosignatures keeps a strict verdict from sound',
    closed.lines,
    strictly({ anchors: [{ note: closedNote }] }),
    ['blob-bytes', 'witness-cosignatures'],
    ['witness-cosignatures'],
  ),
  strictCase(
    'strict-prefix-anchor',
    'an outside checkpoint of the first leaf only: anchor-prefix-only keeps a strict verdict from sound',
    closed.lines,
    strictly({
      anchors: [
        {
          checkpoint: { origin: ORIGIN, size: 1, root: hex.encode(rootHash([unhex(closed.hashes[0]![2]!)])) },
        },
      ],
    }),
    ['anchor-prefix-only', 'blob-bytes'],
    ['anchor-prefix-only'],
  ),
  strictCase(
    'strict-unreadable-run',
    'a run the trailer names unreadable (its empty block is open, waived): unreadable-runs keeps a strict verdict from sound',
    writeExport({ ...closedPlan(), unreadable: [{ run: D, reason: 'the store returned an I/O error' }] })
      .lines,
    strictly({ allowUnchecked: ['blob-bytes', 'open-runs'] }),
    ['blob-bytes', 'open-runs', 'unreadable-runs'],
    ['unreadable-runs'],
    ['open-runs', 'blob-bytes'],
  ),
  strictCase(
    'strict-unknown-member',
    'a framing member this reader does not know: unknown-members keeps a strict verdict from sound',
    edit(closed.lines, 1, (o) => (o.witnessed_at = '2026-01-01T00:00:00Z')),
    strictly(),
    ['blob-bytes', 'unknown-members'],
    ['unknown-members'],
    ['blob-bytes'],
    [{ line: 2, member: 'witnessed_at' }],
  ),
  strictCase(
    'strict-freshness-unjudged',
    'a maximum age and witness keys, but only a plain checkpoint anchor: no cosignature to judge freshness by, so witness-freshness keeps a strict verdict from sound',
    closed.lines,
    strictly({ witnessKeys: [witnessKey], maxCheckpointAge: 3600, now: T }),
    ['blob-bytes', 'witness-freshness'],
    ['witness-freshness'],
  ),
  strictCase(
    'strict-package-other-size',
    'a package beside an outside checkpoint of another size (case contents waived): anchor-not-compared, and deletion with it, keep a strict verdict from sound',
    pkg.lines,
    strictly({
      anchors: [{ checkpoint: { origin: ORIGIN, size: 2, root: 'ab'.repeat(32) } }],
      allowUnchecked: ['blob-bytes', 'case-contents'],
    }),
    ['anchor-not-compared', 'blob-bytes', 'case-contents', 'deletion'],
    ['deletion', 'anchor-not-compared'],
    ['case-contents', 'blob-bytes'],
  ),
  finding(
    'strict-finding-first',
    'the closed file without its trailer under strict: a finding outranks anything not checked',
    without(closed.lines, closed.lines.length - 1),
    ['trailer-missing'],
    strictly(),
  ),
  optionsError(
    'allow-without-strict',
    'allowUnchecked without strict waives nothing: refused as a bad option rather than ignored',
    { allowUnchecked: ['blob-bytes'] },
    'bad-options',
  ),
  optionsError(
    'allow-unknown-item',
    'allowUnchecked naming an item that is not a not-checked code: refused as a bad option',
    { strict: true, allowUnchecked: ['blob-bytes', 'everything'] },
    'bad-options',
  ),
];

// --- export.established: what a verification established, and strict: 'caller-material' ----
/** Each step's outcome: those not named pass, graders (no sidecar) established nothing. */
const steps = (changed: Record<string, 'pass' | 'refuse' | 'not-checked'> = {}) =>
  ({
    lines: 'pass',
    header: 'pass',
    records: 'pass',
    runs: 'pass',
    signatures: 'pass',
    log: 'pass',
    anchors: 'pass',
    cases: 'pass',
    trailer: 'pass',
    graders: 'not-checked',
    ...changed,
  }) as const;
/** The base file written under another key than test-record: a forger's own. */
const forgedOwnKey = writeExport({ ...basePlan(), key: { keyId: 'test-record', seed: OTHER_SEED } });
const material = (extra: Record<string, unknown> = {}) => ({ strict: 'caller-material', ...extra });
/** A strict case (or, with `unchecked` null, one read without strict), each step's outcome pinned. */
const establishedCase = (
  name: string,
  why: string,
  lines: string[],
  options: Record<string, unknown>,
  notChecked: string[],
  unchecked: string[] | null,
  stepOutcomes: Record<string, 'pass' | 'refuse' | 'not-checked'>,
  waived: string[] = [],
): ExportCase => {
  const c: ExportCase =
    unchecked === null
      ? soundCase(name, why, lines, options, notChecked)
      : strictCase(name, why, lines, options, notChecked, unchecked, waived);
  return { ...c, expect: { ...c.expect, steps: steps(stepOutcomes) } };
};

const establishedGroup: (ExportCase | OptionsErrorCase)[] = [
  establishedCase(
    'nothing-supplied',
    'the base file without record keys or an outside checkpoint, not strict: sound, yet the signatures and anchors steps established nothing and say not-checked (exists for a step without its material never passing)',
    base.lines,
    {},
    ['blob-bytes', 'case-contents', 'deletion', 'open-runs', 'record-signatures'],
    null,
    { signatures: 'not-checked', anchors: 'not-checked' },
  ),
  establishedCase(
    'forged-own-key',
    "the base file signed with a forger's own key under the real key's id, read with no record keys and no outside checkpoint under caller-material: not sound, record-signatures and deletion unchecked (the issue's forgery)",
    forgedOwnKey.lines,
    material(),
    ['blob-bytes', 'case-contents', 'deletion', 'open-runs', 'record-signatures'],
    ['record-signatures', 'deletion'],
    { signatures: 'not-checked', anchors: 'not-checked' },
  ),
  establishedCase(
    'keyed-unanchored',
    'record keys but no outside checkpoint under caller-material: deletion alone keeps it from sound (exists for deletion being caller material)',
    base.lines,
    material({ keys: keysOpt }),
    ['blob-bytes', 'case-contents', 'deletion', 'open-runs'],
    ['deletion'],
    { anchors: 'not-checked' },
  ),
  establishedCase(
    'anchored-unkeyed',
    'an outside checkpoint but no record keys under caller-material: record-signatures alone keeps it from sound (exists for record-signatures being caller material)',
    base.lines,
    material({ anchors: [cpOf(base)] }),
    ['blob-bytes', 'case-contents', 'open-runs', 'record-signatures'],
    ['record-signatures'],
    { signatures: 'not-checked' },
  ),
  establishedCase(
    'keyed-anchored',
    "record keys and an outside checkpoint at the header size under caller-material: sound; open runs, case contents and blob bytes are limits of the file, not the caller's material, and not judged",
    base.lines,
    material({ keys: keysOpt, anchors: [cpOf(base)] }),
    ['blob-bytes', 'case-contents', 'open-runs'],
    [],
    {},
  ),
  establishedCase(
    'prefix-anchored',
    'record keys and an outside checkpoint of the first leaf only: deletion checked as far as the outside knew, sound under caller-material (anchor-prefix-only is not caller material)',
    base.lines,
    material({
      keys: keysOpt,
      anchors: [
        { checkpoint: { origin: ORIGIN, size: 1, root: hex.encode(rootHash([unhex(aHashes[2]!)])) } },
      ],
    }),
    ['anchor-prefix-only', 'blob-bytes', 'case-contents', 'open-runs'],
    [],
    {},
  ),
  establishedCase(
    'waived-by-name',
    'no record keys, no outside checkpoint, both waived by name under caller-material: sound, and the report names the waivers',
    base.lines,
    material({ allowUnchecked: ['record-signatures', 'deletion'] }),
    ['blob-bytes', 'case-contents', 'deletion', 'open-runs', 'record-signatures'],
    [],
    { signatures: 'not-checked', anchors: 'not-checked' },
    ['record-signatures', 'deletion'],
  ),
  establishedCase(
    'note-unwitnessed',
    'keyed, anchored by the cosigned note but without witness keys: witness-cosignatures keeps it from sound under caller-material (exists for witness cosignatures being caller material)',
    base.lines,
    material({ keys: keysOpt, anchors: [{ note: cosigned }] }),
    ['blob-bytes', 'case-contents', 'open-runs', 'witness-cosignatures'],
    ['witness-cosignatures'],
    { signatures: 'not-checked' },
  ),
  establishedCase(
    'freshness-unjudged',
    'keyed and anchored by a plain checkpoint, a maximum age and witness keys but no cosignature to judge it by: witness-freshness keeps it from sound under caller-material',
    base.lines,
    material({
      keys: keysOpt,
      anchors: [cpOf(base)],
      witnessKeys: [witnessKey],
      maxCheckpointAge: 3600,
      now: T,
    }),
    ['blob-bytes', 'case-contents', 'open-runs', 'witness-freshness'],
    ['witness-freshness'],
    { signatures: 'not-checked' },
  ),
  establishedCase(
    'grader-unkeyed',
    'keyed, anchored, a sidecar bound without grader keys: grader-signature keeps it from sound under caller-material',
    base.lines,
    material({ keys: keysOpt, anchors: [cpOf(base)], graderVerdicts: [sealedSidecar] }),
    ['blob-bytes', 'case-contents', 'grader-signature', 'open-runs'],
    ['grader-signature'],
    { graders: 'not-checked' },
  ),
  establishedCase(
    'grader-keyed',
    'the same sidecar under its grader key: the graders step passes',
    base.lines,
    material({
      keys: keysOpt,
      anchors: [cpOf(base)],
      graderVerdicts: [sealedSidecar],
      graderKeys: graderKeysOpt,
    }),
    ['blob-bytes', 'case-contents', 'open-runs'],
    [],
    { graders: 'pass' },
  ),
  establishedCase(
    'package-other-size',
    'a keyed package beside an outside checkpoint of another size: nothing compared, so deletion keeps it from sound under caller-material (exists for an uncompared anchor not counting as one)',
    pkg.lines,
    material({
      keys: keysOpt,
      anchors: [{ checkpoint: { origin: ORIGIN, size: 2, root: 'ab'.repeat(32) } }],
    }),
    ['anchor-not-compared', 'blob-bytes', 'case-contents', 'deletion'],
    ['deletion'],
    { anchors: 'not-checked' },
  ),
  establishedCase(
    'closed-no-case',
    'a keyed, anchored file with no open run and no case block: the cases step established nothing and says not-checked',
    closed.lines,
    material({ keys: keysOpt, anchors: [cpOf(closed)] }),
    ['blob-bytes'],
    [],
    { cases: 'not-checked' },
  ),
  optionsError(
    'strict-unknown-mode',
    "strict that is neither a boolean nor 'caller-material': refused as a bad option rather than read as true",
    { strict: 'everything' },
    'bad-options',
  ),
];

export const parts = [
  {
    file: 'chain.json',
    content: {
      note: 'agent-seam chain vectors (packages/chain/vectors/generate.ts). Keys come from fixed seeds: record 0x11*32 (test-record), other 0x12*32, grader 0x33*32 (test-grader), witness 0x22*32 (test-witness). Export cases give the file as lines and the verifier options; expect.findings is the sorted list of finding codes, with repeats; expect.notChecked the sorted set of not-checked codes; expect.error a configuration the verifier refuses by throwing SeamError with that code. expect.steps, where given, the outcome of each step of report.steps by step id. In the export.* groups other than export.sound and export.findings, a case is a refusal when its status is findings or unchecked, or it expects an error.',
      'chain.links': links,
      'chain.signatures': signatures,
      'audit.hmac': audit,
      'export.sound': sound,
      'export.findings': findings,
      'export.graders': graders,
      'export.reference-readings': referenceReadings,
      'export.own-readings': ownReadings,
      'export.unchecked': unchecked,
      'export.strict': strictGroup,
      'export.established': establishedGroup,
    },
  },
];
