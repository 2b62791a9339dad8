import type { Ed25519Verdict } from './ed25519.js';
import { verifyEd25519 } from './ed25519.js';
import { verifyEd25519Async } from './verify-async.js';

/** One question to the Ed25519 door: does `signature` verify `message` under `publicKey`? */
export type DoorQuestion = readonly [publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array];

/**
 * A verifier written once for both doors: a generator that yields each signature
 * question and is resumed with the door's verdict, returning its own verdict at the end.
 * `throughDoor` answers with `verifyEd25519`, `throughDoorAsync` with
 * `verifyEd25519Async`; everything else the verifier checks is the same code.
 */
export type DoorSteps<T> = Generator<DoorQuestion, T, Ed25519Verdict>;

/** Inside a DoorSteps generator: `const verdict = yield* askDoor(key, message, signature)`. */
export function* askDoor(
  publicKey: Uint8Array,
  message: Uint8Array,
  signature: Uint8Array,
): Generator<DoorQuestion, Ed25519Verdict, Ed25519Verdict> {
  return yield [publicKey, message, signature];
}

/** Runs a verifier's steps through a synchronous door (by default THE door, `verifyEd25519`). */
export function throughDoor<T>(
  steps: DoorSteps<T>,
  door: (...question: DoorQuestion) => Ed25519Verdict = verifyEd25519,
): T {
  let step = steps.next();
  while (!step.done) step = steps.next(door(...step.value));
  return step.value;
}

/** Runs a verifier's steps through the asynchronous door, one question at a time. */
export async function throughDoorAsync<T>(steps: DoorSteps<T>): Promise<T> {
  let step = steps.next();
  while (!step.done) step = steps.next(await verifyEd25519Async(...step.value));
  return step.value;
}
