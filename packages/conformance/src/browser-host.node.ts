import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  statSync,
} from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import type { BrowserCommand } from 'vitest/node';
import type { LedgerLine } from './ledger.js';
import { ledgerDir, ledgerEnabled } from './ledger.node.js';
import { interopDir, repoRoot } from './paths.node.js';

/**
 * The host side of the browser build (index.browser.ts), for a vitest browser-mode
 * config: what the page is told (`provide`), the file endpoints it reads synchronously
 * (`plugin`, read-only, the repository and the interop data only) and the command that
 * appends its ledger lines (`commands`).
 */
export function browserHost(root: string = repoRoot()) {
  const interop = interopDir();
  const readable = [root, ...(interop === null ? [] : [interop])].map((p) => realpathSync(p));
  const inside = (path: string) =>
    existsSync(path) && readable.some((r) => `${realpathSync(path)}${sep}`.startsWith(`${r}${sep}`));

  const plugin: Plugin = {
    name: 'seam-host',
    configureServer(server) {
      server.middlewares.use('/@seam/', (req, res) => {
        const url = new URL(req.url ?? '', 'http://host');
        const path = url.searchParams.get('path') ?? '';
        const isDir = inside(path) && statSync(path).isDirectory();
        if (url.pathname === '/file' && inside(path) && !isDir) {
          res.setHeader('content-type', 'application/octet-stream');
          res.end(readFileSync(path));
        } else if (url.pathname === '/dir' && isDir) {
          const entries = readdirSync(path, { withFileTypes: true }).map((e) => ({
            name: e.name,
            directory: e.isDirectory(),
          }));
          res.setHeader('content-type', 'application/json');
          res.end(JSON.stringify(entries));
        } else {
          res.statusCode = 404;
          res.end();
        }
      });
    },
    // A test module in the page has an http: import.meta.url and no import.meta.dirname;
    // tests that locate fixtures beside themselves get their file's real location.
    transform(code, id) {
      if (!/[/\\]test[/\\][^?]*\.ts$/.test(id) || !code.includes('import.meta.')) return null;
      return code
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(id)))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(id).href));
    },
  };

  const seamLedger: BrowserCommand<[lines: LedgerLine[]]> = (context, lines) => {
    if (lines.length === 0) return;
    const dir = ledgerDir(context.project.config.root, 'browser');
    mkdirSync(dir, { recursive: true });
    const name = relative(context.project.config.root, context.testPath ?? 'unknown').replaceAll(sep, '_');
    appendFileSync(join(dir, `${name}.jsonl`), lines.map((l) => JSON.stringify(l) + '\n').join(''));
  };

  return {
    provide: { seamRoot: root, seamInterop: interop, seamLedger: ledgerEnabled() },
    plugin,
    commands: { seamLedger },
  };
}
