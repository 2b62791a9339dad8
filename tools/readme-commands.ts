/**
 * The command lines a README shows, for tests that run them as written: every
 * `$ <command> …` line in a ```sh block (a trailing `\` continues it), the lines printed
 * under it up to the next `$ `, and the exit code a following `$ echo $?` shows.
 */
export interface ShownCommand {
  argv: string[];
  stdout: string[];
  exit?: number;
}

export function commandsShown(markdown: string, command: string): ShownCommand[] {
  const shown: ShownCommand[] = [];
  for (const block of markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)) {
    const lines = block[1]!.split('\n').slice(0, -1);
    for (let i = 0; i < lines.length; i++) {
      if (!lines[i]!.startsWith(`$ ${command} `)) continue;
      let line = lines[i]!.slice(2);
      while (line.endsWith('\\')) line = `${line.slice(0, -1)} ${lines[++i]!.trim()}`;
      const stdout: string[] = [];
      while (i + 1 < lines.length && !lines[i + 1]!.startsWith('$ ')) stdout.push(lines[++i]!);
      const exit = lines[i + 1] === '$ echo $?' ? Number(lines[i + 2]) : undefined;
      shown.push({ argv: line.split(/\s+/).slice(1), stdout, ...(exit !== undefined ? { exit } : {}) });
    }
  }
  return shown;
}
