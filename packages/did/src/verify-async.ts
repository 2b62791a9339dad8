import { type Ed25519Verdict, ed25519DoorAsync } from './ed25519.js';
import { equationHolds as nobleEquation } from './equation.js';
import { webCryptoEquation } from './equation.webcrypto.js';

/** Which equation the asynchronous door uses on this platform. */
export type Ed25519AsyncBackend = 'webcrypto' | 'noble';

let chosen:
  | Promise<{ backend: Ed25519AsyncBackend; verify: ReturnType<typeof ed25519DoorAsync> }>
  | undefined;

/** Decided once per page or process: WebCrypto where it verifies Ed25519, noble elsewhere. */
function door() {
  chosen ??= webCryptoEquation().then((holds) =>
    holds === null
      ? { backend: 'noble' as const, verify: ed25519DoorAsync(async (...input) => nobleEquation(...input)) }
      : { backend: 'webcrypto' as const, verify: ed25519DoorAsync(holds) },
  );
  return chosen;
}

/**
 * `verifyEd25519` with the equation asked of WebCrypto where `crypto.subtle` verifies
 * Ed25519 (every current browser, Node, Deno, Bun, Workers), and of noble elsewhere. The
 * same byte checks run first, in the same order, so the verdicts are the sync door's on
 * every input (spec/did.md). Never rejects.
 */
export async function verifyEd25519Async(
  publicKey: Uint8Array,
  message: Uint8Array,
  signature: Uint8Array,
): Promise<Ed25519Verdict> {
  return (await door()).verify(publicKey, message, signature);
}

/** The equation `verifyEd25519Async` uses here. */
export async function ed25519AsyncBackend(): Promise<Ed25519AsyncBackend> {
  return (await door()).backend;
}
