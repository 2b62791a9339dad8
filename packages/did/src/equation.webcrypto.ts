/**
 * The verification equation through WebCrypto's Ed25519 (`crypto.subtle`), for the
 * asynchronous door. Like OpenSSL it refuses S >= L and an A that does not decode, and
 * compares [S]B - [h]A with R, cofactorless; it too is only asked after the byte-level
 * checks in `ed25519.ts`. spec/did.md records the vector run that showed its verdicts
 * behind those checks equal to the noble and OpenSSL backends' on every vector.
 */
import { hex, unwrap } from '@agent-seam/canonical';
import type { AsyncEquationHolds } from './ed25519.js';
import { keyCache } from './key-cache.js';

const ED25519 = { name: 'Ed25519' } as const;

/** RFC 8032 section 7.1 TEST 1: a known key and its signature of the empty message. */
const PROBE_KEY = 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a';
const PROBE_SIGNATURE =
  'e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b';
const fromHex = (h: string) => unwrap(hex.decode(h));
/** WebCrypto reads only ArrayBuffer-backed views; bytes over shared memory are copied. */
const plain = (b: Uint8Array): Uint8Array<ArrayBuffer> =>
  b.buffer instanceof ArrayBuffer ? (b as Uint8Array<ArrayBuffer>) : new Uint8Array(b);

/**
 * The WebCrypto equation, or null where `crypto.subtle` has no Ed25519 (or answers the
 * probe wrongly): a platform earns the door only by verifying a known signature.
 */
export async function webCryptoEquation(): Promise<AsyncEquationHolds | null> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle === undefined) return null;
  const keyOf = keyCache((publicKey) =>
    subtle.importKey('raw', plain(publicKey), ED25519, false, ['verify']),
  );
  const holds: AsyncEquationHolds = async (publicKey, message, signature) => {
    try {
      return await subtle.verify(ED25519, await keyOf(publicKey), plain(signature), plain(message));
    } catch {
      return false; // a key that does not import, or any other refusal
    }
  };
  // `holds` answers every refusal with false, so the probe itself cannot throw.
  const probe = fromHex(PROBE_SIGNATURE);
  const works = await holds(fromHex(PROBE_KEY), new Uint8Array(), probe);
  probe[0]! ^= 1;
  return works && !(await holds(fromHex(PROBE_KEY), new Uint8Array(), probe)) ? holds : null;
}
