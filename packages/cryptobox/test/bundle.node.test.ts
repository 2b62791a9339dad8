import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';

/**
 * The package is `sideEffects: false` and keeps every ML-KEM call behind the v2
 * functions, so a bundler drops @noble/post-quantum from a program that only uses the
 * v1 box. Checked with esbuild's metafile on minified browser bundles of the sources.
 */
const here = fileURLToPath(new URL('.', import.meta.url));

async function bundle(names: string[]): Promise<{ bytes: number; inputs: string[] }> {
  const result = await build({
    stdin: {
      contents: `export { ${names.join(', ')} } from '../src/index.ts';`,
      resolveDir: here,
      loader: 'ts',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['source'],
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  const metafile = result.metafile as Metafile;
  const output = Object.values(metafile.outputs)[0]!;
  const kept = Object.entries(output.inputs).filter(([, input]) => input.bytesInOutput > 0);
  return { bytes: output.bytes, inputs: kept.map(([path]) => path) };
}
const pullsMlKem = (inputs: string[]) => inputs.some((path) => path.includes('@noble/post-quantum'));

describe('bundle cost of the v2 box', () => {
  it('a program using only the v1 box carries no ML-KEM code', async () => {
    const v1 = await bundle(['encPublicKey', 'sealBoxV1', 'openBoxV1', 'openBoxV1Verdict']);
    expect(pullsMlKem(v1.inputs)).toBe(false);
    expect(v1.inputs.some((path) => path.endsWith('box-v1.ts'))).toBe(true);
  });

  it('a program using sealBox and openBox carries it, and is larger for it', async () => {
    const v1 = await bundle(['encPublicKey', 'sealBoxV1', 'openBoxV1']);
    const both = await bundle(['encPublicKey', 'encPublicKeyPq', 'sealBox', 'openBox']);
    expect(pullsMlKem(both.inputs)).toBe(true);
    expect(both.bytes).toBeGreaterThan(v1.bytes);
    console.log(`cryptobox bundle (minified): v1 only ${v1.bytes} B, v1 + v2 ${both.bytes} B`);
  });
});
