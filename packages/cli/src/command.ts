import { type ParseArgsConfig, parseArgs } from 'node:util';
import { EXIT, print, readInput, UsageError } from './io.js';

type Options = NonNullable<ParseArgsConfig['options']>;
export type Values = Record<string, string | boolean | (string | boolean)[] | undefined>;

/** One `seam` command: its words, its help (with a real example), its options, and what it runs. */
export interface Command {
  /** The words that name it: `canon`, `envelope verify`. */
  name: string;
  /** One line for `seam --help`. */
  summary: string;
  /** The usage line(s) and option list, printed by `--help`; `example` follows. */
  usage: string;
  example: string;
  options: Options;
  /** Take the arguments as they are (a command that has its own parser); --help is still ours. */
  raw?: true;
  run(values: Values, positionals: string[]): number | Promise<number>;
}

export const helpText = (c: Command) => `${c.usage.trimEnd()}\n\nexample:\n${c.example.trimEnd()}\n`;

const COMMON: Options = { json: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } };

/** Parses the command line strictly (an unknown option is a usage error) and runs the command. */
export async function runCommand(c: Command, argv: string[]): Promise<number> {
  if (c.raw === true) {
    if (argv.includes('--help') || argv.includes('-h')) {
      print(helpText(c));
      return EXIT.ok;
    }
    return c.run({}, [...argv]);
  }
  let parsed: { values: Values; positionals: string[] };
  try {
    parsed = parseArgs({
      args: argv,
      options: { ...COMMON, ...c.options },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    // Node's message runs on with advice about '--'; its first sentence is the problem.
    const message = (error as Error).message.split(/\.( |$)/)[0]!;
    throw new UsageError(`${message}; see seam ${c.name} --help`);
  }
  if (parsed.values.help === true) {
    print(helpText(c));
    return EXIT.ok;
  }
  return c.run(parsed.values, parsed.positionals);
}

/** The one input a command reads: a path, or `-` for stdin. */
export function oneInput(c: Command, positionals: string[], what = 'FILE'): string {
  if (positionals.length !== 1)
    throw new UsageError(
      `seam ${c.name} reads one ${what} (or - for stdin); got ${positionals.length}; see seam ${c.name} --help`,
    );
  return positionals[0]!;
}

export const str = (v: Values[string]): string | undefined => (typeof v === 'string' ? v : undefined);

/** A required option's value; without it, a usage error saying what to give. */
export function required(value: Values[string], flag: string, what: string): string {
  if (typeof value !== 'string') throw new UsageError(`give ${flag} ${what}`);
  return value;
}

/** The bytes of `--expected FILE` (what the other side says it signed), when given. */
export const expectedBytes = (values: Values): Uint8Array | undefined => {
  const path = str(values.expected);
  return path === undefined ? undefined : readInput(path);
};

/** The `--expected` option, as every verify command that shows signed bytes takes it. */
export const EXPECTED_OPTION = { expected: { type: 'string' } } as const;
