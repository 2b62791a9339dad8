import { afterAll, describe, expect, it, vi } from 'vitest';
import type { LedgerLine } from '../src/index.js';

// The browser build of the runner, driven from Node. Where a case exists for a mutant Stryker's --rest run left alive,
// its `why` names that mutant as file.ts:line:column of the report.

// The browser build, driven from Node: XMLHttpRequest is replaced by a fake host serving a
// table of URLs, and vitest's inject/afterAll and vitest/browser's commands by recorders, so
// the same modules the Chromium suite loads run here and are asserted whole.
class FakeRequest {
  static routes: Record<string, { status: number; text: string }> = {};
  static sent: [string, string, boolean, string][] = [];
  status = 0;
  responseText = '';
  private target: [string, string, boolean] = ['', '', true];
  private mime = '';
  open(method: string, url: string, async: boolean) {
    this.target = [method, url, async];
  }
  overrideMimeType(mime: string) {
    this.mime = mime;
  }
  send() {
    FakeRequest.sent.push([...this.target, this.mime]);
    const route = FakeRequest.routes[this.target[1]] ?? { status: 404, text: '' };
    this.status = route.status;
    this.responseText = route.text;
  }
}
const route = (endpoint: 'file' | 'dir', path: string) =>
  `/@seam/${endpoint}?path=${encodeURIComponent(path)}`;

async function browserModules(context: { root: string; interop: string | null; ledger: boolean }) {
  vi.resetModules();
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  const hooks: (() => unknown)[] = [];
  const handed: LedgerLine[][] = [];
  vi.doMock('vitest', async (original) => ({
    ...(await original<typeof import('vitest')>()),
    inject: (key: string) =>
      ({ seamRoot: context.root, seamInterop: context.interop, seamLedger: context.ledger })[key],
    afterAll: (hook: () => unknown) => hooks.push(hook),
  }));
  vi.doMock('vitest/browser', () => ({
    commands: { seamLedger: async (lines: LedgerLine[]) => void handed.push(lines) },
  }));
  try {
    return { modules: await import('../src/index.browser.js'), hooks, handed };
  } finally {
    vi.doUnmock('vitest');
    vi.doUnmock('vitest/browser');
  }
}

describe('the browser build, driven from Node', () => {
  afterAll(() => vi.unstubAllGlobals());
  const reset = () => {
    FakeRequest.routes = {};
    FakeRequest.sent = [];
  };
  it('reads host bytes with a synchronous binary GET, null on 404, an error on any other status', async () => {
    // why: host-files.browser.ts:12:73, 14:16, 14:23, 14:78 (async), 16:28, 17:3 (never sent),
    // 18:7 (all three), 19:7 (all three), 20:21, 23:19 (false and >=: bytes left zero),
    // 28:25, 28:66.
    reset();
    const { modules } = await browserModules({ root: '/repo', interop: null, ledger: true });
    FakeRequest.routes[route('file', '/a b')] = { status: 200, text: '\uf7ffA\uf780' };
    FakeRequest.routes[route('file', '/broken')] = { status: 500, text: '' };
    expect(modules.hostFile('/a b')).toEqual(new Uint8Array([0xff, 0x41, 0x80]));
    expect(FakeRequest.sent).toEqual([
      ['GET', '/@seam/file?path=%2Fa%20b', false, 'text/plain; charset=x-user-defined'],
    ]);
    expect(modules.hostFile('/gone')).toBeNull();
    expect(() => modules.hostFile('/broken')).toThrow(new Error('conformance: host file /broken: HTTP 500'));
  });
  it('lists a host directory, null when it does not exist', async () => {
    // why: host-files.browser.ts:31:62, 32:21, 33:10 (all three).
    reset();
    const { modules } = await browserModules({ root: '/repo', interop: null, ledger: true });
    const entries = [{ name: 'v.json', directory: false }];
    FakeRequest.routes[route('dir', '/repo/vectors')] = { status: 200, text: JSON.stringify(entries) };
    expect(modules.hostDir('/repo/vectors')).toEqual(entries);
    expect(modules.hostDir('/repo/none')).toBeNull();
  });
  it('loads vectors from the injected root and interop files from the injected interop dir', async () => {
    // why: context.browser.ts:16:25, 16:46, 17:27, 17:55; vectors.browser.ts:8:55, 13:62,
    // 15:10 (all three), 15:32, 20:66, 22:10 (all three); host-files.browser.ts:37:48, 39:7
    // (all three), 39:39.
    reset();
    const { modules } = await browserModules({ root: '/repo', interop: '/interop', ledger: true });
    FakeRequest.routes[route('file', '/repo/vectors/v.json')] = { status: 200, text: '{"a":[1]}' };
    FakeRequest.routes[route('file', '/interop/x.json')] = { status: 200, text: '{"b":2}' };
    expect([modules.repoRoot(), modules.interopDir()]).toEqual(['/repo', '/interop']);
    expect(modules.loadVectors('v.json')).toEqual({ a: [1] });
    expect(modules.interopPath('x.json')).toBe('/interop/x.json');
    expect(modules.loadInterop('x.json')).toEqual({ b: 2 });
    expect(() => modules.loadVectors('gone.json')).toThrow(
      new Error('conformance: no file /repo/vectors/gone.json on the host'),
    );
    const absent = await browserModules({ root: '/repo', interop: null, ledger: true });
    expect(absent.modules.interopPath('x.json')).toBeNull();
    expect(absent.modules.loadInterop('x.json')).toBeNull();
  });
  it('hands the page ledger to the host once the file is done, and records nothing when off', async () => {
    // why: context.browser.ts:18:30, 18:52; ledger.browser.ts:17:38, 18:7 (all three), 19:31,
    // 20:12, 21:26.
    const on = await browserModules({ root: '/repo', interop: null, ledger: true });
    expect(on.modules.ledgerEnabled()).toBe(true);
    const ledger = on.modules.openLedger();
    ledger.accept('g', 'n', () => {});
    expect(on.hooks).toHaveLength(1);
    await on.hooks[0]!();
    expect(on.handed).toEqual([[{ group: 'g', kind: 'accept', name: 'n', ok: true, interop: false }]]);
    const off = await browserModules({ root: '/repo', interop: null, ledger: false });
    let ran = false;
    off.modules.openLedger().accept('g', 'n', () => {
      ran = true;
    });
    expect(ran).toBe(true);
    expect(off.hooks).toEqual([]);
  });
});
