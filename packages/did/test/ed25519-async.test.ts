import {
  askDoor,
  ed25519AsyncBackend,
  keyPairFromSeed,
  signEd25519,
  throughDoorAsync,
  verifyEd25519,
  verifyEd25519Async,
} from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { ed25519Door } from '../src/ed25519.js';
import * as nobleEquation from '../src/equation.js';
import type { DoorInput } from './ed25519-corpus.js';
import { doorFamilies } from './ed25519-corpus-files.js';
import { utf8 } from './helpers.js';

// Runs in Node and in Chromium (the browser suite): the asynchronous door (WebCrypto in
// both) must give the noble door's verdict, codes and details included, on every input
// the repository has for the door. In Chromium the sync door is the noble one; in Node
// it is OpenSSL's, so there all three backends meet.
const nobleDoor = ed25519Door(nobleEquation.equationHolds);
const { families, interop } = doorFamilies();

describe('verifyEd25519Async', () => {
  it('asks WebCrypto here (Node and Chromium both verify Ed25519 in crypto.subtle)', async () =>
    expect(await ed25519AsyncBackend()).toBe('webcrypto'));

  it('has every family of door inputs, each case counted', () =>
    expect(Object.fromEntries([...families].map(([f, cases]) => [f, cases.length]))).toEqual({
      'reject.ed25519': 36,
      envelope: 11,
      ...(interop ? { 'ed25519.rfc8032': 10, 'ed25519.supercop': 1024 } : {}),
      'mixed-order': 9,
      'off-curve': 3,
      random: 600,
    }));

  const judge = (c: DoorInput) => [c.publicKey, c.message, c.signature] as const;
  for (const [family, cases] of families)
    it(`${family}: the same verdict as the noble door and the sync door on all ${cases.length}`, async () => {
      for (const c of cases) {
        const want = nobleDoor(...judge(c));
        if (c.expected !== undefined) expect(want, c.name).toMatchObject(c.expected);
        expect(verifyEd25519(...judge(c)), c.name).toEqual(want);
        expect(await verifyEd25519Async(...judge(c)), c.name).toEqual(want);
      }
    });

  it('covers accepting and refusing verdicts in the hand-built families', () => {
    for (const family of ['reject.ed25519', 'mixed-order', 'envelope'])
      expect(new Set(families.get(family)!.map((c) => nobleDoor(...judge(c)).ok))).toEqual(
        new Set([true, false]),
      );
  });

  it('refuses wrong lengths and non-bytes without rejecting', async () => {
    const [key, message, signature] = judge(families.get('reject.ed25519')![0]!);
    expect(await verifyEd25519Async(key.subarray(1), message, signature)).toMatchObject({
      code: 'bad-length',
    });
    expect(await verifyEd25519Async(key, message, signature.subarray(1))).toMatchObject({
      code: 'bad-length',
    });
    expect(await verifyEd25519Async(key, 'text' as never, signature)).toMatchObject({ code: 'bad-length' });
  });
});

describe("the asynchronous door's question loop", () => {
  // Each `why` names the mutant of src/ the case holds: a check that could be deleted, or a code
  // or detail that could change, with no other test failing.
  const seed = new Uint8Array(32).fill(0x42);
  const { publicKey } = keyPairFromSeed(seed);
  const message = utf8('door');
  const signature = signEd25519(seed, message);

  describe('throughDoorAsync', () => {
    it('answers every question a verifier asks, in order, and returns its verdict', async () => {
      // why: kills the no-coverage BlockStatement and `!step.done` mutants of throughDoorAsync
      // (did's own tests never ran it; envelope's and wba's do).
      function* twoQuestions() {
        const first = yield* askDoor(publicKey, message, signature);
        const second = yield* askDoor(publicKey, utf8('other'), signature);
        return [first.ok, second.ok];
      }
      expect(await throughDoorAsync(twoQuestions())).toEqual([true, false]);
    });
  });
});
