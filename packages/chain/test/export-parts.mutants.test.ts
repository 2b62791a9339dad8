// Cases that kill the Stryker survivors of src/export/parts.ts and src/grader.ts in the
// mutation report of the export verifier files. Each `it` names the mutants it kills
// (file line:column as in the report); equivalent mutants are listed in spec/chain.md
// ("Equivalent mutants", parts.ts, grader.ts).
import { hex, utf8Strict } from '@agent-seam/canonical';
import { keyPairFromSeed } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { MAX_SIDECAR_BYTES } from '../src/grader.js';
import {
  DEFAULT_MAX_LINE_BYTES,
  type GraderClaim,
  graderSigningInput,
  mergeExportReports,
  PART_FORMAT,
  type PartialExportReport,
  type PartLine,
  parseGraderSidecar,
  signGraderVerdict,
  verifyExportRange,
} from '../src/index.js';
import { GRADER_CLAIM, GRADER_SEED, notWellFormed, rejected, thrown } from './helpers.js';

describe('parts.ts', () => {
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
    expect(() => mergeExportReports(withLine([size, 'record', full]))).not.toThrow(/malformed/);
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
    expect(() => mergeExportReports(withLine([size, 'refused', 'line-not-json', 'm']))).not.toThrow(
      /malformed/,
    );
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
      ).not.toThrow(/malformed/);
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

describe('grader.ts', () => {
  const seed = GRADER_SEED;
  const claim = GRADER_CLAIM;
  const sidecar = signGraderVerdict(claim, 'g', seed);
  const text = JSON.stringify(sidecar);
  const read = (value: unknown) =>
    parseGraderSidecar(utf8Strict.encode(typeof value === 'string' ? value : JSON.stringify(value)));
  const refused = (detail: string) => ({ ok: false, code: 'grader-format', detail });

  it('graderSigningInput names a member with no JSON spelling from `sidecar`', () => {
    // why: grader.ts:51:84 'sidecar' → ""
    expect(thrown(() => graderSigningInput({ ...sidecar, run: undefined } as never)).message).toMatch(
      /^[a-z-]+: sidecar\.run /,
    );
  });

  it('signGraderVerdict refuses a claim that is not an object, and names each bad member', () => {
    // why: grader.ts:59:7 `typeof claim !== 'object'` → false, :60:25 'bad-claim' → "",
    // :63:41, :65:42, :67:40, :68:72 messages → ""
    const cases: [unknown, string][] = [
      ['claim', 'bad-claim: claim is not { run, last_seq, last_hash, open, content }'],
      [{ ...claim, last_seq: 0 }, 'bad-last-seq: claim.last_seq is not an integer >= 1'],
      [
        { ...claim, last_hash: 'AB'.repeat(32) },
        'bad-last-hash: claim.last_hash is not 64 lowercase hex characters',
      ],
      [{ ...claim, content: 'pass' }, 'bad-content: claim.content is not the verdict bytes (a Uint8Array)'],
      [{ ...claim, open: 'false' }, 'bad-open: claim.open is not a boolean'],
    ];
    for (const [bad, message] of cases)
      expect(thrown(() => signGraderVerdict(bad as GraderClaim, 'g', seed)).message).toBe(message);
  });

  it('a sidecar that is not bytes is not-bytes with its detail', () => {
    // why: grader.ts:92:64 message → ""
    expect(parseGraderSidecar(text as never)).toEqual({
      ok: false,
      code: 'not-bytes',
      detail: 'the sidecar file is not a Uint8Array',
    });
  });

  it('the size cap is 1 MiB inclusive, and past it the refusal says so', () => {
    // why: grader.ts:94:7 `bytes.length > MAX_SIDECAR_BYTES` → false and → `>=`, :94:55 message → ""
    const padded = (n: number) => text + ' '.repeat(n - text.length);
    expect(read(padded(MAX_SIDECAR_BYTES)).ok).toBe(true);
    expect(read(padded(MAX_SIDECAR_BYTES + 1))).toEqual(refused('the sidecar exceeds its size cap'));
  });

  it('JSON that is not an object is not one JSON object', () => {
    // why: grader.ts:96:7 `!parsed.ok || !isObject(…)` → `&&`
    expect(read('[1]')).toEqual(refused('the sidecar is not one JSON object'));
  });

  it('the member set is exact: one missing, or one renamed, is refused', () => {
    // why: grader.ts:99:7 `||` → `&&`, `members.length !== MEMBERS.length` → false,
    // :99:44 `some` → `every`, :99:57 `(m) => !MEMBERS.includes(m)` → () => undefined, :100:19 message → ""
    const { open, ...missing } = sidecar;
    const renamed = { ...missing, opened: open };
    for (const value of [missing, renamed])
      expect(read(value)).toEqual(refused('the sidecar must carry exactly the known members'));
  });

  it('each member held to its type names itself', () => {
    // why: grader.ts:101:49, :104:52, :106:54, :108:40, :109:54, :111:34, :113:41 messages → ""
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'other' }, 'kind does not name a grader verdict'],
      [{ run: 7 }, 'run is not a string'],
      [{ last_seq: 0 }, 'last_seq is not an integer >= 1'],
      [{ last_hash: 'AB'.repeat(32) }, 'last_hash is not 64 lowercase hex characters'],
      [{ open: 'true' }, 'open is not a boolean'],
      [{ content: 'AQI' }, 'content is not standard padded base64'],
      [
        { signature: { key_id: 'g', signature: 'AB'.repeat(64) } },
        'signature is not a key_id and 128 lowercase hex characters',
      ],
    ];
    for (const [change, detail] of cases) expect(read({ ...sidecar, ...change })).toEqual(refused(detail));
  });
});
