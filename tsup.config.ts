import { build, defineConfig, type Options } from 'tsup';

// One build recipe for every package: ESM with declarations. Node >= 20.19 can
// require() an ESM package, so no CommonJS twin is shipped.
const base: Options = {
  format: ['esm'],
  clean: true,
  sourcemap: true,
  target: 'es2022',
  treeshake: true,
  // Declarations are built against the other packages' published types, not their sources.
  tsconfig: '../../tsconfig.base.json',
};

type Entries = NonNullable<Options['entry']>;

/**
 * Each entry's declarations in a pass of its own. Built together, the declaration bundler
 * puts what two entries share in one entry's .d.ts and exports it from there under
 * mangled names (`signEnvelope as s`): a verify-only entry's types then name the signers
 * its code leaves out, and `import { s } from '…/verify'` type-checks and fails at run
 * time. One pass per entry repeats the shared types instead; each .d.ts exports exactly
 * what its entry's code does (tools/pack-check.ts holds every published subpath to that).
 */
async function declarations(entry: Entries, external: Options['external']): Promise<void> {
  const each = Array.isArray(entry)
    ? entry.map((file) => [file.replace(/^.*\//, '').replace(/\.ts$/, ''), file] as const)
    : Object.entries(entry);
  for (const [name, file] of each)
    await build({
      ...base,
      config: false,
      entry: { [name]: file },
      dts: { only: true },
      clean: false,
      silent: true,
      ...(external !== undefined ? { external } : {}),
    });
}

/** The recipe for `entry`: the code in one pass, then each entry's declarations (`declarations`). */
export function seamBuild(options: Options & { entry: Entries }): Options {
  const after = options.onSuccess;
  return {
    ...base,
    ...options,
    dts: false,
    onSuccess: async () => {
      await declarations(options.entry, options.external);
      if (typeof after === 'function') await after();
    },
  };
}

// `tsup --config ../../tsup.config.ts src/index.ts src/verify-only.ts`: the entries on the
// command line.
export default defineConfig((cli) =>
  seamBuild({ entry: (cli.entry as Entries | undefined) ?? ['src/index.ts'], external: cli.external }),
);
