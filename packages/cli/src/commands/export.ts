import { type Program, usageOf, main as verifyExport } from '@agent-seam/chain/cli';
import type { Command } from '../command.js';
import { exportStreams } from '../io.js';

// Strict by default: records not authenticated or deletion not checked exit 3, unless
// waived by name. seam-verify-export keeps the reference reader's exit codes.
const program: Program = { name: 'seam export verify', strictByDefault: true };

export const exportVerify: Command = {
  name: 'export verify',
  summary: 'verify an agentplane export or disclosure package (exit 3 unless authenticated and anchored)',
  usage: `${usageOf(program).replace(/\n {7}seam export verify --help$/m, '')}

The export reader of @agent-seam/chain, as seam-verify-export runs it: the same
arguments, the same report, the same --json. The first line says what was established:
whether the records were authenticated under your record keys, and whether deletion was
checked against a checkpoint from outside the file. Over a few MB, with stderr a
terminal, a progress line shows bytes, records per second and the time left.`,
  example: `  $ seam export verify examples/example.jsonl examples/example.checkpoint.json \\
      --key example-record=d04ab232742bb4ab3a1368bd4615e4e6d0224ab71a016baf8520a332c9778737
  examples/example.jsonl: authenticated: 4 record signatures verified; deletion checked against an outside checkpoint
  export: 2 runs (1 sealed, 1 open), 4 records, 1 case
  anchor 1: matched (size 1)
  4 record signatures verified
  ...
  2 runs, 4 records, 1 case: sound
  (the example files are in @agent-seam/chain's examples/ directory)

  $ seam export verify examples/example.jsonl
  examples/example.jsonl: consistent, NOT authenticated: no record keys; deletion NOT checked: no outside checkpoint
  ...
  2 runs, 4 records, 1 case: NOT established: record-signatures, deletion (waive by name with --allow-unchecked)
  (exit 3)`,
  options: {},
  raw: true,
  run: (_values, argv) => verifyExport(argv, exportStreams(), program),
};
