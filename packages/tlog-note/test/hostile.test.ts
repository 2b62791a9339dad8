import { keyPairFromSeed } from '@agent-seam/did';
import {
  cosign,
  cosignatureVerifier,
  ed25519Verifier,
  formatCheckpoint,
  openNote,
  parseCheckpoint,
  parseVerifierKey,
  signNote,
} from '@agent-seam/tlog-note';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

// Judging functions return a Verdict for whatever they are handed; they never throw.
const seed = (n: number) => new Uint8Array(32).fill(n);
const log = { name: 'example.com/log', seed: seed(1) };
const w1 = { name: 'witness.example/w1', seed: seed(2) };
const pub = (s: { seed: Uint8Array }) => keyPairFromSeed(s.seed).publicKey;
const verifiers = [ed25519Verifier(log.name, pub(log)), cosignatureVerifier(w1.name, pub(w1))];
const body = formatCheckpoint({
  origin: log.name,
  size: 3n,
  root: new Uint8Array(32).fill(1),
  extensions: [],
});
const note = new TextEncoder().encode(cosign(signNote(body, [log]), w1, 1_700_000_000n));
const isVerdict = (v: { ok: boolean }): void => {
  expect(typeof v.ok).toBe('boolean');
};

describe('hostile input', () => {
  it('openNote on arbitrary bytes and strings', () =>
    fc.assert(
      fc.property(fc.oneof(fc.uint8Array({ maxLength: 300 }), fc.string({ maxLength: 300 })), (input) => {
        isVerdict(openNote(input, { verifiers, now: 1_700_000_100, maxAge: 60 }));
      }),
      { numRuns: 500 },
    ));

  it('openNote on a genuine note with one byte changed', () =>
    fc.assert(
      fc.property(fc.nat(note.length - 1), fc.integer({ min: 1, max: 255 }), (at, x) => {
        const bytes = note.slice();
        bytes[at]! ^= x;
        const v = openNote(bytes, { verifiers });
        // Any accepted mutation must still carry a verified line (it can only touch ignored bytes).
        if (v.ok) expect(v.value.verifiedBy.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    ));

  it('parseCheckpoint and parseVerifierKey on arbitrary strings', () =>
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        isVerdict(parseCheckpoint(text));
        isVerdict(parseVerifierKey(text));
      }),
      { numRuns: 1000 },
    ));
});
