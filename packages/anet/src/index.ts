// Everything a verifier needs is the verify-only entry; the root adds signing, sealing and solving.

export { type DirEntryInput, encodeBucket, sealDirEntry, sealDirPlaintext } from './directory-write.js';
export { encodeAnetObject, type SignObjectInput, signObject } from './object-write.js';
export {
  inlinePowRunner,
  type PowFound,
  type PowRunner,
  type PowTask,
  type SolvePowOptions,
  solvePowRange,
  solvePowWith,
  webWorkerPowRunner,
} from './pow.js';
export { defaultPowRunner, solvePow } from './pow-solve.js';
export { type RelayHeaders, type SignHubRequestInput, signHubRequest } from './relay-sign.js';
export * from './verify-only.js';
