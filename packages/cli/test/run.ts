import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// The tests run the BUILT command as a user does: a spawned process, files in a temp
// directory, stdin piped. A dist older than the sources would test old code, so that fails.
const pkg = join(import.meta.dirname, '..');
export const BIN = join(pkg, 'dist', 'bin.js');

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
  stderr: string;
}

/** Runs `seam ARGS` in `cwd` with `stdin` piped in. */
export function seam(cwd: string, args: string[], stdin?: string | Uint8Array): Run {
  const r = spawnSync(process.execPath, [BIN, ...args], { cwd, input: stdin ?? '', encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A fresh directory holding `files`. */
export function workdir(files: Record<string, string | Uint8Array> = {}): string {
  const dir = mkdtempSync(join(tmpdir(), 'seam-cli-'));
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), content);
  return dir;
}

/** Two agents' seeds as seed files hold them (64 hex characters and a newline). */
export const ALICE_SEED = `${'01'.repeat(32)}\n`;
export const BOB_SEED = `${'02'.repeat(32)}\n`;
