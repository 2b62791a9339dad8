// node:fs for test files running in vitest browser mode: the synchronous reads tests use
// to find their fixtures, answered from the host through @agent-seam/conformance.
import { hostDir, hostFile } from '../../../packages/conformance/src/host-files.browser.ts';
import { FileBytes } from './file-bytes.ts';

const pathOf = (path: string | URL) => (typeof path === 'string' ? path : decodeURIComponent(path.pathname));

const enoent = (path: string | URL) =>
  Object.assign(new Error(`ENOENT: no such file or directory, '${pathOf(path)}'`), { code: 'ENOENT' });

export function readFileSync(path: string | URL, encoding?: 'utf8' | { encoding: 'utf8' }): any {
  const bytes = hostFile(pathOf(path));
  if (bytes === null) throw enoent(path);
  return encoding === undefined ? FileBytes.wrap(bytes) : new TextDecoder().decode(bytes);
}

export function readdirSync(path: string | URL, options?: { withFileTypes?: boolean }): any[] {
  const entries = hostDir(pathOf(path));
  if (entries === null) throw enoent(path);
  if (!options?.withFileTypes) return entries.map((e) => e.name);
  return entries.map((e) => ({ name: e.name, isDirectory: () => e.directory, isFile: () => !e.directory }));
}

export function existsSync(path: string | URL): boolean {
  return hostFile(pathOf(path)) !== null || hostDir(pathOf(path)) !== null;
}
