import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';

// CONTRIBUTING.md's "Where does a rule live" table: a map a maintainer follows, so every
// path in it must exist and every vector group in the manifest must have a row.
const root = join(import.meta.dirname, '..', '..', '..');
const contributing = readFileSync(join(root, 'CONTRIBUTING.md'), 'utf8');
const section = contributing.split('## Where does a rule live')[1]!.split('\n## ')[0]!;
const rows = section.split('\n').filter((line) => line.startsWith('| `'));
const cells = (row: string) =>
  row.split(' | ').map((cell) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!));

it('the map has a row for each family of groups', () => expect(rows.length).toBeGreaterThanOrEqual(17));

it('every path the map names exists', () => {
  const paths = rows.flatMap((row) => cells(row).slice(1).flat());
  expect(paths.filter((path) => !existsSync(join(root, path)))).toEqual([]);
});

it('every group of the manifest falls in a row', () => {
  const patterns = rows.flatMap((row) => cells(row)[0]!);
  const covers = (group: string) =>
    patterns.some((p) => (p.endsWith('*') ? group.startsWith(p.slice(0, -1)) : group === p));
  const manifest = JSON.parse(readFileSync(join(root, 'tools', 'manifest.json'), 'utf8')) as {
    packages: Record<string, { groups: Record<string, unknown> }>;
  };
  const groups = Object.entries(manifest.packages)
    .filter(([name]) => name !== '@agent-seam/store-redis')
    .flatMap(([, pkg]) => Object.keys(pkg.groups));
  expect(groups.filter((group) => !covers(group))).toEqual([]);
});
