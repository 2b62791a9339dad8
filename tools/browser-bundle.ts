import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BuildOptions, build } from 'esbuild';

/**
 * The prebuilt browser bundles: per package, one entry point (the verify-only subpath, or
 * the whole package where it holds no signing code) as a single minified ES module with
 * every dependency inlined, `dist/browser/<name>.min.js`, loadable by
 * `<script type="module">` with no bundler. tools/bundles.json says which entry each
 * package ships and what must stay out of it; tools/bundle-check.ts holds the bundles to
 * that and to their size budgets. Run by each package's build script from its directory.
 */
export interface BundleSpec {
  /** The package.json `exports` subpath bundled (`./verify`, or `.`). */
  subpath: string;
  /** Its source module. */
  source: string;
  /** Identifiers of third-party signing or key-generation code that must not be in the bundle. */
  absent: string[];
  /** Strings only signing code carries (an error message) that must not be in the minified bundle. */
  absentText: string[];
  /** Modules (a path inside node_modules, or packages/...) that must contribute no byte. */
  absentModules: string[];
  /** Size budgets in bytes: minified, and minified then gzip -9. */
  budget: { min: number; gzip: number };
}

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const specsFile = join(root, 'tools', 'bundles.json');
export const readSpecs = (): Record<string, BundleSpec> =>
  JSON.parse(readFileSync(specsFile, 'utf8')).bundles;

/** `verify` for `./verify`, `index` for the package root. */
export const bundleName = (spec: BundleSpec): string =>
  spec.subpath === '.' ? 'index' : spec.subpath.slice(2);
export const bundlePath = (dir: string, spec: BundleSpec): string =>
  join(root, 'packages', dir, 'dist', 'browser', `${bundleName(spec)}.min.js`);
/** The import specifier a user writes for the entry. */
export const specifier = (dir: string, spec: BundleSpec): string =>
  spec.subpath === '.' ? `@agent-seam/${dir}` : `@agent-seam/${dir}/${bundleName(spec)}`;
/** The specifier of its prebuilt file (`exports` `<subpath>/browser`). */
export const browserSpecifier = (dir: string, spec: BundleSpec): string => `${specifier(dir, spec)}/browser`;

/**
 * The esbuild options of a browser bundle of `entry` (a file in packages/<dir>/).
 * Sibling packages are read through their `source` condition, so the metafile names
 * their modules (dist holds the same code, compiled by the same esbuild), and the
 * repository's tsconfig path aliases are ignored: resolution is a consumer's.
 */
export const browserBuild = (dir: string, entry: string, minify: boolean): BuildOptions => ({
  entryPoints: [join('packages', dir, entry)],
  absWorkingDir: root,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  conditions: ['source'],
  tsconfigRaw: '{}',
  minify,
  legalComments: 'eof',
  metafile: true,
  write: false,
  logLevel: 'silent',
});

/** The minified bundle of a package's shipped entry: its bytes and esbuild's metafile. */
export async function shippedBundle(dir: string, spec: BundleSpec) {
  const result = await build(browserBuild(dir, spec.source, true));
  return { bytes: result.outputFiles![0]!.contents, metafile: result.metafile! };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = basename(process.cwd());
  const spec = readSpecs()[dir];
  if (spec === undefined) throw new Error(`browser-bundle: tools/bundles.json has no entry for ${dir}`);
  const { bytes } = await shippedBundle(dir, spec);
  const file = bundlePath(dir, spec);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, bytes);
  console.log(
    `browser-bundle: ${specifier(dir, spec)} -> dist/browser/${basename(file)} (${bytes.length} B)`,
  );
}
