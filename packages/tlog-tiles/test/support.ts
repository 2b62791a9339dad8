import { base64Strict } from '@agent-seam/canonical';
import { keyPairFromSeed } from '@agent-seam/did';
import { MerkleTree } from '@agent-seam/merkle';
import {
  cosign,
  cosignatureVerifier,
  ed25519Verifier,
  formatCheckpoint,
  signNote,
  type WitnessQuorum,
} from '@agent-seam/tlog-note';
import { memoryStore, storeSource, TileLog, writeTileLog } from '@agent-seam/tlog-tiles';

/** The keys of the tests (and of the vectors): fixed seeds, as vectors/generate.ts has them. */
export const ORIGIN = 'example.com/tiles';
export const LOG = { name: ORIGIN, seed: new Uint8Array(32).fill(21) };
export const W1 = { name: 'witness.example/w1', seed: new Uint8Array(32).fill(22) };
export const W2 = { name: 'witness.example/w2', seed: new Uint8Array(32).fill(23) };
const publicKey = (s: { seed: Uint8Array }) => keyPairFromSeed(s.seed).publicKey;
export const QUORUM: WitnessQuorum = {
  log: ed25519Verifier(LOG.name, publicKey(LOG)),
  witnesses: [cosignatureVerifier(W1.name, publicKey(W1)), cosignatureVerifier(W2.name, publicKey(W2))],
  atLeast: 1,
};
/** A fixed cosignature time (Unix seconds). */
export const T = 1_700_000_000;
/** The clock the tests judge at: an hour after the cosignatures (witness times are judged, issue 32). */
export const NOW = T + 3600;
/** A refresh's options at that clock. */
export const AT = { now: NOW };

/** Leaf i's data: "entry i". */
export const entry = (i: number) => new TextEncoder().encode(`entry ${i}`);
export const entries = (n: number) => Array.from({ length: n }, (_, i) => entry(i));

/** The log's signed checkpoint of `tree`, cosigned by W1. */
export function checkpointOf(tree: MerkleTree, origin = ORIGIN): string {
  const body = formatCheckpoint({ origin, size: BigInt(tree.size), root: tree.root(), extensions: [] });
  return cosign(signNote(body, [LOG]), W1, T);
}

/** A log of `n` entries written to a memory store, with its tree and checkpoint. */
export async function writtenLog(n: number) {
  const leaves = entries(n);
  const tree = MerkleTree.fromLeaves(leaves);
  const store = memoryStore();
  const checkpoint = checkpointOf(tree);
  await writeTileLog(store, tree, { entries: leaves, checkpoint });
  return { leaves, tree, store, checkpoint };
}

export const readerOf = (
  store: Parameters<typeof storeSource>[0],
  seen?: { size: number; root: Uint8Array },
) => new TileLog({ source: storeSource(store), origin: ORIGIN, quorum: QUORUM, ...(seen ? { seen } : {}) });

export { cosigLine, noteLine } from '../../tlog-note/vectors/generate.ts';

/** A checkpoint body spelled by hand (formatCheckpoint refuses malformed ones). */
export const bodyOf = (origin: string, size: bigint | string, root: Uint8Array | string, ...ext: string[]) =>
  `${origin}\n${size}\n${typeof root === 'string' ? root : base64Strict.encode(root)}\n${ext.map((e) => `${e}\n`).join('')}`;

/** A store's file with one byte flipped. */
export function flip(store: { files: Map<string, Uint8Array> }, path: string, at = 0): void {
  const bytes = store.files.get(path)!.slice();
  bytes[at]! ^= 1;
  store.files.set(path, bytes);
}
