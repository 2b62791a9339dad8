// The harness held to catch a broken implementation: a wrapper that flips one answer in each
// group makes exactly those cases disagree; one that drops a declared group, answers an
// undeclared one, hangs, crashes, writes garbage, answers another id or an endless line is
// reported as such (exit 1 or 4), bounded, never a pass.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stdioImplementation } from '@agent-seam/conformance';
import { type Implementation, OP_GROUPS, runHarness } from '@agent-seam/conformance/harness';
import { describe, expect, it } from 'vitest';
import { vectorDocs } from '../src/conformance/harness.js';
import { REPLAYS } from '../src/conformance/index.js';
import { seamImplementation } from '../src/conformance/ops/index.js';
import { workdir } from './run.js';

const vectors = join(import.meta.dirname, '..', '..', '..', 'vectors');
const docs = vectorDocs(vectors, REPLAYS);
const groups = OP_GROUPS.map((g) => g.group);

/** The packages, with the first answer of every group changed (a value or a code). */
function flipping(): Implementation & { flipped: string[] } {
  const inner = seamImplementation('test');
  const seen = new Set<string>();
  const flipped: string[] = [];
  return {
    flipped,
    hello: () => inner.hello(),
    close: () => inner.close(),
    async answer(request) {
      const got = await inner.answer(request);
      if (seen.has(request.group) || 'skipped' in got) return got;
      seen.add(request.group);
      flipped.push(`${request.group} / ${request.case}`);
      return got.ok ? { ok: true, value: 'flipped' } : { ok: false, code: `${got.code}-flipped` };
    },
  };
}

/** A node script as an implementation: `body` handles `req` (a parsed line) and may `say(obj)`. */
function script(body: string): string {
  const file = join(workdir(), 'impl.mjs');
  writeFileSync(
    file,
    `import { createInterface } from 'node:readline';
const say = (o) => process.stdout.write(JSON.stringify(o) + '\\n');
const hello = (groups) => say({ protocol: 1, name: 'fake', version: '0', language: 'js', groups });
for await (const line of createInterface({ input: process.stdin })) {
  const req = JSON.parse(line);
  ${body}
}`,
  );
  return `node ${file}`;
}

const judge = async (command: string, timeoutMs = 2000) => {
  const impl = stdioImplementation(command, { timeoutMs, maxLineBytes: 1 << 16 });
  return runHarness(impl, docs, OP_GROUPS).finally(() => impl.close());
};

describe('seam conformance --impl against broken implementations', () => {
  it('a wrapper that flips the first answer of each group makes exactly those cases disagree', async () => {
    const impl = flipping();
    const report = await runHarness(impl, docs, OP_GROUPS);
    const disagreeing = report.groups.flatMap((g) => g.disagreed.map((d) => `${g.group} / ${d.name}`));
    expect(disagreeing.sort()).toEqual([...impl.flipped].sort());
    expect(impl.flipped).toHaveLength(groups.length);
    expect(report.exit).toBe(1);
  });

  it('the packages behind the stdio protocol agree on every case', async () => {
    const report = await judge(
      `node ${join(import.meta.dirname, '..', 'dist', 'bin.js')} conformance serve`,
      10_000,
    );
    expect(report.disagreed).toBe(0);
    expect(report.groups.every((g) => g.status === 'ok')).toBe(true);
    expect(report.exit).toBe(0);
  });

  it('a declared group answered with nothing but skips is red (exit 1)', async () => {
    const report = await judge(
      script(`if (req.hello) hello(['did']); else say({ id: req.id, skipped: 'dropped' });`),
    );
    expect(report.groups.find((g) => g.group === 'did')?.status).toBe('red');
    expect(report.exit).toBe(1);
  });

  it('an undeclared group answered is red (exit 1)', async () => {
    const report = await judge(
      script(
        `if (req.hello) hello([]); else say(req.group === 'did' ? { id: req.id, ok: false, code: 'x' } : { id: req.id, skipped: 'no' });`,
      ),
    );
    const did = report.groups.find((g) => g.group === 'did')!;
    expect(did.status).toBe('red');
    expect(did.answeredUndeclared.length).toBeGreaterThan(0);
    expect(report.groups.filter((g) => g.group !== 'did').every((g) => g.status === 'not implemented')).toBe(
      true,
    );
    expect(report.exit).toBe(1);
  });

  const broken: [string, string, RegExp][] = [
    ['hangs', `if (req.hello) hello(['canonical']);`, /no answer within 500 ms/],
    ['crashes', `if (req.hello) hello(['canonical']); else process.exit(3);`, /exited \(code 3\)/],
    [
      'writes garbage',
      `if (req.hello) hello(['canonical']); else process.stdout.write('not json\\n');`,
      /garbage on stdout/,
    ],
    [
      'answers another id',
      `if (req.hello) hello(['canonical']); else say({ id: req.id + 1, skipped: 'x' });`,
      /answered id/,
    ],
    [
      'writes an endless line',
      `if (req.hello) hello(['canonical']); else { const chunk = 'x'.repeat(1 << 20); for (let i = 0; i < 100; i++) process.stdout.write(chunk); }`,
      /longer than 65536 bytes/,
    ],
  ];
  for (const [what, body, why] of broken)
    it(`one that ${what} is reported for the case it happened on, the rest not asked, exit 4`, async () => {
      const report = await judge(script(body), 500);
      expect(report.broken).toMatch(why);
      expect(report.agreed).toBe(0);
      const first = report.groups.find((g) => g.broken.length > 0)!;
      expect(first.broken).toHaveLength(1);
      expect(report.groups.reduce((n, g) => n + g.notAsked, 0)).toBeGreaterThan(100);
      expect(report.exit).toBe(4);
    });

  it('a command that cannot start is exit 4', async () => {
    const report = await judge('/nonexistent/seam-impl');
    expect(report.hello).toBeNull();
    expect(report.exit).toBe(4);
  });
});
