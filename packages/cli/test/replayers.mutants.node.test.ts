// The replayers of `seam conformance` held to disagree: a vector file whose expectation is
// changed in one case (its refusal `code`, or its `expect` string: a code or the value an
// accepted case must give) must make that case, and only it, disagree. Without this, a
// replayer that stopped comparing would still report every case as agreeing (the first
// mutation run of src/conformance/ found most of its survivors there).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPLAYS } from '../src/conformance/index.js';
import { replayVectors } from '../src/conformance/run.js';

const root = join(import.meta.dirname, '..', '..', '..', 'vectors');
const WRONG = 'x-not-this-code';

interface Coded {
  name: string;
  code?: unknown;
  expect?: unknown;
}

/** The first case of every list of cases in `doc` with a string `code` or `expect`. */
function firstCodedCases(doc: unknown): Coded[] {
  const found: Coded[] = [];
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) {
      const coded = value.find(
        (c): c is Coded =>
          typeof c?.name === 'string' && (typeof c.code === 'string' || typeof c.expect === 'string'),
      );
      if (coded !== undefined) found.push(coded);
      else value.forEach(walk);
    } else if (typeof value === 'object' && value !== null) Object.values(value).forEach(walk);
  };
  walk(doc);
  return found;
}

for (const replay of REPLAYS) {
  describe(`${replay.file}: one case's expectation changed disagrees, alone`, () => {
    const text = readFileSync(join(root, replay.file), 'utf8');
    const cases = firstCodedCases(JSON.parse(text));

    it('has cases to change', () => {
      expect(cases.length).toBeGreaterThan(0);
    });

    for (const [i, c] of cases.entries())
      it(`${c.name}`, async () => {
        const doc = JSON.parse(text);
        const target = firstCodedCases(doc)[i]!;
        if (typeof target.code === 'string') target.code = WRONG;
        else target.expect = WRONG;
        const dir = mkdtempSync(join(tmpdir(), 'seam-replayers-'));
        writeFileSync(join(dir, replay.file), JSON.stringify(doc));
        const report = await replayVectors(dir, [replay]);
        // A replayer names a case as the file does, or under its list (`refuse/<name>`).
        const failed = report.groups.flatMap((g) => g.failed.map((f) => f.name));
        expect(failed).toHaveLength(1);
        expect(failed[0] === c.name || failed[0]!.endsWith(`/${c.name}`)).toBe(true);
        expect(report.failed).toBe(1);
      });
  });
}
