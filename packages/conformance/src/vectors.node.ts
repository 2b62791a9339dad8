import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { interopDir, repoRoot } from './paths.node.js';

/** Parse a vector file this repository publishes (path relative to vectors/). */
// biome-ignore lint/suspicious/noExplicitAny: vector files are untyped JSON; a caller names T to narrow it.
export function loadVectors<T = any>(file: string): T {
  return JSON.parse(readFileSync(join(repoRoot(), 'vectors', file), 'utf8')) as T;
}

/** Absolute path of a third-party file, or null when the interop data is absent. */
export function interopPath(relative: string): string | null {
  const dir = interopDir();
  return dir === null ? null : join(dir, relative);
}

/** Parse a third-party JSON file, or null when the interop data is absent. */
// biome-ignore lint/suspicious/noExplicitAny: third-party files are untyped JSON; a caller names T to narrow it.
export function loadInterop<T = any>(relative: string): T | null {
  const path = interopPath(relative);
  return path === null ? null : (JSON.parse(readFileSync(path, 'utf8')) as T);
}

export { casesLessData, groupsOf, type Layout } from './groups-of.js';
