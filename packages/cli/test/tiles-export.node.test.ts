import { createReadStream, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { hex, unwrap } from '@agent-seam/canonical';
import { type RunPlan, writeExport } from '@agent-seam/chain';
import { keyPairFromSeed } from '@agent-seam/did';
import { rootHash } from '@agent-seam/merkle';
import {
  cosign,
  cosignatureVerifier,
  ed25519Verifier,
  formatCheckpoint,
  formatVerifierKey,
  signNote,
} from '@agent-seam/tlog-note';
import { verifyTlogProof } from '@agent-seam/tlog-tiles';
import { describe, expect, it } from 'vitest';
import { ALICE_SEED, BOB_SEED, seam, seedOf, workdir } from './run.js';

// seam tiles write --export: an agentplane export's log of sealed runs published as tiles,
// read back over HTTP, and one run's inclusion handed on as a tlog-proof.
const ORIGIN = 'example.com/agentplane';
const runId = (i: number) => `run_01J8${String(i).padStart(22, '0')}`;
const run = (i: number, sealed = true): RunPlan => ({
  run: runId(i),
  sealed,
  records: [
    { body: { epoch: 1, v: 1, kind: 'RunAdmitted', canon: 1, capability: 'x', input: { i } } },
    ...(sealed ? [{ body: { epoch: 1, v: 1, kind: 'RunConcluded', outcome: 'succeeded' } }] : []),
  ],
});
/** An export of `sealed` sealed runs (log positions 0..sealed-1) and one open run after them. */
function generated(sealed: number) {
  const written = writeExport({
    origin: ORIGIN,
    runs: [...Array.from({ length: sealed }, (_, i) => run(i)), run(sealed, false)],
  });
  // A sealed run's seal is its terminal chain hash: the last of its record hashes.
  const seals = written.hashes.slice(0, sealed).map((h) => unwrap(hex.decode(h.at(-1)!)));
  return { text: `${written.lines.join('\n')}\n`, checkpoint: written.checkpoint, seals };
}

const logSigner = { name: ORIGIN, seed: seedOf(ALICE_SEED) };
const witness = { name: 'witness.example/w1', seed: seedOf(BOB_SEED) };
const quorum = {
  log: ed25519Verifier(ORIGIN, keyPairFromSeed(logSigner.seed).publicKey),
  witnesses: [cosignatureVerifier(witness.name, keyPairFromSeed(witness.seed).publicKey)],
  atLeast: 1,
};
const NOW = 1_700_000_600;
/** The log's own cosigned checkpoint note of the export's header, as an auditor holds it. */
const noteOf = (c: { origin: string; size: number; root: string }) =>
  cosign(
    signNote(
      formatCheckpoint({
        origin: c.origin,
        size: BigInt(c.size),
        root: unwrap(hex.decode(c.root)),
        extensions: [],
      }),
      [logSigner],
    ),
    witness,
    1_700_000_000,
  );

async function serve<T>(dir: string, use: (url: string) => Promise<T>): Promise<T> {
  const server = createServer((request, response) => {
    const file = join(dir, (request.url ?? '/').replace(/^\/log\//, ''));
    if (!statSync(file, { throwIfNoEntry: false })?.isFile()) return void response.writeHead(404).end();
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}/log/`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('seam tiles write --export', () => {
  const exported = generated(300);
  const vkeys = [
    '--log',
    formatVerifierKey(quorum.log),
    '--witness',
    formatVerifierKey(quorum.witnesses[0]!),
  ];

  it('publishes the log under the export’s own cosigned checkpoint; a run’s inclusion proves over HTTP', async () => {
    const dir = workdir({ 'export.jsonl': exported.text, 'export.note': noteOf(exported.checkpoint) });
    const wrote = await seam(dir, [
      'tiles',
      'write',
      'runs',
      '--export',
      'export.jsonl',
      '--checkpoint',
      'export.note',
    ]);
    expect(wrote.code, wrote.stdout).toBe(0);
    expect(wrote.stdout).toBe(
      'wrote 3 tiles, 2 entry bundles and the checkpoint of 300 leaves (from 0) to runs; the checkpoint is export.note’s\n',
    );
    // Verbatim: the tile log's checkpoint is the note the caller holds, nothing re-signed.
    expect(readFileSync(join(dir, 'runs', 'checkpoint'), 'utf8')).toBe(noteOf(exported.checkpoint));
    for (const index of [0, 257, 299]) {
      const proved = await serve(join(dir, 'runs'), (url) =>
        seam(dir, [
          'tiles',
          'prove',
          url,
          ...vkeys,
          '--quorum',
          '1',
          '--now',
          String(NOW),
          '--index',
          String(index),
        ]),
      );
      expect(proved.code, proved.stdout).toBe(0);
      const verified = verifyTlogProof(proved.stdout, {
        origin: ORIGIN,
        quorum,
        entry: exported.seals[index]!,
        now: NOW,
      });
      expect(verified.ok && verified.value.index).toBe(BigInt(index));
      expect(verified.ok && hex.encode(verified.value.checkpoint.root)).toBe(exported.checkpoint.root);
      // The run's seal at its own position, and no other.
      const other = exported.seals[(index + 1) % 300]!;
      const refused = verifyTlogProof(proved.stdout, { origin: ORIGIN, quorum, entry: other, now: NOW });
      expect(refused.ok || refused.code).toBe('root-mismatch');
    }
    expect(exported.checkpoint.root).toBe(hex.encode(rootHash(exported.seals)));
  });

  it('signs the header’s checkpoint with --seed-file when the caller has no note, and appends a later export', async () => {
    const later = generated(520);
    const dir = workdir({ 'export.jsonl': exported.text, 'later.jsonl': later.text, 'log.seed': ALICE_SEED });
    const write = (file: string, ...more: string[]) =>
      seam(dir, ['tiles', 'write', 'runs', '--export', file, '--seed-file', 'log.seed', ...more]);
    const first = await write('export.jsonl');
    expect(first.stdout).toMatch(
      /; its key: seam note key --seed-file SEED --name example.com\/agentplane\n$/,
    );
    // A later export of the same log extends it: only what its 220 new runs add is written.
    expect(JSON.parse((await write('later.jsonl', '--json')).stdout).value).toMatchObject({
      size: 520,
      from: 300,
    });
    const proved = await seam(dir, [
      'tiles',
      'prove',
      'runs',
      '--log',
      formatVerifierKey(quorum.log),
      '--index',
      '519',
    ]);
    expect(proved.code).toBe(0);
    const verified = verifyTlogProof(proved.stdout, {
      origin: ORIGIN,
      quorum: { ...quorum, witnesses: [], atLeast: 0 },
      entry: later.seals[519]!,
      now: 'off',
    });
    expect(verified.ok && hex.encode(verified.value.checkpoint.root)).toBe(later.checkpoint.root);
    // The earlier export does not extend the later log.
    const back = await write('export.jsonl');
    expect(back.stdout).toMatch(/^cannot write \[not-an-extension\]: the log in runs has 520 leaves/);
  });

  it('refuses an export with findings, a disclosure package, and a note of another origin or tree', async () => {
    const disclosed = writeExport({
      origin: ORIGIN,
      runs: [run(0)],
      disclosure: { cases: [], runs: [runId(0)] },
      otherLeaves: [new Uint8Array(32)],
    });
    const smaller = generated(299);
    const dir = workdir({
      'export.jsonl': exported.text,
      'edited.jsonl': exported.text.replace('"input":{"i":7}', '"input":{"i":8}'),
      'package.jsonl': `${disclosed.lines.join('\n')}\n`,
      'canon2.jsonl': exported.text.replace('"canon":1}', '"canon":2}'),
      'other-origin.note': noteOf({ ...exported.checkpoint, origin: 'example.com/other' }),
      'smaller.note': noteOf(smaller.checkpoint),
      'log.seed': ALICE_SEED,
    });
    const firstLine = async (args: string[]) => {
      const r = await seam(dir, ['tiles', 'write', 'runs', ...args]);
      expect(r.code).toBe(1);
      return r.stdout.split('\n')[0];
    };
    expect(await firstLine(['--export', 'edited.jsonl', '--seed-file', 'log.seed'])).toMatch(
      /^cannot write \[export-findings\]: edited\.jsonl has 1 finding\(s\), the first \[record-body-mismatch\]: the readable body does not match its wire bytes; seam export verify edited\.jsonl lists them$/,
    );
    expect(await firstLine(['--export', 'canon2.jsonl', '--seed-file', 'log.seed'])).toBe(
      'cannot write [export-unverifiable]: canon2.jsonl names a canon this reader does not implement',
    );
    expect(await firstLine(['--export', 'package.jsonl', '--seed-file', 'log.seed'])).toBe(
      'cannot write [not-a-whole-export]: package.jsonl is a disclosure package: it carries the leaves it discloses, not the log',
    );
    expect(await firstLine(['--export', 'export.jsonl', '--checkpoint', 'other-origin.note'])).toBe(
      'cannot write [origin-mismatch]: --checkpoint other-origin.note is of another origin than the export’s header, example.com/agentplane',
    );
    // The writer's own refusal: its code said once, not again at the head of the detail.
    expect(await firstLine(['--export', 'export.jsonl', '--checkpoint', 'smaller.note'])).toBe(
      'cannot write [checkpoint-mismatch]: the checkpoint is not of this tree at its size 300',
    );
    expect(await firstLine(['--export', 'export.jsonl', '--checkpoint', 'log.seed'])).toMatch(
      /^cannot write \[malformed-note\]: --checkpoint log\.seed: /,
    );
    expect(statSync(join(dir, 'runs'), { throwIfNoEntry: false })).toBeUndefined();
  });

  it('usage errors exit 2: one source, one checkpoint, and no flag the choice makes meaningless', async () => {
    const dir = workdir({ 'export.jsonl': exported.text, 'leaves.txt': 'a\n', 'log.seed': ALICE_SEED });
    const code = async (args: string[]) => (await seam(dir, ['tiles', 'write', 'runs', ...args])).code;
    const seed = ['--seed-file', 'log.seed'];
    expect(await code(['--export', 'export.jsonl', '--leaves', 'leaves.txt', ...seed])).toBe(2);
    expect(await code(seed)).toBe(2);
    expect(await code(['--export', 'export.jsonl'])).toBe(2);
    expect(await code(['--export', 'export.jsonl', ...seed, '--checkpoint', 'x.note'])).toBe(2);
    expect(await code(['--export', 'export.jsonl', ...seed, '--origin', ORIGIN])).toBe(2);
    expect(await code(['--export', 'export.jsonl', ...seed, '--text'])).toBe(2);
    expect(await code(['--leaves', 'leaves.txt', '--text', '--checkpoint', 'log.seed', '--name', 'n'])).toBe(
      2,
    );
    expect(await code(['--export', 'none.jsonl', ...seed])).toBe(4);
    expect(await code(['--export', 'export.jsonl', '--checkpoint', 'none.note'])).toBe(4);
    expect(statSync(join(dir, 'runs'), { throwIfNoEntry: false })).toBeUndefined();
  });
});

// A leaf too large for an entry bundle: the writer's code once on the first line.
describe('seam tiles write refusals', () => {
  it('says the writer’s code once', async () => {
    const dir = workdir({ 'huge.txt': `${'x'.repeat(70_000)}\n`, 'log.seed': ALICE_SEED });
    const r = await seam(dir, [
      'tiles',
      'write',
      'out',
      '--leaves',
      'huge.txt',
      '--text',
      '--origin',
      'o.example/log',
      '--seed-file',
      'log.seed',
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^cannot write \[entry-too-large\]: (?!entry-too-large)\S/);
  });
});
