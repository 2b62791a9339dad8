import { rmSync } from 'node:fs';
import { join } from 'node:path';

// A test run starts with an empty ledger, so the report never counts checks from an
// earlier run (or from a test file that has since been deleted).
export default function setup() {
  rmSync(join(process.cwd(), '.conformance'), { recursive: true, force: true });
}
