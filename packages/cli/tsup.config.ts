import { defineConfig } from 'tsup';
import shared from '../../tsup.config.ts';

// The root recipe, plus the seam command as a second entry.
export default defineConfig({
  ...(shared as object),
  entry: { index: 'src/index.ts', bin: 'src/bin.ts' },
});
