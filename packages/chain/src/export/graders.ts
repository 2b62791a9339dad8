import type { Verdict } from '@agent-seam/canonical';
import { bytesEqual } from '@agent-seam/canonical';
import type { GraderSidecar, GraderSidecarCode } from '../grader.js';
import { judgeKeyed, type TrustedKeys } from '../signature.js';
import type { Finding, FindingCode, GraderOutcome, NotChecked } from './report.js';

export interface RunSummary {
  id: string;
  lastSeq: number;
  /** The block carries a log position: the run is sealed at its last record. */
  sealedAtEnd: boolean;
}

type Component = NonNullable<GraderOutcome['component']>;

/**
 * Binds each grader-verdict sidecar to a prefix of one run of the verified export:
 * the run must be present and sound, last_seq must name a record and last_hash its
 * chain hash, and `open: false` needs the run sealed at exactly that record.
 */
export function judgeGraders(input: {
  sidecars: readonly Verdict<GraderSidecar, GraderSidecarCode>[];
  keys: TrustedKeys | undefined;
  runs: ReadonlyMap<string, RunSummary>;
  hashes: ReadonlyMap<string, ReadonlyMap<number, Uint8Array | null>>;
  unsound: ReadonlySet<string>;
}): { findings: Finding[]; notChecked: NotChecked[]; outcomes: GraderOutcome[] } {
  const findings: Finding[] = [];
  const notChecked: NotChecked[] = [];
  const outcomes: GraderOutcome[] = [];
  const judgeOne = (parsed: Verdict<GraderSidecar, GraderSidecarCode>, i: number) => {
    const refuse = (
      component: Component,
      code: FindingCode,
      message: string,
      sidecar?: GraderSidecar,
    ): void => {
      findings.push({ code, sidecar: i, message, ...(sidecar ? { run: sidecar.run } : {}) });
      outcomes.push({
        sidecar: i,
        holds: false,
        component,
        signature: component === 'signature' ? 'refused' : 'not-checked',
        ...(sidecar ? { run: sidecar.run, lastSeq: sidecar.lastSeq } : {}),
      });
    };
    if (!parsed.ok)
      return refuse('format', 'grader-format', `the sidecar is refused: ${parsed.detail ?? 'malformed'}`);
    const s = parsed.value;
    const run = input.runs.get(s.run);
    if (run === undefined)
      return refuse('run', 'grader-run', 'the sidecar names a run the export does not carry', s);
    if (input.unsound.has(s.run))
      return refuse('soundness', 'grader-soundness', 'the sidecar names a run that does not verify', s);
    const hash = input.hashes.get(s.run)?.get(s.lastSeq);
    if (hash === undefined || hash === null)
      return refuse('last_seq', 'grader-last-seq', 'last_seq names no record present in the run', s);
    if (!bytesEqual(hash, s.lastHash))
      return refuse('last_hash', 'grader-last-hash', "last_hash differs from that record's chain hash", s);
    if (!s.open && !(run.sealedAtEnd && run.lastSeq === s.lastSeq))
      return refuse(
        'open',
        'grader-open',
        'the sidecar claims open: false for a run the export does not show sealed at last_seq',
        s,
      );
    if (input.keys === undefined) {
      notChecked.push({
        code: 'grader-signature',
        message: `grader verdict ${i}: its signature was not checked, no grader key was supplied`,
      });
      outcomes.push({ sidecar: i, run: s.run, lastSeq: s.lastSeq, holds: true, signature: 'not-checked' });
      return;
    }
    const verdict = judgeKeyed(s.signature, s.signingInput, input.keys);
    if (!verdict.ok)
      return refuse('signature', 'grader-signature', `the grader signature is refused (${verdict.code})`, s);
    outcomes.push({ sidecar: i, run: s.run, lastSeq: s.lastSeq, holds: true, signature: 'verified' });
  };
  for (const [i, parsed] of input.sidecars.entries()) judgeOne(parsed, i);
  return { findings, notChecked, outcomes };
}
