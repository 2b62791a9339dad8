import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Ledger, type LedgerRuntime, recordingLedger } from './ledger.js';

/** SEAM_LEDGER=off: checks still run and assert, but nothing is recorded (re-runs on other runtimes). */
export const ledgerEnabled = (): boolean => process.env.SEAM_LEDGER !== 'off';

/** `<package>/.conformance/<runtime>`: the directory one runtime's run writes and resets. */
export const ledgerDir = (packageDir: string, runtime: LedgerRuntime): string =>
  join(packageDir, '.conformance', runtime);

export function openLedger(packageDir: string = process.cwd()): Ledger {
  if (!ledgerEnabled()) return recordingLedger(() => {});
  const dir = ledgerDir(packageDir, 'node');
  const file = join(dir, `${process.pid}.jsonl`);
  mkdirSync(dir, { recursive: true });
  return recordingLedger((line) => appendFileSync(file, JSON.stringify(line) + '\n'));
}
