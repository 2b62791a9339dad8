import {
  type LedgerGroupOptions,
  ledgerGroup,
  packageImplementation,
  type TestRegistrar,
} from './harness/checks.js';
import { opGroup } from './harness/groups/index.js';
import type { Implementation, OpTable } from './harness/implementation.js';
import type { Ledger } from './ledger.js';

/** How a package's vector test opens a named block of tests (vitest's `describe`). */
export type BlockRegistrar = (title: string, body: () => void) => void;

/** Which groups of which vector file a package's vector test replays, and through what. */
export interface ReplaySpec<T> {
  /** The file under `vectors/`, e.g. `merkle.json`. */
  file: string;
  /** The package the checks are asked of (its op groups are the ones it declares). */
  package: string;
  /** The package's answers to the harness protocol (the CLI's `ops/<pkg>.ts`). */
  ops: OpTable;
  /** The groups, in order, each one `describe` block; or read them from the file. */
  groups: readonly string[] | ((doc: T) => readonly string[]);
  /** `ledgerGroup`'s options, for every group or chosen per group. */
  options?: LedgerGroupOptions | ((group: string) => LedgerGroupOptions);
}

/** What a replaying test file still needs for its own checks of the file. */
export interface ReplayedFile<T> {
  ledger: Ledger;
  doc: T;
  impl: Implementation;
}

/**
 * The body of a package's vector test bound to one runtime's ledger and vector reader:
 * open the ledger, read the file, and replay each named group through `ledgerGroup`
 * inside a `describe` named after the group.
 */
export const replayGroupsWith =
  (openLedger: () => Ledger, loadVectors: (file: string) => unknown) =>
  // biome-ignore lint/suspicious/noExplicitAny: vector files are untyped JSON; a caller names T to narrow it.
  <T = any>(it: TestRegistrar, describe: BlockRegistrar, spec: ReplaySpec<T>): ReplayedFile<T> => {
    const ledger = openLedger();
    const doc = loadVectors(spec.file) as T;
    const impl = packageImplementation(spec.package, spec.ops);
    const groups = typeof spec.groups === 'function' ? spec.groups(doc) : spec.groups;
    for (const group of groups) {
      const options = typeof spec.options === 'function' ? spec.options(group) : spec.options;
      describe(group, () =>
        ledgerGroup(it, ledger, impl, opGroup(group), (doc as Record<string, unknown>)[group], options),
      );
    }
    return { ledger, doc, impl };
  };
