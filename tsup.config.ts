import { defineConfig } from 'tsup';

// One build recipe for every package: ESM with declarations. Node >= 20.19 can
// require() an ESM package, so no CommonJS twin is shipped.
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  treeshake: true,
  // Declarations are built against the other packages' published types, not their sources.
  tsconfig: '../../tsconfig.base.json',
});
