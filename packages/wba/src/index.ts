// The key codec lives in did; re-exported so a Web Bot Auth user needs one import.
// Everything a verifier needs is the verify-only entry; the root adds the signing side.

export { contentDigest } from './content-digest.js';
export {
  NONCE_BYTES,
  type SignDirectoryOptions,
  type SignedDirectory,
  type SignedHeaders,
  type SignOptions,
  type SignRequestOptions,
  signDirectory,
  signRequest,
} from './sign.js';
export * from './verify-only.js';
