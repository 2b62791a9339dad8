import { hex, SeamError, utf8Strict } from '@agent-seam/canonical';
import { loadVectors } from '@agent-seam/conformance';
import { keyPairFromSeed } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import {
  chainHash,
  type ExportOptions,
  mergeExportReports,
  type PartialExportReport,
  verifyExport,
  verifyExportRange,
  writeExport,
} from '../src/index.js';
import { optionsOf } from './helpers.js';

/**
 * An export verified in parts and merged gives the whole file's report: the same JSON,
 * finding for finding, for every export vector split at each run boundary (and at all of
 * them at once), and for damaged files.
 */
const doc = loadVectors('chain.json');
const GROUPS = Object.keys(doc).filter((g) => g.startsWith('export.'));

const json = (report: unknown) => JSON.stringify(report, (_, v) => (typeof v === 'bigint' ? `${v}n` : v));

/** The report as JSON, or the code of the SeamError the options raised. */
async function whole(lines: unknown[], options: ExportOptions): Promise<string> {
  try {
    return json(await verifyExport(lines as string[], options));
  } catch (error) {
    if (error instanceof SeamError) return `throws ${error.code}`;
    throw error;
  }
}

/** The lines cut at `cuts` (line indexes), each part read on its own, then merged. */
async function merged(lines: unknown[], options: ExportOptions, cuts: number[]): Promise<string> {
  const size = (line: unknown) =>
    (typeof line === 'string'
      ? utf8Strict.encode(line).length
      : line instanceof Uint8Array
        ? line.length
        : 0) + 1;
  const offsets = [0];
  for (const line of lines) offsets.push(offsets.at(-1)! + size(line));
  const fileSize = offsets.at(-1)!;
  const bounds = [0, ...cuts, lines.length];
  try {
    const parts: PartialExportReport[] = [];
    for (let i = 0; i + 1 < bounds.length; i++) {
      const [from, to] = [bounds[i]!, bounds[i + 1]!];
      const range = { start: offsets[from]!, end: to === lines.length ? fileSize : offsets[to]!, fileSize };
      const part = await verifyExportRange(lines.slice(from, to) as string[], {
        range,
        ...(options.keys ? { keys: options.keys } : {}),
        ...(options.maxLineBytes ? { maxLineBytes: options.maxLineBytes } : {}),
      });
      parts.push(JSON.parse(JSON.stringify(part))); // parts travel between machines as JSON
    }
    return json(mergeExportReports(parts, options));
  } catch (error) {
    if (error instanceof SeamError) return `throws ${error.code}`;
    throw error;
  }
}

/** Indexes of the run-block lines. */
const runBoundaries = (lines: unknown[]) =>
  lines.flatMap((line, i) => (typeof line === 'string' && isRunBlock(line) ? [i] : []));

function isRunBlock(line: string): boolean {
  try {
    return JSON.parse(line)?.kind === 'agentplane.export.run';
  } catch {
    return false;
  }
}

describe('verified in parts and merged: the whole-file report', () => {
  for (const group of GROUPS)
    it(`every ${group} vector, split at each run boundary and at all of them`, async () => {
      let splits = 0;
      for (const v of doc[group]) {
        const options = optionsOf(v.options);
        const expected = await whole(v.lines, options);
        const boundaries = runBoundaries(v.lines);
        for (const cuts of [[], ...boundaries.map((b) => [b]), boundaries]) {
          expect(await merged(v.lines, options, cuts), `${v.name}, cut at lines ${cuts}`).toBe(expected);
          splits++;
        }
      }
      expect(splits).toBeGreaterThanOrEqual(doc[group].length);
    }, 240_000); // seconds alone; a shared machine under load has taken over a minute

  it('damaged files (a character changed, a record moved to another run, a raw edited and re-hashed), with and without keys', async () => {
    const seed = new Uint8Array(32).fill(9);
    const keys = new Map([['k1', keyPairFromSeed(seed).publicKey]]);
    // Each run's third record unsigned: a state the reader refuses only under keys.
    const lines = writeExport({
      origin: 'example.com/log',
      key: { keyId: 'k1', seed },
      runs: Array.from({ length: 4 }, (_, r) => ({
        run: `run_${String(r).padStart(26, '0')}`,
        sealed: r !== 3,
        records: Array.from({ length: 5 }, (_, i) => ({
          body: { epoch: 1, v: 1, kind: i === 0 ? 'RunAdmitted' : 'StepFinished', step: i },
        })),
      })),
    }).lines.map((line) =>
      line.includes('"step":2') ? JSON.stringify({ ...JSON.parse(line), signature: null }) : line,
    );
    const boundaries = runBoundaries(lines);
    const edited = lines.map((l) => l.replace('"step":3', '"step":4'));
    const moved = [...lines]; // a record of the second run moved to the head of the third
    const [record] = moved.splice(boundaries[1]! + 2, 1);
    moved.splice(boundaries[2]!, 0, record!);
    const rehashed = lines.map((line) => {
      if (!line.includes('"step":1')) return line;
      const record = JSON.parse(line);
      record.raw = record.raw.replace('"epoch":1', '"epoch":1.0');
      record.hash = hex.encode(chainHash(unhexed(record.prev_hash), utf8Strict.encode(record.raw)));
      return JSON.stringify(record);
    });
    for (const [i, file] of [lines, edited, moved, rehashed].entries())
      for (const options of [{}, { keys }] as ExportOptions[]) {
        const expected = await whole(file, options);
        // The written file is sound without keys; with them its unsigned record is a finding.
        const sound = i === 0 && options.keys === undefined;
        expect(expected).toContain(sound ? '"status":"sound"' : '"status":"findings"');
        for (const b of runBoundaries(file)) expect(await merged(file, options, [b])).toBe(expected);
        expect(await merged(file, options, runBoundaries(file))).toBe(expected);
      }
  }, 240_000);
});

const unhexed = (text: string) => {
  const bytes = hex.decode(text);
  if (!bytes.ok) throw new Error('bad hex');
  return bytes.value;
};

describe('parts that do not make up the file', () => {
  const lines = doc['export.sound'][0].lines as string[];
  const fileSize = lines.reduce((n, l) => n + utf8Strict.encode(l).length + 1, 0);
  const cut = utf8Strict.encode(lines[0]!).length + 1;
  const part = (start: number, end: number, from: number, to: number) =>
    verifyExportRange(lines.slice(from, to), { range: { start, end, fileSize } });

  it('are refused with bad-part: a gap, an overlap, a missing end, another file, other keys', async () => {
    const [a, b] = [await part(0, cut, 0, 1), await part(cut, fileSize, 1, lines.length)];
    expect(json(mergeExportReports([a, b]))).toBe(await whole(lines, {}));
    const keys = new Map([['k', keyPairFromSeed(new Uint8Array(32).fill(1)).publicKey]]);
    const cases: [PartialExportReport[], ExportOptions][] = [
      [[b], {}],
      [[a], {}],
      [[a, a], {}],
      [[a, { ...b, range: { ...b.range, fileSize: fileSize + 1, end: fileSize + 1 } }], {}],
      [[a, b], { keys }],
      [[a, b], { maxLineBytes: 1000 }],
      [[a, { ...b, format: 'other' } as unknown as PartialExportReport], {}],
      [[], {}],
    ];
    for (const [parts, options] of cases)
      expect(() => mergeExportReports(parts, options)).toThrowError(
        expect.objectContaining({ code: 'bad-part' }),
      );
  });

  it('a range that is no range is bad-options', async () => {
    for (const range of [{ start: 2, end: 1, fileSize }, { start: 0, end: fileSize + 1, fileSize }, null])
      await expect(verifyExportRange(lines, { range: range as never })).rejects.toThrowError(
        expect.objectContaining({ code: 'bad-options' }),
      );
  });
});
