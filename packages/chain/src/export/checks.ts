import type { CheckResult, CheckSpec } from '@agent-seam/canonical';
import type { ExportReport, FindingCode } from './report.js';

/**
 * The export verifier's steps, in its order (spec/chain.md, "Steps"), each with the
 * findings it reports. Unlike a single verdict, an export is read to the end and every
 * finding is reported, so a step is judged on every line it concerns: the order is the
 * order of the steps, not a precedence between findings.
 */
export const EXPORT_CHECKS: readonly CheckSpec<FindingCode>[] = [
  {
    id: 'lines',
    title: 'each line within maxLineBytes, a JSON object, and a frame of a known kind or a record',
    codes: ['line-not-json', 'line-too-long', 'line-not-object', 'line-not-bytes', 'frame-unknown-kind'],
  },
  {
    id: 'header',
    title: 'the first line is a header of export version 1 with a well-formed, coherent checkpoint; no other',
    codes: [
      'header-missing',
      'header-version-unknown',
      'header-malformed',
      'header-repeated',
      'checkpoint-incoherent',
    ],
  },
  {
    id: 'records',
    title:
      'each record in a run block, well-formed, its hash over its canonical bytes, agreeing with its body and seq, with a signature member',
    codes: [
      'record-outside-run',
      'record-malformed',
      'record-hash-mismatch',
      'record-not-canonical',
      'record-body-mismatch',
      'record-seq-mismatch',
      'signature-member-missing',
    ],
  },
  {
    id: 'runs',
    title:
      'each run starts at seq 1 over zeros and links record to record, in its own run, to its chain head',
    codes: [
      'run-block-malformed',
      'run-first-seq',
      'record-seq-gap',
      'record-prev-mismatch',
      'record-run-mismatch',
      'chain-head-mismatch',
    ],
  },
  {
    id: 'signatures',
    title: 'with keys: every record signed by a known key; with witness keys: anchors cosigned and fresh',
    codes: [
      'signature-absent',
      'signature-malformed',
      'signature-unknown-key',
      'signature-invalid',
      'anchor-not-cosigned',
      'witness-stale',
      'witness-ahead',
    ],
  },
  {
    id: 'log',
    title:
      "sealed runs placed once each at contiguous positions whose RFC 6962 root is the header's (a package: each proved)",
    codes: [
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
    ],
  },
  {
    id: 'anchors',
    title: "outside checkpoints: the same origin, and the file's root at their size",
    codes: ['anchor-origin-mismatch', 'anchor-beyond-file', 'anchor-root-mismatch', 'anchor-prefix-mismatch'],
  },
  {
    id: 'cases',
    title:
      'every case a record names has a well-formed case block with a hold member; a package carries its selection',
    codes: [
      'case-malformed',
      'case-hold-missing',
      'case-hold-malformed',
      'case-missing',
      'selection-case-missing',
    ],
  },
  {
    id: 'trailer',
    title: 'frames in order, no empty run, and a well-formed trailer whose counts match, last',
    codes: [
      'frame-out-of-order',
      'run-empty',
      'trailer-missing',
      'trailer-malformed',
      'trailer-count-mismatch',
      'line-after-trailer',
    ],
  },
  {
    id: 'graders',
    title: "grader sidecars: well-formed, bound to a run's last record, signed",
    codes: [
      'grader-format',
      'grader-run',
      'grader-soundness',
      'grader-last-seq',
      'grader-last-hash',
      'grader-open',
      'grader-signature',
    ],
  },
];

/**
 * The export's steps as check results, from `report.steps`: `refuse` with the first
 * finding's code, `pass` where the step established what its detail says, `not-checked`
 * where it established nothing or lacked the caller's material (no record keys, no
 * outside checkpoint...), each with the detail in the file's terms.
 */
export function explainReport(report: ExportReport): CheckResult[] {
  return report.steps.map((step): CheckResult => {
    const title = EXPORT_CHECKS.find((c) => c.id === step.id)?.title ?? step.id;
    return {
      id: step.id,
      title,
      outcome: step.outcome,
      ...(step.code !== undefined ? { code: step.code } : {}),
      ...(step.detail !== '' ? { detail: step.detail } : {}),
    };
  });
}
