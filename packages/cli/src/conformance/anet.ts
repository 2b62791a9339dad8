import { opEntries } from './harness.js';
import type { FileReplay } from './replay.js';

export const anet: FileReplay = {
  file: 'anet.json',
  layout: 'top-level',
  groups: opEntries('anet.json'),
};
