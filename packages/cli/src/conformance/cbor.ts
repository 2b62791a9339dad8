import { opEntries } from './harness.js';
import type { FileReplay } from './replay.js';

export const cbor: FileReplay = {
  file: 'coredet_cbor.json',
  layout: 'top-level',
  groups: opEntries('coredet_cbor.json'),
};
