// The export verifier's plumbing (src/export/verifier.ts): its options, lines pushed one by
// one and found again, and a first line that is not a header.
// A case that exists for a mutant says in its comment which one it holds (file:line:column of
// the mutation report); equivalent mutants are listed in spec/chain.md.
import { describe, expect, it } from 'vitest';
import { type ExportOptions, type ExportReport, ExportVerifier, writeExport } from '../src/index.js';
import { sealedRun, thrown, unhex } from './helpers.js';

const RUN = 'run_01J80000000000000000000001';
/** A sound export: header, one sealed run block, its two records, the trailer. */
const written = writeExport({
  origin: 'example.com/agentplane',
  runs: [sealedRun(RUN)],
});
const [HEADER, BLOCK, FIRST, SECOND, TRAILER] = written.lines as [string, string, string, string, string];
const SOUND = [HEADER, BLOCK, FIRST, SECOND, TRAILER];
const CASE = JSON.stringify({ kind: 'agentplane.export.case', case: { id: 'case_1' } });
const UNKNOWN = JSON.stringify({ kind: 'agentplane.export.unknown' });
const NOT_OBJECT = '[1]';

/** The report of `lines` fed one by one to a fresh verifier. */
function verify(lines: readonly string[], options?: ExportOptions): ExportReport {
  const verifier = new ExportVerifier(options);
  for (const line of lines) verifier.push(line);
  return verifier.finish();
}

const headerMissing = (line: number) => ({
  code: 'header-missing',
  message: 'the first line is not an export or disclosure header',
  line,
});
const restOfFile = {
  code: 'rest-of-file',
  message: 'nothing after a missing header was checked: the header names the rules and the canon',
};

describe('verifier.ts options', () => {
  it('a maximum age without a clock names why', () => {
    // why: verifier.ts:150:42 'maxCheckpointAge needs now: …' → ""
    expect(thrown(() => new ExportVerifier({ maxCheckpointAge: 60 })).message).toBe(
      'bad-options: maxCheckpointAge needs now: the verifier never reads a clock',
    );
  });

  it('a bad anchor is named by its place in the list, counted from 1', () => {
    // why: verifier.ts:157:55 `anchor ${i + 1}: ${read.detail}` → ``, :157:65 `i + 1` → `i - 1`
    const good = { checkpoint: { ...written.checkpoint, root: unhex(written.checkpoint.root) } };
    const bad = { checkpoint: { ...good.checkpoint, size: -1 } };
    expect(thrown(() => new ExportVerifier({ anchors: [good, bad] })).message).toBe(
      'bad-anchor: anchor 2: the size is not a whole number',
    );
    expect(verify(SOUND, { anchors: [good] }).findings).toEqual([]);
  });

  it('allowUnchecked needs strict and names not-checked codes only', () => {
    // why: verifier.ts:162:42 'allowUnchecked waives items …' → "", :164:42 'allowUnchecked names items …' → ""
    expect(thrown(() => new ExportVerifier({ allowUnchecked: ['blob-bytes'] })).message).toBe(
      'bad-options: allowUnchecked waives items of a strict verification: set strict',
    );
    expect(
      thrown(() => new ExportVerifier({ strict: true, allowUnchecked: ['blob-bytes', 'nothing' as never] }))
        .message,
    ).toBe('bad-options: allowUnchecked names items of NOT_CHECKED_CODES only');
  });

  it('allowUnchecked with strict: false is refused as without strict', () => {
    // why: export/verifier.ts ExportVerifier constructor `options.strict === false` → false
    expect(thrown(() => new ExportVerifier({ strict: false, allowUnchecked: ['blob-bytes'] })).message).toBe(
      'bad-options: allowUnchecked waives items of a strict verification: set strict',
    );
  });

  it('strict: false is taken as no strict at all; any other value than the three throws naming them', () => {
    // why: export/verifier.ts checkOptions `false` (in the list of strict values) → true, and its
    // detail "strict is not true, false or 'caller-material'" → ""
    expect(verify(SOUND, { strict: false })).toEqual(verify(SOUND));
    expect(thrown(() => new ExportVerifier({ strict: 'yes' as never })).message).toBe(
      "bad-options: strict is not true, false or 'caller-material'",
    );
  });
});

describe('verifier.ts push and find', () => {
  it('the sound export is sound', () => {
    // The reference every case below changes one line of.
    const report = verify(SOUND);
    expect(report.status).toBe('sound');
    expect(report.findings).toEqual([]);
    expect(report.records).toBe(2);
  });

  it('push after finish names why', () => {
    // why: verifier.ts:195:52 'push() after finish()' → ""
    const verifier = new ExportVerifier();
    verifier.finish();
    expect(thrown(() => verifier.push(HEADER)).message).toBe('finished: push() after finish()');
  });

  it('a finding of no line and no run carries neither member, not even as undefined', () => {
    // why: verifier.ts:177:9 `where.line !== undefined` → true, :178:9 `where.run !== undefined` → true
    // (line: undefined or run: undefined would be an own member)
    expect(verify(SOUND.slice(0, -1)).findings).toStrictEqual([
      { code: 'trailer-missing', message: 'no trailer: this file is a prefix of an export' },
    ]);
  });

  it('a line after the trailer is named with its line and no run', () => {
    // why: verifier.ts:211:39 'a line follows the trailer' → "", :211:69 `{ line: lineNo }` → `{}`,
    // :178:9 `where.run !== undefined` → true (run: undefined would be an own member)
    expect(verify([...SOUND, HEADER]).findings).toStrictEqual([
      { code: 'line-after-trailer', message: 'a line follows the trailer', line: 6 },
    ]);
  });

  it('an unknown kind after the header is named with its line', () => {
    // why: verifier.ts:241:43 'a line carries a top-level kind that names no frame' → "",
    // :241:98 `{ line: lineNo }` → `{}`
    expect(verify([HEADER, BLOCK, UNKNOWN, FIRST, SECOND, TRAILER]).findings).toStrictEqual([
      {
        code: 'frame-unknown-kind',
        message: 'a line carries a top-level kind that names no frame',
        line: 3,
      },
    ]);
  });

  it('a line refused inside a run block names the run', () => {
    // why: verifier.ts:252:53 `{ run: this.run.block.run }` → `{}`
    expect(verify([HEADER, BLOCK, FIRST, NOT_OBJECT, SECOND, TRAILER]).findings).toStrictEqual([
      { code: 'line-not-object', message: 'the line is not a JSON object', line: 4, run: RUN },
    ]);
    // Before any run block there is no run to name.
    expect(verify([HEADER, NOT_OBJECT, ...SOUND.slice(1)]).findings).toStrictEqual([
      { code: 'line-not-object', message: 'the line is not a JSON object', line: 2 },
    ]);
  });

  it('a header on a later line is named with its line', () => {
    // why: verifier.ts:263:36 'a header on a later line is ignored: …' → "", :263:110 `{ line }` → `{}`
    expect(verify([HEADER, HEADER, ...SOUND.slice(1)]).findings).toStrictEqual([
      {
        code: 'header-repeated',
        message: 'a header on a later line is ignored: it would re-choose the checkpoint',
        line: 2,
      },
    ]);
  });
});

describe('verifier.ts a first line that is not a header', () => {
  /**
   * The first line, then the whole sound export: header-missing at line 1 and the rest of
   * the file not read (the header on line 2 would otherwise be taken and the file judged).
   */
  const haltsAtLineOne = (first: string) => {
    const report = verify([first, ...SOUND]);
    expect(report.findings).toStrictEqual([headerMissing(1)]);
    expect(report.notChecked).toStrictEqual([restOfFile]);
    expect(report.kind).toBeNull();
    expect(report.status).toBe('findings');
  };

  it('a record', () => {
    // why: verifier.ts:219:11 `this.state === 'header'` → false, :219:26 'header' → "" (record-outside-run
    // at line 1, then the header is read), :219:36 `this.headerMissing(lineNo)` → `;` (NoCoverage);
    // :256:33 'the first line is not an export or disclosure header' → "", :256:89 `{ line }` → `{}`,
    // :257:15 'nothing after a missing header was checked: …' → ""
    haltsAtLineOne(FIRST);
  });

  it('a case block', () => {
    // why: verifier.ts:233:9 `this.state === 'header'` → false, :233:24 'header' → ""
    haltsAtLineOne(CASE);
  });

  it('a trailer', () => {
    // why: verifier.ts:236:9 `this.state === 'header'` → false, :236:24 'header' → ""
    haltsAtLineOne(TRAILER);
  });

  it('a frame of unknown kind', () => {
    // why: verifier.ts:239:13 `this.state === 'header'` → false, :239:28 'header' → "",
    // :239:38 `this.headerMissing(lineNo)` → `;`
    haltsAtLineOne(UNKNOWN);
  });

  it('a refused line', () => {
    // why: verifier.ts:249:7 `this.headerMissing(line)` → `;`
    haltsAtLineOne(NOT_OBJECT);
  });
});
