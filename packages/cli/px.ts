import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPLAYS } from './src/conformance/index.js';
import { replayVectors } from './src/conformance/run.js';
const root = join(import.meta.dirname, '..', '..', 'vectors');
type P = (string | number)[];
function lists(doc: any): P[] {
  const out: P[] = [];
  const walk = (v: any, p: P) => {
    if (Array.isArray(v)) {
      if (v.length && typeof v[0] === 'object' && v[0] !== null && !Array.isArray(v[0]) && ('name' in v[0])) { out.push(p); return; }
      v.forEach((x, i) => walk(x, [...p, i]));
    } else if (typeof v === 'object' && v !== null) for (const [k, x] of Object.entries(v)) walk(x, [...p, k]);
  };
  walk(doc, []);
  return out;
}
function leaves(v: any, p: P, out: P[]) {
  if (Array.isArray(v)) v.forEach((x, i) => leaves(x, [...p, i], out));
  else if (typeof v === 'object' && v !== null) for (const [k, x] of Object.entries(v)) leaves(x, [...p, k], out);
  else out.push(p);
}
const get = (d: any, p: P) => p.reduce((a, k) => a[k], d);
function perturb(x: any): any {
  if (typeof x === 'boolean') return !x;
  if (typeof x === 'number') return x + 1;
  if (x === null) return 0;
  if (typeof x === 'string') {
    if (/^[0-9a-f]+$/.test(x) && x.length % 2 === 0) return x.slice(0, -1) + (x.at(-1) === '0' ? '1' : '0');
    return x + 'x';
  }
}
const rows: string[] = [];
for (const replay of REPLAYS) {
  const text = readFileSync(join(root, replay.file), 'utf8');
  const doc0 = JSON.parse(text);
  for (const lp of lists(doc0)) {
    const c0 = get(doc0, [...lp, 0]);
    const ls: P[] = [];
    leaves(c0, [], ls);
    for (const leaf of ls) {
      if (leaf[0] === 'name' || leaf[0] === 'why') continue;
      const doc = JSON.parse(text);
      const parent = get(doc, [...lp, 0, ...leaf.slice(0, -1)]);
      const k = leaf.at(-1)!;
      parent[k] = perturb(parent[k]);
      const dir = mkdtempSync(join(tmpdir(), 'px-'));
      writeFileSync(join(dir, replay.file), JSON.stringify(doc));
      const t = Date.now();
      const r = await replayVectors(dir, [replay]);
      const failed = r.groups.flatMap((g) => g.failed.map((f) => f.name));
      const verdict = failed.length === 0 ? 'AGREE' : failed.length === 1 && (failed[0] === c0.name || failed[0].endsWith('/' + c0.name)) ? 'alone' : 'OTHER:' + failed.slice(0, 3).join(',');
      rows.push(`${replay.file}\t${lp.join('.')}[0]=${c0.name}\t${leaf.join('.')}\t${verdict}\t${Date.now() - t}ms`);
    }
  }
}
writeFileSync('/tmp/px/out.tsv', rows.join('\n') + '\n');
console.log(rows.length);
