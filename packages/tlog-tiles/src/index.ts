// Everything a verifier needs is the verify-only entry; the root adds the log's side.

export { encodeBundle } from './bundle.js';
export { formatTlogProof, type TlogProofFields } from './proof-format.js';
export { makeTlogProof } from './proof-make.js';
export { memoryStore } from './source.js';
export * from './verify-only.js';
export { type TileFile, type TileFilesOptions, tileFiles, writeTileLog } from './writer.js';
