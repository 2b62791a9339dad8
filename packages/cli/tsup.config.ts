import { cpSync } from 'node:fs';
import { defineConfig } from 'tsup';
import { seamBuild } from '../../tsup.config.ts';

// The root recipe, plus the seam command as a second entry. The published vector files
// ship in dist/vectors, for seam conformance to replay against the installed packages.
export default defineConfig(
  seamBuild({
    entry: { index: 'src/index.ts', bin: 'src/bin.ts' },
    onSuccess: async () => {
      cpSync('../../vectors', 'dist/vectors', { recursive: true });
    },
  }),
);
