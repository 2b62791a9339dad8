import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, seamBuilt, VERSION, workdir } from './run.js';

// The BUILT command in spawned processes, as a user runs it: the bin's own wiring (the
// process's exit code, its real stdin and stdout) and @agent-seam/chain's export command,
// which streams process.stdin itself. The other tests run the sources in-process.
beforeAll(assertBuilt);

const examples = join(import.meta.dirname, '..', '..', 'chain', 'examples');
const exported = readFileSync(join(examples, 'example.jsonl'), 'utf8');
const key = readFileSync(join(examples, 'example.key.txt'), 'utf8').trim();
const dir = workdir({
  'export.jsonl': exported,
  'checkpoint.json': readFileSync(join(examples, 'example.checkpoint.json'), 'utf8'),
  'edited.jsonl': exported.replace('"B-7"', '"B-8"'),
});

describe('the built seam command', () => {
  it('exits with the command’s code and prints to the process’s stdout and stderr', () => {
    expect(seamBuilt(dir, ['--version'])).toMatchObject({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
    expect(seamBuilt(dir, ['canon', '-'], '{"b":1,"a":2}')).toMatchObject({
      code: 0,
      stdout: '{"a":2,"b":1}',
    });
    expect(seamBuilt(dir, ['canon', 'none.json'])).toMatchObject({
      code: 4,
      stderr: 'seam: cannot read none.json: check the path (or give - for stdin)\n',
    });
  });

  it('conformance replays the vector files shipped in dist/vectors: those of the repository', () => {
    const root = join(import.meta.dirname, '..', '..', '..');
    const shipped = seamBuilt(root, ['conformance']);
    expect(shipped.code).toBe(0);
    expect(shipped.stdout).toBe(seamBuilt(root, ['conformance', '--vectors', join(root, 'vectors')]).stdout);
  });

  it('export verify reads the export from stdin for -, with the same report as from the file', () => {
    const args = ['checkpoint.json', '--key', key, '--json'];
    const fromFile = seamBuilt(dir, ['export', 'verify', 'export.jsonl', ...args]);
    expect(fromFile.code).toBe(0);
    expect(seamBuilt(dir, ['export', 'verify', '-', ...args], exported)).toMatchObject({
      code: 0,
      stdout: fromFile.stdout,
    });
    const edited = seamBuilt(
      dir,
      ['export', 'verify', '-', 'checkpoint.json', '--key', key],
      readFileSync(join(dir, 'edited.jsonl')),
    );
    expect(edited.code).toBe(1);
    expect(edited.stdout.split('\n')[0]).toMatch(/^stdin: NOT sound, 1 finding; the first: line \d+, run /);
    // --range cuts a file at byte offsets; stdin has none.
    expect(seamBuilt(dir, ['export', 'verify', '-', '--range', '0:'], exported).code).toBe(2);
  });
});
