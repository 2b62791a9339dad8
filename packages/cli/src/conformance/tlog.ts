import { opEntries } from './harness.js';
import type { FileReplay } from './replay.js';

export const tlog: FileReplay = {
  file: 'tlog_note.json',
  layout: 'top-level',
  groups: opEntries('tlog_note.json'),
};
