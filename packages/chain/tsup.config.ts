import { defineConfig } from 'tsup';
import shared from '../../tsup.config.ts';

// The root recipe, plus the seam-verify-export command, and the two passes `#pass` chooses
// between with the reading worker the Node one starts (kept external, so that the
// package's imports map picks the pass at run time).
export default defineConfig({
  ...(shared as object),
  entry: {
    index: 'src/index.ts',
    'cli/bin': 'src/cli/bin.ts',
    pass: 'src/export/pass.ts',
    'pass.node': 'src/export/pass.node.ts',
    'reading-worker.node': 'src/export/reading-worker.node.ts',
  },
  external: ['#pass'],
});
