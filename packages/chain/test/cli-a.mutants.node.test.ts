// Cases that kill the Stryker survivors of the command line's arguments and output
// (src/cli/args.ts, src/cli/format.ts, src/cli/bin.ts; `pnpm mutate --filter chain --rest`).
// Each `it` names the mutants it kills; equivalent ones are listed in spec/chain.md
// ("Outside the verify path ... command line: arguments and output (a)").
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { base64Strict, hex } from '@agent-seam/canonical';
import { keyPairFromSeed } from '@agent-seam/did';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import { parseArgs, USAGE, UsageError } from '../src/cli/args.js';
import { formatReport } from '../src/cli/format.js';
import type { ExportReport } from '../src/index.js';
import { NOT_CHECKED_CODES } from '../src/index.js';

const examples = join(import.meta.dirname, '..', 'examples');
const exampleFile = join(examples, 'example.jsonl');
const root = JSON.parse(readFileSync(join(examples, 'example.checkpoint.json'), 'utf8')).root as string;
const publicKey = keyPairFromSeed(new Uint8Array(32).fill(9)).publicKey;
const keyHex = hex.encode(publicKey);
const keyB64 = base64Strict.encode(publicKey);

const noFiles = () => false;
const allFiles = () => true;

/** The message of the UsageError parseArgs throws (a throw of any other kind fails the case). */
function usage(argv: string[], isFile: (path: string) => boolean = noFiles): string {
  const t = thrown(() => parseArgs(argv, isFile));
  expect(t.name).toBe('Error');
  try {
    parseArgs(argv, isFile);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
  }
  return t.message;
}

describe('args.ts: keys', () => {
  it('refuses a key id given twice, and a key that is not a usable Ed25519 key, with its message', () => {
    // why: args.ts:72:7 into.has(id) → false, :72:42 message → '', :61:41 message → '', :71:26 message → ''
    expect(usage(['f', '--key', `k=${keyHex}`, '--key', `k=${keyHex}`])).toBe('--key: key id given twice');
    expect(
      usage(['f', '--grader-verdict', 'g', '--grader-key', `k=${keyHex}`, '--grader-key', `k=${keyHex}`]),
    ).toBe('--grader-key: key id given twice');
    expect(usage(['f', '--key', `k=01${'00'.repeat(31)}`])).toBe(
      '--key: not a usable Ed25519 public key (small-order-key)',
    );
    expect(usage(['f', '--key', 'k=abcd'])).toBe('--key wants ID=HEX with 64 hex characters');
  });

  it('refuses a witness key without a name, or not 32 bytes of base64, with its message', () => {
    // why: args.ts:130:13 eq <= 0 || !key.ok → false, → eq <= 0 && !key.ok, eq <= 0 → false,
    // eq <= 0 → eq < 0 (a valid key after a leading '=' must still be refused); :131:32 message → ""
    const message = '--witness-key wants NAME=BASE64 of a 32-byte key';
    expect(usage(['f', 'note', '--witness-key', `=${keyB64}`], allFiles)).toBe(message);
    expect(usage(['f', 'note', '--witness-key', 'w=AAAA'], allFiles)).toBe(message);
    expect(parseArgs(['f', 'note', '--witness-key', `w=${keyB64}`], allFiles).witnessKeys).toEqual([
      { name: 'w', publicKey },
    ]);
  });
});

describe('args.ts: inline anchors', () => {
  const anchorMessage =
    'an anchor is SIZE:ROOT, ORIGIN:SIZE:ROOT or a checkpoint file (a bare root is not one)';

  it('refuses an anchor whose size is not decimal or whose root is not 32 bytes of hex', () => {
    // why: args.ts:82:7 the whole condition → false, → (!DECIMAL || !root.ok) && length !== 32,
    // !DECIMAL || !root.ok → false, → !DECIMAL && !root.ok; :82:46 length !== 32 → false; :196:9 message → ""
    expect(usage(['f', `x1:${root}`])).toBe(anchorMessage);
    expect(usage(['f', `1:${root.slice(0, 62)}zz`])).toBe(anchorMessage);
    expect(usage(['f', '1:abcd'])).toBe(anchorMessage);
  });

  it('keeps the origin of ORIGIN:SIZE:ROOT and has none for SIZE:ROOT', () => {
    // why: args.ts:84:7 before !== -1 → false (the origin is dropped)
    const rootBytes = hex.decode(root);
    if (!rootBytes.ok) throw new Error('example root');
    expect(parseArgs(['f', `log.example/a:b:7:${root.toUpperCase()}`, `7:${root}`], noFiles).anchors).toEqual(
      [
        { inline: { origin: 'log.example/a:b', size: 7, root: rootBytes.value } },
        { inline: { size: 7, root: rootBytes.value } },
      ],
    );
  });
});

describe('args.ts: option values', () => {
  it('says which option lacks its value, and what each option wants', () => {
    // why: args.ts:116:49 message → '', :140:52 → "", :146:48 → "", :162:32 → "", :169:32 → "",
    // :92:26 → '', :92:88 ', ' → ""
    expect(usage(['f', '--key'])).toBe('--key needs a value');
    expect(usage(['f', '--max-checkpoint-age', '1e3'])).toBe('--max-checkpoint-age wants whole seconds');
    expect(usage(['f', '--now', '2026-01-01T00:00:00'])).toBe(
      '--now wants an RFC 3339 timestamp with an offset',
    );
    expect(usage(['f', '--jobs', '0'])).toBe('--jobs wants a whole number of threads, 1 or more');
    expect(usage(['f', '--range', '5:4'])).toBe(
      '--range wants START:END byte offsets, START <= END (END may be empty)',
    );
    expect(usage(['f', '--strict', '--allow-unchecked', 'everything'])).toBe(
      `--allow-unchecked names items from: ${NOT_CHECKED_CODES.join(', ')}`,
    );
    expect(NOT_CHECKED_CODES.join(', ')).toContain('record-signatures, unsigned-records');
  });

  it('takes --jobs of several digits', () => {
    // why: args.ts:161:14 /^[1-9][0-9]{0,3}$/ → /^[1-9][^0-9]{0,3}$/
    expect(parseArgs(['f', '--jobs', '12'], noFiles).jobs).toBe(12);
    expect(parseArgs(['f', '--jobs', '9999'], noFiles).jobs).toBe(9999);
  });

  it('reads --range START:END whole: nothing before or after, START = END allowed', () => {
    // why: args.ts:167:19 the regex without ^, and without $; :168:13 m === null → false (a TypeError
    // instead of the usage message); :168:50 < → <=
    const message = '--range wants START:END byte offsets, START <= END (END may be empty)';
    expect(usage(['f', '--range', 'x0:5'])).toBe(message);
    expect(usage(['f', '--range', '0:5x'])).toBe(message);
    expect(usage(['f', '--range', 'nonsense'])).toBe(message);
    expect(parseArgs(['f', '--range', '5:5'], noFiles).range).toEqual({ start: 5, end: 5 });
    expect(parseArgs(['f', '--range', '5:'], noFiles).range).toEqual({ start: 5, end: null });
  });
});

describe('args.ts: positionals and options', () => {
  it('refuses an unknown option and takes a lone - as stdin', () => {
    // why: args.ts:174:13 startsWith('-') && arg !== '-' → false, startsWith → endsWith,
    // :174:36 arg !== '-' → true, → arg === '-', :174:44 '-' → "", :174:70 message → ''
    expect(usage(['f', '--bogus'])).toBe('unknown option --bogus');
    expect(usage(['f', '-x'])).toBe('unknown option -x');
    expect(parseArgs(['-'], noFiles).file).toBe('-');
  });

  it('says no export file was given', () => {
    // why: args.ts:179:48 message → ""
    expect(usage([])).toBe('no export file given');
    expect(usage(['--json'])).toBe('no export file given');
  });

  it('leaves FILE empty under merge and under --help', () => {
    // why: args.ts:178:44 '' → "Stryker was here!", :99:11 '' → "Stryker was here!"
    expect(parseArgs(['merge', 'p1', 'p2'], allFiles).file).toBe('');
    expect(parseArgs(['merge', 'p1', 'p2'], allFiles).anchors).toEqual([{ path: 'p1' }, { path: 'p2' }]);
    expect(parseArgs(['--help'], noFiles).file).toBe('');
  });

  it('refuses --range on stdin and beside the options that are for merge', () => {
    // why: args.ts:182:9 file === '-' → false, :182:18 '-' → "", :182:44 message → "" (NoCoverage),
    // :184:29 graderVerdicts.length > 0 → false, :184:78 now !== undefined → false,
    // :185:46 jobs !== undefined → false, :187:9 message → ""
    expect(usage(['-', '--range', '0:'])).toBe(
      '--range reads byte offsets of a file; stdin has none, give FILE',
    );
    const message = '--range reads FILE under --key only: anchors and the other options are for merge';
    expect(usage(['f', '--range', '0:', '--grader-verdict', 'g'])).toBe(message);
    expect(usage(['f', '--range', '0:', '--now', '2026-01-01T00:00:00Z'])).toBe(message);
    expect(usage(['f', '--range', '0:', '--jobs', '2'])).toBe(message);
    expect(parseArgs(['f', '--range', '0:', '--key', `k=${keyHex}`], noFiles).range).toEqual({
      start: 0,
      end: null,
    });
  });

  it('says which option is missing its partner', () => {
    // why: args.ts:200:26, :202:26, :204:26, :206:26 messages → ""
    expect(usage(['f', '--grader-key', `k=${keyHex}`])).toBe('--grader-key without --grader-verdict');
    expect(usage(['f', '--witness-key', `w=${keyB64}`])).toBe(
      '--witness-key without a note anchor to check it on',
    );
    expect(usage(['f', '--allow-unchecked', 'blob-bytes'])).toBe(
      '--allow-unchecked waives items of a --strict verification; give --strict',
    );
    expect(usage(['f', '--max-checkpoint-age', '60'])).toBe(
      '--max-checkpoint-age needs --now: the verifier never reads a clock of its own',
    );
  });
});

/** A report with nothing in it; each case below sets what it prints. */
const report = (over: Partial<ExportReport>): ExportReport => ({
  status: 'sound',
  kind: 'export',
  findings: [],
  notChecked: [],
  unaccounted: [],
  runs: 1,
  records: 1,
  cases: 1,
  sealedRuns: 1,
  openRuns: 0,
  recordSignaturesVerified: 0,
  anchors: [],
  graderVerdicts: [],
  witnesses: [],
  lines: 3,
  bytes: 300,
  steps: [],
  ...over,
});

describe('format.ts: the human report, compared whole', () => {
  it('prints a sound export: its kind, counts in the singular, open runs 0, no signature line', () => {
    // why: format.ts:10:25 [] → ["Stryker was here"], :12:5 kind === 'disclosure' → true,
    // :12:59 kind === 'export' → false, → !==, :12:75 'export' → "", :12:86 'export' → "",
    // :14:5 and :15:7 lines → '', :14:46 'run' → "", :15:33 'record' → "", :15:68 'case' → "",
    // :27:7 status === 'unverifiable' → true, :31:7 the package condition → true, kind === 'disclosure' → true,
    // :47:7 recordSignaturesVerified > 0 → true, → >= 0, :57:75 'open runs: 0' → "",
    // :57:7 the open-runs condition → false, :57:43 openRuns === 0 → !== 0, :76:22 '\n' → ""
    expect(formatReport('f.jsonl', report({}), [])).toBe(
      'f.jsonl: sound: nothing to authenticate\n' +
        'export: 1 run (1 sealed, 0 open), 1 record, 1 case\n' +
        'open runs: 0\n' +
        '1 run, 1 record, 1 case: sound\n',
    );
  });

  it('prints findings with the line, run and anchor each names, and none for a whole-file finding', () => {
    // why: format.ts:12:5 kind === 'disclosure' → !== (a file of no kind), :12:59 kind === 'export' → true,
    // :19:7 f.line !== undefined → true, :19:49 '' → "Stryker was here!", :20:7 f.run !== undefined → true,
    // :20:57 '' → "Stryker was here!", :21:7 f.anchor !== undefined → false, :21:32 → '' and :21:42
    // f.anchor + 1 → - 1 (NoCoverage), :25:26 where === '' → false, :25:36 and :25:41 '' → "Stryker was here!",
    // :31:7 && → || (a log size outside a package), :70:11 status === 'unchecked' → true, :72:44 'finding' → "",
    // :57:43 openRuns === 0 → true, :12:97 'file' → "" (NoCoverage)
    const r = report({
      status: 'findings',
      kind: null,
      runs: 2,
      records: 0,
      cases: 3,
      sealedRuns: 1,
      openRuns: 1,
      logSize: 5,
      recordSignaturesVerified: 2,
      findings: [
        { code: 'header-missing' as never, message: 'no header' },
        { code: 'anchor-mismatch' as never, line: 4, run: 'r1', anchor: 0, message: 'root differs' },
        { code: 'witness-stale' as never, anchor: 1, message: 'stale' },
      ],
    });
    expect(formatReport('f.jsonl', r, [])).toBe(
      'f.jsonl: NOT sound, 3 findings; the first: no header [header-missing]\n' +
        'file: 2 runs (1 sealed, 1 open), 0 records, 3 cases\n' +
        'finding: no header [header-missing]\n' +
        'finding: line 4, run r1, anchor 1: root differs [anchor-mismatch]\n' +
        'finding: anchor 2: stale [witness-stale]\n' +
        '2 record signatures verified\n' +
        '2 runs, 0 records, 3 cases: 3 findings\n',
    );
  });

  it('prints an unverifiable package: no open-runs line, its log size, anchors with and without size and cosigners', () => {
    // why: format.ts:12:5 kind === 'disclosure' → false, → !==, :12:21 'disclosure' → "", :12:36 'disclosure package' → ""
    // (NoCoverage), :31:7 the package condition → false, kind === 'disclosure' → !==, :31:23 'disclosure' → "",
    // :31:39 logSize !== undefined → === (NoCoverage), :33:7 → '', :33:56 'leaf' → "",
    // :33:98 provenLeaves ?? 0 → && 0 (NoCoverage), :37:45 a.size !== undefined → true, :37:90 '' → "Stryker
    // was here!" (NoCoverage), :37:95 cosignedBy.length > 0 → true, → >= 0, :37:156 ', ' → "",
    // :37:166 '' → "Stryker was here!", :57:7 the open-runs condition → true, && → ||, status !== 'unverifiable'
    // → true, :57:25 'unverifiable' → "", :68:9 status === 'unverifiable' → false, :68:27 'unverifiable' → "",
    // :69:11 'unverifiable (unknown canon)' → ""
    const r = report({
      status: 'unverifiable',
      kind: 'disclosure',
      runs: 0,
      records: 0,
      cases: 0,
      sealedRuns: 0,
      openRuns: 0,
      logSize: 1,
      anchors: [
        { anchor: 0, status: 'not-compared', cosignedBy: [] },
        { anchor: 1, status: 'matched', size: 3, cosignedBy: ['w1', 'w2'] },
      ],
    });
    expect(formatReport('p.jsonl', r, [])).toBe(
      'p.jsonl: unverifiable: the header names a canon this reader does not implement; nothing below it was judged\n' +
        'disclosure package: 0 runs (0 sealed, 0 open), 0 records, 0 cases\n' +
        'unverifiable: unknown canon — the header names a canonical form this reader does not implement\n' +
        'package: the log holds 1 leaf; this package proves 0\n' +
        'anchor 1: not-compared\n' +
        'anchor 2: matched (size 3), cosigned by w1, w2\n' +
        '0 runs, 0 records, 0 cases: unverifiable (unknown canon)\n',
    );
  });

  it('prints a sound package with graders, not-checked runs, unaccounted members and waived items', () => {
    // why: format.ts:33:64 'leaves' → "" (NoCoverage), :33:98 provenLeaves ?? 0 → && 0, :40:44 '#…' → '' and
    // :40:48 g.sidecar + 1 → - 1 (NoCoverage), :43:66 g.run ?? '' → && '', :44:11 the refused line → ''
    // (NoCoverage), :52:44 → '', :52:76 ', ' → "" (NoCoverage), :52:87 '' → "Stryker was here!", :55:14 → ''
    // (NoCoverage), :57:43 openRuns === 0 → true, :60:18 unchecked.length > 0 → true, → >= 0, :60:110
    // 'everything required was checked' → "", :65:9 unaccounted.length > 0 → false, :66:11 → "" (NoCoverage)
    const r = report({
      kind: 'disclosure',
      runs: 2,
      records: 5,
      cases: 0,
      sealedRuns: 0,
      openRuns: 2,
      logSize: 3,
      provenLeaves: 2,
      recordSignaturesVerified: 1,
      graderVerdicts: [
        { sidecar: 0, run: 'r1', lastSeq: 3, holds: true, signature: 'verified' },
        { sidecar: 1, run: 'r2', lastSeq: 0, holds: true, signature: 'not-checked' },
        { sidecar: 2, holds: false, component: 'format', signature: 'not-checked' },
      ],
      notChecked: [
        { code: 'open-runs', message: '2 open runs', runs: ['a', 'b c'] },
        { code: 'blob-bytes', message: 'blob bytes are not in the file' },
      ],
      unaccounted: [{ line: 2, member: 'x.y' }],
      strict: { unchecked: [], waived: ['open-runs', 'blob-bytes'] },
    });
    expect(formatReport('p.jsonl', r, ['g0.json'])).toBe(
      'p.jsonl: sound, over the members this reader knows: authenticated: 1 record signature verified; 1 grader verdict authenticated; waived: open-runs, blob-bytes\n' +
        'disclosure package: 2 runs (0 sealed, 2 open), 5 records, 0 cases\n' +
        'package: the log holds 3 leaves; this package proves 2\n' +
        'grader verdict g0.json: holds — binds run r1 through seq 3, signature verified\n' +
        'grader verdict #2: holds — binds run r2 through seq 0, signature not-checked\n' +
        'grader verdict #3: refused (format)\n' +
        '1 record signature verified\n' +
        'not checked: 2 open runs (a, "b c") [open-runs]\n' +
        'not checked: blob bytes are not in the file [blob-bytes]\n' +
        'not accounted for: line 2 carries member "x.y"\n' +
        'waived by name: open-runs, blob-bytes\n' +
        '2 runs, 5 records, 0 cases: sound, over the members this reader knows, waiving open-runs, blob-bytes\n',
    );
  });

  it('prints no package line for a package whose header gave no log size', () => {
    // why: format.ts:31:39 report.logSize !== undefined → true (a line of "undefined leaves")
    const r = report({
      status: 'findings',
      kind: 'disclosure',
      findings: [{ code: 'x' as never, message: 'm' }],
    });
    expect(formatReport('p.jsonl', r, [])).toBe(
      'p.jsonl: NOT sound, 1 finding; the first: m [x]\n' +
        'disclosure package: 1 run (1 sealed, 0 open), 1 record, 1 case\n' +
        'finding: m [x]\n' +
        'open runs: 0\n' +
        '1 run, 1 record, 1 case: 1 finding\n',
    );
  });

  it('prints what keeps a --strict verdict from sound, with no waived part when nothing was waived', () => {
    // why: format.ts:61:10 waived.length > 0 → true, → >= 0, :61:93 '' → "Stryker was here!"
    const r = report({
      status: 'unchecked',
      records: 2,
      cases: 0,
      notChecked: [
        { code: 'deletion', message: 'no checkpoint from outside the file' },
        { code: 'blob-bytes', message: 'blob bytes are not in the file' },
      ],
      strict: { unchecked: ['deletion', 'blob-bytes'], waived: [] },
    });
    expect(formatReport('f.jsonl', r, [])).toBe(
      'f.jsonl: deletion NOT checked: no outside checkpoint; NOT established under strict: blob-bytes\n' +
        'export: 1 run (1 sealed, 0 open), 2 records, 0 cases\n' +
        'not checked: no checkpoint from outside the file [deletion]\n' +
        'not checked: blob bytes are not in the file [blob-bytes]\n' +
        'open runs: 0\n' +
        '1 run, 2 records, 0 cases: NOT established: deletion, blob-bytes (waive by name with --allow-unchecked)\n',
    );
  });

  it('stays total over reports the verifier does not produce: a holding verdict without a run, unchecked without strict', () => {
    // why: format.ts:43:75 '' → "Stryker was here!" (NoCoverage), :71:49 report.strict?.unchecked → report.strict.unchecked
    // (a TypeError). The verifier always names the run of a holding verdict and sets strict with 'unchecked';
    // these pin formatReport's own fallbacks for any report its type allows.
    const r = report({
      status: 'unchecked',
      graderVerdicts: [{ sidecar: 0, holds: true, signature: 'not-checked' }],
    });
    expect(formatReport('f.jsonl', r, ['g.json'])).toBe(
      'f.jsonl: sound: nothing to authenticate\n' +
        'export: 1 run (1 sealed, 0 open), 1 record, 1 case\n' +
        'grader verdict g.json: holds — binds run "" through seq undefined, signature not-checked\n' +
        'open runs: 0\n' +
        '1 run, 1 record, 1 case: NOT established:  (waive by name with --allow-unchecked)\n',
    );
  });
});

describe('bin.ts', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    process.exitCode = undefined;
  });

  it('hands main the arguments after node and the script, and sets the exit code it returns', async () => {
    // why: bin.ts:4:31 process.argv.slice(2) → process.argv (NoCoverage): main would take the node binary
    // for FILE and the script for an anchor, a bad command line (exit 2)
    const argv = process.argv;
    let stdout = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((s) => {
      stdout += String(s);
      return true;
    });
    vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    process.argv = ['/nonexistent/node', '/nonexistent/seam-verify-export', exampleFile, '--jobs', '1'];
    try {
      await import('../src/cli/bin.js');
    } finally {
      process.argv = argv;
    }
    expect(process.exitCode).toBe(0);
    expect(
      stdout.endsWith(
        '2 runs, 4 records, 1 case: consistent; not established: record-signatures, deletion\n',
      ),
    ).toBe(true);
  });
});

describe('args.ts: the usage text (static mutants)', () => {
  it('names the items --allow-unchecked can waive, comma separated', () => {
    // why: args.ts:47 the separator ', ' of the waivable items → "" (module-level, found by
    // `pnpm mutate --filter chain --rest --static`): the names ran together in --help.
    expect(USAGE).toContain(`the named ones:\n${NOT_CHECKED_CODES.join(', ')}.`);
    expect(USAGE).toContain('record-signatures, unsigned-records');
  });
});
