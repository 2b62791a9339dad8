import { describe, expect, it } from 'vitest';
import { helpText } from '../src/command.js';
import { exportVerify } from '../src/commands/export.js';
import { seam, usage, workdir } from './run.js';

// How a command reads its line (src/command.ts): help, parse errors, a missing option, its one input.
// A case that exists for a mutant says in its comment which one it holds (file.ts:line:column of
// the mutation report of the command layer); the equivalent ones are listed in spec/cli.md.

describe('a command line: help, parse errors and missing options', () => {
  it('a raw command prints its help for -h as for --help', async () => {
    // why: command.ts:29:50 ('-h' → ""): export verify has its own parser; -h must still be ours.
    const want = { code: 0, stdout: helpText(exportVerify), stderr: '' };
    expect(await seam(workdir(), ['export', 'verify', '-h'])).toMatchObject(want);
    expect(await seam(workdir(), ['export', 'verify', '--help'])).toMatchObject(want);
  });

  it("a parse error whose first sentence ends the message keeps Node's text up to that period", async () => {
    // why: command.ts:45:52 (/\.( |$)/ → /\.( )/): Node's "ambiguous" message has no ". " but
    // ends in "."; only the `$` alternative cuts it there.
    const r = await seam(workdir(), ['canon', '--profile', '--json', 'x.json']);
    expect(r).toMatchObject(
      usage(
        "Option '--profile' argument is ambiguous.\nDid you forget to specify the option argument for '--profile'?\nTo specify an option argument starting with a dash use '--profile=-XYZ'; see seam canon --help",
      ),
    );
  });

  it('a missing required option says which flag to give and what it is', async () => {
    // why: command.ts:68:55 (the `give FLAG WHAT` message → ''), card.ts:40:51 and :40:60.
    const r = await seam(workdir({ 'c.json': '{}' }), ['card', 'verify', 'c.json']);
    expect(r).toMatchObject(
      usage('give --did DID: the DID you expect the card to belong to; see seam card verify --help'),
    );
  });
});

// A case that exists for a mutant says in its comment which one it holds (file.ts:line:column of
// the mutation report of the command layer); the equivalent ones are listed in spec/cli.md.

describe("a command's one input, named", () => {
  describe('command: the one input, named', () => {
    it('a command that reads one FILE says FILE when given none', async () => {
      // why: command.ts:56:68 (oneInput's default what 'FILE' → "").
      expect(await seam(workdir(), ['merkle', 'root'])).toMatchObject(
        usage('seam merkle root reads one FILE (or - for stdin); got 0; see seam merkle root --help'),
      );
    });
  });
});
