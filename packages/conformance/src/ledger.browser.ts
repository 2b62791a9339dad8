import { afterAll } from 'vitest';
import { commands } from 'vitest/browser';
import { ledgerEnabled } from './context.browser.js';
import { type Ledger, type LedgerLine, recordingLedger } from './ledger.js';

declare module 'vitest/browser' {
  interface BrowserCommands {
    /** Append lines to `<package>/.conformance/browser/` on the host (browser-host.node.ts). */
    seamLedger: (lines: LedgerLine[]) => Promise<void>;
  }
}

/**
 * The browser build of openLedger: the same attribution, with the lines kept in the page
 * and handed to the host once the test file is done (a page cannot append to a file).
 */
export function openLedger(): Ledger {
  if (!ledgerEnabled()) return recordingLedger(() => {});
  const lines: LedgerLine[] = [];
  afterAll(() => commands.seamLedger(lines.splice(0)));
  return recordingLedger((line) => lines.push(line));
}
