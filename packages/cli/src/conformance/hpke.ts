import { opEntries } from './harness.js';
import type { FileReplay } from './replay.js';

export const hpke: FileReplay = {
  file: 'hpke_seal.json',
  layout: 'top-level',
  groups: opEntries('hpke_seal.json'),
};
