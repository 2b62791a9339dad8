/**
 * What verifying an export establishes, and what it does not. Every finding carries
 * a stable code and, where it concerns one, the run and the 1-based line.
 */
export const FINDING_CODES = [
  // step 1: the header
  'line-not-json',
  'line-too-long',
  'line-not-object',
  'line-not-bytes',
  'frame-unknown-kind',
  'header-missing',
  'header-version-unknown',
  'header-malformed',
  'header-repeated',
  'checkpoint-incoherent',
  // step 2: each record
  'record-outside-run',
  'record-malformed',
  'record-hash-mismatch',
  'record-not-canonical',
  'record-body-mismatch',
  'record-seq-mismatch',
  'signature-member-missing',
  // step 3: each run
  'run-block-malformed',
  'run-first-seq',
  'record-seq-gap',
  'record-prev-mismatch',
  'record-run-mismatch',
  'chain-head-mismatch',
  // step 4: signatures
  'signature-absent',
  'signature-malformed',
  'signature-unknown-key',
  'signature-invalid',
  'anchor-not-cosigned',
  'witness-stale',
  'witness-ahead',
  // step 5: the log (whole export) or each leaf by its path (package)
  'run-position-malformed',
  'run-duplicate',
  'index-duplicate',
  'seal-mismatch',
  'positions-not-contiguous',
  'log-incomplete',
  'root-mismatch',
  'proof-missing',
  'proof-invalid',
  'package-run-unplaced',
  // step 6: checkpoints from outside the file
  'anchor-origin-mismatch',
  'anchor-beyond-file',
  'anchor-root-mismatch',
  'anchor-prefix-mismatch',
  // step 7: the case layer
  'case-malformed',
  'case-hold-missing',
  'case-hold-malformed',
  'case-missing',
  'selection-case-missing',
  // step 8: the trailer
  'frame-out-of-order',
  'run-empty',
  'trailer-missing',
  'trailer-malformed',
  'trailer-count-mismatch',
  'line-after-trailer',
  // grader-verdict sidecars, one code per refused component
  'grader-format',
  'grader-run',
  'grader-soundness',
  'grader-last-seq',
  'grader-last-hash',
  'grader-open',
  'grader-signature',
] as const;

export type FindingCode = (typeof FINDING_CODES)[number];

export interface Finding {
  code: FindingCode;
  /** 1-based line of the export the finding concerns (absent for whole-file findings). */
  line?: number;
  /** The run the finding concerns, by the id its block (or sidecar) names. */
  run?: string;
  /** Which anchor or sidecar (0-based, in the order given) the finding concerns. */
  anchor?: number;
  sidecar?: number;
  /** Human wording; never echoes bytes from the file beyond identifiers it names. */
  message: string;
}

/**
 * Everything the verifier can report as not established, said out loud rather than
 * reported as a pass. These are also the names `strict` judges and `allowUnchecked`
 * (`--allow-unchecked`) waives.
 */
export const NOT_CHECKED_CODES = [
  /** No record keys were supplied: no record signature was verified. */
  'record-signatures',
  /** Records carrying `signature: null`, read without keys (with keys each is a finding). */
  'unsigned-records',
  /** A note anchor read without witness keys: it could be the operator's own. */
  'witness-cosignatures',
  /** A maximum age was given but no cosignature verified to judge it by. */
  'witness-freshness',
  /** A grader sidecar bound without grader keys. */
  'grader-signature',
  /** No checkpoint from outside the file: deletion of whole runs was not checked. */
  'deletion',
  /** An outside checkpoint anchored only the first leaves. */
  'anchor-prefix-only',
  /** An outside checkpoint could not be compared (a package at another size, no header). */
  'anchor-not-compared',
  /** Run blocks with no log position: records cut from their tails are undetectable. */
  'open-runs',
  /** Case blocks: state, deadlines, hold, blob digests and run list are covered by no hash. */
  'case-contents',
  /** Blob bytes are never in the file. */
  'blob-bytes',
  /** Runs the trailer names unreadable: unchecked, not tampered with. */
  'unreadable-runs',
  /** Framing members this reader does not know (listed in `unaccounted`). */
  'unknown-members',
  /** Nothing after a missing header or an unknown version or canon was read. */
  'rest-of-file',
] as const;

export type NotCheckedCode = (typeof NOT_CHECKED_CODES)[number];

/**
 * The not-checked items that only the caller's own material establishes: record keys, a
 * checkpoint from outside the file, witness keys for a note anchor, grader keys for a
 * sidecar, and a verified cosignature for the freshness bound the caller asked for. The
 * rest (open runs, case contents, blob bytes...) are limits of what a file can prove.
 * `strict: 'caller-material'` judges these; `seam export verify` does so by default.
 */
export const CALLER_MATERIAL = [
  'record-signatures',
  'witness-cosignatures',
  'witness-freshness',
  'grader-signature',
  'deletion',
] as const satisfies readonly NotCheckedCode[];

export interface NotChecked {
  code: NotCheckedCode;
  message: string;
  /** Runs, anchors or counts the note concerns. */
  runs?: string[];
  count?: number;
  anchor?: number;
}

/** A framing member this reader does not know: the verdict is bounded by it, not failed. */
export interface UnaccountedMember {
  line: number;
  /** Dotted path of the member, e.g. `checkpoint.note` or `erasure`. */
  member: string;
}

export interface AnchorOutcome {
  anchor: number;
  origin?: string;
  size?: number;
  /** matched: equal roots at the header's size; prefix: the first `size` leaves rebuild to it. */
  status: 'matched' | 'prefix-matched' | 'not-compared' | 'finding';
  /** Witness names whose cosignature on this anchor verified. */
  cosignedBy: string[];
}

export interface GraderOutcome {
  sidecar: number;
  run?: string;
  lastSeq?: number;
  holds: boolean;
  /** The first refused component, when refused. */
  component?: 'format' | 'run' | 'soundness' | 'last_seq' | 'last_hash' | 'open' | 'signature';
  signature: 'verified' | 'not-checked' | 'refused';
}

/** The verifier's steps, in order: `EXPORT_CHECKS` gives each one's title and finding codes. */
export type ExportStepId =
  | 'lines'
  | 'header'
  | 'records'
  | 'runs'
  | 'signatures'
  | 'log'
  | 'anchors'
  | 'cases'
  | 'trailer'
  | 'graders';

/**
 * One step as this file fared in it. `pass`: the step established what `detail` says and
 * none of the caller's material it needs was missing; `refuse`: it has findings;
 * `not-checked`: it established nothing, or it lacked material only the caller has (no
 * record keys, no outside checkpoint...): what it read is then only consistent. Never
 * `pass` for a step that established nothing.
 */
export interface ExportStep {
  id: ExportStepId;
  outcome: 'pass' | 'refuse' | 'not-checked';
  /** In the file's terms: what was established, why nothing was, or the first finding. */
  detail: string;
  /** The code of the step's first finding (`refuse` only). */
  code?: FindingCode;
  findings: number;
  /** The not-checked items of the report that belong to this step. */
  notChecked: NotCheckedCode[];
}

export interface ExportReport {
  /**
   * sound: no finding, and under `strict` nothing it judges left unchecked unless waived
   * (without `strict`, sound says consistent, not authenticated: read `steps`, or
   * `exportHeadline`, for what was established); findings: at least one; unverifiable:
   * the header names a canon this reader does not implement, so no digest below it could
   * be judged; unchecked: no finding, but under `strict` something it judges was not
   * checked and not waived.
   */
  status: 'sound' | 'findings' | 'unverifiable' | 'unchecked';
  /** Which rules the first line chose; null when no header was read. */
  kind: 'export' | 'disclosure' | null;
  canon?: unknown;
  findings: Finding[];
  notChecked: NotChecked[];
  /**
   * Under `strict` only: of the items it judges, those not waived (each keeps the verdict
   * from sound) and those the caller waived by name.
   */
  strict?: { unchecked: NotCheckedCode[]; waived: NotCheckedCode[] };
  /** Every step, in order: what it established, or why it did not (see `exportHeadline`). */
  steps: ExportStep[];
  unaccounted: UnaccountedMember[];
  runs: number;
  records: number;
  cases: number;
  sealedRuns: number;
  /** Run blocks with neither index nor seal: their tails are not covered by any root. */
  openRuns: number;
  /** The header checkpoint's size: how many leaves the log holds. */
  logSize?: number;
  /** In a package: how many leaves its inclusion proofs proved. */
  provenLeaves?: number;
  /** Record signatures that verified over records whose chain hash also checked. */
  recordSignaturesVerified: number;
  anchors: AnchorOutcome[];
  graderVerdicts: GraderOutcome[];
  witnesses: { name: string; latest: number }[];
  lines: number;
  bytes: number;
}
