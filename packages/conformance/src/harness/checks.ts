import type { Ledger } from '../ledger.js';
import { OP_GROUPS } from './groups/index.js';
import { type Implementation, inProcess, type OpTable } from './implementation.js';
import type { CaseSteps, OpGroup } from './replay.js';
import { askCase, idCounter } from './run.js';

/** One check of a group: a case (or one step of it) asked of an implementation. */
export interface GroupCheck {
  name: string;
  kind: CaseSteps['kind'];
  /** Resolves when the implementation agrees with the vector; rejects with what it said otherwise. */
  run: () => Promise<void>;
}

const asked = async (impl: Implementation, group: string, kase: CaseSteps, nextId: () => number) => {
  const verdict = await askCase(impl, group, kase, nextId);
  if ('skipped' in verdict) throw new Error(`skipped: ${verdict.skipped}`);
  if ('broken' in verdict) throw new Error(`broken: ${verdict.broken}`);
  if (!verdict.agrees) throw new Error(verdict.why);
};

/**
 * A group's value replayed through its op replayer as checks: one per case, or with
 * `perStep` one per question (its side read from what the question expects: a value is
 * an accept, a code a refusal). The same questions `seam conformance` and `--impl` ask.
 */
export function groupChecks(
  impl: Implementation,
  op: OpGroup,
  value: unknown,
  options: { perStep?: boolean } = {},
): GroupCheck[] {
  const nextId = idCounter();
  return op.replay(value).flatMap((kase): GroupCheck[] =>
    // A case the replayer could not read stays one check, so it fails rather than vanishes.
    options.perStep && kase.unreadable === undefined
      ? kase.steps.map((s) => ({
          name: kase.name,
          kind: s.expect.ok ? 'accept' : 'refuse',
          run: () => asked(impl, op.group, { ...kase, steps: [s] }, nextId),
        }))
      : [{ name: kase.name, kind: kase.kind, run: () => asked(impl, op.group, kase, nextId) }],
  );
}

/** A package's op handlers as the in-process implementation its vector tests ask: it declares the package's op groups. */
export const packageImplementation = (pkg: string, ops: OpTable): Implementation =>
  inProcess(
    { name: pkg, version: 'test', language: 'typescript' },
    OP_GROUPS.filter((g) => g.pkg === pkg).map((g) => g.group),
    ops,
  );

/** How a package's vector test registers one test (vitest's `it`). */
export type TestRegistrar = (title: string, body: () => Promise<void>) => void;

/** How `ledgerGroup` makes and names its checks. */
export interface LedgerGroupOptions {
  /** One check per question instead of one per case. */
  perStep?: boolean;
  /** Record the checks as third-party (interop) ones. */
  interop?: boolean;
  /** Put before every check's name. */
  prefix?: string;
}

/**
 * A package's vector test of an op group: every check of `groupChecks` registered as a
 * test and recorded in the ledger under the group, names prefixed by `prefix`.
 */
export function ledgerGroup(
  it: TestRegistrar,
  ledger: Ledger,
  impl: Implementation,
  op: OpGroup,
  value: unknown,
  options: LedgerGroupOptions = {},
): void {
  const prefix = options.prefix ?? '';
  for (const c of groupChecks(impl, op, value, options))
    it(`${op.group}/${prefix}${c.name}`, () =>
      ledger[c.kind](op.group, `${prefix}${c.name}`, c.run, { interop: options.interop === true }));
}
