import { hex, SeamError, utf8Strict } from '@agent-seam/canonical';
import { loadVectors } from '@agent-seam/conformance';
import { keyPairFromSeed } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import {
  chainHash,
  DEFAULT_MAX_LINE_BYTES,
  type ExportOptions,
  mergeExportReports,
  PART_FORMAT,
  type PartialExportReport,
  type PartLine,
  verifyExport,
  verifyExportRange,
  writeExport,
} from '../src/index.js';
import { notWellFormed, optionsOf, rejected, thrown } from './helpers.js';

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

// The part files' shape checks and the merge of their reports, each refusal whole.
// A case that exists for a mutant says in its comment which one it holds (file:line:column of
// the mutation report); equivalent mutants are listed in spec/chain.md.

describe('part files: their shape checks and the merge of their reports', () => {
  const BLANK = '   ';
  const size = BLANK.length + 1;
  /** A part of one blank line covering [start, start + size) of a file of `fileSize` bytes. */
  const blankPart = (start: number, fileSize: number): PartialExportReport => ({
    format: PART_FORMAT,
    range: { start, end: start + size, fileSize },
    keys: null,
    maxLineBytes: DEFAULT_MAX_LINE_BYTES,
    lines: [[BLANK.length]],
  });
  const whole = blankPart(0, size);

  it('a blank part merges, and its maxLineBytes is the default', async () => {
    // The reference the refusals below are told from.
    const part = await verifyExportRange([BLANK], { range: whole.range });
    expect(part).toEqual(whole);
    expect(mergeExportReports([part])).toMatchObject({
      findings: [{ code: 'header-missing' }],
      lines: 1,
      bytes: size,
    });
  });

  it('verifyExportRange checks its keys and line cap', async () => {
    // why: parts.ts:59:16 `{ keys, maxLineBytes }` → `{}` (checkOptions would see neither)
    expect(
      (await rejected(() => verifyExportRange([BLANK], { range: whole.range, maxLineBytes: 0 }))).message,
    ).toBe('bad-options: maxLineBytes is not a positive integer');
    expect(
      (await rejected(() => verifyExportRange([BLANK], { range: whole.range, keys: {} as never }))).message,
    ).toBe('bad-options: keys is not a Map from key_id to an Ed25519 public key');
  });

  it('a record line travels tagged record, a missing prev_hash as null', async () => {
    // why: parts.ts:85:9 'record' → "", :88:17 `prev === null` → false (hex.encode(null) throws)
    const line = '{"seq":1,"hash":"zz"}';
    const n = line.length + 1;
    const part = await verifyExportRange([line], { range: { start: 0, end: n, fileSize: n } });
    expect(part.lines).toEqual([[line.length, 'record', notWellFormed(1)]]);
  });

  it('the record keys travel as [key_id, hex key] sorted by key_id, whatever the Map order', async () => {
    // why: parts.ts:168:7 `.sort(…)` dropped and `[...keys]` → [], :169:14 map fn → () => undefined,
    // :169:47 `[id, hex.encode(key)]` → [], :170:15 comparator → () => undefined,
    // :170:30 `a < b` → true / false / `a >= b`, :170:38 `-1` → `+1`, :170:43 `a > b` → false
    const key = (n: number) => keyPairFromSeed(new Uint8Array(32).fill(n)).publicKey;
    const sorted: [string, string][] = ['a', 'b', 'c'].map((id, i) => [id, hex.encode(key(i + 1))]);
    const orders = [
      ['a', 'b', 'c'],
      ['a', 'c', 'b'],
      ['b', 'a', 'c'],
      ['b', 'c', 'a'],
      ['c', 'a', 'b'],
      ['c', 'b', 'a'],
    ];
    for (const order of orders) {
      const keys = new Map(order.map((id) => [id, key(id.charCodeAt(0) - 96)]));
      const part = await verifyExportRange([BLANK], { range: whole.range, keys });
      expect(part.keys, order.join('')).toEqual(sorted);
      expect(mergeExportReports([part], { keys })).toMatchObject({ lines: 1, bytes: size });
    }
  });

  it('a part that is not a part report names its place in the list', () => {
    // why: parts.ts:114:9 `part?.format` → `part.format` (null would throw a TypeError),
    // :114:79 message → '', :113:71 'part ${i + 1}: ${why}' → '', :113:79 `i + 1` → `i - 1`
    expect(thrown(() => mergeExportReports([whole, null as never])).message).toBe(
      'bad-part: part 2: not a agent-seam/export-part/1 report',
    );
  });

  it('a part whose range is no range is bad-part, not a short file', () => {
    // why: parts.ts:115:5 `checkRange(part.range, bad)` → `;`
    const over = { ...whole, range: { start: 0, end: size + 5, fileSize: size } };
    expect(thrown(() => mergeExportReports([over])).message).toBe(
      'bad-part: part 1: range is not { start, end, fileSize } with 0 <= start <= end <= fileSize',
    );
  });

  it('a part of another file size is named as such', () => {
    // why: parts.ts:117:9 `part.range.fileSize !== fileSize` → false, :117:53 message → ""
    const other = {
      ...blankPart(size, 2 * size + 1),
      range: { start: size, end: 2 * size + 1, fileSize: 2 * size + 1 },
    };
    expect(thrown(() => mergeExportReports([blankPart(0, 2 * size), other])).message).toBe(
      'bad-part: part 2: it is of a file of another size',
    );
  });

  it('a gap, other keys and a short cover each name themselves', () => {
    // why: parts.ts:118:44 message → '', :120:17 message → "", :125:37 message → ''
    expect(
      thrown(() => mergeExportReports([blankPart(0, 3 * size), blankPart(2 * size, 3 * size)])).message,
    ).toBe(`bad-part: part 2: it starts at byte ${2 * size}, not ${size}`);
    expect(thrown(() => mergeExportReports([{ ...whole, keys: [] }])).message).toBe(
      'bad-part: part 1: it was read under other record keys or another line cap',
    );
    expect(thrown(() => mergeExportReports([blankPart(0, 2 * size)])).message).toBe(
      `bad-part: the parts end at byte ${size}, not at the end of the file`,
    );
  });

  const withLine = (line: unknown) => [{ ...whole, lines: [line as PartLine] }];
  const malformed = 'bad-part: part 1: a line is malformed';
  const record = { unknown: [], seq: 0, prev: null, hash: null, wellFormed: false, linked: false };

  it('a line that is not [size, …] with a non-negative integer size is malformed', () => {
    // why: parts.ts:130:7 whole condition → false, `(A || B) && line[0] < 0` for `A || B || line[0] < 0`,
    // `!Array.isArray(line) || !Number.isSafeInteger(line[0])` → false and → `&&`,
    // :130:65 `line[0] < 0` → false, :130:88 message → ""
    for (const line of ['x', { 0: 4 }, ['4'], [1.5], [-1]])
      expect(thrown(() => mergeExportReports(withLine(line))).message, JSON.stringify(line)).toBe(malformed);
  });

  it('a frame line that does not read as a frame is refused', () => {
    // why: parts.ts:135:9 `reading.type !== 'frame'` → false, :135:45 message → ""
    for (const text of ['not json', '{"seq":1}'])
      expect(thrown(() => mergeExportReports(withLine([size, 'frame', text]))).message).toBe(
        'bad-part: part 1: a frame line does not read as a frame',
      );
  });

  it('a record line without a record object, or of an unknown kind, is malformed, never a TypeError', () => {
    // why: a record line of null threw "Cannot read properties of null" out of the merge (and out of
    // `seam export merge`) instead of bad-part. Each of the four tests of the new check was deleted
    // once and this case went red: without the tag test the unknown kind merged as a record, without
    // the null test the TypeError came back, without the type or array test a string or an array
    // reached the digest check. (A frame line's text that is not a string was already refused.)
    for (const line of [
      [size, 'record', null],
      [size, 'record', 'x'],
      [size, 'record', [record]],
      [size, 'recorded', record],
    ])
      expect(thrown(() => mergeExportReports(withLine(line))).message, JSON.stringify(line)).toBe(malformed);
    expect(thrown(() => mergeExportReports(withLine([size, 'frame', 5]))).message).toBe(malformed);
  });

  it('every member of a record reading is checked, and a line of null is malformed too', () => {
    // why: a part line of null, or a record reading with one member of the wrong shape (an
    // `unknown` that is no array, a `hashed` or `rawFinding` of another shape, an unknown
    // signature state), threw a TypeError out of the merge, or was merged as it was; a refused
    // line's code and message were passed on unread. This case was red before the shape check.
    const full = { ...record, rawFinding: null, hashed: null, signature: 'missing' };
    expect(() => mergeExportReports(withLine([size, 'record', full]))).not.toThrow();
    const hashed = { seq: 1, run: 'r', case: null, concluded: { seals: true, headMatches: true } };
    for (const edit of [
      { unknown: 'x' },
      { unknown: [1] },
      { seq: -1 },
      { seq: '1' },
      { prev: 7 },
      { hash: {} },
      { wellFormed: 'yes' },
      { linked: null },
      { rawFinding: { code: 'record-not-canonical' } },
      { rawFinding: { code: 'other', message: '' } },
      { hashed: {} },
      { hashed: undefined },
      { rawFinding: undefined },
      { hashed: { ...hashed, run: 1 } },
      { hashed: { ...hashed, case: 1 } },
      { hashed: { ...hashed, seq: null, concluded: { seals: true } } },
      { signature: 'fine' },
      { signature: undefined },
    ])
      expect(
        thrown(() => mergeExportReports(withLine([size, 'record', { ...full, ...edit }]))).message,
        JSON.stringify(edit),
      ).toBe(malformed);
    for (const line of [null, [size, 'refused', 'no-such-code', 'm'], [size, 'refused', 'line-not-json', 5]])
      expect(thrown(() => mergeExportReports(withLine(line))).message, JSON.stringify(line)).toBe(malformed);
    expect(() => mergeExportReports(withLine([size, 'refused', 'line-not-json', 'm']))).not.toThrow();
  });

  it('a line is read by its tag first, and every member of a record travels in its own shape', () => {
    // why: parts.ts:144:5 `line[1] === 'refused'` → true (a record line whose third and fourth
    // members spell a refusal merged as that refusal), :156:7 `line[1] !== 'record'` → false (a
    // well-shaped record under another tag merged as a record), :181 the `unknown` names' test →
    // `() => undefined`, `false` or `typeof name === ""` (a record that names an unknown member was
    // refused as malformed; no case had a non-empty `unknown`), :197:12 the `concluded` test → `true`,
    // or its first `&&` → `||` (a `concluded` whose `seals` is no boolean merged). Each mutant
    // applied by hand turns this case red.
    const full = { ...record, rawFinding: null, hashed: null, signature: 'missing' };
    const hashed = { seq: 1, run: 'r', case: null, concluded: { seals: true, headMatches: true } };
    for (const line of [
      [size, 'record', 'line-not-json', 'm'],
      [size, 'recorded', full],
      [size, 'record', { ...full, unknown: ['a', 1] }],
      [size, 'record', { ...full, hashed: { ...hashed, concluded: 'x' } }],
      [size, 'record', { ...full, hashed: { ...hashed, concluded: { seals: 'x', headMatches: true } } }],
    ])
      expect(thrown(() => mergeExportReports(withLine(line))).message, JSON.stringify(line)).toBe(malformed);
    for (const shaped of [
      { ...full, unknown: ['a'] },
      { ...full, hashed },
    ])
      expect(
        () => mergeExportReports(withLine([size, 'record', shaped])),
        JSON.stringify(shaped),
      ).not.toThrow();
  });

  it('a record digest that is not hex is refused', () => {
    // why: parts.ts:142:9 `!bytes.ok` → false, :142:30 message → ""
    const notHex = { ...record, seq: 1, prev: 'zz', rawFinding: null, hashed: null, signature: 'missing' };
    expect(thrown(() => mergeExportReports(withLine([size, 'record', notHex]))).message).toBe(
      'bad-part: part 1: a record digest is not hex',
    );
  });

  it('a range needs non-negative safe integers, in an object', async () => {
    // why: parts.ts:152:31 `int` → true and `&&` → `||`, :152:58 `(n as number) >= 0` → true,
    // :154:5 `typeof range !== 'object'` → false (a function carrying the members), :162:15 message → ""
    const message = 'bad-options: range is not { start, end, fileSize } with 0 <= start <= end <= fileSize';
    const ranges = [
      { start: -1, end: 0, fileSize: 0 },
      { start: 0, end: 0.5, fileSize: 1 },
      Object.assign(() => 0, { start: 0, end: size, fileSize: size }),
    ];
    for (const range of ranges)
      expect((await rejected(() => verifyExportRange([BLANK], { range: range as never }))).message).toBe(
        message,
      );
  });
});
