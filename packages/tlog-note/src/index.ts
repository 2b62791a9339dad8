// Everything a verifier needs is the verify-only entry; the root adds the signing side.

export { cosign, type NoteSigner, signNote } from './sign.js';
export * from './verify-only.js';
