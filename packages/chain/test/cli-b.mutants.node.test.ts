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
    // why: main.ts:69:16 (a root that is not a string hex-decoded anyway), main.ts:70:7 (each
    // -> false and the || -> && forms: the anchor then reaches readAnchor or crashes),
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
