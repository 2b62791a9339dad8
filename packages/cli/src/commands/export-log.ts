import { fail, hex, ok, unwrap, type Verdict } from '@agent-seam/canonical';
import { verifyExport } from '@agent-seam/chain';

/** An agentplane export's log of sealed runs: its header's checkpoint and the seals in log order. */
export interface ExportLog {
  checkpoint: { origin: string; size: number; root: Uint8Array };
  /** The leaf data of position i: sealed run i's terminal chain hash (seed 003's "Merkle log"). */
  seals: Uint8Array[];
}

export type ExportLogCode = 'export-unverifiable' | 'export-findings' | 'not-a-whole-export';

const RUN_FRAME = 'agentplane.export.run';
// The white space the reader skips as a blank line (Python's str.isspace, U+001C..U+001F with it).
const BLANK = /^[\s\u001c-\u001f]*$/;

/**
 * The log an export commits its sealed runs to, only from a file @agent-seam/chain's reader
 * finds consistent and whole: a disclosure package carries some leaves, and a file with
 * findings (an edited record, a seal that is not its run's, positions that are not 0..size-1,
 * a root that is not the header's) would publish a log its own reader refuses.
 */
export async function exportLog(file: Uint8Array, path: string): Promise<Verdict<ExportLog, ExportLogCode>> {
  const report = await verifyExport(file);
  if (report.status === 'unverifiable')
    return fail('export-unverifiable', `${path} names a canon this reader does not implement`);
  const first = report.findings[0];
  if (first !== undefined)
    return fail(
      'export-findings',
      `${path} has ${report.findings.length} finding(s), the first [${first.code}]: ${first.message}; seam export verify ${path} lists them`,
    );
  if (report.kind !== 'export')
    return fail(
      'not-a-whole-export',
      `${path} is a disclosure package: it carries the leaves it discloses, not the log`,
    );
  // The reader found the header well formed and the sealed positions exactly 0..size-1 under
  // its root; what is left is to read them off the frames, in position order.
  let checkpoint: ExportLog['checkpoint'] | undefined;
  const seals: Uint8Array[] = [];
  for (const line of new TextDecoder().decode(file).split('\n')) {
    if (BLANK.test(line)) continue;
    const frame = JSON.parse(line);
    if (checkpoint === undefined) {
      const { origin, size, root } = frame.checkpoint;
      checkpoint = { origin, size, root: unwrap(hex.decode(root)) };
    } else if (frame.kind === RUN_FRAME && frame.seal != null)
      seals[frame.index] = unwrap(hex.decode(frame.seal));
  }
  return ok({ checkpoint: checkpoint!, seals });
}
