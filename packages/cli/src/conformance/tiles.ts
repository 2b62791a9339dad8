import { opEntries } from './harness.js';
import type { FileReplay } from './replay.js';

export const tiles: FileReplay = {
  file: 'tlog_tiles.json',
  layout: 'top-level',
  groups: opEntries('tlog_tiles.json'),
};
