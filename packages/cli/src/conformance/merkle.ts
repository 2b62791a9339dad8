import { opEntries } from './harness.js';
import type { FileReplay } from './replay.js';

export const merkle: FileReplay = {
  file: 'merkle.json',
  layout: 'top-level',
  groups: opEntries('merkle.json'),
};
