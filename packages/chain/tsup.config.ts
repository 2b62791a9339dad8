import { defineConfig } from 'tsup';
import shared from '../../tsup.config.ts';

// The root recipe, plus the verify-only entry and the seam-verify-export command: its bin,
// and its main as the node-only `@agent-seam/chain/cli` entry that `seam export verify` runs.
export default defineConfig({
  ...(shared as object),
  entry: {
    index: 'src/index.ts',
    'verify-only': 'src/verify-only.ts',
    'cli/bin': 'src/cli/bin.ts',
    'cli/main': 'src/cli/main.ts',
  },
});
