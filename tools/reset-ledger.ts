import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { ledgerDir, ledgerEnabled } from '../packages/conformance/src/index.ts';

// A test run starts with an empty ledger, so the report never counts checks from an
// earlier run (or from a test file that has since been deleted). Each runtime resets only
// its own ledger (.conformance/node or .conformance/browser). A run with the ledger
// switched off (SEAM_LEDGER=off, the runtime matrix) leaves the recorded run alone.
export default function setup(project: TestProject) {
  const runtime = project.config.browser.enabled ? 'browser' : 'node';
  if (ledgerEnabled()) rmSync(ledgerDir(project.config.root, runtime), { recursive: true, force: true });
}
