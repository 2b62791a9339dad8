import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXIT } from '../src/cli/main.js';
import { PART_FORMAT } from '../src/index.js';
import { checkpoint, checkpointFile, exampleFile, key, run } from './cli-process.js';

// The command run in-process: unreadable files, anchor files, merge, stdin, --range, the progress meter, grader keys.
// A case that exists for a mutant says in its comment which one it holds (file:line:column of
// the mutation report); equivalent mutants are listed in spec/chain.md.

const dir = mkdtempSync(join(tmpdir(), 'seam-chain-cli-main-'));

afterEach(() => vi.restoreAllMocks());

const file = (name: string, content: string | Uint8Array) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

/** What the command writes for a bad command line: the message and where the usage is, one line. */
const usage = (message: string) => ({
  code: EXIT.usage,
  stdout: '',
  stderr: `seam-verify-export: ${message}; see seam-verify-export --help\n`,
});

/** What the command writes for a file it cannot read. */
const unreadable = (message: string) => ({
  code: EXIT.unreadable,
  stdout: '',
  stderr: `seam-verify-export: ${message}\n`,
});

describe('main.ts: files that cannot be read', () => {
  it('names the export file it cannot stat', async () => {
    // why: main.ts:80:11 (fileSize's catch emptied) and main.ts:81:26 (its message emptied).
    const absent = join(dir, 'absent.jsonl');
    expect(await run(absent)).toEqual(unreadable(`cannot read ${absent}`));
  });

  it('names a grader verdict it cannot read, and one that is not UTF-8', async () => {
    // why: main.ts:40:11 (readText's catch emptied), main.ts:41:26 (its message emptied),
    // main.ts:44:7 (the UTF-8 check dropped) and main.ts:44:38 (its message emptied).
    const absent = join(dir, 'absent.json');
    expect(await run(exampleFile, '--grader-verdict', absent)).toEqual(unreadable(`cannot read ${absent}`));
    const latin1 = file('latin1.json', new Uint8Array([0x7b, 0xe9, 0x7d]));
    expect(await run(exampleFile, '--grader-verdict', latin1)).toEqual(unreadable(`${latin1} is not UTF-8`));
  });

  it('says reading failed when the export is a directory (stat works, reading does not)', async () => {
    // why: main.ts:139:21 (the catch emptied), main.ts:141:11 (-> true: the raw error escapes),
    // main.ts:142:28 (the message emptied).
    expect(await run(dir)).toEqual(unreadable(`reading ${dir} failed`));
  });
});

describe('main.ts: anchor files', () => {
  const anchor = (name: string, value: unknown) =>
    file(`anchor-${name}.json`, typeof value === 'string' ? value : JSON.stringify(value));

  it('numbers the anchor that is not a checkpoint from 1', async () => {
    // why: main.ts:55:38 (the message emptied) and main.ts:55:48 (i + 1 -> i - 1).
    const note = file('anchor-not-a-note', 'not a checkpoint\n\n— w AAAA\n');
    expect(await run(exampleFile, checkpointFile, note)).toEqual(
      usage('anchor 2 is not a checkpoint: the note body is not a checkpoint'),
    );
  });

  it('reads a JSON anchor that starts with white space as JSON, not as a note', async () => {
    // why: main.ts:62:8 (trimStart -> trimEnd: the anchor is then read as a note and refused).
    const spaced = anchor('spaced', `\n  ${JSON.stringify(checkpoint)}`);
    const r = await run(exampleFile, spaced);
    expect(r.code).toBe(EXIT.sound);
    expect(r.stdout).toContain('anchor 1: matched (size 1)');
  });

  it('refuses a JSON anchor that does not parse, naming it', async () => {
    // why: main.ts:67:26 (the message emptied).
    const broken = anchor('broken', '{"origin":"example.com/agentplane","size":1,');
    expect(await run(exampleFile, broken)).toEqual(
      usage(`anchor ${broken} is neither a JSON checkpoint nor a note`),
    );
  });

  it('refuses a JSON anchor without a string origin, a whole size or a hex root', async () => {
    // why: main.ts:70:7 (each -> false and the || -> && forms: the anchor then reaches
    // readAnchor or crashes),
    // main.ts:70:80 (root === null -> false) and main.ts:71:26 (the message emptied).
    const { origin, size, root } = checkpoint;
    for (const [name, value] of [
      ['no-origin', { size, root }],
      ['number-origin', { origin: 7, size, root }],
      ['string-size', { origin, size: String(size), root }],
      ['no-root', { origin, size }],
      ['number-root', { origin, size, root: 7 }],
      ['odd-root', { origin, size, root: `${root}0` }],
    ] as const) {
      const path = anchor(name, value);
      expect(await run(exampleFile, path), name).toEqual(usage(`anchor ${path} is not {origin, size, root}`));
    }
  });
});

/** The part `--range RANGE` prints for the example. */
const partOf = async (...range: string[]) => {
  const r = await run(exampleFile, '--range', ...range, '--key', key);
  expect(r.code).toBe(EXIT.sound);
  return r.stdout;
};

describe('main.ts: merge', () => {
  it('wants at least one part', async () => {
    // why: main.ts:105:7 (-> false: an empty merge then fails later with another message)
    // and main.ts:105:62 (the message emptied).
    expect(await run('merge', checkpointFile)).toEqual(usage('merge wants the parts of a file'));
  });

  it('takes an inline anchor and a JSON anchor that mentions the part format beside the parts', async () => {
    // why: main.ts:87:7 (-> false: the inline anchor is read as a path and is unreadable) and
    // main.ts:92:12 (-> true: a JSON anchor carrying the part format's name is taken for a part).
    const part = file('whole.part.json', await partOf('0:'));
    const inline = `${checkpoint.origin}:1:${checkpoint.root}`;
    const mentioning = file(
      'mentioning.checkpoint.json',
      JSON.stringify({ ...checkpoint, comment: PART_FORMAT }),
    );
    for (const anchor of [inline, mentioning]) {
      const r = await run('merge', part, anchor, '--key', key);
      expect([r.code, r.stderr], anchor).toEqual([EXIT.sound, '']);
      expect(r.stdout).toContain('anchor 1: matched (size 1)');
    }
  });
});

describe('main.ts: merge, a part file whose JSON spells the format name with escapes', () => {
  it('is read as a part, as its JSON says, and a file holding JSON null as an anchor', async () => {
    // why: the format name was once looked for in the text before parsing, so a part
    // written with `\/` escapes was read as an anchor and refused (this case was red then).
    // A file holding JSON null has no format: an anchor, refused as one.
    const text = await partOf('0:');
    const escaped = file('escaped.part.json', text.replaceAll('/', '\\/'));
    expect(readFileSync(escaped, 'utf8')).not.toContain(PART_FORMAT);
    const r = await run('merge', escaped, checkpointFile, '--key', key);
    expect([r.code, r.stderr]).toEqual([EXIT.sound, '']);
    expect(r.stdout).toContain('anchor 1: matched (size 1)');
    const nullFile = file('null.json', 'null');
    expect(await run('merge', escaped, nullFile)).toEqual(
      usage('anchor 1 is not a checkpoint: the note body is not a checkpoint'),
    );
  });
});

describe('main.ts: merge, a file naming the part format that is no JSON', () => {
  it('is read as an anchor (here a note that is no checkpoint), not as a part', async () => {
    // why: main.ts:93:11 (the JSON.parse catch emptied: the file becomes an undefined part).
    const part = file('whole-b.part.json', (await run(exampleFile, '--range', '0:')).stdout);
    const note = file('mentions-format.note', `not JSON, though it names ${PART_FORMAT}\n`);
    expect(await run('merge', part, note)).toEqual(
      usage('anchor 1 is not a checkpoint: the note body is not a checkpoint'),
    );
  });
});

describe('main.ts: stdin', () => {
  const stdin = (stream: Readable) =>
    vi.spyOn(process, 'stdin', 'get').mockReturnValue(stream as typeof process.stdin);

  it("reads '-' from stdin and names it so in the report", async () => {
    // why: main.ts:108:17 (-> false), main.ts:108:31 ('-' -> ''; both stat a file named '-')
    // and main.ts:149:30 (the name 'stdin' emptied).
    const fromFile = await run(exampleFile, checkpointFile, '--key', key);
    stdin(Readable.from([readFileSync(exampleFile)]));
    const fromStdin = await run('-', checkpointFile, '--key', key);
    expect(fromStdin.code).toBe(EXIT.sound);
    expect(fromStdin.stderr).toBe('');
    expect(fromStdin.stdout).toBe(fromFile.stdout.replaceAll(exampleFile, 'stdin'));
    expect(fromStdin.stdout).toContain('stdin');
  });

  it('says reading stdin failed when the stream breaks', async () => {
    // why: main.ts:142:47 ('stdin' emptied in the message).
    stdin(
      new Readable({
        read() {
          this.destroy(new Error('the pipe broke'));
        },
      }),
    );
    expect(await run('-')).toEqual(unreadable('reading stdin failed'));
  });
});

describe('main.ts: --range', () => {
  const size = readFileSync(exampleFile).length;

  it('refuses a range past the end, naming the file and its size', async () => {
    // why: main.ts:158:41 (the message emptied).
    expect(await run(exampleFile, '--range', `0:${size + 1}`)).toEqual(
      usage(`--range ends past the end of ${exampleFile} (${size} bytes)`),
    );
  });

  it('records no keys in a part read without keys', async () => {
    // why: main.ts:164:11 (-> true and > -> >=: an empty key map is passed and recorded as {}).
    const r = await run(exampleFile, '--range', '0:');
    expect(r.code).toBe(EXIT.sound);
    expect(JSON.parse(r.stdout).keys).toBe(null);
  });

  it('an empty range, and a range in which no line starts, hold no lines', async () => {
    // why: main.ts:180:7 (start >= end -> false, and >= -> >: 0:0 then yields the first line)
    // and main.ts:194:11 (>= -> >: a line starting exactly at the end is taken).
    const firstLine = readFileSync(exampleFile).indexOf(10) + 1;
    for (const range of ['0:0', `2:${firstLine}`]) {
      const r = await run(exampleFile, '--range', range);
      expect([r.code, r.stderr], range).toEqual([EXIT.sound, '']);
      expect(JSON.parse(r.stdout).lines, range).toEqual([]);
    }
  });

  it('says reading failed when the file is a directory', async () => {
    // why: main.ts:166:19 (the catch emptied), main.ts:167:9 (-> true: the raw error escapes)
    // and main.ts:168:26 (the message emptied).
    expect(await run(dir, '--range', '0:1')).toEqual(unreadable(`reading ${dir} failed`));
  });

  it('parts cut inside lines longer than a read chunk merge to the whole-file report', async () => {
    // Lines of 1.5 MiB span the 1 MiB chunks rangeBytes reads: a part may start in a chunk
    // holding no newline, and run on over several chunks.
    // why: main.ts:188:11 (-> false), main.ts:188:18 (-1 -> +1), main.ts:189:9 (+= -> -=),
    // main.ts:193:15 (begun stays false), main.ts:197:9 (-> true), main.ts:201:9 (-> false,
    // < -> >=), main.ts:202:5 (+= -> -=).
    const long = 1.5 * 1024 * 1024;
    const big = file(
      'long-lines.jsonl',
      `${'a'.repeat(100)}\n${'b'.repeat(long)}\n${'c'.repeat(long)}\n${'d'.repeat(10)}\n`,
    );
    const total = readFileSync(big).length;
    const whole = await run(big, '--json');
    for (const cuts of [[200], [200, 101 + long - 5], [50, 102 + long, total - 3]]) {
      const bounds = [0, ...cuts, total];
      const parts: string[] = [];
      for (let i = 0; i + 1 < bounds.length; i++) {
        const part = await run(big, '--range', `${bounds[i]}:${bounds[i + 1]}`);
        expect(part.code).toBe(EXIT.sound);
        parts.push(file(`long-part-${i}.json`, part.stdout));
      }
      const merged = await run('merge', ...parts, '--json');
      expect([merged.code, merged.stdout], `cut at ${cuts}`).toEqual([whole.code, whole.stdout]);
    }
  });
});

describe('main.ts: the progress meter', () => {
  // A file of exactly PROGRESS_FROM_BYTES (4 MiB): four lines of 1 MiB with their newlines.
  const MiB = 1024 * 1024;
  const big = file('four-mib.jsonl', `${'x'.repeat(MiB - 1)}\n`.repeat(4));
  /** stderr as a terminal (or not), and performance.now reading the given milliseconds in turn. */
  const terminal = (isTTY: boolean, clock: number[]) => {
    const was = Object.getOwnPropertyDescriptor(process.stderr, 'isTTY');
    Object.defineProperty(process.stderr, 'isTTY', { value: isTTY, configurable: true });
    const readings = [...clock];
    vi.spyOn(performance, 'now').mockImplementation(() =>
      readings.length > 1 ? readings.shift()! : readings[0]!,
    );
    return () => {
      if (was === undefined) delete (process.stderr as { isTTY?: boolean }).isTTY;
      else Object.defineProperty(process.stderr, 'isTTY', was);
    };
  };
  const meter = async (isTTY: boolean, clock: number[], path = big) => {
    const restore = terminal(isTTY, clock);
    try {
      return await run(path);
    } finally {
      restore();
    }
  };

  it('redraws at most every quarter second: percent, MB, records/s, time left, then done', async () => {
    // The clock (ms): start 1000; lines at 1250 (shown), 1400 (0.15 s after: not), 1500
    // (0.25 s after: shown), 1600 (not); done at 1700.
    // Line 1: 1 of 4 MiB in 0.25 s: 4 records/s, (3 MiB x 0.25 s / 1 MiB) = 0.75 -> 1 s left.
    // Line 3: 3 MiB in 0.5 s: 6 records/s, (1 MiB x 0.5 s / 3 MiB) -> 1 s left.
    // Done: 4 records in 0.7 s = 5.7 -> 6 records/s (the done call adds bytes, not a record).
    // why: main.ts:134:7 (-> false, >= -> >, >= -> <: the file is exactly 4 MiB), main.ts:134:38
    // (!== true), main.ts:134:63 (true -> false), main.ts:109:16 (-> true: the size read as 0),
    // main.ts:138:35 (-> true: no meter on the lines), main.ts:144:19 (no done line),
    // main.ts:212:14 (+ 1 -> - 1), main.ts:221:94, main.ts:226:35, main.ts:210:31, main.ts:211:35
    // (emptied), main.ts:226:25 (done = true), main.ts:227:5 (-=), main.ts:228:9 (every form),
    // main.ts:228:20 (records--), main.ts:229:21 (* 1000), main.ts:229:22
    // (+ start), main.ts:230:9 (every form), main.ts:230:35 (done), main.ts:232:18 (-> false,
    // <=), main.ts:232:32 (records * elapsed), main.ts:233:18 (-> false, <=), main.ts:233:29,
    // main.ts:233:30, main.ts:233:31 (the arithmetic of the time left), main.ts:234:17 (Math.max),
    // main.ts:234:42, main.ts:234:43, main.ts:235:50, main.ts:235:80 (the arithmetic of the
    // percent and MB), main.ts:235:18, main.ts:235:150, main.ts:235:159, main.ts:236:26,
    // main.ts:236:51, main.ts:236:58 (the texts).
    const r = await meter(true, [1000, 1250, 1400, 1500, 1600, 1700]);
    expect(r.code).not.toBe(EXIT.usage);
    expect(r.stderr).toBe(
      `\rverifying ${big}: 25% (1.0 of 4.2 MB), 4 records/s, 1 s left\x1b[K` +
        `\rverifying ${big}: 75% (3.1 of 4.2 MB), 6 records/s, 1 s left\x1b[K` +
        `\rverifying ${big}: 100% (4.2 of 4.2 MB), 6 records/s, done\x1b[K\n`,
    );
  });

  it('shows 0 records/s when no time has passed', async () => {
    // why: main.ts:232:18 (-> true and >= : records / 0 is Infinity).
    const r = await meter(true, [1000]);
    expect(r.stderr).toBe(`\rverifying ${big}: 100% (4.2 of 4.2 MB), 0 records/s, done\x1b[K\n`);
  });

  it('stays silent when stderr is no terminal, and for a file under 4 MiB', async () => {
    // why: main.ts:134:38 (-> true), main.ts:134:7 (&& -> ||, and >= -> true).
    const small = file('under-four-mib.jsonl', `${'x'.repeat(MiB - 1)}\n`.repeat(3));
    expect((await meter(false, [1000, 2000])).stderr).toBe('');
    expect((await meter(true, [1000, 2000], small)).stderr).toBe('');
  });
});

describe('main.ts: grader keys', () => {
  it('passes --grader-key on: the verdict line says its signature verified', async () => {
    // why: main.ts:112:9 (-> false) and main.ts:112:36 ({ graderKeys } -> {}).
    const doc = JSON.parse(
      readFileSync(join(import.meta.dirname, '..', '..', '..', 'vectors', 'chain.json'), 'utf8'),
    );
    const graders = doc['export.graders'].find((v: { name: string }) => v.name === 'grader-verdicts-hold');
    const exportFile = file('graders.jsonl', `${graders.lines.join('\n')}\n`);
    const verdict = file('verdict-0.json', graders.options.graderVerdicts[0]);
    const graderKey = `test-grader=${graders.options.graderKeys['test-grader']}`;
    const r = await run(exportFile, '--grader-verdict', verdict, '--grader-key', graderKey, '--json');
    expect(r.code).toBe(EXIT.sound);
    expect(JSON.parse(r.stdout).graderVerdicts[0].signature).toBe('verified');
  });
});
