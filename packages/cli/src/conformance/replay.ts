// The published vectors replayed against the installed packages: each vector file has a
// replayer per group that turns every case into one check through the packages' public
// API (make the bytes and compare them; read the bytes and compare the verdict).
import { hex } from '@agent-seam/canonical';

// biome-ignore lint/suspicious/noExplicitAny: vector cases are untyped JSON, read member by member.
export type Case = Record<string, any>;

/** One case of a group: its name and the check, which throws a `Mismatch` when the package disagrees. */
export type CaseCheck = readonly [name: string, check: () => void | Promise<void>];

/** A group's value in the vector file, turned into its cases' checks. */
// biome-ignore lint/suspicious/noExplicitAny: a group is an array or an object of named lists.
export type GroupReplay = (group: any, doc: any) => CaseCheck[];

/** The replayers of one vector file's groups, each under the package that owns it. */
export interface FileReplay {
  file: string;
  layout: 'top-level' | 'seam-wire';
  groups: Record<string, GroupEntry>;
}

export interface GroupEntry {
  pkg: string;
  replay: GroupReplay;
  /** Lists in the group that hold data its cases share (merkle's leaves), not cases. */
  data?: readonly string[];
}

/** What the package did that the vector says it must not. */
export class Mismatch extends Error {}

/** Objects are shown with their members sorted: equality does not depend on member order. */
const show = (v: unknown): string =>
  JSON.stringify(v, (_k, x) =>
    x instanceof Uint8Array
      ? `hex:${hex.encode(x)}`
      : typeof x === 'bigint'
        ? `${x}n`
        : typeof x === 'object' && x !== null && !Array.isArray(x)
          ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
          : x,
  ) ?? String(v);

/** Deep equality over JSON values, bytes (compared as hex) and bigints. */
export function same(actual: unknown, expected: unknown, what: string): void {
  if (show(actual) !== show(expected))
    throw new Mismatch(`${what}: got ${clip(show(actual))}, the vector says ${clip(show(expected))}`);
}

/** A verdict that must be ok (and, when given, carry this value). */
export function accepted(verdict: { ok: boolean; code?: string; value?: unknown }, value?: unknown): void {
  if (!verdict.ok) throw new Mismatch(`refused [${verdict.code}], the vector says it is accepted`);
  if (value !== undefined) same(verdict.value, value, 'value');
}

/** A verdict that must be a refusal with this code. */
export function refused(verdict: { ok: boolean; code?: string }, code: string): void {
  if (verdict.ok) throw new Mismatch(`accepted, the vector says refused [${code}]`);
  if (verdict.code !== code) throw new Mismatch(`refused [${verdict.code}], the vector says [${code}]`);
}

/** A call that must throw a SeamError with this code (a signer refusing what it cannot sign). */
export function throwsCode(call: () => unknown, code: string): void {
  let thrown: unknown;
  try {
    call();
  } catch (error) {
    thrown = error;
  }
  const got = (thrown as { code?: unknown } | undefined)?.code;
  if (thrown === undefined) throw new Mismatch(`returned, the vector says it throws [${code}]`);
  if (got !== code) throw new Mismatch(`threw [${String(got)}], the vector says [${code}]`);
}

export const bytesOf = (text: string): Uint8Array => {
  const v = hex.decode(text);
  if (!v.ok) throw new Mismatch(`the vector holds a bad hex string (${v.code})`);
  return v.value;
};

const clip = (s: string) => (s.length > 160 ? `${s.slice(0, 157)}...` : s);

/** The cases of a group as one list, with their checks made by `check`, named by `name`. */
export const cases = (list: Case[], check: (c: Case) => void | Promise<void>, prefix = ''): CaseCheck[] =>
  list.map((c, i) => [`${prefix}${c.name ?? i}`, () => check(c)] as const);

/** A group of `accept` and `refuse` lists, each case checked by its side's function. */
export const sides =
  (accept: (c: Case) => void | Promise<void>, refuse: (c: Case) => void | Promise<void>) =>
  (g: Case): CaseCheck[] => [...cases(g.accept, accept, 'accept/'), ...cases(g.refuse, refuse, 'refuse/')];

/** `actual` holds everything `pattern` states: objects member by member (more members allowed), arrays element by element. */
export function holds(actual: unknown, pattern: unknown, what: string): void {
  if (pattern === null || typeof pattern !== 'object') {
    same(actual, pattern, what);
    return;
  }
  const shapeFits = Array.isArray(pattern)
    ? Array.isArray(actual) && actual.length === pattern.length
    : actual !== null && typeof actual === 'object';
  if (!shapeFits)
    throw new Mismatch(`${what}: got ${clip(show(actual))}, the vector says ${clip(show(pattern))}`);
  for (const [k, p] of Object.entries(pattern)) holds((actual as Case)[k], p, `${what}.${k}`);
}

/** An accepted verdict whose value holds these members (what toMatchObject checks). */
export function acceptedWith(verdict: Case, value: Case): void {
  accepted(verdict as { ok: boolean });
  holds(verdict.value, value, 'value');
}
/** A verifier and its WebCrypto twin as one: the sync verdict, which the async verifier must give too. */
export const twin =
  <A extends unknown[], V>(verify: (...args: A) => V, viaWebCrypto: (...args: A) => Promise<V>) =>
  async (...args: A): Promise<V> => {
    const verdict = verify(...args);
    same(await viaWebCrypto(...args), verdict, 'the async (WebCrypto) verifier, against the sync verdict');
    return verdict;
  };

/** Some members only: options a case gives, the others left out (as undefined). */
export const given = (c: Case, names: string[]) =>
  Object.fromEntries(names.filter((k) => c[k] !== undefined).map((k) => [k, c[k]]));
