import { opEntries } from './harness.js';
import type { FileReplay } from './replay.js';

export const wire: FileReplay = {
  file: 'wire_vectors.json',
  layout: 'seam-wire',
  groups: opEntries('wire_vectors.json'),
};
