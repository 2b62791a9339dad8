import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type LedgerLine, openLedger, recordingLedger } from '../src/index.js';
import { temp, withEnv } from './scratch.js';

// How a ledger records checks: the in-memory recorder and the Node ledger files. Where a case exists for a mutant Stryker's --rest run left alive,
// its `why` names that mutant as file.ts:line:column of the report.

describe('recordingLedger', () => {
  const recorder = () => {
    const lines: LedgerLine[] = [];
    return { lines, ledger: recordingLedger((line) => lines.push(line)) };
  };

  it('records a passing accept check once, after its body ran', () => {
    // why: ledger.ts:47:76, 49:5, 55:13, 56:35, 59:9, 62:11, 77:14, 80:10, 81:17 (no record,
    // an empty record, a body never run, a passing check recorded as failed, accept misnamed).
    const { lines, ledger } = recorder();
    let ran = false;
    const result = ledger.accept('g', 'n', () => {
      ran = true;
    });
    expect(result).toBeUndefined();
    expect(ran).toBe(true);
    expect(lines).toEqual([{ group: 'g', kind: 'accept', name: 'n', ok: true, interop: false }]);
  });
  it('records a refuse check and its interop flag only when the option says true', () => {
    // why: ledger.ts:56:76 (all four: true, false, !==, options.interop without options),
    // 56:97, 82:17 (refuse misnamed).
    const { lines, ledger } = recorder();
    ledger.refuse('g', 'a', () => {}, { interop: true });
    ledger.refuse('g', 'b', () => {}, {});
    ledger.refuse('g', 'c', () => {});
    expect(lines).toEqual([
      { group: 'g', kind: 'refuse', name: 'a', ok: true, interop: true },
      { group: 'g', kind: 'refuse', name: 'b', ok: true, interop: false },
      { group: 'g', kind: 'refuse', name: 'c', ok: true, interop: false },
    ]);
  });
  it('records a throwing body as a failed check and re-throws its error', () => {
    // why: ledger.ts:64:23 (the error swallowed and the check recorded as passing), 65:16.
    const { lines, ledger } = recorder();
    const boom = new Error('boom');
    expect(() =>
      ledger.accept('g', 'n', () => {
        throw boom;
      }),
    ).toThrow(boom);
    expect(lines).toEqual([{ group: 'g', kind: 'accept', name: 'n', ok: false, interop: false }]);
  });
  it('settles an async body only when its promise settles, failed on rejection', async () => {
    // why: ledger.ts:68:11 (true: a sync result has no .then; false: recorded as passing before
    // the promise settled, and a rejection recorded as a pass), 68:38.
    const { lines, ledger } = recorder();
    let release = () => {};
    const pending = ledger.accept(
      'g',
      'late',
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    expect(pending).toBeInstanceOf(Promise);
    expect(lines).toEqual([]);
    release();
    await pending;
    const boom = new Error('boom');
    await expect(ledger.refuse('g', 'rejected', () => Promise.reject(boom))).rejects.toBe(boom);
    expect(lines).toEqual([
      { group: 'g', kind: 'accept', name: 'late', ok: true, interop: false },
      { group: 'g', kind: 'refuse', name: 'rejected', ok: false, interop: false },
    ]);
  });
  it('notes a group whose interop data was absent', () => {
    // why: ledger.ts:83:21, 83:38, 83:63.
    const { lines, ledger } = recorder();
    ledger.interopMissing('g');
    expect(lines).toEqual([{ group: 'g', interopMissing: true }]);
  });
  it('notes a group whose suite could not run, with why', () => {
    const { lines, ledger } = recorder();
    ledger.notRun('g', 'no server');
    expect(lines).toEqual([{ group: 'g', notRun: 'no server' }]);
  });
});

describe('openLedger (Node)', () => {
  it('appends one JSON line per check to <package>/.conformance/node/<pid>.jsonl', () => {
    // why: ledger.node.ts:12:72, 13:7 (ledgerEnabled() / false), 14:37, 15:26, 16:18, 16:31
    // (the nested directory needs recursive), 17:26, 17:80.
    const pkg = temp('ledger');
    withEnv({ SEAM_LEDGER: undefined }, () => {
      const ledger = openLedger(pkg);
      ledger.accept('g', 'a', () => {});
      ledger.interopMissing('g');
    });
    const dir = join(pkg, '.conformance', 'node');
    expect(readdirSync(dir)).toEqual([`${process.pid}.jsonl`]);
    expect(readFileSync(join(dir, `${process.pid}.jsonl`), 'utf8')).toBe(
      '{"group":"g","kind":"accept","name":"a","ok":true,"interop":false}\n{"group":"g","interopMissing":true}\n',
    );
  });
  it('records nothing under SEAM_LEDGER=off, and the checks still run', () => {
    // why: ledger.node.ts:6:45 (always enabled), 6:73 ('' instead of 'off'), 13:7 (true: never
    // records, seen by the case above).
    const pkg = temp('ledger-off');
    let ran = false;
    withEnv({ SEAM_LEDGER: 'off' }, () => {
      openLedger(pkg).accept('g', 'a', () => {
        ran = true;
      });
    });
    expect(ran).toBe(true);
    expect(existsSync(join(pkg, '.conformance'))).toBe(false);
  });
});
