import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Layout } from './groups-of.js';

export interface GroupDeclaration {
  /** Minimum number of checks the package must attribute to this group. */
  floor: number;
  /** The group is also compared against third-party data in ../shared/interop. */
  interop?: boolean;
  /**
   * Why no browser can exercise this group (Node-only tooling). Every other group runs
   * in the browser suite too, and its browser count must equal its Node count.
   */
  nodeOnly?: string;
}

export interface PackageDeclaration {
  groups: Record<string, GroupDeclaration>;
  /** Groups present in vector files that this package deliberately does not drive. */
  skips?: { group: string; reason: string }[];
  /** Groups an open issue will drive; listed as "not yet driven", never as passing. */
  planned?: string[];
}

export interface Manifest {
  packages: Record<string, PackageDeclaration>;
  /** Files under vectors/ that this repository publishes. */
  vectorFiles: { path: string; layout: Layout }[];
  /** Third-party files (relative to the interop dir) whose groups must be claimed too. */
  interopFiles: { path: string; layout: Layout }[];
}

export function readManifest(root: string): Manifest {
  return JSON.parse(readFileSync(join(root, 'tools', 'manifest.json'), 'utf8')) as Manifest;
}

/** packages/<dir> for a scoped package name. */
export const packageDir = (name: string) => name.replace(/^@agent-seam\//, '');
