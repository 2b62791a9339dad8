import { openLedger } from './ledger.node.js';
import { replayGroupsWith } from './replay-groups.js';
import { loadVectors } from './vectors.node.js';

/** `replayGroups(it, describe, spec)`: a vector file's named groups replayed as tests, in Node. */
export const replayGroups = replayGroupsWith(() => openLedger(), loadVectors);
