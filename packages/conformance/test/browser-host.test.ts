import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserHost, ledgerEnabled, repoRoot } from '../src/index.js';

// The host side of the browser build: what the page may read, and where its ledger goes.
type Handler = (req: { url: string }, res: any) => void;

function serve(host: ReturnType<typeof browserHost>) {
  let handler: Handler | undefined;
  (host.plugin.configureServer as (server: unknown) => void)({
    middlewares: {
      use: (_prefix: string, h: Handler) => {
        handler = h;
      },
    },
  });
  return (endpoint: 'file' | 'dir', path: string) => {
    const res = {
      statusCode: 200,
      body: undefined as unknown,
      setHeader() {},
      end: (b?: unknown) => {
        res.body = b;
      },
    };
    handler!({ url: `/${endpoint}?path=${encodeURIComponent(path)}` }, res);
    return res;
  };
}

describe('browserHost', () => {
  const root = repoRoot();
  const host = browserHost(root);
  const get = serve(host);

  it('tells the page the repository root and whether the ledger records', () => {
    expect(host.provide.seamRoot).toBe(root);
    expect(host.provide.seamLedger).toBe(ledgerEnabled()); // off under SEAM_LEDGER=off (the runtime matrix)
  });
  it('serves files and directories of the repository', () => {
    const file = get('file', join(root, 'vectors', 'wire_vectors.json'));
    expect(file.statusCode).toBe(200);
    expect(Buffer.from(file.body as Uint8Array).toString('utf8')).toBe(
      readFileSync(join(root, 'vectors', 'wire_vectors.json'), 'utf8'),
    );
    const dir = get('dir', join(root, 'vectors'));
    expect(JSON.parse(dir.body as string)).toContainEqual({ name: 'wire_vectors.json', directory: false });
  });
  it('serves nothing outside the repository and the interop data, nor what does not exist', () => {
    expect(get('file', '/etc/passwd').statusCode).toBe(404);
    expect(get('file', join(root, '..', '..', 'etc', 'passwd')).statusCode).toBe(404);
    expect(get('dir', '/').statusCode).toBe(404);
    expect(get('file', join(root, 'vectors', 'no-such-file.json')).statusCode).toBe(404);
    expect(get('file', join(root, 'vectors')).statusCode).toBe(404); // a directory is not a file
  });
  it('appends the page ledger under <project>/.conformance/browser, one file per test file', () => {
    const project = mkdtempSync(join(tmpdir(), 'seam-host-'));
    const context = { project: { config: { root: project } }, testPath: join(project, 'test', 'a.test.ts') };
    const line = { group: 'g', kind: 'accept' as const, name: 'n', ok: true, interop: false };
    host.commands.seamLedger(context as never, [line]);
    host.commands.seamLedger(context as never, [line]);
    const dir = join(project, '.conformance', 'browser');
    expect(readdirSync(dir)).toEqual(['test_a.test.ts.jsonl']);
    expect(readFileSync(join(dir, 'test_a.test.ts.jsonl'), 'utf8')).toBe(
      `${JSON.stringify(line)}\n`.repeat(2),
    );
  });
  it('gives a test module its own file location for import.meta', () => {
    const transform = host.plugin.transform as (code: string, id: string) => string | null;
    const id = join(root, 'packages', 'x', 'test', 'a.test.ts');
    expect(transform('new URL("../README.md", import.meta.url); import.meta.dirname', id)).toBe(
      `new URL("../README.md", "file://${id}"); ${JSON.stringify(join(root, 'packages', 'x', 'test'))}`,
    );
    expect(transform('import.meta.url', join(root, 'packages', 'x', 'src', 'a.ts'))).toBeNull();
  });
});
