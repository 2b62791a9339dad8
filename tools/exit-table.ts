// The exit table a command's --help prints, read back, so tests can hold each binary to it.

/**
 * The exit codes a `--help` lists: the number that starts each comma-separated item after
 * `exit:` (`exit: 0 verified, 1 refused, 2 bad command line, ...`), commas inside parentheses
 * belonging to their item.
 */
export function documentedExits(help: string): number[] {
  const at = help.lastIndexOf('\nexit');
  if (at === -1) return [];
  const end = help.indexOf('\n\n', at + 1);
  const table = help.slice(help.indexOf(':', at) + 1, end === -1 ? undefined : end);
  const items: string[] = [];
  let depth = 0;
  let item = '';
  for (const ch of table) {
    if (ch === '(') depth++;
    if (ch === ')') depth--;
    if (ch === ',' && depth === 0) {
      items.push(item);
      item = '';
    } else item += ch;
  }
  items.push(item);
  return items.map((i) => /^\s*(\d+)\b/.exec(i)).flatMap((m) => (m === null ? [] : [Number(m[1])]));
}
