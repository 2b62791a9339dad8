import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { groupsOf, readManifest, repoRoot } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import { seam, workdir } from './run.js';

const root = repoRoot(import.meta.dirname);
const vectors = join(root, 'vectors');
const files = readManifest(root).vectorFiles;
const fileName = (path: string) => path.replace(/^vectors\//, '');

interface GroupResult {
  file: string;
  group: string;
  cases: number;
  passed: number;
  failed: { name: string; why: string }[];
}

// In-process, from the sources, there is no dist/vectors (the copy a build ships): these runs
// name the repository's vectors/ (built.node.test.ts replays the shipped copy).
async function conformance(args: string[]) {
  const run = await seam(root, [
    'conformance',
    '--json',
    ...(args.length > 0 ? args : ['--vectors', vectors]),
  ]);
  return {
    code: run.code,
    report: JSON.parse(run.stdout) as { groups: GroupResult[]; unreplayed: unknown[] },
  };
}

/** Every disagreement of a report as `file group / case`. */
const disagreements = (groups: GroupResult[]) =>
  groups.flatMap((g) => g.failed.map((f) => `${g.file} ${g.group} / ${f.name}`));

describe('seam conformance', () => {
  it('replays every case of every non-empty group of every published vector file, all agreeing', async () => {
    const { code, report } = await conformance([]);
    expect(disagreements(report.groups)).toEqual([]);
    expect(report.unreplayed).toEqual([]);
    expect(code).toBe(0);
    const replayed = new Map(report.groups.map((g) => [`${g.file} ${g.group}`, g]));
    const missing: string[] = [];
    for (const { path, layout } of files) {
      const doc = JSON.parse(readFileSync(join(root, path), 'utf8'));
      for (const [group, count] of groupsOf(doc, layout)) {
        const key = `${fileName(path)} ${group}`;
        const result = replayed.get(key);
        replayed.delete(key);
        if (result === undefined) {
          if (count > 0) missing.push(key);
          continue;
        }
        // Every case the file counts is replayed; merkle's leaves are shared data, not cases.
        const shared = key === 'merkle.json merkle.proofs' ? doc[group].leaves.length : 0;
        expect(result.cases, key).toBe(count - shared);
        expect(result.passed, key).toBe(result.cases);
      }
    }
    // No group replayed that the published files do not hold, none of theirs left out.
    expect([...replayed.keys()]).toEqual([]);
    expect(missing).toEqual([]);
    expect(report.groups.reduce((n, g) => n + g.passed, 0)).toBeGreaterThanOrEqual(1000);
  });

  it('reports exactly the cases whose expected code or bytes were changed (one or more in every file), and exits 1', async () => {
    const dir = workdir();
    cpSync(vectors, dir, { recursive: true });
    /** In the case named `name`, the member `member` changed from `from` to `to` (as JSON text). */
    const change = (file: string, name: string, member: string, from: string, to: string) => {
      const text = readFileSync(join(dir, file), 'utf8');
      const at = text.indexOf(`"name": ${JSON.stringify(name)}`);
      const old = `"${member}": ${JSON.stringify(from)}`;
      const where = text.indexOf(old, at);
      expect(at >= 0 && where > at && !text.slice(at + 1, where).includes('"name":'), `${file} ${name}`).toBe(
        true,
      );
      writeFileSync(
        join(dir, file),
        text.slice(0, where) + `"${member}": ${JSON.stringify(to)}` + text.slice(where + old.length),
      );
    };
    change('wire_vectors.json', 'x25519-multicodec', 'code', 'wrong-multicodec', 'wrong-length');
    change('wire_vectors.json', 'sorted-keys', 'canonical', '{"a":"x","b":1}', '{"b":1,"a":"x"}');
    change('canonical_profiles.json', 'string-starting-with-bom', 'code', 'bom', 'invalid-utf8');
    change('canonical_profiles.json', 'undefined-member-dropped', 'canonical', '{"b":1}', '{"b":2}');
    change('merkle.json', 'claim-not-an-object', 'code', 'not-an-object', 'wrong-proof-length');
    change('tlog_note.json', 'vkey-not-a-string', 'code', 'not-a-string', 'malformed-vkey');
    change('coredet_cbor.json', 'uint-inline-max', 'hex', '17', '18');
    change('coredet_cbor.json', 'syntax-empty', 'code', 'syntax', 'too-large');
    change('cryptobox.json', 'blob', 'plaintextHex', '746865206d6f64656c20736169643a2066696e65', '00');
    change('hpke_seal.json', 'trailing-byte', 'code', 'bad-outer', 'decrypt-failed');
    change('chain.json', 'strict-closed-file', 'status', 'sound', 'findings');

    const { code, report } = await conformance(['--vectors', dir]);
    expect(disagreements(report.groups).sort()).toEqual([
      'canonical_profiles.json canonical.parseBoundary / refuse/string-starting-with-bom',
      'canonical_profiles.json canonical.signSide / accept/undefined-member-dropped',
      'chain.json export.strict / strict-closed-file',
      'coredet_cbor.json cbor.diagnosticRefuse / syntax-empty',
      'coredet_cbor.json cbor.encode / uint-inline-max',
      'cryptobox.json sealed.payload / blob',
      'hpke_seal.json seal.v2-refuse / trailing-byte',
      'merkle.json merkle.reject / claim-not-an-object',
      'tlog_note.json tlog.reject.vkey / vkey-not-a-string',
      'wire_vectors.json canonical / sorted-keys',
      'wire_vectors.json reject.did / x25519-multicodec',
    ]);
    expect(code).toBe(1);
  });

  it('a missing vectors directory exits 4, a FILE argument 2; --help shows the example', async () => {
    const dir = workdir();
    expect((await seam(dir, ['conformance', '--vectors', join(dir, 'none')])).code).toBe(4);
    expect((await seam(dir, ['conformance', 'vectors'])).code).toBe(2);
    const help = await seam(dir, ['conformance', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('$ seam conformance\n');
    // The summary line the help and the README show is the one the command prints today.
    const summary = (await seam(root, ['conformance', '--vectors', vectors])).stdout
      .trimEnd()
      .split('\n')
      .at(-1)!;
    expect(summary).toMatch(/^conformance: \d+ cases in \d+ groups agree, 0 disagree$/);
    expect(help.stdout).toContain(`  ${summary}\n`);
    expect(readFileSync(join(root, 'packages', 'cli', 'README.md'), 'utf8')).toContain(`\n${summary}\n`);
  });
});
