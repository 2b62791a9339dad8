import { opEntries } from './harness.js';
import type { FileReplay } from './replay.js';

export const canonical: FileReplay = {
  file: 'canonical_profiles.json',
  layout: 'top-level',
  groups: opEntries('canonical_profiles.json'),
};
