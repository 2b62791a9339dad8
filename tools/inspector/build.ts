import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

/**
 * Builds the static site into dist/site: index.html, style.css, the bundled app.js and export-worker.js
 * (the packages come in through src/seam.ts, their public entry points as built).
 * Host the folder anywhere that serves files; it needs no server logic.
 */
const here = import.meta.dirname;
const site = join(here, 'dist', 'site');

rmSync(site, { recursive: true, force: true });
mkdirSync(site, { recursive: true });
await build({
  entryPoints: { app: join(here, 'src', 'main.ts'), 'export-worker': join(here, 'src', 'export-worker.ts') },
  outdir: site,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  sourcemap: true,
  logLevel: 'warning',
});
for (const file of ['index.html', 'style.css']) copyFileSync(join(here, 'src', file), join(site, file));
console.log(`inspector: built ${site}`);
