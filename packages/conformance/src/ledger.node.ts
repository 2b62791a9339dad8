import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** One attributed check, as a package test records it. */
export interface CheckRecord {
  group: string;
  kind: 'accept' | 'refuse';
  name: string;
  ok: boolean;
  /** True when the expected value came from ../shared/interop rather than vectors/. */
  interop: boolean;
}

export interface CheckOptions {
  interop?: boolean;
}

/**
 * Attribution of checks to vector groups. Every check a package test makes over a
 * vector goes through `accept` (the input must be accepted / reproduced) or `refuse`
 * (the input must be refused). The body asserts; a body that throws is a failed check
 * and the error is re-thrown so the test fails too. Records are appended to
 * `<package>/.conformance/<pid>.jsonl`, which the report reads after the run.
 */
export interface Ledger {
  accept<R extends void | Promise<void>>(
    group: string,
    name: string,
    body: () => R,
    options?: CheckOptions,
  ): R;
  refuse<R extends void | Promise<void>>(
    group: string,
    name: string,
    body: () => R,
    options?: CheckOptions,
  ): R;
  /** Record that a group's interop comparison could not run (data absent outside CI). */
  interopMissing(group: string): void;
}

/** SEAM_LEDGER=off: checks still run and assert, but nothing is recorded (re-runs on other runtimes). */
export const ledgerEnabled = (): boolean => process.env.SEAM_LEDGER !== 'off';

export function openLedger(packageDir: string = process.cwd()): Ledger {
  const dir = join(packageDir, '.conformance');
  const file = join(dir, `${process.pid}.jsonl`);
  if (ledgerEnabled()) mkdirSync(dir, { recursive: true });
  const write = ledgerEnabled()
    ? (line: object) => appendFileSync(file, JSON.stringify(line) + '\n')
    : () => {};
  const run =
    (kind: CheckRecord['kind']) =>
    <R extends void | Promise<void>>(
      group: string,
      name: string,
      body: () => R,
      options?: CheckOptions,
    ): R => {
      const record: CheckRecord = { group, kind, name, ok: false, interop: options?.interop === true };
      const settle = (ok: boolean) => {
        record.ok = ok;
        write(record);
      };
      let result: R;
      try {
        result = body();
      } catch (error) {
        settle(false);
        throw error;
      }
      if (result instanceof Promise) {
        return result.then(
          () => settle(true),
          (error) => {
            settle(false);
            throw error;
          },
        ) as R;
      }
      settle(true);
      return result;
    };
  return {
    accept: run('accept'),
    refuse: run('refuse'),
    interopMissing: (group) => write({ group, interopMissing: true }),
  };
}
