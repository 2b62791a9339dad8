import type { Expected } from './protocol.js';

// biome-ignore lint/suspicious/noExplicitAny: vector cases are untyped JSON, read member by member.
export type Case = Record<string, any>;

/** One question a case asks and the answer the vector requires. */
export interface Step {
  op: string;
  args: Record<string, unknown>;
  expect: Expected;
}

/** A case of a group as questions: its name, its side (for the ledger) and its steps. */
export interface CaseSteps {
  name: string;
  kind: 'accept' | 'refuse';
  steps: Step[];
  /** Why the replayer could not read this case (a member it cannot spell as a question): it disagrees, alone. */
  unreadable?: string;
}

/** A group's value in its vector file turned into its cases' questions: a pure function. */
// biome-ignore lint/suspicious/noExplicitAny: a group is an array or an object of named lists.
export type OpReplayer = (group: any) => CaseSteps[];

/** A group replayed through ops: where it lives and who owns it. */
export interface OpGroup {
  file: string;
  group: string;
  pkg: string;
  replay: OpReplayer;
  /** Lists in the group that hold data its cases share (merkle's leaves), not cases. */
  data?: readonly string[];
}

const utf8 = new TextEncoder();

/** Lowercase hex of bytes (the protocol's spelling of bytes). */
export const toHex = (bytes: Uint8Array): string =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** Lowercase hex of a text's UTF-8 bytes. */
export const textHex = (text: string): string => toHex(utf8.encode(text));

export const value = (v: unknown): Expected => ({ ok: true, value: v });
export const refusal = (code: string): Expected => ({ ok: false, code });
/** Accepted, whatever the value. */
export const ACCEPTED: Expected = { ok: true };

export const step = (op: string, args: Record<string, unknown>, expect: Expected): Step => ({
  op,
  args,
  expect,
});

/** The cases of a list, each named by its `name` (or index under `prefix`). */
export const each = (
  list: Case[],
  kind: CaseSteps['kind'] | ((c: Case) => CaseSteps['kind']),
  steps: (c: Case) => Step[],
  prefix = '',
): CaseSteps[] =>
  list.map((c, i) => {
    const name = `${prefix}${c.name ?? i}`;
    const side = typeof kind === 'function' ? kind(c) : kind;
    try {
      return { name, kind: side, steps: steps(c) };
    } catch (error) {
      // One case the replayer cannot read fails alone; the rest of its group is still asked.
      return { name, kind: side, steps: [], unreadable: (error as Error)?.message ?? String(error) };
    }
  });

/** A group of `accept` and `refuse` lists. */
export const sides =
  (accept: (c: Case) => Step[], refuse: (c: Case) => Step[]) =>
  (g: Case): CaseSteps[] => [
    ...each(g.accept, 'accept', accept, 'accept/'),
    ...each(g.refuse, 'refuse', refuse, 'refuse/'),
  ];

/** The members of a case that are present (neither absent nor null), as request arguments. */
export const given = (c: Case, names: readonly string[]): Case =>
  Object.fromEntries(names.filter((k) => c[k] !== undefined && c[k] !== null).map((k) => [k, c[k]]));
