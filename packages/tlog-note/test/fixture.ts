// The keys and the checkpoint that the tests, the bench and the vector generator share: fixed
// seeds, so every run signs the same bytes. No `node:` import: the tests also run in Chromium.
import { keyPairFromSeed } from '@agent-seam/did';
import { cosignatureVerifier, ed25519Verifier, formatCheckpoint } from '@agent-seam/tlog-note';

export const seed = (n: number) => new Uint8Array(32).fill(n);
export const log = { name: 'example.com/log', seed: seed(1) };
export const w1 = { name: 'witness.example/w1', seed: seed(2) };
export const w2 = { name: 'witness.example/w2', seed: seed(3) };
export const pub = (s: { seed: Uint8Array }) => keyPairFromSeed(s.seed).publicKey;
export const logKey = ed25519Verifier(log.name, pub(log));
export const w1Key = cosignatureVerifier(w1.name, pub(w1));

/** A checkpoint of `log` whose root is `rootByte` 32 times. */
export const checkpointBody = (size: bigint, rootByte: number, extensions: string[] = []) =>
  formatCheckpoint({ origin: log.name, size, root: new Uint8Array(32).fill(rootByte), extensions });

/** The three-entry checkpoint most tests open. */
export const body = checkpointBody(3n, 1);
