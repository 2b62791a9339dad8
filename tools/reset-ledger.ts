import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ledgerEnabled } from '../packages/conformance/src/index.ts';

// A test run starts with an empty ledger, so the report never counts checks from an
// earlier run (or from a test file that has since been deleted). A run with the ledger
// switched off (SEAM_LEDGER=off, the runtime matrix) leaves the recorded run alone.
export default function setup() {
  if (ledgerEnabled()) rmSync(join(process.cwd(), '.conformance'), { recursive: true, force: true });
}
