import { USAGE, main as verifyExport } from '@agent-seam/chain/cli';
import type { Command } from '../command.js';
import { EXIT, exportStreams } from '../io.js';

// seam-verify-export's code for "no finding, but not checked under --strict".
const UNCHECKED = 3;

export const exportVerify: Command = {
  name: 'export verify',
  summary: 'verify an agentplane export or disclosure package (seam-verify-export)',
  usage: `usage: seam export verify FILE|- [ANCHOR...] [options as seam-verify-export takes them]

The export reader of @agent-seam/chain, as seam-verify-export runs it: the same
arguments, the same report, the same --json. Over a few MB, with stderr a terminal, a
progress line shows bytes, records per second and the time left (nothing when piped).
Under seam, "not sound under --strict" exits 1 like every other finding (seam-verify-export
keeps its own 3).

${USAGE.replace(/^usage: seam-verify-export/, '  seam-verify-export').replace(/\n {7}seam-verify-export --help$/m, '')}`,
  example: `  $ seam export verify examples/example.jsonl examples/example.checkpoint.json \\
      --key example-record=d04ab232742bb4ab3a1368bd4615e4e6d0224ab71a016baf8520a332c9778737
  examples/example.jsonl: export, 2 runs (1 sealed, 1 open), 4 records, 1 case
  anchor 1: matched (size 1)
  4 record signatures verified
  ...
  2 runs, 4 records, 1 case: sound
  (the example files are in @agent-seam/chain's examples/ directory)`,
  options: {},
  raw: true,
  async run(_values, argv) {
    const code = await verifyExport(argv, exportStreams());
    return code === UNCHECKED ? EXIT.refused : code;
  },
};
