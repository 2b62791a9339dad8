/** The few words every part of the report (and the command) says the same way. */

/** `1 run`, `2 runs`; `many` for a plural that is not `one` + s. */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** Identifiers come from the file: said bare only when plainly printable, else JSON-quoted. */
export const printable = (id: string): string => (/^[\x21-\x7e]{1,200}$/.test(id) ? id : JSON.stringify(id));

/** Where a finding is: its line, run, anchor or sidecar, as a person counts them. */
export function whereOf(f: { line?: number; run?: string; anchor?: number; sidecar?: number }): string {
  return [
    f.line !== undefined ? `line ${f.line}` : '',
    f.run !== undefined ? `run ${printable(f.run)}` : '',
    f.anchor !== undefined ? `anchor ${f.anchor + 1}` : '',
    f.sidecar !== undefined ? `grader verdict ${f.sidecar + 1}` : '',
  ]
    .filter((w) => w !== '')
    .join(', ');
}
