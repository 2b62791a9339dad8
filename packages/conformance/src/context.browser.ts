import { inject } from 'vitest';

/**
 * What the host (browser-host.node.ts) tells a browser test run, through vitest's
 * `provide`/`inject`: the repository root, the interop directory (null when absent;
 * in CI the host refuses to start without it), and whether the ledger records.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    seamRoot: string;
    seamInterop: string | null;
    seamLedger: boolean;
  }
}

export const repoRoot = (): string => inject('seamRoot');
export const interopDir = (): string | null => inject('seamInterop');
export const ledgerEnabled = (): boolean => inject('seamLedger');
