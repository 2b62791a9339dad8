import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ConformanceReport } from '../src/conformance/run.js';
import { seam, usage, workdir } from './run.js';

// seam conformance as a command: its options and what it prints (src/commands/conformance.ts).
// A case that exists for a mutant says in its comment which one it holds (file.ts:line:column of
// the mutation report of the command layer); the equivalent ones are listed in spec/cli.md.

describe('seam conformance: its options, what it prints and how it exits', async () => {
  const { cpSync, readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { repoRoot } = await import('@agent-seam/conformance');
  const vectors = join(repoRoot(import.meta.dirname), 'vectors');
  /** A copy of the published vectors with merkle.json changed by `edit`. */
  const vectorsWith = (edit: (doc: Record<string, unknown>) => void) => {
    const dir = workdir();
    cpSync(vectors, dir, { recursive: true });
    const doc = JSON.parse(readFileSync(join(dir, 'merkle.json'), 'utf8'));
    edit(doc);
    writeFileSync(join(dir, 'merkle.json'), JSON.stringify(doc));
    return dir;
  };
  // A group this seam has no replayer for (a newer vector file), and separately one case whose
  // expected code was changed (a disagreement).
  const unreplayed = vectorsWith((doc) => {
    doc['merkle.future'] = [{ name: 'x' }];
  });
  const disagreeing = vectorsWith((doc) => {
    const reject = doc['merkle.reject'] as { name: string; code: string }[];
    reject.find((c) => c.name === 'claim-not-an-object')!.code = 'wrong-proof-length';
  });
  /** What `seam conformance --json` prints: the report, and whether every case agreed. */
  type Report = ConformanceReport & { ok: boolean };
  const jsonOf = async (dir: string) => {
    const r = await seam(workdir(), ['conformance', '--vectors', dir, '--json']);
    return { code: r.code, report: JSON.parse(r.stdout) as Report & { command: string } };
  };
  /** The table the text shows: the first three cells padded to their column's widest. */
  const rowsOf = (r: Report) => {
    const cells = r.groups.map((g) => [
      `${g.pkg} ${r.versions[g.pkg]}`,
      g.file,
      g.group,
      `${g.passed}/${g.cases}${g.failed.length > 0 ? '  DISAGREES' : ''}`,
    ]);
    const width = (i: number) => Math.max(...cells.map((c) => c[i]!.length));
    return cells.map((c) =>
      [c[0]!.padEnd(width(0)), c[1]!.padEnd(width(1)), c[2]!.padEnd(width(2)), c[3]].join('  '),
    );
  };

  it('takes no FILE', async () => {
    // why: conformance.ts:36:28 (the message → "").
    expect(await seam(workdir(), ['conformance', 'x'])).toMatchObject(
      usage('seam conformance takes no FILE; see seam conformance --help'),
    );
  });

  it('a group with no replayer is no agreement: exit 1, ok false, and a line saying so', async () => {
    // why: conformance.ts:44:60 (r.unreplayed.length === 0 → true: it would agree), :38:52
    // ('conformance' → "").
    const { code, report } = await jsonOf(unreplayed);
    expect(code).toBe(1);
    expect(report).toMatchObject({
      command: 'conformance',
      ok: false,
      failed: 0,
      unreplayed: [{ file: 'merkle.json', group: 'merkle.future' }],
    });
    // why: conformance.ts:59:7 (the not-replayed line → ''), :62:121 (the summary's count → '').
    const text = await seam(workdir(), ['conformance', '--vectors', unreplayed]);
    expect(text.code).toBe(1);
    expect(text.stdout).toBe(
      [
        ...rowsOf(report),
        'not replayed: merkle.json merkle.future (this seam has no replayer for it: update @agent-seam/cli)',
        `conformance: ${report.passed} cases in ${report.groups.length} groups agree, 0 disagree; groups not replayed: 1`,
      ].join('\n') + '\n',
    );
  });

  it('the text: one aligned row per group, DISAGREES on the group that disagrees only, then the case', async () => {
    const { code, report } = await jsonOf(disagreeing);
    expect(code).toBe(1);
    const bad = report.groups.filter((g) => g.failed.length > 0);
    expect(bad.map((g) => [g.group, g.failed.map((f) => f.name)])).toEqual([
      ['merkle.reject', ['claim-not-an-object']],
    ]);
    expect(report.groups.length).toBeGreaterThan(10);
    const text = await seam(workdir(), ['conformance', '--vectors', disagreeing]);
    expect(text.code).toBe(1);
    const lines = text.stdout.trimEnd().split('\n');
    // why: conformance.ts:48:5 (the package cell → ''), :51:5 (the count cell → ''), :51:30
    // (g.failed.length > 0 → true, → false, → >=, → <=), :51:52 (' DISAGREES' → ""), :51:68
    // ('' → "Stryker was here!"), :53:18 ([0, 1, 2] → []) and :53:32 (the widths → undefined):
    // no padding.
    expect(lines.slice(0, report.groups.length)).toEqual(rowsOf(report));
    const row = lines[report.groups.findIndex((g) => g.group === 'merkle.reject')]!;
    expect(row).toMatch(/^@agent-seam\/merkle \S+ +merkle\.json +merkle\.reject +\d+\/\d+ {2}DISAGREES$/);
    expect(lines.filter((l) => l.endsWith('DISAGREES'))).toEqual([row]);
    // why: conformance.ts:56:42 (the disagreeing case's line → '').
    const why = bad[0]!.failed[0]!.why;
    expect(lines.slice(report.groups.length)).toEqual([
      `disagrees: merkle.reject / claim-not-an-object: ${why}`,
      `conformance: ${report.passed} cases in ${report.groups.length} groups agree, 1 disagree`,
    ]);
  });
});
