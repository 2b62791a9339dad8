import { hex, JsonFloat, SeamError, utf8Strict } from '@agent-seam/canonical';
import { loadVectors } from '@agent-seam/conformance';
import { keyPairFromSeed } from '@agent-seam/did';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { writeUnread } from '../src/export/writer.js';
import { chainHash, type ExportReport, type VerifyExportOptions, verifyExport } from '../src/index.js';
import { optionsOf } from './helpers.js';

/**
 * Worker threads read the lines; this thread applies the readings in file order. The
 * claim is that the report does not depend on how many threads read: the same JSON,
 * finding for finding and in the same order, for 1, 2 and 4 workers.
 */
const doc = loadVectors('chain.json');
const GROUPS = [
  'export.sound',
  'export.findings',
  'export.graders',
  'export.reference-readings',
  'export.own-readings',
  'export.unchecked',
  'export.strict',
];
const WORKERS = [2, 4];

/** The report as JSON (bigints spelled), or the code of the SeamError the options raised. */
async function outcome(lines: unknown, options: VerifyExportOptions): Promise<string> {
  try {
    const report: ExportReport = await verifyExport(lines as string[], options);
    return JSON.stringify(report, (_, v) => (typeof v === 'bigint' ? `${v}n` : v));
  } catch (error) {
    if (error instanceof SeamError) return `throws ${error.code}`;
    throw error;
  }
}

describe('the same report for 1, 2 and 4 workers', () => {
  for (const group of GROUPS)
    it(`every ${group} vector`, async () => {
      for (const v of doc[group]) {
        const alone = await outcome(v.lines, { ...optionsOf(v.options), workers: 1 });
        for (const workers of WORKERS)
          expect(
            await outcome(v.lines, { ...optionsOf(v.options), workers }),
            `${v.name}, ${workers} workers`,
          ).toBe(alone);
      }
    });

  // Files of several batches (a batch is 256 KiB), so that batches finish out of order.
  const seed = new Uint8Array(32).fill(7);
  const keys = new Map([['k1', keyPairFromSeed(seed).publicKey]]);
  const note = 'n'.repeat(900);
  // Each run's eighth record unsigned: a finding under keys (written unread, as writeExport refuses it).
  const written = writeUnread({
    origin: 'example.com/log',
    key: { keyId: 'k1', seed },
    runs: Array.from({ length: 6 }, (_, r) => ({
      run: `run_${String(r).padStart(26, '0')}`,
      sealed: r % 3 !== 2,
      records: Array.from({ length: 150 }, (_, i) => ({
        unsigned: i === 7,
        body: { epoch: 1, v: 1, kind: i === 0 ? 'RunAdmitted' : 'StepFinished', step: i, note },
      })),
    })),
  }).lines;

  it('a file of many batches, and that file damaged (line edits, drops, swaps, re-hashed raw edits)', async () => {
    expect(written.join('\n').length).toBeGreaterThan(4 * 256 * 1024);
    const files = fc.sample(damagedFile(written), { numRuns: 12, seed: 1202 });
    for (const [i, lines] of [written, ...files].entries()) {
      const options = i % 2 === 0 ? { keys } : {};
      const alone = await outcome(lines, { ...options, workers: 1 });
      for (const workers of WORKERS)
        expect(await outcome(lines, { ...options, workers }), `file ${i}, ${workers} workers`).toBe(alone);
    }
  }, 240_000);

  it('a file given as bytes, and lines given as strings, bytes and values that are no line', async () => {
    const bytes = utf8Strict.encode(written.slice(0, 400).join('\n'));
    expect(await outcome(bytes, { workers: 2 })).toBe(await outcome(bytes, {}));
    const mixed: unknown[] = written.slice(0, 300).map((l, i) => (i % 3 === 0 ? utf8Strict.encode(l) : l));
    mixed.splice(120, 0, 42, '', '   ');
    expect(await outcome(mixed, { workers: 4 })).toBe(await outcome(mixed, {}));
  });

  it('frames keep their float literals (a structured clone would not): report.canon is what the header says', async () => {
    const lines = [
      JSON.stringify({ kind: 'agentplane.export', version: 1, canon: 1 }).replace(':1}', ':1.5}'),
      ...written.slice(1, 200),
    ];
    const alone = await verifyExport(lines);
    expect([alone.status, alone.canon]).toEqual(['unverifiable', new JsonFloat(1.5)]);
    const parallel = await verifyExport(lines, { workers: 2 });
    expect(parallel.canon).toBeInstanceOf(JsonFloat);
    expect(parallel).toEqual(alone);
  });
});

describe('the workers option', () => {
  it('is a positive integer, and keys shared with threads are a Map', async () => {
    for (const workers of [0, -1, 1.5, Number.NaN, '2'])
      expect(await outcome(soundLines(), { workers: workers as number })).toBe('throws bad-options');
    const getOnly = { get: () => undefined } as unknown as ReadonlyMap<string, Uint8Array>;
    expect(await outcome(soundLines(), { workers: 2, keys: getOnly })).toBe('throws bad-options');
    expect(await outcome(soundLines(), { workers: 1, keys: getOnly })).not.toBe('throws bad-options');
  });
});

const soundLines = () => doc['export.sound'][0].lines as string[];

/** One damage to a file: a character changed, a line dropped, two swapped, or a raw edited and re-hashed. */
function damagedFile(lines: string[]): fc.Arbitrary<string[]> {
  const records = lines.flatMap((l, i) => (l.startsWith('{"seq"') ? [i] : []));
  return fc
    .tuple(
      fc.constantFrom('char', 'drop', 'swap', 'raw'),
      fc.nat(lines.length - 1),
      fc.nat(lines.length - 1),
      fc.nat(),
    )
    .map(([how, a, b, at]) => {
      const out = [...lines];
      if (how === 'char') {
        const line = out[a]!;
        const p = at % line.length;
        out[a] = `${line.slice(0, p)}${line[p] === '1' ? '2' : '1'}${line.slice(p + 1)}`;
      } else if (how === 'drop') out.splice(a, 1);
      else if (how === 'swap') [out[a], out[b]] = [out[b]!, out[a]!];
      else {
        const i = records[a % records.length]!;
        const record = JSON.parse(out[i]!);
        record.raw = record.raw.replace('"epoch":1', '"epoch":1.0');
        const prev = hex.decode(record.prev_hash);
        if (prev.ok) record.hash = hex.encode(chainHash(prev.value, utf8Strict.encode(record.raw)));
        out[i] = JSON.stringify(record);
      }
      return out;
    });
}
