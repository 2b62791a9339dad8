// How `seam conformance` runs replayers and reports them (src/conformance/run.ts), with made-up
// vector files and replayers: a file it cannot read, a group it has no replayer for, a replayer
// that skips a case or throws something that is not a Mismatch. The published files never do any
// of this, so the replayers' own tests never reach it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Case, cases, type FileReplay, Mismatch } from '../src/conformance/replay.js';
import { replayVectors } from '../src/conformance/run.js';
import { Unreadable } from '../src/io.js';

const dir = mkdtempSync(join(tmpdir(), 'seam-replay-run-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A vector file named `file` holding `doc`, replayed by `groups` (owned by canonical). */
async function replayed(
  doc: unknown,
  groups: FileReplay['groups'],
  layout: FileReplay['layout'] = 'top-level',
) {
  writeFileSync(join(dir, 'made.json'), typeof doc === 'string' ? doc : JSON.stringify(doc));
  return replayVectors(dir, [{ file: 'made.json', layout, groups }]);
}

const pkg = '@agent-seam/canonical';
const agree = { pkg, replay: (g: Case[]) => cases(g, () => {}) };

describe('replayVectors', () => {
  it('a file it cannot read, or that is not JSON, is Unreadable, saying which', async () => {
    // why: run.ts:36 (the read's catch emptied: a missing file is reported as "not JSON").
    await expect(
      replayVectors(join(dir, 'none'), [{ file: 'made.json', layout: 'top-level', groups: {} }]),
    ).rejects.toThrow(
      new Unreadable(
        `cannot read ${join(dir, 'none', 'made.json')}: --vectors names the directory of the vector files`,
      ),
    );
    // why: run.ts:41 (the parse's catch emptied: no coverage in the first run).
    await expect(replayed('{"a": [', {})).rejects.toThrow(
      new Unreadable(`${join(dir, 'made.json')} is not JSON`),
    );
  });

  it('lists a group without a replayer only when it holds cases, and records the installed version', async () => {
    // why: run.ts:58 (count > 0 → true or >= 0: an empty group of a newer file would be listed).
    const report = await replayed(
      { known: [{ name: 'a' }], newer: [{ name: 'b' }], empty: [] },
      { known: agree },
    );
    expect(report.unreplayed).toEqual([{ file: 'made.json', group: 'newer' }]);
    // why: run.ts:61 (??= → &&=: no version would be recorded).
    expect(Object.keys(report.versions)).toEqual([pkg]);
    expect(report.versions[pkg]).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("reads a top-level group named reject.* from the top level, not from the wire file's reject object", async () => {
    // why: run.ts:63 (replay.layout === 'seam-wire' → true: the group's value would be doc.reject.x).
    const seen: unknown[] = [];
    const report = await replayed(
      { 'reject.x': [{ name: 'top' }], reject: { x: [{ name: 'nested' }] } },
      { 'reject.x': { pkg, replay: (g: Case[]) => cases(g, (c) => void seen.push(c.name)) } },
    );
    expect(seen).toEqual(['top']);
    expect(report.groups.map((g) => [g.group, g.passed])).toEqual([['reject.x', 1]]);
  });

  it("counts a group's data lists out of its cases, a missing one as none", async () => {
    // why: run.ts:75 (value?.[k]?.length → value?.[k].length: a data list the file leaves out would throw).
    const report = await replayed(
      { g: { cases: [{ name: 'a' }], leaves: ['x', 'y'] } },
      { g: { pkg, data: ['leaves', 'absent'], replay: (g: Case) => cases(g.cases, () => {}) } },
    );
    expect(report.groups[0]).toMatchObject({ cases: 1, passed: 1, failed: [] });
  });

  it('a check that throws something else than a Mismatch fails with what it threw', async () => {
    // why: run.ts:82 (?? → &&: the text would be "Error: boom"; ?.message → .message: throwing
    // undefined would end the whole run).
    const report = await replayed(
      { g: [{ name: 'error' }, { name: 'nothing' }, { name: 'mismatch' }] },
      {
        g: {
          pkg,
          replay: (g: Case[]) =>
            cases(g, (c) => {
              if (c.name === 'error') throw new Error('boom');
              if (c.name === 'nothing') throw undefined;
              throw new Mismatch('value: got 1, the vector says 2');
            }),
        },
      },
    );
    expect(report.groups[0]!.failed).toEqual([
      { name: 'error', why: 'threw boom' },
      { name: 'nothing', why: 'threw undefined' },
      { name: 'mismatch', why: 'value: got 1, the vector says 2' },
    ]);
    expect([report.passed, report.failed]).toEqual([0, 3]);
  });

  it('a replayer that disagrees while reading what its cases share fails its group, and the next group runs', async () => {
    // why: run.ts's catch around entry.replay (without it a changed dack envelope ended the whole
    // run with the Mismatch, instead of reporting the group).
    const report = await replayed(
      { shared: [{ name: 'a' }], next: [{ name: 'b' }] },
      {
        shared: {
          pkg,
          replay: () => {
            throw new Mismatch('the group envelope: refused [bad-tag]');
          },
        },
        next: agree,
      },
    );
    expect(report.groups.map((g) => [g.group, g.passed, g.failed])).toEqual([
      [
        'shared',
        0,
        [
          { name: '(group)', why: 'the group envelope: refused [bad-tag]' },
          { name: '(group)', why: "replayed 0 of the file's 1 cases" },
        ],
      ],
      ['next', 1, []],
    ]);
  });

  it('a replayer that reaches fewer cases than the file holds fails the group', async () => {
    // why: run.ts:87 (checks.length !== expected → false: the skipped case would go unnoticed).
    const report = await replayed(
      { g: [{ name: 'a' }, { name: 'b' }] },
      { g: { pkg, replay: (g: Case[]) => cases(g.slice(1), () => {}) } },
    );
    expect(report.groups[0]).toMatchObject({
      cases: 2,
      passed: 1,
      failed: [{ name: '(group)', why: "replayed 1 of the file's 2 cases" }],
    });
  });
});
