import {
  bytesEqual,
  durationSeconds,
  type Instant,
  SeamError,
  unixSeconds,
  utf8Strict,
  type Verdict,
} from '@agent-seam/canonical';
import { emptyRoot } from '@agent-seam/merkle';
import type { NoteVerifier } from '@agent-seam/tlog-note';
import { pass } from '#pass';
import { ZERO_HASH } from '../digest.js';
import { type GraderSidecar, type GraderSidecarCode, parseGraderSidecar } from '../grader.js';
import { CANON_PROFILE, isObject, type JsonObject, safeInt } from '../json.js';
import { splitLines } from '../lines.js';
import type { TrustedKeys } from '../signature.js';
import { type Anchor, judgeAnchors, type ReadAnchor, readAnchor, type WitnessKey } from './anchors.js';
import {
  type CaseBlock,
  type Checkpoint,
  caseBlockOf,
  checkpointOf,
  FRAME_KINDS,
  noteUnknown,
  type RunBlock,
  runBlockOf,
  type Trailer,
  trailerOf,
} from './frames.js';
import { judgeGraders } from './graders.js';
import { judgeLog, type SealedLeaf } from './log.js';
import { type HashedBody, LineReader, type LineReading, lineBytes, type RecordReading } from './reading.js';
import {
  CALLER_MATERIAL,
  type ExportReport,
  type Finding,
  type FindingCode,
  NOT_CHECKED_CODES,
  type NotChecked,
  type NotCheckedCode,
  type UnaccountedMember,
} from './report.js';
import { stepsOf } from './steps.js';
import { witnessVerifiers } from './witness.js';
import { plural } from './words.js';

/** canon values this reader implements, and the canonical-JSON profile each names. */
export const KNOWN_CANONS: ReadonlyMap<number, typeof CANON_PROFILE> = new Map([[1, CANON_PROFILE]]);
const KNOWN_VERSION = 1;

/** Default cap on one line: a 1 MiB body, its escaped raw copy and its readable copy fit well inside. */
export const DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;

export interface ExportOptions {
  /** Record signing keys by key_id. When given, an unsigned record is a finding. */
  keys?: TrustedKeys;
  /** Checkpoints from outside the file: checkpoint values or cosigned notes. */
  anchors?: readonly Anchor[];
  /** Witness keys (vkey strings) whose cosignatures on note anchors are checked. */
  witnessKeys?: readonly WitnessKey[];
  /** Grader-verdict sidecar files, as bytes. */
  graderVerdicts?: readonly Uint8Array[];
  /** Grader signing keys by key_id. */
  graderKeys?: TrustedKeys;
  /** Freshness bound for witness cosignatures, in seconds; needs `now`. */
  maxCheckpointAge?: number;
  /** The verifier's clock: a Date or Unix seconds. Only read for freshness. */
  now?: Instant;
  /** The longest line read, in bytes (default 16 MiB). */
  maxLineBytes?: number;
  /**
   * Fail closed: the not-checked items it judges keep the verdict from `sound` (status
   * `unchecked`), unless named in `allowUnchecked`. `true` judges every item of
   * `NOT_CHECKED_CODES`; `'caller-material'` judges `CALLER_MATERIAL`, what only the
   * caller's record keys, outside checkpoint, witness keys and grader keys establish.
   */
  strict?: boolean | 'caller-material';
  /** Not-checked items a strict verification waives by name. Needs `strict`. */
  allowUnchecked?: readonly NotCheckedCode[];
}

interface RunState {
  block: RunBlock;
  line: number;
  records: number;
  lastSeq: number;
  lastHash: Uint8Array | null;
  /** The last RunConcluded's outcome seals: the writer placed the run in the log. */
  concludedSealed: boolean;
}

/**
 * The second reader: feed it the export's lines in order with `push`, then `finish`.
 * It holds per-run chain state, one 32-byte leaf per sealed run and the case ids
 * records name, never the records themselves.
 */
export class ExportVerifier {
  private readonly options: ExportOptions;
  private readonly anchors: ReadAnchor[];
  private readonly witnessVerifiers: NoteVerifier[];
  /** The caller's clock and freshness bound, in seconds. */
  private readonly now: number | undefined;
  private readonly maxAge: number | undefined;
  private readonly maxLine: number;
  private readonly reader: LineReader;
  private readonly findings: Finding[] = [];
  private readonly notChecked: NotChecked[] = [];
  private readonly unaccounted: UnaccountedMember[] = [];
  private readonly runsWithFindings = new Set<string>();
  private state: 'header' | 'runs' | 'cases' | 'ended' | 'halted' = 'header';
  private done = false;
  private kind: ExportReport['kind'] = null;
  private canon: unknown;
  private unverifiable = false;
  private checkpoint: Checkpoint | null = null;
  private selection: { cases: string[]; runs: string[] } | null = null;
  private run: RunState | null = null;
  private readonly runIds = new Set<string>();
  private readonly leaves: SealedLeaf[] = [];
  private readonly indexOwners = new Map<number, string>();
  private readonly finished: {
    id: string;
    line: number;
    records: number;
    lastSeq: number;
    sealedAtEnd: boolean;
    position: RunBlock['position'];
  }[] = [];
  private readonly caseIds = new Set<string>();
  private readonly namedCases = new Map<string, number>();
  private trailer: { value: Trailer; line: number } | null = null;
  private readonly sidecars: Verdict<GraderSidecar, GraderSidecarCode>[];
  /** run -> seq -> chain hash seen there, only for (run, seq) pairs a sidecar names. */
  private readonly graderHashes = new Map<string, Map<number, Uint8Array | null>>();
  private counts = {
    runs: 0,
    records: 0,
    cases: 0,
    openRuns: 0,
    signed: 0,
    verified: 0,
    unsigned: 0,
    lines: 0,
    bytes: 0,
  };
  private readonly disclosureUnplaced: string[] = [];

  constructor(options: ExportOptions = {}) {
    checkOptions(options);
    this.options = options;
    this.witnessVerifiers = witnessVerifiers(options.witnessKeys ?? []);
    const { maxCheckpointAge: age, now } = options;
    if (age !== undefined && now === undefined)
      throw new SeamError('bad-options', 'maxCheckpointAge needs now: the verifier never reads a clock');
    this.now = now === undefined ? undefined : unixSeconds(now, 'now');
    this.maxAge = age === undefined ? undefined : durationSeconds(age, 'maxCheckpointAge');
    this.maxLine = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    this.reader = new LineReader(this.maxLine, options.keys);
    this.anchors = (options.anchors ?? []).map((anchor, i) => {
      const read = readAnchor(anchor);
      if (!read.ok) throw new SeamError('bad-anchor', `anchor ${i + 1}: ${read.detail}`);
      return { anchor, checkpoint: read.value };
    });
    const allow = options.allowUnchecked;
    if (allow !== undefined && (options.strict === undefined || options.strict === false))
      throw new SeamError('bad-options', 'allowUnchecked waives items of a strict verification: set strict');
    if (allow?.some((c) => !NOT_CHECKED_CODES.includes(c)))
      throw new SeamError('bad-options', 'allowUnchecked names items of NOT_CHECKED_CODES only');
    this.sidecars = (options.graderVerdicts ?? []).map((bytes) => parseGraderSidecar(bytes));
    for (const parsed of this.sidecars) {
      if (!parsed.ok) continue;
      const sidecar = parsed.value;
      const wanted = this.graderHashes.get(sidecar.run) ?? new Map<number, Uint8Array | null>();
      wanted.set(sidecar.lastSeq, null);
      this.graderHashes.set(sidecar.run, wanted);
    }
  }

  private find(code: FindingCode, message: string, where: { line?: number; run?: string } = {}): void {
    const finding: Finding = { code, message };
    if (where.line !== undefined) finding.line = where.line;
    if (where.run !== undefined) {
      finding.run = where.run;
      this.runsWithFindings.add(where.run);
    }
    this.findings.push(finding);
  }

  private halt(message: string): void {
    this.state = 'halted';
    this.notChecked.push({ code: 'rest-of-file', message });
  }

  /**
   * Feeds one line (without its newline). Empty and white-space-only lines are skipped;
   * a value that is neither a string nor bytes is a line refused (`line-not-bytes`).
   */
  push(line: string | Uint8Array): void {
    if (this.done) throw new SeamError('finished', 'push() after finish()');
    const bytes = lineBytes(line);
    this.take(bytes === null ? 0 : bytes.length, () => this.reader.read(bytes));
  }

  /**
   * One line, by its size in bytes and its reading, in file order. The reading is asked
   * for only when the file's state needs it (nothing is read after a halt).
   */
  take(size: number, reading: LineReading | (() => LineReading)): void {
    const lineNo = ++this.counts.lines;
    this.counts.bytes += size + 1;
    if (this.state === 'halted') return;
    const read = typeof reading === 'function' ? reading() : reading;
    if (read.type === 'blank') return;
    if (this.state === 'ended') {
      this.find('line-after-trailer', 'a line follows the trailer', { line: lineNo });
      return;
    }
    if (read.type === 'refused') {
      this.lineRefused(lineNo, read.code, read.message);
      return;
    }
    if (read.type === 'record') {
      if (this.state === 'header') this.headerMissing(lineNo);
      else this.onRecord(read.record, lineNo);
      return;
    }
    const object = read.frame;
    switch (object.kind) {
      case FRAME_KINDS.header:
      case FRAME_KINDS.disclosure:
        this.onHeader(object, lineNo);
        return;
      case FRAME_KINDS.run:
        this.state === 'header' ? this.headerMissing(lineNo) : this.onRunBlock(object, lineNo);
        return;
      case FRAME_KINDS.case:
        this.state === 'header' ? this.headerMissing(lineNo) : this.onCaseBlock(object, lineNo);
        return;
      case FRAME_KINDS.trailer:
        this.state === 'header' ? this.headerMissing(lineNo) : this.onTrailer(object, lineNo);
        return;
      default:
        if (this.state === 'header') this.headerMissing(lineNo);
        else
          this.find('frame-unknown-kind', 'a line carries a top-level kind that names no frame', {
            line: lineNo,
          });
    }
  }

  private lineRefused(line: number, code: FindingCode, message: string): void {
    if (this.state === 'header') {
      this.headerMissing(line);
      return;
    }
    this.find(code, message, { line, ...(this.run ? { run: this.run.block.run } : {}) });
  }

  private headerMissing(line: number): void {
    this.find('header-missing', 'the first line is not an export or disclosure header', { line });
    this.halt('nothing after a missing header was checked: the header names the rules and the canon');
  }

  // Step 1: the header, read from the first non-empty line only.
  private onHeader(frame: JsonObject, line: number): void {
    if (this.state !== 'header') {
      this.find('header-repeated', 'a header on a later line is ignored: it would re-choose the checkpoint', {
        line,
      });
      return;
    }
    const disclosure = frame.kind === FRAME_KINDS.disclosure;
    this.kind = disclosure ? 'disclosure' : 'export';
    this.canon = frame.canon;
    if (safeInt(frame.version) !== KNOWN_VERSION) {
      this.find('header-version-unknown', 'the export version is not one this reader implements', { line });
      this.halt('an export of an unknown version is not read further');
      return;
    }
    const canon = safeInt(frame.canon);
    if (canon === null || !KNOWN_CANONS.has(canon)) {
      this.unverifiable = true;
      this.halt('the canon is not one this reader implements: every digest is unverifiable, not wrong');
      return;
    }
    noteUnknown(
      frame,
      disclosure
        ? ['kind', 'version', 'checkpoint', 'canon', 'selection']
        : ['kind', 'version', 'checkpoint', 'canon'],
      line,
      '',
      this.unaccounted,
    );
    this.state = 'runs';
    const checkpoint = checkpointOf(frame.checkpoint, line, 'checkpoint', this.unaccounted);
    if (checkpoint === null)
      this.find('header-malformed', 'the header carries no well-formed checkpoint', { line });
    else if (checkpoint.size === 0 && !bytesEqual(checkpoint.root, emptyRoot()))
      this.find('checkpoint-incoherent', 'a size-0 checkpoint claims a root the empty log cannot have', {
        line,
      });
    else this.checkpoint = checkpoint;
    if (disclosure) {
      const selection = frame.selection;
      const list = (v: unknown) =>
        Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : null;
      const cases = isObject(selection) ? list(selection.cases) : null;
      const runs = isObject(selection) ? list(selection.runs) : null;
      if (cases === null || runs === null)
        this.find('header-malformed', 'the disclosure header carries no well-formed selection', { line });
      else {
        this.selection = { cases, runs };
        noteUnknown(selection as JsonObject, ['cases', 'runs'], line, 'selection', this.unaccounted);
      }
    }
  }

  private onRunBlock(frame: JsonObject, line: number): void {
    if (this.state === 'cases')
      this.find('frame-out-of-order', 'a run block follows the case layer', { line });
    this.closeRun();
    this.state = 'runs';
    this.counts.runs++;
    const block = runBlockOf(frame, line, this.kind === 'disclosure', this.unaccounted);
    if (block === null) {
      this.find('run-block-malformed', 'the run block names no run', { line });
      this.run = null;
      return;
    }
    const id = block.run;
    if (this.runIds.has(id))
      this.find('run-duplicate', 'this run is carried in two blocks', { line, run: id });
    this.runIds.add(id);
    if (block.position === 'malformed')
      this.find(
        'run-position-malformed',
        'index and seal must both be present and well-formed, or both absent',
        { line, run: id },
      );
    else if (block.position === 'open') this.counts.openRuns++;
    else {
      const owner = this.indexOwners.get(block.position.index);
      if (owner !== undefined)
        this.find('index-duplicate', 'this log position is already claimed by an earlier run block', {
          line,
          run: id,
        });
      else {
        this.indexOwners.set(block.position.index, id);
        this.leaves.push({
          index: block.position.index,
          seal: block.position.seal,
          run: id,
          line,
          proof: block.proof,
        });
      }
    }
    this.run = { block, line, records: 0, lastSeq: 0, lastHash: null, concludedSealed: false };
  }

  /** Closes the current run: its seal against its terminal hash, and a package's placement rule. */
  private closeRun(): void {
    const run = this.run;
    if (run === null) return;
    const id = run.block.run;
    const position = run.block.position;
    if (typeof position === 'object' && run.lastHash !== null && !bytesEqual(position.seal, run.lastHash))
      this.find('seal-mismatch', "the log leaf is not this run's terminal chain hash", {
        line: run.line,
        run: id,
      });
    if (this.kind === 'disclosure' && position === 'open' && run.concludedSealed)
      this.disclosureUnplaced.push(id);
    this.finished.push({
      id,
      line: run.line,
      records: run.records,
      lastSeq: run.lastSeq,
      sealedAtEnd: typeof position === 'object',
      position,
    });
    this.run = null;
  }

  // Steps 2-4 for one record line, its own judgement (the reading) set in its run.
  private onRecord(record: RecordReading, lineNo: number): void {
    const run = this.state === 'runs' ? this.run : null;
    this.counts.records++;
    if (run === null) {
      this.find('record-outside-run', 'a record line is not under a run block', { line: lineNo });
      return;
    }
    const id = run.block.run;
    const where = { line: lineNo, run: id };
    run.records++;
    for (const member of record.unknown) this.unaccounted.push({ line: lineNo, member });
    const { seq, prev, hash } = record;
    if (!record.wellFormed || seq === null || prev === null || hash === null) {
      this.find(
        'record-malformed',
        'the record line lacks a well-formed seq, body, prev_hash, hash or raw',
        where,
      );
      if (seq !== null) run.lastSeq = seq;
      if (hash !== null) run.lastHash = hash;
      return;
    }
    // Step 2: the bytes against their claim, then what the established bytes say.
    if (!record.linked)
      this.find('record-hash-mismatch', 'the raw bytes were altered after they were written', where);
    else if (record.rawFinding !== null) this.find(record.rawFinding.code, record.rawFinding.message, where);
    const hashed = record.hashed;
    // The hashed seq numbers the chain when the bytes are established; else the line's claim.
    const chainSeq = hashed !== null ? hashed.seq : seq;
    if (hashed !== null) {
      if (chainSeq !== seq)
        this.find('record-seq-mismatch', "the line's seq differs from its hashed body's", where);
      this.judgeBody(hashed, run, where);
    }
    // Step 3: the link and the numbering.
    const expectedPrev = run.lastHash ?? ZERO_HASH;
    if (run.records === 1 && chainSeq !== 1)
      this.find('run-first-seq', `the run's first record is seq ${chainSeq}, not 1`, where);
    else if (run.records > 1 && chainSeq !== run.lastSeq + 1)
      this.find('record-seq-gap', `seq jumps from ${run.lastSeq} to ${chainSeq}`, where);
    if (!bytesEqual(prev, expectedPrev))
      this.find('record-prev-mismatch', 'the record does not link to its predecessor', where);
    run.lastSeq = chainSeq ?? seq;
    run.lastHash = hash;
    const wanted = this.graderHashes.get(id);
    if (wanted?.has(run.lastSeq)) wanted.set(run.lastSeq, hash);
    // Step 4: the signature, judged in the reading if the auditor supplied keys.
    const signature = record.signature;
    if (signature === 'missing') {
      this.find(
        'signature-member-missing',
        'the record line carries no signature member (null means unsigned)',
        where,
      );
      return;
    }
    if (signature === 'null') {
      this.counts.unsigned++;
      if (this.options.keys !== undefined)
        this.find('signature-absent', "the record's signature is absent", where);
      return;
    }
    this.counts.signed++;
    // A signature over a hash the bytes do not reproduce vouches for bytes not in the file.
    if (signature === 'verified') {
      if (record.linked) this.counts.verified++;
    } else if (signature !== 'unchecked') this.find(signature, SIGNATURE_WORDS[signature], where);
  }

  /** What the hashed body itself says: its run, its conclusion, its case. */
  private judgeBody(value: HashedBody, run: RunState, where: { line: number; run: string }): void {
    if (value.run !== run.block.run)
      this.find('record-run-mismatch', "a record's own body names another run than its block", where);
    if (value.concluded !== null) {
      run.concludedSealed = value.concluded.seals;
      if (!value.concluded.headMatches)
        this.find('chain-head-mismatch', 'chain_head is not the head the conclusion sits on', where);
    }
    if (value.case !== null && !this.namedCases.has(value.case)) this.namedCases.set(value.case, where.line);
  }

  private onCaseBlock(frame: JsonObject, line: number): void {
    this.closeRun();
    this.state = 'cases';
    this.counts.cases++;
    const block: CaseBlock | null = caseBlockOf(frame, line, this.unaccounted);
    if (block === null) {
      this.find('case-malformed', 'the case block lacks a case id, deadlines or blobs', { line });
      return;
    }
    this.caseIds.add(block.id);
    if (block.hold === 'missing')
      this.find('case-hold-missing', 'the case block carries no hold member', { line });
    else if (block.hold === 'malformed')
      this.find('case-hold-malformed', "the case block's legal hold is malformed", { line });
    // 'none' (hold: null) is a state: the case is not under hold.
  }

  private onTrailer(frame: JsonObject, line: number): void {
    this.closeRun();
    this.state = 'ended';
    const trailer = trailerOf(frame, line, this.unaccounted);
    if (trailer === null)
      this.find('trailer-malformed', 'the trailer lacks a well-formed count or unreadable list', { line });
    else this.trailer = { value: trailer, line };
  }

  /** Ends the input and judges everything that needs the whole file. */
  finish(): ExportReport {
    if (this.done) throw new SeamError('finished', 'finish() was already called');
    this.done = true;
    if (this.state === 'header' && this.kind === null) this.headerMissing(this.counts.lines);
    this.closeRun();
    if (this.state !== 'halted') this.judgeWholeFile();
    const findings = this.findings;
    const judged = this.options.strict;
    const strict = judged === true || judged === 'caller-material' ? this.strictOutcome(judged) : undefined;
    const status =
      findings.length > 0
        ? 'findings'
        : this.unverifiable
          ? 'unverifiable'
          : strict !== undefined && strict.unchecked.length > 0
            ? 'unchecked'
            : 'sound';
    const report: Omit<ExportReport, 'steps'> = {
      status,
      kind: this.kind,
      ...(this.canon !== undefined ? { canon: this.canon } : {}),
      findings,
      notChecked: this.notChecked,
      ...(strict !== undefined ? { strict } : {}),
      unaccounted: this.unaccounted,
      runs: this.counts.runs,
      records: this.counts.records,
      cases: this.counts.cases,
      sealedRuns: this.leaves.length,
      openRuns: this.counts.openRuns,
      ...(this.checkpoint ? { logSize: this.checkpoint.size } : {}),
      ...(this.provenLeaves !== undefined ? { provenLeaves: this.provenLeaves } : {}),
      recordSignaturesVerified: this.counts.verified,
      anchors: this.anchorOutcomes,
      graderVerdicts: this.graderOutcomes,
      witnesses: this.witnesses,
      lines: this.counts.lines,
      bytes: this.counts.bytes,
    };
    return { ...report, steps: stepsOf(report) };
  }

  /** Which judged not-checked items keep a strict verdict from sound, and which the caller waived. */
  private strictOutcome(judged: true | 'caller-material'): NonNullable<ExportReport['strict']> {
    const present = new Set(this.notChecked.map((n) => n.code));
    const allowed = new Set(this.options.allowUnchecked ?? []);
    const judges: readonly NotCheckedCode[] = judged === true ? NOT_CHECKED_CODES : CALLER_MATERIAL;
    const items = judges.filter((c) => present.has(c));
    return { unchecked: items.filter((c) => !allowed.has(c)), waived: items.filter((c) => allowed.has(c)) };
  }

  private provenLeaves: number | undefined;
  private anchorOutcomes: ExportReport['anchors'] = [];
  private graderOutcomes: ExportReport['graderVerdicts'] = [];
  private witnesses: ExportReport['witnesses'] = [];

  private judgeWholeFile(): void {
    const disclosure = this.kind === 'disclosure';
    // Step 4 (what was not checked).
    const { signed, unsigned } = this.counts;
    if (this.options.keys === undefined && signed + unsigned > 0) {
      this.notChecked.push({
        code: 'record-signatures',
        message: `record signatures were not checked: no record keys were supplied (${signed} signed)`,
        count: signed,
      });
      if (unsigned > 0)
        this.notChecked.push({
          code: 'unsigned-records',
          message: `${plural(unsigned, 'record')} carry signature null: unsigned, which record keys would make a finding`,
          count: unsigned,
        });
    }
    // Step 5: the log, or each leaf by its path in a package.
    const log = judgeLog({ checkpoint: this.checkpoint, leaves: this.leaves, disclosure });
    for (const f of log.findings) this.find(f.code, f.message, f);
    this.provenLeaves = log.provenLeaves;
    if (disclosure)
      for (const run of this.disclosureUnplaced)
        this.find(
          'package-run-unplaced',
          'the run concluded, yet its block carries no index and seal: a leaf was removed',
          { run },
        );
    // Step 6: checkpoints from outside the file, and the runs no checkpoint covers.
    const anchors = judgeAnchors({
      anchors: this.anchors,
      witnessKeys: this.witnessVerifiers,
      maxAge: this.maxAge,
      now: this.now,
      checkpoint: this.checkpoint,
      leaves: this.leaves,
      disclosure,
    });
    for (const f of anchors.findings) this.findings.push(f);
    this.notChecked.push(...anchors.notChecked);
    this.anchorOutcomes = anchors.outcomes;
    this.witnesses = anchors.witnesses;
    if (this.counts.openRuns > 0)
      this.notChecked.push({
        code: 'open-runs',
        message: `${plural(this.counts.openRuns, 'open run')}: their chains were checked; records cut from their tails are undetectable`,
        count: this.counts.openRuns,
      });
    // Step 7: the case layer.
    for (const [id, line] of this.namedCases)
      if (!this.caseIds.has(id))
        this.find('case-missing', 'a record names a case this file does not carry', { line });
    if (this.selection !== null)
      for (const id of this.selection.cases)
        if (!this.caseIds.has(id))
          this.find('selection-case-missing', 'the selection names a case the case layer does not carry');
    if (this.counts.cases > 0)
      this.notChecked.push({
        code: 'case-contents',
        message: `${plural(this.counts.cases, 'case block')}: the contents (state, deadlines, hold reason, blob digests, run list) are committed to by no hash and were read as written`,
        count: this.counts.cases,
      });
    this.notChecked.push({
      code: 'blob-bytes',
      message: 'blob bytes are never in the file: their presence and integrity were not checked',
    });
    if (this.unaccounted.length > 0)
      this.notChecked.push({
        code: 'unknown-members',
        message: `${plural(this.unaccounted.length, 'framing member')} this reader does not know bound the verdict`,
        count: this.unaccounted.length,
      });
    // Step 8: the trailer.
    this.judgeTrailer();
    // Sidecars last: they need every run's verdict.
    const graders = judgeGraders({
      sidecars: this.sidecars,
      keys: this.options.graderKeys,
      runs: new Map(this.finished.map((r) => [r.id, r])),
      hashes: this.graderHashes,
      unsound: this.runsWithFindings,
    });
    for (const f of graders.findings) this.findings.push(f);
    this.notChecked.push(...graders.notChecked);
    this.graderOutcomes = graders.outcomes;
  }

  private judgeTrailer(): void {
    const trailer = this.trailer?.value;
    const unreadable = new Set((trailer?.unreadable ?? []).map((u) => u.run));
    for (const run of this.finished)
      if (run.records === 0 && !unreadable.has(run.id))
        this.find(
          'run-empty',
          'the run block carries no records and the trailer does not declare it unreadable',
          { line: run.line, run: run.id },
        );
    if (this.trailer === null) {
      if (!this.findings.some((f) => f.code === 'trailer-malformed'))
        this.find('trailer-missing', 'no trailer: this file is a prefix of an export');
      return;
    }
    const line = this.trailer.line;
    const t = this.trailer.value;
    const exported = this.finished.filter((r) => r.records > 0).length;
    const claims: [string, number, number][] = [
      ['runs_requested', t.runsRequested, this.counts.runs],
      ['runs_exported', t.runsExported, exported],
      ['records', t.records, this.counts.records],
      ['cases', t.cases, this.counts.cases],
    ];
    for (const [name, claimed, actual] of claims)
      if (claimed !== actual)
        this.find(
          'trailer-count-mismatch',
          `the trailer claims ${name} ${claimed}, the file carries ${actual}`,
          { line },
        );
    if (unreadable.size > 0)
      this.notChecked.push({
        code: 'unreadable-runs',
        message:
          'the export is complete as an artifact and incomplete as a history: these runs could not be read by the writer',
        runs: [...unreadable],
      });
  }
}

const SIGNATURE_WORDS = {
  'signature-absent': "the record's signature is absent",
  'signature-malformed': "the record's signature is not a key_id and 128 lowercase hex characters",
  'signature-unknown-key': "the record's signature is under a key that was not supplied",
  'signature-invalid': "the record's signature does not verify",
} as const;

/** Options are the auditor's configuration: one of the wrong type throws SeamError naming it. */
export function checkOptions(options: ExportOptions): void {
  const bad = (what: string) => {
    throw new SeamError('bad-options', what);
  };
  if (typeof options !== 'object' || options === null) bad('the options are not an object');
  const { keys, graderKeys, anchors, witnessKeys, graderVerdicts, maxLineBytes, allowUnchecked } = options;
  const isMap = (v: unknown) => typeof (v as { get?: unknown } | null)?.get === 'function';
  if (keys !== undefined && !isMap(keys)) bad('keys is not a Map from key_id to an Ed25519 public key');
  if (graderKeys !== undefined && !isMap(graderKeys))
    bad('graderKeys is not a Map from key_id to a public key');
  for (const [name, list] of Object.entries({ anchors, witnessKeys, graderVerdicts, allowUnchecked }))
    if (list !== undefined && !Array.isArray(list)) bad(`${name} is not an array`);
  if (maxLineBytes !== undefined && (!Number.isSafeInteger(maxLineBytes) || maxLineBytes < 1))
    bad('maxLineBytes is not a positive integer');
  if (![undefined, true, false, 'caller-material'].includes(options.strict))
    bad("strict is not true, false or 'caller-material'");
}

/** verifyExport's options: the verifier's, and how many threads read the lines. */
export interface VerifyExportOptions extends ExportOptions {
  /**
   * Threads that take the lines' readings (parse, hash, canonical bytes, signature), on
   * Node: worker threads when more than 1, this thread alone when 1 (the default). The
   * report is the same for every value. Outside Node it is checked and then ignored.
   */
  workers?: number;
}

/**
 * Verifies a whole export, sync or async: given as lines (strings or UTF-8 bytes), or
 * as the whole file in one string or Uint8Array, split here at each newline.
 */
export async function verifyExport(
  lines: Iterable<string | Uint8Array> | AsyncIterable<string | Uint8Array> | string | Uint8Array,
  options: VerifyExportOptions = {},
): Promise<ExportReport> {
  const verifier = new ExportVerifier(options);
  const { workers = 1, keys } = options;
  if (!Number.isSafeInteger(workers) || workers < 1)
    throw new SeamError('bad-options', 'workers is not a positive integer');
  if (workers > 1 && keys !== undefined && !(keys instanceof Map))
    throw new SeamError('bad-options', 'keys must be a Map to be shared with worker threads');
  const maxLine = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
  await pass(verifier, linesOf(lines, maxLine), { workers, maxLine, keys });
  return verifier.finish();
}

/** The lines of `input`; a value that is no file and no sequence of lines is one line, refused when read. */
function linesOf(input: unknown, maxLineBytes: number): Iterable<unknown> | AsyncIterable<unknown> {
  if (typeof input === 'string') return splitLines([utf8Strict.encode(input)], maxLineBytes);
  if (input instanceof Uint8Array) return splitLines([input], maxLineBytes);
  const iterable =
    typeof input === 'object' &&
    input !== null &&
    (Symbol.iterator in input || Symbol.asyncIterator in input);
  return iterable ? (input as Iterable<unknown>) : [input];
}
