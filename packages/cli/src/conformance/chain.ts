import { opEntries } from './harness.js';
import type { FileReplay } from './replay.js';

export const chain: FileReplay = {
  file: 'chain.json',
  layout: 'top-level',
  groups: opEntries('chain.json'),
};
