import { opEntries } from './harness.js';
import type { FileReplay } from './replay.js';

export const cryptobox: FileReplay = {
  file: 'cryptobox.json',
  layout: 'top-level',
  groups: opEntries('cryptobox.json'),
};
