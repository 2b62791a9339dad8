import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { interopPath, loadInterop, loadVectors } from '@agent-seam/conformance';
import { type DoorInput, ed25519Corpus } from './ed25519-corpus.js';

/**
 * Every door input of `ed25519Corpus`, read from this repository's files (in Chromium
 * through the node: shims), grouped by family. `interop` says whether the third-party
 * families (RFC 8032, SUPERCOP) are among them.
 */
export function doorFamilies(): { families: Map<string, DoorInput[]>; interop: boolean } {
  const supercopPath = interopPath('standards/ed25519-rfc8032/supercop-sign.input.gz');
  const corpus = ed25519Corpus({
    wire: loadVectors('wire_vectors.json'),
    rfc8032: loadInterop('standards/ed25519-rfc8032/rfc8032-7.1-ed25519.json'),
    supercop:
      supercopPath === null
        ? null
        : gunzipSync(readFileSync(supercopPath)).toString('utf8').split('\n').filter(Boolean),
  });
  const families = new Map<string, DoorInput[]>();
  for (const c of corpus) families.set(c.family, [...(families.get(c.family) ?? []), c]);
  return { families, interop: supercopPath !== null };
}
