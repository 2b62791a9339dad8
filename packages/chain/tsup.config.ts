import { defineConfig } from 'tsup';
import shared from '../../tsup.config.ts';

// The root recipe, plus the verify-only entry and the seam-verify-export command.
export default defineConfig({
  ...(shared as object),
  entry: { index: 'src/index.ts', 'verify-only': 'src/verify-only.ts', 'cli/bin': 'src/cli/bin.ts' },
});
