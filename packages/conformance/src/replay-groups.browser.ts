import { openLedger } from './ledger.browser.js';
import { replayGroupsWith } from './replay-groups.js';
import { loadVectors } from './vectors.browser.js';

/** `replayGroups(it, describe, spec)`: a vector file's named groups replayed as tests, in the browser. */
export const replayGroups = replayGroupsWith(openLedger, loadVectors);
