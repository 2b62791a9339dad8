import { defineConfig } from 'tsup';
import { seamBuild } from '../../tsup.config.ts';

// The root recipe, plus the verify-only entry; the seam-verify-export command (its bin, and
// its main as the node-only `@agent-seam/chain/cli` entry that `seam export verify` runs);
// and the two passes `#pass` chooses between with the reading worker the Node one starts
// (kept external, so that the package's imports map picks the pass at run time).
export default defineConfig(
  seamBuild({
    entry: {
      index: 'src/index.ts',
      'verify-only': 'src/verify-only.ts',
      'cli/bin': 'src/cli/bin.ts',
      'cli/main': 'src/cli/main.ts',
      pass: 'src/export/pass.ts',
      'pass.node': 'src/export/pass.node.ts',
      'reading-worker.node': 'src/export/reading-worker.node.ts',
    },
    external: ['#pass'],
  }),
);
