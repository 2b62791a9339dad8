// Cases that kill the Stryker survivors of src/cli/main.ts (and the few NoCoverage
// mutants of src/record.ts, src/export/writer.ts, src/export/graders.ts) in the report of
// `pnpm mutate --filter chain --rest`. The command runs in-process, as in cli.node.test.ts;
// each `it` names the mutants it kills (file:line:column as in the report). Equivalent
// mutants are listed in spec/chain.md ("command line: main, workers (b)").
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXIT, USAGE } from '../src/cli/main.js';
import { main } from '../src/cli/main.js';
import { PART_FORMAT } from '../src/index.js';

const examples = join(import.meta.dirname, '..', 'examples');
const exampleFile = join(examples, 'example.jsonl');
const checkpointFile = join(examples, 'example.checkpoint.json');
const key = readFileSync(join(examples, 'example.key.txt'), 'utf8').trim();
const checkpoint = JSON.parse(readFileSync(checkpointFile, 'utf8'));
const dir = mkdtempSync(join(tmpdir(), 'seam-chain-cli-b-'));

/** Runs the command in-process, returning its exit code and what it wrote. */
async function run(...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((s) => {
    stdout += String(s);
    return true;
  });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((s) => {
    stderr += String(s);
    return true;
  });
  try {
    return { code: await main(argv), stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}
afterEach(() => vi.restoreAllMocks());

const file = (name: string, content: string | Uint8Array) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};
/** What the command writes for a bad command line: the message, then the usage. */
const usage = (message: string) => ({ code: EXIT.usage, stdout: '', stderr: `seam-verify-export: ${message}\n${USAGE}\n` });
/** What the command writes for a file it cannot read. */
const unreadable = (message: string) => ({ code: EXIT.unreadable, stdout: '', stderr: `seam-verify-export: ${message}\n` });

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
    expect(await run(exampleFile, broken)).toEqual(usage(`anchor ${broken} is neither a JSON checkpoint nor a note`));
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

describe('main.ts: merge', () => {
  const partOf = async (...range: string[]) => {
    const r = await run(exampleFile, '--range', ...range, '--key', key);
    expect(r.code).toBe(EXIT.sound);
    return r.stdout;
  };

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
    const mentioning = file('mentioning.checkpoint.json', JSON.stringify({ ...checkpoint, comment: PART_FORMAT }));
    for (const anchor of [inline, mentioning]) {
      const r = await run('merge', part, anchor, '--key', key);
      expect([r.code, r.stderr], anchor).toEqual([EXIT.sound, '']);
      expect(r.stdout).toContain('anchor 1: matched (size 1)');
    }
  });
});

describe('main.ts: stdin', () => {
  const stdin = (stream: Readable) => vi.spyOn(process, 'stdin', 'get').mockReturnValue(stream as typeof process.stdin);

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
    const big = file('long-lines.jsonl', `${'a'.repeat(100)}\n${'b'.repeat(long)}\n${'c'.repeat(long)}\n${'d'.repeat(10)}\n`);
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
