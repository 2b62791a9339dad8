import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { interopPath, loadInterop, loadVectors } from '@agent-seam/conformance';
import { keyPairFromSeed, signEd25519 } from '@agent-seam/did';
import { ed25519 } from '@noble/curves/ed25519.js';
import { describe, expect, it } from 'vitest';
import { ed25519Door } from '../src/ed25519.js';
import * as nobleEquation from '../src/equation.js';
import * as nodeEquation from '../src/equation.node.js';
import { type DoorInput, ed25519Corpus } from './ed25519-corpus.js';
import { bytes, utf8 } from './helpers.js';

// The same door over each backend: the verdicts (codes and details included) must be equal.
const nobleDoor = ed25519Door(nobleEquation.equationHolds);
const nodeDoor = ed25519Door(nodeEquation.equationHolds);
type Verdict = ReturnType<typeof nobleDoor>;

/** Both backends' verdict on one input, asserted equal; the shared verdict is returned. */
function bothDoors(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): Verdict {
  const noble = nobleDoor(publicKey, message, signature);
  expect(nodeDoor(publicKey, message, signature)).toEqual(noble);
  return noble;
}

const { Point } = ed25519;
const concat = (a: Uint8Array, b: Uint8Array) => {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
};

// Every input the repository has for the door (test/ed25519-corpus.ts): the vector groups,
// the envelope signatures that reach the door, mixed-order keys and R, random inputs.
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

describe('every door input under both backends', () => {
  for (const [family, cases] of families)
    it(`${family}: identical verdicts on all ${cases.length}`, () => {
      for (const c of cases) {
        const verdict = bothDoors(c.publicKey, c.message, c.signature);
        if (c.expected !== undefined) expect(verdict, c.name).toMatchObject(c.expected);
      }
    });
  it('the envelope family holds torsion-cofactored-only, which the cofactorless door refuses', () =>
    expect(families.get('envelope')!.find((c) => c.name === 'torsion-cofactored-only')).toBeDefined());
  it('the mixed-order family has accepting and refusing cases (the cofactored equation accepts all)', () =>
    expect(new Set(families.get('mixed-order')!.map((c) => c.expected?.ok))).toEqual(new Set([true, false])));
});

describe('the pre-checks are what make the backends agree', () => {
  const identity = bytes('0100000000000000000000000000000000000000000000000000000000000000');
  it('the identity key with R = identity, S = 0 satisfies the bare equation; the door refuses it', () => {
    // What OpenSSL alone says here varies by runtime (Node 20 and 22 accept, Node 24
    // refuses); the door never asks it, because the small-order check comes first.
    const forged = concat(identity, new Uint8Array(32));
    expect(nobleEquation.equationHolds(identity, utf8('anything'), forged)).toBe(true);
    expect(bothDoors(identity, utf8('anything'), forged)).toMatchObject({ code: 'small-order-key' });
  });
  it('an off-curve key and an off-curve R are refused by both equations', () => {
    const seed = new Uint8Array(32).fill(7);
    const { publicKey } = keyPairFromSeed(seed);
    const signature = signEd25519(seed, utf8('m'));
    const offCurve = bytes('0200000000000000000000000000000000000000000000000000000000000000');
    expect(() => Point.fromBytes(offCurve)).toThrow();
    for (const equation of [nobleEquation, nodeEquation]) {
      expect(equation.equationHolds(offCurve, utf8('m'), signature)).toBe(false);
      expect(equation.equationHolds(publicKey, utf8('m'), concat(offCurve, signature.subarray(32)))).toBe(
        false,
      );
    }
    expect(bothDoors(offCurve, utf8('m'), signature)).toMatchObject({ code: 'non-canonical-key' });
    expect(bothDoors(publicKey, utf8('m'), concat(offCurve, signature.subarray(32)))).toMatchObject({
      code: 'non-canonical-r',
    });
  });
});
