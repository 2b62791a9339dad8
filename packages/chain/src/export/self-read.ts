import { SeamError } from '@agent-seam/canonical';
import type { Finding, FindingCode } from './report.js';
import { ExportVerifier } from './verifier.js';

/**
 * What part of the writer's plan a finding is about, from the finding: the plan field a
 * caller fixes (`runs[0].records[2].body.seq`, `cases[1].hold`, `otherLeaves`).
 */
export type FieldOf = (finding: Finding) => string;

/**
 * The writer refuses what the reader refuses: `lines` are read back by the export reader
 * itself (no keys: a signature the writer made under its own seed is its own), and the
 * first finding, other than those in `outside` (rules the caller's other lines settle),
 * throws `SeamError('bad-plan')` naming the plan field it is about.
 */
export function refuseWhatTheReaderRefuses(
  lines: readonly string[],
  fieldOf: FieldOf,
  outside: readonly FindingCode[] = [],
): void {
  const verifier = new ExportVerifier();
  for (const line of lines) verifier.push(line);
  const finding = verifier.finish().findings.find((f) => !outside.includes(f.code));
  if (finding !== undefined)
    throw new SeamError(
      'bad-plan',
      `${fieldOf(finding)}: its own reader would refuse the file written: ${finding.message} [${finding.code}]`,
    );
}

/** The member of a record's body, block or case a finding names, where the code says which. */
export const MEMBER_OF: Partial<Record<FindingCode, string>> = {
  'run-block-malformed': '.run',
  'run-duplicate': '.run',
  'run-empty': '.records',
  'run-first-seq': '.body.seq',
  'record-seq-gap': '.body.seq',
  'record-seq-mismatch': '.body.seq',
  'record-run-mismatch': '.body.run',
  'chain-head-mismatch': '.body.chain_head',
  'case-missing': '.body.case',
  'case-hold-missing': '.hold',
  'case-hold-malformed': '.hold',
  'package-run-unplaced': '.sealed',
};
