import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hex, unwrap } from '@agent-seam/canonical';
import { cid, encode } from '@agent-seam/coredet-cbor';
import { main } from '../src/main.js';

// Most tests run the command in-process, from its sources, as `main(argv, streams)`: a
// directory of files as the working directory, stdin given, stdout and stderr caught. So a
// mutation run (pnpm mutate) sees every line they execute. The README walkthrough runs the
// BUILT command in a spawned process, as a user does (seamBuilt); a dist older than the
// sources would test old code, so that fails.
const pkg = join(import.meta.dirname, '..');
const BIN = join(pkg, 'dist', 'bin.js');

function newest(dir: string): number {
  let t = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true }))
    t = Math.max(
      t,
      entry.isDirectory() ? newest(join(dir, entry.name)) : statSync(join(dir, entry.name)).mtimeMs,
    );
  return t;
}

export function assertBuilt(): void {
  let built: number;
  try {
    built = statSync(BIN).mtimeMs;
  } catch {
    throw new Error(
      'packages/cli/dist/bin.js is missing: build first (npx turbo run build --filter=@agent-seam/cli)',
    );
  }
  if (built < newest(join(pkg, 'src')))
    throw new Error(
      'packages/cli/dist is older than src/: rebuild (npx turbo run build --filter=@agent-seam/cli)',
    );
}

export interface Run {
  code: number | null;
  stdout: string;
  /** stdout as the bytes written (in-process runs). */
  bytes?: Uint8Array;
  stderr: string;
}

/** What a usage error (exit 2) is: nothing on stdout, and the whole stderr `seam: MESSAGE`. */
export const usage = (message: string) => ({ code: 2, stdout: '', stderr: `seam: ${message}\n` });

/** Runs `seam ARGS` in-process in `cwd` with `stdin` given (none: empty). */
export async function seam(cwd: string, args: string[], stdin: string | Uint8Array = ''): Promise<Run> {
  const stdout: Uint8Array[] = [];
  let stderr = '';
  const before = process.cwd();
  process.chdir(cwd);
  try {
    const code = await main(args, {
      stdin: () => Buffer.from(stdin),
      stdout: (chunk) => void stdout.push(Buffer.from(chunk)),
      stderr: (text) => {
        stderr += text;
      },
    });
    const bytes = Buffer.concat(stdout);
    return { code, stdout: bytes.toString('utf8'), bytes, stderr };
  } finally {
    process.chdir(before);
  }
}

/**
 * `seam wba verify FILE` with the key directory DIRECTORY, for AUTHORITY, judged at NOW
 * (left out: no --now, the usage error).
 */
export const wbaVerify = (file: string, directory: string, authority: string, now?: number) => [
  'wba',
  'verify',
  file,
  '--directory',
  directory,
  '--authority',
  authority,
  ...(now === undefined ? [] : ['--now', String(now)]),
];

/** Runs the built `seam ARGS` in a spawned process in `cwd`, `stdin` piped in, as a user does. */
export function seamBuilt(cwd: string, args: string[], stdin: string | Uint8Array = ''): Run {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, input: stdin, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The version `seam --version` prints: the package's. */
export const VERSION: string = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8')).version;

/**
 * An AID as the README's examples stand one in: the CID of a small DAG-CBOR record holding
 * the identity key.
 */
export const aidOf = (key: Uint8Array): string =>
  cid(
    encode(
      new Map<number, string | Uint8Array>([
        [0, 'example inception'],
        [1, key],
      ]),
    ),
    { codec: 'dag-cbor' },
  ).text;

/** A fresh directory holding `files`. */
export function workdir(files: Record<string, string | Uint8Array> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'seam-cli-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

/** Two agents' seeds as seed files hold them (64 hex characters and a newline). */
export const ALICE_SEED = `${'01'.repeat(32)}\n`;
export const BOB_SEED = `${'02'.repeat(32)}\n`;

/** A seed file's text as the 32 bytes it holds. */
export const seedOf = (text: string): Uint8Array => unwrap(hex.decode(text.trim()));

/** dack keys as the library takes them, and as a keys file (`--dack-keys-out`) holds them: hex. */
export const DACK_KEYS = {
  processedToken: new Uint8Array(16).fill(1),
  refusedToken: new Uint8Array(16).fill(2),
  noteKey: new Uint8Array(32).fill(3),
  handle: new Uint8Array(16).fill(4),
};
export const DACK_KEYS_HEX = Object.fromEntries(
  Object.entries(DACK_KEYS).map(([name, bytes]) => [name, hex.encode(bytes)]),
);

/** The verifier key `seam note key` prints for the seed file in `dir` under `name` (`--witness` in `more`). */
export async function vkeyOf(
  dir: string,
  seedFile: string,
  name: string,
  ...more: string[]
): Promise<string> {
  return (await seam(dir, ['note', 'key', '--seed-file', seedFile, '--name', name, ...more])).stdout.trim();
}

/**
 * A checkpoint of the log `example.com/log` signed with ALICE_SEED by `seam note sign`, the
 * log's and a witness's (BOB_SEED, `w1.example`) verifier keys, and the note cosigned at `now`.
 */
export async function signedCheckpoint(now: number) {
  const LOG = 'example.com/log';
  const body = `${LOG}\n4\n${Buffer.alloc(32, 7).toString('base64')}\n`;
  const dir = workdir({ 'log.seed': ALICE_SEED, 'witness.seed': BOB_SEED, 'body.txt': body });
  const signed = (await seam(dir, ['note', 'sign', 'body.txt', '--seed-file', 'log.seed', '--name', LOG]))
    .stdout;
  const logKey = await vkeyOf(dir, 'log.seed', LOG);
  const witnessKey = await vkeyOf(dir, 'witness.seed', 'w1.example', '--witness');
  const cosign = [
    'note',
    'cosign',
    '-',
    '--seed-file',
    'witness.seed',
    '--name',
    'w1.example',
    '--now',
    String(now),
  ];
  const cosigned = (await seam(dir, cosign, signed)).stdout;
  return { LOG, body, dir, signed, logKey, witnessKey, cosigned };
}
