import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserHost, repoRoot } from '../src/index.js';
import { temp, withEnv } from './scratch.js';

// The browser host's endpoints and its ledger hand-over, driven request by request. Where a case exists for a mutant Stryker's --rest run left alive,
// its `why` names that mutant as file.ts:line:column of the report.

describe('browserHost: what each endpoint serves and refuses', () => {
  const root = repoRoot();
  function serve(host: ReturnType<typeof browserHost>) {
    let handler: ((req: { url?: string }, res: unknown) => void) | undefined;
    (host.plugin.configureServer as (server: unknown) => void)({
      middlewares: {
        use: (_prefix: string, h: typeof handler) => {
          handler = h;
        },
      },
    });
    return (url: string) => {
      const res = {
        statusCode: 200,
        headers: {} as Record<string, string>,
        ended: false,
        body: undefined as unknown,
        setHeader(name: string, value: string) {
          res.headers[name] = value;
        },
        end(b?: unknown) {
          res.ended = true;
          res.body = b;
        },
      };
      handler!({ url }, res);
      return { status: res.statusCode, headers: res.headers, ended: res.ended, body: res.body };
    };
  }
  const q = (endpoint: string, path: string) => `/${endpoint}?path=${encodeURIComponent(path)}`;

  it('labels what it serves, ends every refusal, and serves a file only at /file', () => {
    // why: browser-host.node.ts:38:25, 38:41, 45:25, 45:41 (content types), 49:11 (a 404 never
    // ended), 37:13 (a file served at /dir).
    const get = serve(browserHost(root));
    const file = join(root, 'vectors', 'merkle.json');
    const served = get(q('file', file));
    expect([served.status, served.headers, served.ended]).toEqual([
      200,
      { 'content-type': 'application/octet-stream' },
      true,
    ]);
    const listed = get(q('dir', join(root, 'vectors')));
    expect([listed.status, listed.headers]).toEqual([200, { 'content-type': 'application/json' }]);
    expect(get(q('dir', file))).toEqual({ status: 404, headers: {}, ended: true, body: undefined });
  });
  it('starts without interop data outside CI', () => {
    // why: browser-host.node.ts:26:50 (a made-up readable root resolved with realpath throws).
    const host = withEnv({ SEAM_INTEROP_DIR: join(temp('interop'), 'nope'), CI: undefined }, () =>
      browserHost(root),
    );
    expect(host.provide.seamInterop).toBeNull();
  });
  it('rewrites import.meta only in test modules that use it', () => {
    // why: browser-host.node.ts:56:12 (the $ anchor: a .tsx or queried id taken as a test
    // module), 56:66 (every test module rewritten, even without import.meta).
    const transform = browserHost(root).plugin.transform as (code: string, id: string) => string | null;
    const test = join(root, 'packages', 'x', 'test');
    expect(transform('import.meta.dirname', join(test, 'a.tsx'))).toBeNull();
    expect(transform('const x = 1;', join(test, 'a.test.ts'))).toBeNull();
  });
  it('writes no ledger file for an empty batch, joins a batch without separators, names an unknown test file', () => {
    // why: browser-host.node.ts:64:9 (an empty batch creates the directory and an empty file),
    // 68:96 (lines of one batch joined with text between them), 67:76 (no testPath: the file
    // named after the directory, not "unknown").
    const host = browserHost(root);
    const empty = temp('host-empty');
    host.commands.seamLedger(
      { project: { config: { root: empty } }, testPath: join(empty, 'a.ts') } as never,
      [],
    );
    expect(existsSync(join(empty, '.conformance'))).toBe(false);
    const project = temp('host-batch');
    const line = { group: 'g', kind: 'accept' as const, name: 'x', ok: true, interop: false };
    host.commands.seamLedger({ project: { config: { root: project } } } as never, [line, line]);
    const dir = join(project, '.conformance', 'browser');
    const names = readdirSync(dir);
    expect(names).toHaveLength(1);
    expect(names[0]!.endsWith('_unknown.jsonl')).toBe(true);
    expect(readFileSync(join(dir, names[0]!), 'utf8')).toBe(`${JSON.stringify(line)}\n`.repeat(2));
  });
});
