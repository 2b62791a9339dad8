import { opEntries } from './harness.js';
import type { FileReplay, GroupReplay } from './replay.js';
import { wbaGroups } from './wba.js';

/** Each package's groups as file entries under that package's name. */
const owned = (pkg: string, groups: Record<string, GroupReplay>) =>
  Object.fromEntries(Object.entries(groups).map(([name, replay]) => [name, { pkg, replay }]));

export const wire: FileReplay = {
  file: 'wire_vectors.json',
  layout: 'seam-wire',
  groups: {
    ...opEntries('wire_vectors.json'),
    ...owned('@agent-seam/wba', wbaGroups),
  },
};
