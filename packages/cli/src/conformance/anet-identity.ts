import { opEntries } from './harness.js';
import type { FileReplay } from './replay.js';

export const anetIdentity: FileReplay = {
  file: 'anet_identity.json',
  layout: 'top-level',
  groups: opEntries('anet_identity.json'),
};
