import { interopDir, repoRoot } from './context.browser.js';
import { hostText } from './host-files.browser.js';

// The browser build of vectors.node.ts: the same three reads, through the host's files.

/** Parse a vector file this repository publishes (path relative to vectors/). */
// biome-ignore lint/suspicious/noExplicitAny: vector files are untyped JSON; a caller names T to narrow it.
export function loadVectors<T = any>(file: string): T {
  return JSON.parse(hostText(`${repoRoot()}/vectors/${file}`)) as T;
}

/** Absolute path of a third-party file, or null when the interop data is absent. */
export function interopPath(relative: string): string | null {
  const dir = interopDir();
  return dir === null ? null : `${dir}/${relative}`;
}

/** Parse a third-party JSON file, or null when the interop data is absent. */
// biome-ignore lint/suspicious/noExplicitAny: third-party files are untyped JSON; a caller names T to narrow it.
export function loadInterop<T = any>(relative: string): T | null {
  const path = interopPath(relative);
  return path === null ? null : (JSON.parse(hostText(path)) as T);
}
