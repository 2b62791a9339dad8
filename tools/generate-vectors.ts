import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { JsonFloat, pythonFloatRepr } from '../packages/canonical/src/index.ts';

/**
 * Regenerates vectors/ from this repository's reference code. Each module in
 * tools/vectors/ exports `parts`: a list of { file, content } where content is a
 * partial document; parts for the same file are merged (nested objects merge key by
 * key, so several packages can contribute groups to wire_vectors.json). With --check
 * nothing is written and any difference from the committed files is an error.
 */
type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
interface Part {
  file: string;
  content: { [k: string]: Json };
}

const root = join(import.meta.dirname, '..');
const check = process.argv.includes('--check');

function merge(into: { [k: string]: Json }, from: { [k: string]: Json }, path: string): void {
  for (const [k, v] of Object.entries(from)) {
    const have = into[k];
    if (have === undefined) into[k] = v;
    else if (isObject(have) && isObject(v)) merge(have, v, `${path}.${k}`);
    else throw new Error(`vectors: two generators write ${path}.${k}`);
  }
}
const isObject = (v: Json | undefined): v is { [k: string]: Json } =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * JSON.stringify, except that number literals JavaScript cannot spell survive: a
 * JsonFloat is written as CPython writes it (`1.0`, `1e-07`) and a bigint in full, so a
 * vector can carry the exact document a Python signer produced.
 */
function writeJson(doc: unknown): string {
  const literals: string[] = [];
  const literal = (text: string) => `\u0000literal${literals.push(text) - 1}`;
  const text = JSON.stringify(
    doc,
    (_key, value) => {
      if (value instanceof JsonFloat) return literal(pythonFloatRepr(value.value));
      if (typeof value === 'bigint') return literal(value.toString());
      return value;
    },
    2,
  );
  return text.replace(/"\\u0000literal(\d+)"/g, (_match, index: string) => literals[Number(index)]!);
}

const files = new Map<string, { [k: string]: Json }>();
const modules = readdirSync(join(root, 'tools', 'vectors'))
  .filter((f) => f.endsWith('.ts'))
  .sort();
for (const m of modules) {
  let parts: Part[];
  try {
    ({ parts } = (await import(pathToFileURL(join(root, 'tools', 'vectors', m)).href)) as { parts: Part[] });
  } catch (error) {
    // Name the generator that failed: one broken module must not read as a broken tool.
    console.error(`vectors: generator tools/vectors/${m} failed`);
    throw error;
  }
  for (const part of parts) {
    const doc = files.get(part.file) ?? {};
    merge(doc, part.content, part.file);
    files.set(part.file, doc);
  }
}

let stale = 0;
// A committed file no generator produces is as stale as a file that differs.
for (const file of readdirSync(join(root, 'vectors')).filter((f) => f.endsWith('.json'))) {
  if (!files.has(file)) {
    console.error(`vectors: ${file} is committed but no generator in tools/vectors/ produces it`);
    stale++;
  }
}
for (const [file, doc] of files) {
  const path = join(root, 'vectors', file);
  const text = writeJson(doc) + '\n';
  if (!check) {
    writeFileSync(path, text);
    continue;
  }
  let committed = '';
  try {
    committed = readFileSync(path, 'utf8');
  } catch {}
  if (committed !== text) {
    console.error(`vectors: ${file} differs from what the generator produces`);
    stale++;
  }
}
if (check) {
  if (stale > 0) {
    console.error('run `pnpm vectors` and commit the result');
    process.exit(1);
  }
  console.log(`vectors: ${files.size} files regenerate identically`);
}
