import { SeamError } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';

/**
 * Writers refuse what readers refuse (issue 32). For each group of a package's refusal
 * vectors, every case is either
 * - `throws`: a value a writer could be asked for, and the writer, asked for it, throws a
 *   SeamError whose message matches (it names the field);
 * - `normalises`: a value the writer writes in its one spelling, which its reader accepts;
 * - `notWritten`: listed with the reason no writer is asked for it (the writer writes that
 *   part itself; a signature, a clock, a key or a store that is the reader's).
 * A new refusal case fails the sweep until it is put in one of the lists.
 */
/** A vector case: whatever JSON its group holds (each has a `name`). */
export type WriterCase = Record<string, any>;
type Case = WriterCase;

export interface WriterSweep {
  cases: readonly Case[];
  throws?: Record<string, [write: (c: Case) => unknown, field: RegExp]> | undefined;
  normalises?: Record<string, (c: Case) => { ok: boolean }> | undefined;
  notWritten?: Record<string, string> | undefined;
}

/** What the writer throws, as its message; the test fails if it writes instead. */
export function writerRefusal(write: () => unknown): string {
  try {
    write();
  } catch (error) {
    if (error instanceof SeamError) return error.message;
    throw error;
  }
  throw new Error('the writer wrote what its reader refuses');
}

export function holdWritersToReaders(groups: Record<string, WriterSweep>): void {
  describe('writers refuse what readers refuse', () => {
    for (const [group, sweep] of Object.entries(groups)) {
      it(`${group}: every refusal case is refused or normalised by its writer, or listed with its reason`, () => {
        const listed = [sweep.throws, sweep.normalises, sweep.notWritten].flatMap((t) =>
          Object.keys(t ?? {}),
        );
        expect(listed.sort()).toEqual(sweep.cases.map((c) => c.name as string).sort());
      });
      for (const c of sweep.cases) {
        const name = c.name as string;
        const throws = sweep.throws?.[name];
        if (throws !== undefined)
          it(`${group}/${name}: the writer throws, naming the field`, () =>
            expect(writerRefusal(() => throws[0](c))).toMatch(throws[1]));
        const normalises = sweep.normalises?.[name];
        if (normalises !== undefined)
          it(`${group}/${name}: the writer writes the one spelling, which its reader accepts`, () =>
            expect(normalises(c).ok).toBe(true));
      }
    }
  });
}
