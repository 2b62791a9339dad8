/**
 * `@agent-seam/tlog-tiles/verify`: verifying tlog-proof@v1 files, reading tile paths, and
 * the tile reader (a client computes and checks its own proofs from a log's tiles); not
 * the log's side that writes tiles and proof files (`tileFiles`, `writeTileLog`,
 * `makeTlogProof`, `formatTlogProof`, `encodeBundle`, `memoryStore`).
 * tools/bundle-check.ts proves that no export left out here reaches a bundle of this entry.
 */
export { MAX_ENTRY_BYTES } from './bundle.js';
export { TILE_CHECKPOINT_CHECKS, TILE_PATH_CHECKS, TILE_PROOF_CHECKS, TLOG_PROOF_CHECKS } from './checks.js';
export { FULL_TILE_BYTES, TILE_HEIGHT, TILE_WIDTH } from './layout.js';
export {
  formatTilePath,
  parseTilePath,
  TILE_PATH_CODES,
  type TileAddress,
  type TilePathCode,
} from './paths.js';
export {
  DEFAULT_MAX_PROOF_BYTES,
  MAX_PROOF_HASHES,
  type ProofLimits,
  parseTlogProof,
  TLOG_PROOF_HEADER,
  TLOG_PROOF_TEXT_CODES,
  type TlogProof,
  type TlogProofTextCode,
} from './proof-text.js';
export {
  TLOG_PROOF_CODES,
  type TlogProofCode,
  type TlogProofPolicy,
  type VerifiedTlogProof,
  verifyTlogProof,
} from './proof-verify.js';
export {
  DEFAULT_MAX_CACHED_TILES,
  DEFAULT_MAX_ENTRY_BUNDLE_BYTES,
  MAX_TREE_SIZE,
  type ReadCounts,
  type RefreshOptions,
  TILE_CHECKPOINT_CODES,
  TILE_PROOF_CODES,
  type TileCheckpoint,
  type TileCheckpointCode,
  TileLog,
  type TileLogOptions,
  type TileProofCode,
} from './reader.js';
export {
  DEFAULT_MAX_REDIRECTS,
  DEFAULT_TIMEOUT_MS,
  type FetchFunction,
  type FetchResponse,
  type HttpSourceOptions,
  httpSource,
  READ_CODES,
  type ReadCode,
  storeSource,
  type TileSource,
  type TileStore,
  type TileStoreReader,
} from './source.js';
