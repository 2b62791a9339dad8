import { createReadStream, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { base64Strict } from '@agent-seam/canonical';
import { leafHash, MerkleTree } from '@agent-seam/merkle';
import { describe, expect, it } from 'vitest';
import { ALICE_SEED, BOB_SEED, seam, vkeyOf, workdir } from './run.js';

// seam tiles write, seam tiles prove (a directory and a URL), seam proof make and verify.
const leaves = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => `entry ${from + i}`);
const text = (lines: string[]) => `${lines.join('\n')}\n`;
const utf8 = (s: string) => new TextEncoder().encode(s);
const tree = (n: number) => MerkleTree.fromLeaves(leaves(0, n).map(utf8));

async function keys(dir: string) {
  const log = await vkeyOf(dir, 'log.seed', 'example.com/log');
  const w1 = await vkeyOf(dir, 'w1.seed', 'w1.example', '--witness');
  return { log, w1 };
}

/** `seam tiles write log` of the text leaves in FILE, as example.com/log signed with log.seed. */
const writeLog = (file: string, ...more: string[]) => [
  'tiles',
  'write',
  'log',
  '--leaves',
  file,
  '--text',
  '--origin',
  'example.com/log',
  '--seed-file',
  'log.seed',
  ...more,
];

/** `seam proof make` of leaves.txt's entry INDEX under log/checkpoint. */
const makeProof = (index: number, ...more: string[]) => [
  'proof',
  'make',
  'leaves.txt',
  '--text',
  '--checkpoint',
  'log/checkpoint',
  '--index',
  String(index),
  ...more,
];

/** `seam tiles prove log --log VKEY` in DIR, the proof's options after. */
const prove = async (dir: string, log: string, ...more: string[]) =>
  await seam(dir, ['tiles', 'prove', 'log', '--log', log, ...more]);

/** A log of 300 entries written to ./log and cosigned by w1. */
async function published() {
  const dir = workdir({ 'leaves.txt': text(leaves(0, 300)), 'log.seed': ALICE_SEED, 'w1.seed': BOB_SEED });
  const wrote = await seam(dir, writeLog('leaves.txt'));
  expect(wrote.code).toBe(0);
  const cosigned = await seam(dir, [
    'note',
    'cosign',
    'log/checkpoint',
    '--seed-file',
    'w1.seed',
    '--name',
    'w1.example',
    '--now',
    '1700000000',
  ]);
  writeFileSync(join(dir, 'log', 'checkpoint'), cosigned.stdout);
  return { dir, ...(await keys(dir)), wrote };
}

describe('seam tiles and seam proof', () => {
  it('write, prove an entry from the directory, verify the proof offline', async () => {
    const { dir, log, w1, wrote } = await published();
    expect(wrote.stdout).toMatch(
      /^wrote 3 tiles, 2 entry bundles and the checkpoint of 300 leaves \(from 0\) to log;/,
    );
    // Entry 7 proved from the directory under w1's cosignature, and its proof verified.
    const prove7 = (...more: string[]) =>
      prove(dir, log, '--witness', w1, '--quorum', '1', '--index', '7', ...more);
    const policy = ['--origin', 'example.com/log', '--log', log, '--witness', w1, '--quorum', '1'];
    const verify7 = (...more: string[]) =>
      seam(dir, ['proof', 'verify', 'e7.tlog-proof', ...policy, '--entry', 'entry-7', ...more]);
    const proved = await prove7();
    expect(proved.code).toBe(0);
    expect(proved.stdout).toMatch(/^c2sp\.org\/tlog-proof@v1\nindex 7\n/);
    writeFileSync(join(dir, 'e7.tlog-proof'), proved.stdout);
    writeFileSync(join(dir, 'entry-7'), 'entry 7');
    const verified = await verify7();
    expect(verified.code).toBe(0);
    expect(verified.stdout).toMatch(
      /^verified: entry 7 is in example.com\/log's tree of 300 leaves \(root [0-9a-f]{64}\), signed by example.com\/log, w1.example\n/,
    );
    const byHash = await seam(
      dir,
      [
        'proof',
        'verify',
        '-',
        ...policy,
        '--leaf-hash',
        Buffer.from(leafHash(utf8('entry 7'))).toString('hex'),
        '--json',
      ],
      proved.stdout,
    );
    expect(JSON.parse(byHash.stdout)).toMatchObject({
      command: 'proof verify',
      ok: true,
      proof: { index: '7', size: '300' },
    });
    // The witness's cosignature time is judged: at the machine clock unless --now says, said either way.
    expect(verified.stdout).toMatch(
      /\njudged at [0-9T:-]+Z \(the machine clock; --now TIME or --now off to choose\)\n/,
    );
    expect(proved.stderr).toMatch(/^judged at [0-9T:-]+Z \(the machine clock/);
    const early = await verify7('--now', '1699999999');
    expect(early.code).toBe(1);
    expect(early.stdout).toMatch(
      /^refused \[cosignature-in-future\]: 1 s in the future \(allowed skew 0 s\)/,
    );
    const stale = await verify7('--now', '1700007200', '--max-age', '3600');
    expect(stale.stdout).toMatch(/^refused \[stale-cosignature\]/);
    const waived = await verify7('--now', 'off');
    expect(waived.code).toBe(0);
    expect(waived.stdout).toMatch(
      /^signatures valid, NOT everything checked: entry 7 is in example.com\/log's tree of 300 leaves .*\ntime NOT checked: --now off waives it\n/,
    );
    const tooEarly = await prove7('--now', '1699999999');
    expect(tooEarly.code).toBe(1);
    expect(tooEarly.stdout).toMatch(/^refused \[cosignature-in-future\]/);
    writeFileSync(join(dir, 'entry-8'), 'entry 8');
    const wrong = await seam(dir, ['proof', 'verify', 'e7.tlog-proof', ...policy, '--entry', 'entry-8']);
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toMatch(
      /^refused \[root-mismatch\]: the root rebuilt from the proof is not the root given\n/,
    );
    // A vkey whose name was edited no longer matches its key id: a usage error, before the file is read.
    const altered = await seam(dir, [
      'proof',
      'verify',
      'e7.tlog-proof',
      '--origin',
      'example.com/log',
      '--log',
      log,
      '--entry',
      'entry-7',
      '--witness',
      w1,
      '--witness',
      w1.replace('w1.example', 'w2.example'),
      '--quorum',
      '2',
    ]);
    expect(altered.code).toBe(2);
  });

  it('the consistency proof from an older size, one base64 hash a line, equals the tree’s', async () => {
    const { dir, log } = await published();
    const proved = await prove(dir, log, '--consistency', '100');
    expect(proved.code).toBe(0);
    expect(proved.stdout).toBe(
      tree(300)
        .consistencyProof(100)
        .map((h) => `${base64Strict.encode(h)}\n`)
        .join(''),
    );
  });

  it('appends a batch without rewriting a full tile, and refuses leaves that do not extend the log', async () => {
    const { dir, log } = await published();
    writeFileSync(join(dir, 'more.txt'), text(leaves(0, 520)));
    const full = statSync(join(dir, 'log', 'tile', '0', '000')).mtimeMs;
    const appended = await seam(dir, writeLog('more.txt', '--json'));
    expect(JSON.parse(appended.stdout)).toEqual({
      command: 'tiles write',
      ok: true,
      value: { dir: 'log', size: 520, from: 300, tiles: 3, entryBundles: 2 },
    });
    expect(statSync(join(dir, 'log', 'tile', '0', '000')).mtimeMs).toBe(full);
    const proved = await prove(dir, log, '--index', '519');
    expect(proved.code).toBe(0);
    writeFileSync(join(dir, 'other.txt'), text(['not the log', ...leaves(1, 600)]));
    const refused = await seam(dir, writeLog('other.txt'));
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/^cannot write \[not-an-extension\]: the log in log has 520 leaves/);
  });

  it('reads the same log over HTTP from its URL', async () => {
    const { dir, log, w1 } = await published();
    const server = createServer((request, response) => {
      const file = join(dir, 'log', (request.url ?? '/').replace(/^\/tiles\//, ''));
      if (!statSync(file, { throwIfNoEntry: false })?.isFile()) return void response.writeHead(404).end();
      createReadStream(file).pipe(response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tiles/`;
      const args = ['--log', log, '--witness', w1, '--quorum', '1', '--index', '299'];
      const overHttp = await seam(dir, ['tiles', 'prove', url, ...args]);
      const fromDisk = await seam(dir, ['tiles', 'prove', 'log', ...args]);
      expect(overHttp.code).toBe(0);
      expect(overHttp.stdout).toBe(fromDisk.stdout);
      const json = JSON.parse((await seam(dir, ['tiles', 'prove', url, ...args, '--json'])).stdout);
      // Leaf 299 needs the two partial tiles only (the left half is one hash of tile/1/000.p/1).
      expect(json.value.reads).toEqual({ checkpoints: 1, tiles: 2, entryBundles: 0 });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('refuses a checkpoint under a quorum it does not meet, with the check that refused', async () => {
    const { dir, log, w1 } = await published();
    const w2 = await vkeyOf(dir, 'log.seed', 'w2.example', '--witness');
    const refused = await prove(dir, log, '--witness', w1, '--witness', w2, '--quorum', '2', '--index', '1');
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/^refused \[witness-quorum-not-met\]/);
    const beyond = await prove(dir, log, '--index', '300', '--json');
    expect(beyond.code).toBe(1);
    expect(JSON.parse(beyond.stdout)).toMatchObject({ ok: false, code: 'beyond-checkpoint' });
  });

  it('proof make writes what proof verify accepts, extra data shown as not signed', async () => {
    const { dir, log } = await published();
    writeFileSync(join(dir, 'extra.bin'), 'build 42');
    const made = await seam(dir, makeProof(12, '--extra-file', 'extra.bin'));
    expect(made.code).toBe(0);
    expect(made.stdout).toContain(`\nextra ${base64Strict.encode(utf8('build 42'))}\nindex 12\n`);
    writeFileSync(join(dir, 'entry-12'), 'entry 12');
    const verified = await seam(
      dir,
      ['proof', 'verify', '-', '--origin', 'example.com/log', '--log', log, '--entry', 'entry-12'],
      made.stdout,
    );
    expect(verified.code).toBe(0);
    expect(verified.stdout).toContain('extra data (not signed, not trusted): 6275696c64203432');
    const beyond = await seam(dir, makeProof(300));
    expect(beyond.code).toBe(1);
  });

  it('usage errors exit 2, unreadable inputs 4', async () => {
    const { dir, log, w1 } = await published();
    const code = async (args: string[]) => (await seam(dir, args)).code;
    const verify = ['proof', 'verify', 'leaves.txt', '--origin', 'example.com/log'];
    expect(await code([...verify, '--log', log])).toBe(2); // no --leaf-hash or --entry
    expect(await code([...verify, '--log', log, '--leaf-hash', 'ab', '--entry', 'x'])).toBe(2);
    expect(await code([...verify, '--log', log, '--leaf-hash', 'ab'])).toBe(2);
    expect(await code([...verify, '--log', 'not-a-vkey', '--leaf-hash', '00'.repeat(32)])).toBe(2);
    expect(await code([...verify, '--log', log, '--witness', w1, '--leaf-hash', '00'.repeat(32)])).toBe(2); // --quorum missing
    expect(await code([...verify, '--log', log, '--quorum', '1', '--leaf-hash', '00'.repeat(32)])).toBe(2); // 1 of 0 witnesses
    expect(
      await code(['proof', 'verify', 'nope', '--origin', 'o', '--log', log, '--leaf-hash', '00'.repeat(32)]),
    ).toBe(4);
    expect(await code(['tiles', 'prove', 'log', '--log', log])).toBe(2);
    expect(await code(['tiles', 'prove', 'log', '--log', log, '--index', '1', '--consistency', '2'])).toBe(2);
    expect(await code(['tiles', 'prove', 'log', '--log', log, '--consistency', '0'])).toBe(2);
    expect(await code(['tiles', 'prove', 'no-such-dir', '--log', log, '--index', '1'])).toBe(4);
    expect(
      await code(['tiles', 'write', 'log2', '--leaves', 'leaves.txt', '--text', '--seed-file', 'log.seed']),
    ).toBe(2);
    expect(
      await code([
        'tiles',
        'write',
        'log2',
        '--leaves',
        'none.txt',
        '--origin',
        'o',
        '--seed-file',
        'log.seed',
      ]),
    ).toBe(4);
    expect(await code(['proof', 'make', 'leaves.txt', '--text', '--checkpoint', 'log/checkpoint'])).toBe(2);
  });
});
