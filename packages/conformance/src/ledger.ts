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
 * A line of a ledger file: a check, the note that a group's interop data was absent, or
 * the note that a group's suite could not run here (a service it needs is absent) and why.
 */
export type LedgerLine =
  | CheckRecord
  | { group: string; interopMissing: true }
  | { group: string; notRun: string };

/** Where a run's ledger lives under `<package>/.conformance/`: one directory per runtime. */
export type LedgerRuntime = 'node' | 'browser';

/**
 * Attribution of checks to vector groups. Every check a package test makes over a
 * vector goes through `accept` (the input must be accepted / reproduced) or `refuse`
 * (the input must be refused). The body asserts; a body that throws is a failed check
 * and the error is re-thrown so the test fails too. The Node build appends records to
 * `<package>/.conformance/node/<pid>.jsonl`; the browser build (vitest browser mode)
 * to `<package>/.conformance/browser/`. The report reads both after the run.
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
  /**
   * Record that a group's whole suite could not run here, and why (a server it needs is
   * absent). The report says so loudly; in CI (CI=true) such a group is red.
   */
  notRun(group: string, why: string): void;
}

/** The attribution logic both builds share; `write` decides where a settled line goes. */
export function recordingLedger(write: (line: LedgerLine) => void): Ledger {
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
    notRun: (group, why) => write({ group, notRun: why }),
  };
}
