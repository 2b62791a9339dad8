import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  interopDir,
  interopPath,
  loadInterop,
  loadVectors,
  packageDir,
  readManifest,
  repoRoot,
} from '../src/index.js';
import { temp, withEnv } from './scratch.js';

// Reading published vectors, interop data and the manifest from the repository. Where a case exists for a mutant Stryker's --rest run left alive,
// its `why` names that mutant as file.ts:line:column of the report.

describe('vector and interop reads (Node)', () => {
  it('loads a published vector file from the repository', () => {
    // why: vectors.node.ts:7:55.
    const root = repoRoot();
    expect(loadVectors('merkle.json')).toEqual(
      JSON.parse(readFileSync(join(root, 'vectors', 'merkle.json'), 'utf8')),
    );
  });
  it('resolves and parses interop files under SEAM_INTEROP_DIR, null when the data is absent', () => {
    // why: vectors.node.ts:12:62, 14:10 (all three), 19:66, 21:10 (all three); paths.node.ts:23:7
    // (true: absence outside CI throws).
    const dir = temp('interop');
    writeFileSync(join(dir, 'x.json'), '{"a":[1]}');
    withEnv({ SEAM_INTEROP_DIR: dir, CI: undefined }, () => {
      expect(interopDir()).toBe(dir);
      expect(interopPath('x.json')).toBe(join(dir, 'x.json'));
      expect(loadInterop('x.json')).toEqual({ a: [1] });
    });
    withEnv({ SEAM_INTEROP_DIR: join(dir, 'nope'), CI: undefined }, () => {
      expect(interopDir()).toBeNull();
      expect(interopPath('x.json')).toBeNull();
      expect(loadInterop('x.json')).toBeNull();
    });
  });
  it('refuses absent interop data in CI, naming where it looked', () => {
    // why: paths.node.ts:23:7 (false: absence in CI passes as null), 23:39.
    const gone = join(temp('interop'), 'nope');
    withEnv({ SEAM_INTEROP_DIR: gone, CI: 'true' }, () => {
      expect(() => interopDir()).toThrow(
        new Error(`conformance: interop data missing at ${gone} (required in CI)`),
      );
    });
  });
  it('finds the repository root upwards, and names the start when there is none', () => {
    // why: paths.node.ts:10:37.
    expect(repoRoot(join(repoRoot(), 'packages', 'conformance', 'src'))).toBe(repoRoot());
    const lonely = temp('no-root');
    expect(() => repoRoot(lonely)).toThrow(new Error(`conformance: no tools/manifest.json above ${lonely}`));
  });
});

describe('manifest', () => {
  it('reads tools/manifest.json and maps a scoped name to its directory, only at the start', () => {
    // why: manifest.node.ts:33:54 (readManifest), 38:58 (the scope stripped anywhere in a name).
    const root = temp('manifest');
    mkdirSync(join(root, 'tools'));
    writeFileSync(join(root, 'tools', 'manifest.json'), '{"packages":{},"vectorFiles":[],"interopFiles":[]}');
    expect(readManifest(root)).toEqual({ packages: {}, vectorFiles: [], interopFiles: [] });
    expect(packageDir('@agent-seam/did')).toBe('did');
    expect(packageDir('x@agent-seam/did')).toBe('x@agent-seam/did');
  });
});
