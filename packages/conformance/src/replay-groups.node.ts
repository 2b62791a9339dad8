import { openLedger } from './ledger.node.js';
import { replayGroupsWith } from './replay-groups.js';
import { loadVectors } from './vectors.node.js';

// Pure: a bundle that never calls it (the runtime matrix's Workers harness) drops it and the
// ledger's file access with it.
/** `replayGroups(it, describe, spec)`: a vector file's named groups replayed as tests, in Node. */
export const replayGroups = /* @__PURE__ */ replayGroupsWith(() => openLedger(), loadVectors);
