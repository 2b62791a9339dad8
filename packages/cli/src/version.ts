import { readFileSync } from 'node:fs';

/** This command's version (src/ and the dist/ bundle both sit one level under the package). */
export const seamVersion = (): string =>
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).version as string;
