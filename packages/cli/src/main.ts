// seam: one command line over the agent-seam packages. Each command reads a file (or - for
// stdin), asks a package, and prints its answer; the packages hold every check and text.
import { SeamError } from '@agent-seam/canonical';
import { type Command, runCommand } from './command.js';
import {
  anetDirOpen,
  anetObjectVerify,
  anetPowSolve,
  anetPowVerify,
  anetRequestSign,
  anetRequestVerify,
} from './commands/anet.js';
import { boxOpen, boxSeal } from './commands/box.js';
import { canon } from './commands/canon.js';
import { cardSign, cardVerify, linkageVerify } from './commands/card.js';
import { cborCid, cborDecode, cborEncode } from './commands/cbor.js';
import { conformance } from './commands/conformance.js';
import { dackCreate, dackRead } from './commands/dack.js';
import { did } from './commands/did.js';
import { envelopeSign, envelopeVerify } from './commands/envelope.js';
import { exportVerify } from './commands/export.js';
import { bindingVerify, keystateResolve } from './commands/identity.js';
import { kelShow, kelVerify } from './commands/kel.js';
import { merkleProve, merkleRoot, merkleVerify } from './commands/merkle.js';
import { checkpointShow, noteCosign, noteKey, noteSign, noteVerify } from './commands/note.js';
import { proofMake, proofVerify } from './commands/proof.js';
import { sealOpen } from './commands/seal.js';
import { tilesProve, tilesWrite } from './commands/tiles.js';
import { wbaSign, wbaVerify } from './commands/wba.js';
import { EXIT, print, type Streams, Unreadable, Unverifiable, UsageError, warn, withStreams } from './io.js';
import { seamVersion } from './version.js';

export const COMMANDS: readonly Command[] = [
  canon,
  did,
  envelopeVerify,
  envelopeSign,
  cardVerify,
  cardSign,
  linkageVerify,
  bindingVerify,
  keystateResolve,
  wbaVerify,
  wbaSign,
  exportVerify,
  noteVerify,
  noteSign,
  noteCosign,
  noteKey,
  checkpointShow,
  merkleRoot,
  merkleProve,
  merkleVerify,
  proofVerify,
  proofMake,
  tilesWrite,
  tilesProve,
  cborDecode,
  cborEncode,
  cborCid,
  boxSeal,
  boxOpen,
  sealOpen,
  kelShow,
  kelVerify,
  dackRead,
  dackCreate,
  anetRequestSign,
  anetRequestVerify,
  anetPowSolve,
  anetPowVerify,
  anetObjectVerify,
  anetDirOpen,
  conformance,
];

const HELP = `seam: inspect, sign, verify and explain agent-seam artifacts (Node.js only)

usage: seam COMMAND [ARGS] [--json]      seam COMMAND --help      seam --version

${COMMANDS.map((c) => `  seam ${c.name.padEnd(18)} ${c.summary}`).join('\n')}

Commands read a file, or - for stdin. --json prints one JSON
object (with "explain" where there is one). Key material is read only from files (--seed-file,
--keys-file), never from the command line.

A message from a partner does not verify? Run
  seam envelope verify message.json --recipient YOUR-DID --no-replay-check
to see every check in order, the one that refused and the exact bytes the signature
covers (--replay-file PATH instead remembers what you accepted); add --expected
THEIR-BYTES to see the first byte where the partner's signed bytes differ from them.

exit codes: 0 ok/verified, 1 refused or findings, 2 bad command line,
            3 not established (seam export verify: no record keys or no outside
            checkpoint, unless waived by name), 4 unreadable input, 6 unverifiable`;

/** The command whose words start argv (the longest match), and the rest of argv. */
function find(argv: readonly string[]): { command: Command; rest: string[] } | null {
  for (const words of [3, 2, 1]) {
    const name = argv.slice(0, words).join(' ');
    const command = COMMANDS.find((c) => c.name === name);
    if (command !== undefined) return { command, rest: argv.slice(words) };
  }
  return null;
}

/**
 * Runs `seam ARGV` and resolves to its exit code. Output goes to the process's stdout and
 * stderr and `-` reads its stdin, unless `streams` gives others (a program running the
 * command in-process, or a test).
 */
export function main(argv: readonly string[], streams: Partial<Streams> = {}): Promise<number> {
  return withStreams(streams, () => run(argv));
}

async function run(argv: readonly string[]): Promise<number> {
  const first = argv[0];
  if (first === undefined) {
    warn('seam: give a command; seam --help lists them');
    return EXIT.usage;
  }
  if (first === '--help' || first === '-h' || first === 'help') {
    print(HELP);
    return EXIT.ok;
  }
  if (first === '--version' || first === '-V') {
    print(seamVersion());
    return EXIT.ok;
  }
  const found = find(argv);
  try {
    if (found === null) {
      const group = COMMANDS.filter((c) => c.name.startsWith(`${first} `)).map((c) => `seam ${c.name}`);
      throw new UsageError(
        group.length > 0
          ? `${first} needs a subcommand: ${group.join(', ')}`
          : `no command ${JSON.stringify(first)}; seam --help lists them`,
      );
    }
    return await runCommand(found.command, found.rest);
  } catch (error) {
    // A bad command line is one line: what is wrong, and where the whole usage is.
    const help = found === null ? 'seam --help' : `seam ${found.command.name} --help`;
    const usage = (message: string) => (message.includes('--help') ? message : `${message}; see ${help}`);
    const [code, message] =
      error instanceof UsageError
        ? [EXIT.usage, usage(error.message)]
        : error instanceof Unreadable
          ? [EXIT.unreadable, error.message]
          : error instanceof Unverifiable
            ? [EXIT.unverifiable, error.message]
            : error instanceof SeamError
              ? [EXIT.usage, usage(`${error.message} (a value on the command line)`)]
              : [null, ''];
    if (code === null) throw error;
    warn(`seam: ${message}`);
    return code;
  }
}
