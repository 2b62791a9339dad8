import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The repository root: the nearest directory upwards holding tools/manifest.json. */
export function repoRoot(from: string = process.cwd()): string {
  let dir = resolve(from);
  for (;;) {
    if (existsSync(join(dir, 'tools', 'manifest.json'))) return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error('conformance: no tools/manifest.json above ' + from);
    dir = up;
  }
}

/**
 * Where the third-party vectors live: SEAM_INTEROP_DIR, else ../shared/interop beside
 * the repository. Returns null when absent; in CI (CI=true) absence is an error,
 * because a silently skipped interop suite looks exactly like a passing one.
 */
export function interopDir(): string | null {
  const candidate = process.env.SEAM_INTEROP_DIR ?? join(repoRoot(), '..', 'shared', 'interop');
  if (existsSync(candidate)) return candidate;
  if (process.env.CI) throw new Error(`conformance: interop data missing at ${candidate} (required in CI)`);
  return null;
}
