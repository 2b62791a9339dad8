import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

// Runs every bench/*.bench.ts of the package in the current directory, in one process.
const dir = join(process.cwd(), 'bench');
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .sort()) {
  await import(pathToFileURL(join(dir, file)).href);
}
