/**
 * What a peer may send a reader, for the never-throws properties: any value, random bytes,
 * or a valid input bent (one bit flipped, cut short, or a tail repeated). `judged` holds
 * the answer to a Verdict that is ok or refuses with a code of the reader's own list.
 */
import fc from 'fast-check';

export const received = (valid: Uint8Array) =>
  fc.oneof(
    fc.anything(),
    fc.uint8Array({ maxLength: 512 }),
    fc
      .record({
        at: fc.nat(valid.length - 1),
        bit: fc.integer({ min: 0, max: 7 }),
        cut: fc.nat(valid.length),
      })
      .chain(({ at, bit, cut }) => {
        const flipped = valid.slice();
        flipped[at]! ^= 1 << bit;
        return fc.constantFrom(
          flipped,
          valid.subarray(0, cut),
          new Uint8Array([...valid, ...valid.subarray(cut)]),
        );
      }),
  );

export const judged = (verdict: { ok: boolean; code?: string }, codes: readonly string[]) =>
  verdict.ok || codes.includes(verdict.code!);
