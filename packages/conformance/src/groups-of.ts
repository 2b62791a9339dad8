// Which vector groups a file holds and how many cases each: pure, for Node, browsers and the harness.

/** Names of the vector groups a file holds, according to its declared layout. */
export type Layout = 'seam-wire' | 'top-level' | `single:${string}`;

const isGroupValue = (v: unknown) => Array.isArray(v) || (typeof v === 'object' && v !== null);
const isNoteKey = (k: string) => k === '_' || k === 'note' || k.endsWith('Note') || k === '$schema';

/** Group name -> number of cases found under it (a group with 0 cases is empty). */
export function groupsOf(doc: unknown, layout: Layout): Map<string, number> {
  const out = new Map<string, number>();
  if (layout.startsWith('single:')) {
    out.set(layout.slice('single:'.length), countCases(doc));
    return out;
  }
  if (typeof doc !== 'object' || doc === null) return out;
  for (const [key, value] of Object.entries(doc)) {
    if (isNoteKey(key) || !isGroupValue(value)) continue;
    if (layout === 'seam-wire' && key === 'reject') {
      for (const [sub, cases] of Object.entries(value as object)) {
        if (!isNoteKey(sub) && isGroupValue(cases)) out.set(`reject.${sub}`, countCases(cases));
      }
    } else {
      out.set(key, countCases(value));
    }
  }
  return out;
}

/** A group's cases: what `groupsOf` counted less the lists in `data`, which hold what the cases share (merkle's leaves). */
export const casesLessData = (value: unknown, counted: number, data: readonly string[] = []): number =>
  // biome-ignore lint/suspicious/noExplicitAny: a group is untyped JSON.
  counted - data.reduce((n, k) => n + ((value as any)?.[k]?.length ?? 0), 0);

/** Cases are array elements, counted through one level of named sub-lists (accept/refuse/cases...). */
function countCases(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  if (typeof value !== 'object' || value === null) return 0;
  let n = 0;
  for (const [k, v] of Object.entries(value)) if (!isNoteKey(k) && Array.isArray(v)) n += v.length;
  return n;
}
