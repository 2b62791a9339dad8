import { groupChecks, type Implementation, OP_GROUPS, type VectorDoc } from '@agent-seam/conformance/harness';
import { seamImplementation } from './ops/index.js';
import { type FileReplay, type GroupEntry, Mismatch } from './replay.js';
import { readDoc } from './run.js';

/** The vector files of `replays`, read from `dir`, as the harness takes them. */
export const vectorDocs = (dir: string, replays: readonly FileReplay[]): VectorDoc[] =>
  replays.map((r) => ({ file: r.file, layout: r.layout, doc: readDoc(dir, r.file) }));

/**
 * The op groups of one vector file as replayer entries: each case asked of the installed
 * packages through the harness protocol's in-process implementation (the same questions
 * `--impl` asks another implementation), a disagreement thrown as a Mismatch.
 */
export function opEntries(
  file: string,
  impl: Implementation = seamImplementation('in-process'),
): Record<string, GroupEntry> {
  return Object.fromEntries(
    OP_GROUPS.filter((g) => g.file === file).map((op) => [
      op.group,
      {
        pkg: op.pkg,
        ...(op.data === undefined ? {} : { data: op.data }),
        replay: (value: unknown) =>
          groupChecks(impl, op, value).map(
            (c) =>
              [
                c.name,
                () =>
                  c.run().catch((error: Error) => {
                    throw new Mismatch(error.message);
                  }),
              ] as const,
          ),
      },
    ]),
  );
}
