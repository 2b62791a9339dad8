import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentedExits } from '../../../tools/exit-table.ts';
import { parseArgs, USAGE } from '../src/cli/args.js';
import { EXIT } from '../src/cli/exit.js';
import { main } from '../src/cli/main.js';
import { PART_FORMAT } from '../src/index.js';
import { checkpoint, checkpointFile, exampleFile, key, run } from './cli-process.js';

const dir = mkdtempSync(join(tmpdir(), 'seam-chain-cli-'));

afterEach(() => vi.restoreAllMocks());

describe('seam-verify-export', () => {
  it('returns every exit code its --help lists, and reaches each', async () => {
    const edited = join(dir, 'exits-edited.jsonl');
    const canon2 = join(dir, 'exits-canon2.jsonl');
    const text = readFileSync(exampleFile, 'utf8');
    writeFileSync(edited, text.replace('"B-7"', '"B-8"'));
    writeFileSync(canon2, text.replace('"canon":1}', '"canon":2}'));
    const provoked = [
      [exampleFile, checkpointFile, '--key', key],
      [exampleFile], // 0: the reference reader's exit without keys or anchor
      [edited, checkpointFile, '--key', key],
      [exampleFile, '--bogus'],
      [exampleFile, '--strict'],
      [join(dir, 'none.jsonl')],
      [canon2],
    ];
    const codes = [];
    for (const argv of provoked) codes.push((await run(...argv, '--jobs', '1')).code);
    expect(codes).toEqual([0, 0, 1, 2, 3, 4, 6]);
    expect([...new Set(codes)]).toEqual(documentedExits(USAGE));
  });

  it('exits 0 on the bundled example, anchored and keyed, and says what it established', async () => {
    const r = await run(exampleFile, checkpointFile, '--key', key);
    expect(r.code).toBe(EXIT.sound);
    expect(r.stdout).toContain('anchor 1: matched (size 1)');
    expect(r.stdout).toContain('4 record signatures verified');
    expect(r.stdout).toContain('not checked: 1 open run: ');
    expect(r.stdout).toContain('[open-runs]');
    expect(r.stdout.trimEnd().endsWith('2 runs, 4 records, 1 case: sound')).toBe(true);
  });

  it('--now stays RFC 3339 on the command line and reaches the library as the Date it names', () => {
    const args = parseArgs(['export.jsonl', '--now', '2026-01-01T01:00:00+01:00'], () => false);
    expect(args.now).toEqual(new Date('2026-01-01T00:00:00Z'));
  });

  it('--jobs N gives the same report for every N; it wants a whole number from 1', async () => {
    const one = await run(exampleFile, checkpointFile, '--key', key, '--json', '--jobs', '1');
    const two = await run(exampleFile, checkpointFile, '--key', key, '--json', '--jobs', '2');
    expect([one.code, two.code]).toEqual([EXIT.sound, EXIT.sound]);
    expect(two.stdout).toBe(one.stdout);
    for (const bad of ['0', '-1', '1.5', 'two', '01'])
      expect((await run(exampleFile, '--jobs', bad)).code).toBe(EXIT.usage);
  });

  it('--range parts merged give the whole-file report, whatever bytes the cuts fall on', async () => {
    const whole = await run(exampleFile, checkpointFile, '--key', key, '--json');
    const size = readFileSync(exampleFile).length;
    const cutsAt = (step: number) =>
      Array.from({ length: Math.ceil(size / step) - 1 }, (_, i) => (i + 1) * step);
    const bytes = readFileSync(exampleFile);
    const lineStarts = [...bytes.keys()].filter((i) => i > 0 && i < size && bytes[i - 1] === 10);
    for (const cuts of [[], [1], [size - 1], cutsAt(97), cutsAt(1024), lineStarts]) {
      const bounds = [0, ...cuts, size];
      const parts: string[] = [];
      for (let i = 0; i + 1 < bounds.length; i++) {
        const part = await run(
          exampleFile,
          '--range',
          `${bounds[i]}:${i + 2 === bounds.length ? '' : bounds[i + 1]}`,
          '--key',
          key,
        );
        expect(part.code).toBe(EXIT.sound);
        parts.push(join(dir, `part-${i}.json`));
        writeFileSync(parts.at(-1)!, part.stdout);
      }
      const merged = await run('merge', ...parts, checkpointFile, '--key', key, '--json');
      expect([merged.code, merged.stdout], `cut at ${cuts}`).toEqual([whole.code, whole.stdout]);
      if (parts.length > 1) {
        expect((await run('merge', ...parts.slice(1), checkpointFile, '--key', key)).code).toBe(EXIT.usage);
        expect((await run('merge', ...parts, checkpointFile)).code).toBe(EXIT.usage); // read under a key
      }
    }
    for (const bad of [
      ['--range', '5:4'],
      ['--range', `0:${size + 1}`],
      ['--range', '0:', checkpointFile],
      ['--range', '0:', '--json'],
    ])
      expect((await run(exampleFile, ...bad)).code).toBe(EXIT.usage);
    expect((await run('merge', checkpointFile)).code).toBe(EXIT.usage);
  });

  it('--help prints the usage on stdout and exits 0', async () => {
    for (const flag of ['--help', '-h']) {
      const r = await run(flag);
      expect(r.code).toBe(EXIT.sound);
      expect(r.stdout).toContain('usage: seam-verify-export');
      expect(r.stdout).toContain('--allow-unchecked');
      expect(r.stderr).toBe('');
    }
  });

  it('lists case contents as not checked, in the human and the --json report', async () => {
    const human = await run(exampleFile, checkpointFile, '--key', key);
    expect(human.stdout).toMatch(
      /not checked: 1 case block: the contents \(state, deadlines, hold reason, blob digests, run list\) .*\[case-contents\]/,
    );
    const json = JSON.parse((await run(exampleFile, checkpointFile, '--key', key, '--json')).stdout);
    expect(json.notChecked).toContainEqual(expect.objectContaining({ code: 'case-contents', count: 1 }));
  });

  it('--strict exits 3 while items stay unchecked, and 0 once each is waived by name', async () => {
    const strict = await run(exampleFile, checkpointFile, '--key', key, '--strict');
    expect(strict.code).toBe(EXIT.unchecked);
    expect(strict.stdout.split('\n')[0]).toBe(
      `${exampleFile}: authenticated: 4 record signatures verified; deletion checked against an outside checkpoint; NOT established under strict: open-runs, case-contents, blob-bytes`,
    );
    expect(strict.stdout).toContain(
      '2 runs, 4 records, 1 case: NOT established: open-runs, case-contents, blob-bytes (waive by name with --allow-unchecked)',
    );
    const waived = await run(
      exampleFile,
      checkpointFile,
      '--key',
      key,
      '--strict',
      '--allow-unchecked',
      'blob-bytes,case-contents',
      '--allow-unchecked',
      'open-runs',
    );
    expect(waived.code).toBe(EXIT.sound);
    expect(waived.stdout).toContain('waived by name: open-runs, case-contents, blob-bytes');
    expect(waived.stdout.split('\n')[0]).toContain('; waived: open-runs, case-contents, blob-bytes');
    const noKeys = await run(
      exampleFile,
      '--strict',
      '--allow-unchecked',
      'blob-bytes,case-contents,open-runs',
    );
    expect(noKeys.code).toBe(EXIT.unchecked);
    expect(noKeys.stdout.split('\n')[0]).toBe(
      `${exampleFile}: consistent, NOT authenticated: no record keys; deletion NOT checked: no outside checkpoint; waived: open-runs, case-contents, blob-bytes`,
    );
  });

  it('does not count a signature over a record whose bytes were edited', async () => {
    const lines = readFileSync(exampleFile, 'utf8').split('\n');
    const record = JSON.parse(lines[3]!);
    record.raw = record.raw.replace('orders.book', 'orders.boom');
    lines[3] = JSON.stringify(record);
    const file = join(dir, 'edited-signed.jsonl');
    writeFileSync(file, lines.join('\n'));
    const r = await run(file, '--key', key);
    expect(r.code).toBe(EXIT.findings);
    expect(r.stdout).toContain('3 record signatures verified');
    expect(r.stdout).not.toContain('4 record signatures verified');
  });

  it('accepts inline anchors ORIGIN:SIZE:ROOT and SIZE:ROOT (root in either case)', async () => {
    const withOrigin = await run(exampleFile, `${checkpoint.origin}:1:${checkpoint.root}`);
    const bare = await run(exampleFile, `1:${checkpoint.root.toUpperCase()}`);
    expect([withOrigin.code, bare.code]).toEqual([EXIT.sound, EXIT.sound]);
    expect(bare.stdout).not.toContain('[deletion]');
    expect(bare.stdout).toContain('deletion checked against an outside checkpoint');
  });

  it('without an anchor or keys: exit 0 as the reference reader, a headline and a verdict that say what was not established', async () => {
    const r = await run(exampleFile);
    expect(r.code).toBe(EXIT.sound);
    expect(r.stdout.split('\n')[0]).toBe(
      `${exampleFile}: consistent, NOT authenticated: no record keys; deletion NOT checked: no outside checkpoint`,
    );
    expect(r.stdout).toContain(
      '2 runs, 4 records, 1 case: consistent; not established: record-signatures, deletion\n',
    );
    expect(r.stdout).not.toMatch(/\bsound\b/);
    expect(r.stdout).toContain('not checked: record signatures were not checked');
    expect(r.stdout).toContain('not checked: no checkpoint from outside the file');
  });

  it('exits 1 with a finding line naming the code, line and run', async () => {
    const lines = readFileSync(exampleFile, 'utf8').split('\n');
    const record = JSON.parse(lines[3]!);
    record.raw = record.raw.replace('orders.book', 'orders.boom');
    lines[3] = JSON.stringify(record);
    const file = join(dir, 'edited.jsonl');
    writeFileSync(file, lines.join('\n'));
    const r = await run(file, '--json');
    expect(r.code).toBe(EXIT.findings);
    const report = JSON.parse(r.stdout);
    expect(report.findings).toEqual([
      {
        code: 'record-hash-mismatch',
        line: 4,
        run: 'run_01J80000000000000000000001',
        message: expect.any(String),
      },
    ]);
    const human = await run(file);
    expect(human.stdout).toContain('finding: line 4, run run_01J80000000000000000000001:');
    expect(human.stdout).toContain('[record-hash-mismatch]');
  });

  it('exits 6 for an unknown canon, printed as unverifiable', async () => {
    const lines = readFileSync(exampleFile, 'utf8').split('\n');
    lines[0] = lines[0]!.replace('"canon":1', '"canon":2');
    const file = join(dir, 'canon2.jsonl');
    writeFileSync(file, lines.join('\n'));
    const r = await run(file);
    expect(r.code).toBe(EXIT.unverifiable);
    expect(r.stdout).toContain('unverifiable: unknown canon');
  });

  it('exits 4 when a file cannot be read', async () => {
    expect((await run(join(dir, 'absent.jsonl'))).code).toBe(EXIT.unreadable);
    expect((await run(exampleFile, '--grader-verdict', join(dir, 'absent.json'))).code).toBe(EXIT.unreadable);
  });

  const usage: [string, string[]][] = [
    ['no file', []],
    ['unknown flag', [exampleFile, '--keys', key]],
    ['bare root anchor', [exampleFile, checkpoint.root]],
    ['short key hex', [exampleFile, '--key', 'k=abcd']],
    ['key without id', [exampleFile, '--key', `=${'ab'.repeat(32)}`]],
    ['small-order key', [exampleFile, '--key', `k=01${'00'.repeat(31)}`]],
    ['grader key without verdict', [exampleFile, '--grader-key', key]],
    [
      'witness key without a note',
      [exampleFile, '--witness-key', `w=${Buffer.from(new Uint8Array(32).fill(7)).toString('base64')}`],
    ],
    ['witness key not canonical base64', [exampleFile, '--witness-key', 'w=AAAA']],
    ['age without now', [exampleFile, '--max-checkpoint-age', '60']],
    ['now without offset', [exampleFile, '--now', '2026-01-01T00:00:00']],
    ['age not decimal', [exampleFile, '--max-checkpoint-age', '1e3', '--now', '2026-01-01T00:00:00Z']],
    ['now not a real instant', [exampleFile, '--now', '2026-02-30T00:00:00Z']],
    ['unknown unchecked item', [exampleFile, '--strict', '--allow-unchecked', 'blob-bytes,everything']],
    ['allow-unchecked without strict', [exampleFile, '--allow-unchecked', 'blob-bytes']],
    ['allow-unchecked without a value', [exampleFile, '--strict', '--allow-unchecked']],
    ['inline anchor of size 0 beside a non-empty root', [exampleFile, `0:${checkpoint.root}`]],
  ];
  for (const [name, argv] of usage)
    it(`exits 2 on a bad command line: ${name}`, async () => {
      const r = await run(...argv);
      expect(r.code).toBe(EXIT.usage);
      // One line that says what is wrong, and where the usage is: never the whole usage.
      expect(r.stderr).toMatch(/^seam-verify-export: [^\n]+; see seam-verify-export --help\n$/);
    });
});

describe('seam-verify-export in a program: main(argv, streams)', () => {
  // Nothing may reach the process's streams: they fail the case if written to.
  const silent = () => [
    vi.spyOn(process.stdout, 'write').mockImplementation(() => expect.fail('wrote to process.stdout')),
    vi.spyOn(process.stderr, 'write').mockImplementation(() => expect.fail('wrote to process.stderr')),
  ];
  afterEach(() => vi.restoreAllMocks());
  const caught = () => {
    const got = { stdout: '', stderr: '' };
    return {
      got,
      streams: {
        stdout: (text: string) => {
          got.stdout += text;
        },
        stderr: (text: string) => {
          got.stderr += text;
        },
      },
    };
  };

  it('reads - from the stdin given, in the chunks it comes in, and writes the report to the stdout given', async () => {
    silent();
    const bytes = readFileSync(exampleFile);
    async function* chunks() {
      for (let at = 0; at < bytes.length; at += 7) yield bytes.subarray(at, at + 7);
    }
    const { got, streams } = caught();
    const code = await main(['-', checkpointFile, '--key', key, '--jobs', '1'], {
      ...streams,
      stdin: chunks,
    });
    expect(code).toBe(EXIT.sound);
    expect(got.stdout).toBe(
      (await run(exampleFile, checkpointFile, '--key', key)).stdout.replace(exampleFile, 'stdin'),
    );
    expect(got.stderr).toBe('');
  }, 10_000);

  it('writes --help, a --range part and a usage error to the streams given', async () => {
    silent();
    const { got, streams } = caught();
    expect(await main(['--help'], streams)).toBe(EXIT.sound);
    expect(await main([exampleFile, '--range', '0:'], streams)).toBe(EXIT.sound);
    expect(await main([exampleFile, '--bogus'], streams)).toBe(EXIT.usage);
    const [help, part] = got.stdout.split(/(?<=\n)(?=\{)/);
    expect(help).toContain('usage: seam-verify-export');
    expect(JSON.parse(part!)).toMatchObject({ format: PART_FORMAT });
    expect(got.stderr).toBe('seam-verify-export: unknown option --bogus; see seam-verify-export --help\n');
  });

  it('draws the progress line on a stderr that says it is a terminal, and only there', async () => {
    const big = join(dir, 'big.jsonl');
    writeFileSync(big, `${readFileSync(exampleFile, 'utf8')}${`${' '.repeat(1023)}\n`.repeat(5 * 1024)}`);
    for (const stderrIsTerminal of [true, false]) {
      const { got, streams } = caught();
      await main([big, '--jobs', '1'], { ...streams, stderrIsTerminal });
      if (stderrIsTerminal) expect(got.stderr).toMatch(/^\rverifying .*big\.jsonl: .*done\x1b\[K\n$/s);
      else expect(got.stderr).toBe('');
    }
  });
});

describe('seam-verify-export: an anchor that is not a checkpoint is a bad command line', () => {
  const anchorFiles: [string, string][] = [
    ['a note whose body is not a checkpoint', 'not a checkpoint\n\n— w AAAA\n'],
    ['a malformed JSON anchor', '{"origin":"example.com/agentplane","size":1,'],
    [
      'a JSON anchor with an uppercase root',
      JSON.stringify({ ...checkpoint, root: checkpoint.root.toUpperCase() }),
    ],
  ];
  for (const [name, text] of anchorFiles)
    it(`exits 2: ${name}`, async () => {
      const file = join(dir, `anchor-${name.replace(/\W+/g, '-')}`);
      writeFileSync(file, text);
      const r = await run(exampleFile, file);
      expect(r.code).toBe(EXIT.usage);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^seam-verify-export: anchor [^\n]+; see seam-verify-export --help\n$/);
    });
});

describe('seam-verify-export with witnesses and graders (from the generated vectors)', () => {
  const doc = JSON.parse(
    readFileSync(join(import.meta.dirname, '..', '..', '..', 'vectors', 'chain.json'), 'utf8'),
  );
  const named = (group: string, name: string) => doc[group].find((v: any) => v.name === name);
  const cosigned = named('export.sound', 'cosigned-anchor');
  const graders = named('export.graders', 'grader-verdicts-hold');
  const exportFile = join(dir, 'base.jsonl');
  writeFileSync(exportFile, `${cosigned.lines.join('\n')}\n`);
  const noteFile = join(dir, 'checkpoint.note');
  writeFileSync(noteFile, cosigned.options.anchors[0].note);
  // The vkey's last part is base64(0x04 ‖ key); the command takes NAME=base64(key).
  const vkey: string = cosigned.options.witnessKeys[0];
  const material = vkey.slice(vkey.indexOf('+', vkey.indexOf('+') + 1) + 1); // base64 may hold '+'
  const witnessB64 = Buffer.from(Buffer.from(material, 'base64').subarray(1)).toString('base64');
  const recordKey = `test-record=${cosigned.options.keys['test-record']}`;
  const at = (unix: number) => new Date(unix * 1000).toISOString().replace('.000Z', 'Z');
  const T = 1_700_000_600;

  it('checks the cosignature on a note anchor and judges its freshness', async () => {
    const r = await run(
      exportFile,
      noteFile,
      '--key',
      recordKey,
      '--witness-key',
      `test-witness=${witnessB64}`,
      '--max-checkpoint-age',
      '3600',
      '--now',
      at(T + 60),
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(EXIT.sound);
    expect(r.stdout).toContain('anchor 1: matched (size 2), cosigned by test-witness');
  });

  it('exits 1 for a stale witness', async () => {
    const r = await run(
      exportFile,
      noteFile,
      '--witness-key',
      `test-witness=${witnessB64}`,
      '--max-checkpoint-age',
      '3600',
      '--now',
      at(T + 7200),
    );
    expect(r.code).toBe(EXIT.findings);
    expect(r.stdout).toContain('[witness-stale]');
  });

  it('binds grader verdicts and checks them under --grader-key', async () => {
    const files = graders.options.graderVerdicts.map((text: string, i: number) => {
      const file = join(dir, `verdict-${i}.json`);
      writeFileSync(file, text);
      return file;
    });
    const graderKey = `test-grader=${graders.options.graderKeys['test-grader']}`;
    const r = await run(
      exportFile,
      '--grader-verdict',
      files[0],
      '--grader-verdict',
      files[1],
      '--grader-key',
      graderKey,
    );
    expect(r.code).toBe(EXIT.sound);
    expect(r.stdout).toContain(`grader verdict ${files[0]}: holds`);
    const unkeyed = await run(exportFile, '--grader-verdict', files[0]);
    expect(unkeyed.stdout).toContain('its signature was not checked');
  });
});

describe('seam-verify-export output hygiene', () => {
  it('quotes a run id carrying control characters instead of writing them to the terminal', async () => {
    const lines = readFileSync(exampleFile, 'utf8').split('\n');
    lines[1] = lines[1]!.replace('"run":"run_01J80000000000000000000001"', '"run":"run_\\u001b[2J"');
    const file = join(dir, 'escape.jsonl');
    writeFileSync(file, lines.join('\n'));
    const r = await run(file);
    expect(r.code).toBe(EXIT.findings);
    expect(r.stdout).not.toContain('\u001b');
    expect(r.stdout).toContain('run "run_\\u001b[2J"');
  });
});
