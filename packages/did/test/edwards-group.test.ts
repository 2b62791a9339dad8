import { ed25519 } from '@noble/curves/ed25519.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodePointStrict, GROUP_ORDER } from '../src/primitives.js';

/**
 * The door verifies on a group built from noble's Edwards arithmetic alone (so verify-only
 * bundles carry no signer); it must be noble's edwards25519 exactly: the same constants,
 * the same base point, the same decoding of every encoding.
 */
const B = ed25519.Point.BASE.toBytes();
const ours = decodePointStrict(B)!;
const Group = ours.constructor as typeof ed25519.Point;

describe('the verify-side edwards25519 group', () => {
  it("has noble's curve constants and base point", () => {
    expect(Group.CURVE()).toEqual(ed25519.Point.CURVE());
    expect(GROUP_ORDER).toBe(ed25519.Point.Fn.ORDER);
    expect(Group.BASE.toBytes()).toEqual(B);
    expect(ours.equals(Group.BASE)).toBe(true);
  });
  it('decodes every 32-byte string as noble does (strict RFC 8032), and multiplies alike', () =>
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.bigInt(1n, GROUP_ORDER - 1n),
        (bytes, k) => {
          let theirs: InstanceType<typeof ed25519.Point> | null;
          try {
            theirs = ed25519.Point.fromBytes(bytes, false);
          } catch {
            theirs = null;
          }
          const mine = decodePointStrict(bytes);
          expect(mine?.toBytes() ?? null).toEqual(theirs?.toBytes() ?? null);
          if (mine !== null && theirs !== null)
            expect(mine.multiplyUnsafe(k).toBytes()).toEqual(theirs.multiplyUnsafe(k).toBytes());
        },
      ),
      { numRuns: 300 },
    ));
});

describe('the strict point reader', () => {
  // Verdicts and thrown errors are compared whole. Each `why` names the mutant(s) of src/ the case
  // holds by `file.ts:line:column` of the `--rest` run.
  it('a point spelled with y ≥ p, or x = 0 with the sign bit set, is refused: only a ZIP-215 reader accepts it', () => {
    // why: kills primitives.ts:84:35 (`fromBytes(bytes, false)` → `true`): y = p + 1 (the
    // identity spelled with y ≥ p) and y = 1 with the sign bit set (x = 0 cannot be odd).
    const yAboveP = new Uint8Array(32).fill(0xff);
    yAboveP[0] = 0xee;
    yAboveP[31] = 0x7f;
    const oddZero = new Uint8Array(32);
    oddZero[0] = 1;
    oddZero[31] = 0x80;
    expect([decodePointStrict(yAboveP), decodePointStrict(oddZero)]).toEqual([null, null]);
    // The control: the canonical identity encoding decodes.
    expect(decodePointStrict(Uint8Array.of(1, ...new Uint8Array(31)))).not.toBeNull();
  });
});
