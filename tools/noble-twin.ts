import { register } from 'node:module';

/**
 * A package's source loaded a second time, on the noble backend of canonical's hashing
 * door, in the same process as the ordinary import (on Node: the node:crypto backend).
 * Benchmarks set the two side by side: the twin runs what browsers, Deno, Bun and
 * Workers run, and what the package ran on Node before the door (plus the door's
 * argument checks). The twin is a separate module graph (its URLs carry ?sha2=noble),
 * so nothing is swapped in the ordinary one.
 */
register(new URL('./noble-twin-hooks.mjs', import.meta.url));

export async function nobleTwin<T>(packageName: string): Promise<T> {
  const entry = new URL(`../packages/${packageName}/src/index.ts`, import.meta.url);
  entry.searchParams.set('sha2', 'noble');
  return (await import(entry.href)) as T;
}
