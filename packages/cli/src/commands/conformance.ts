import { fileURLToPath } from 'node:url';
import {
  formatHarness,
  OP_GROUPS,
  runHarness,
  serveHarness,
  stdioImplementation,
} from '@agent-seam/conformance';
import { type Command, str } from '../command.js';
import { vectorDocs } from '../conformance/harness.js';
import { REPLAYS } from '../conformance/index.js';
import { seamImplementation } from '../conformance/ops/index.js';
import { type ConformanceReport, replayVectors } from '../conformance/run.js';
import { EXIT, print, printJson, UsageError } from '../io.js';
import { seamVersion } from '../version.js';

// The vector files of the release this seam was built from travel in its dist/vectors.
const SHIPPED = fileURLToPath(new URL('./vectors/', import.meta.url));

export const conformance: Command = {
  name: 'conformance',
  summary: 'replay the published vectors against the installed packages',
  usage: `usage: seam conformance [--vectors DIR] [--json]
       seam conformance --impl "COMMAND" [--timeout MS] [--vectors DIR] [--json]
       seam conformance serve

Replays every case of every group of agent-seam's published vector files through the
@agent-seam packages installed beside this command, in both directions: bytes made by a
signer or encoder are compared with the vector's, and the vector's bytes are read and the
verdict compared (accepted, or refused with the vector's code). Prints one line per group
with the installed package version, then every case that disagrees.

  --vectors DIR   replay the vector files in DIR instead of the ones shipped with seam
                  (the vectors/ directory of an agent-seam checkout or release)
  --impl COMMAND  judge another implementation instead: COMMAND is started as a child
                  process and asked every case of every group that has ops, in JSON
                  Lines over its stdin/stdout (spec/harness.md). A declared group it
                  answers nothing for is red, an undeclared group it answers is red, its
                  skips are printed by name; groups with no ops yet are listed, never green
  --timeout MS    how long one answer may take under --impl (default 10000)
  serve           be the implementation: the installed packages behind the protocol
                  on stdin/stdout (try: seam conformance --impl "seam conformance serve")

Third-party vectors (RFCs, reference implementations) are not shipped; the repository's
pnpm conformance replays those too.

exit: 0 every case agrees, 1 a case disagrees (or a group has no replayer; under
      --impl, or a group rule is broken), 2 bad command line, 4 a vector file is
      missing or not JSON, or the --impl implementation could not be started or
      broke the protocol (timeout, crash, garbage, wrong id, an overlong line)`,
  example: `  $ seam conformance
  @agent-seam/merkle 0.1.0     merkle.json  merkle.proofs   40/40
  ...
  conformance: 1697 cases in 104 groups agree, 0 disagree`,
  options: { vectors: { type: 'string' }, impl: { type: 'string' }, timeout: { type: 'string' } },
  async run(values, positionals) {
    if (positionals.length === 1 && positionals[0] === 'serve') {
      await serveHarness(seamImplementation(seamVersion()), process.stdin, process.stdout);
      return EXIT.ok;
    }
    if (positionals.length > 0)
      throw new UsageError('seam conformance takes no FILE; see seam conformance --help');
    const impl = str(values.impl);
    if (impl !== undefined) return judge(impl, values);
    if (values.timeout !== undefined) throw new UsageError('--timeout goes with --impl');
    const report = await replayVectors(str(values.vectors) ?? SHIPPED, REPLAYS);
    if (values.json === true) printJson({ command: 'conformance', ok: agrees(report), ...report });
    else print(reportText(report));
    return agrees(report) ? EXIT.ok : EXIT.refused;
  },
};

async function judge(command: string, values: Record<string, unknown>): Promise<number> {
  const timeout = str(values.timeout as string | undefined);
  const timeoutMs = timeout === undefined ? undefined : Number(timeout);
  if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs > 0))
    throw new UsageError('--timeout is a whole number of milliseconds above 0');
  const docs = vectorDocs(str(values.vectors as string | undefined) ?? SHIPPED, REPLAYS);
  const implementation = stdioImplementation(command, { timeoutMs });
  const report = await runHarness(implementation, docs, OP_GROUPS).finally(() => implementation.close());
  if (values.json === true) printJson({ command: 'conformance --impl', ok: report.exit === 0, ...report });
  else print(formatHarness(report));
  return report.exit;
}

const agrees = (r: ConformanceReport) => r.failed === 0 && r.unreplayed.length === 0;

function reportText(r: ConformanceReport): string {
  const rows = r.groups.map((g) => [
    `${g.pkg} ${r.versions[g.pkg]}`,
    g.file,
    g.group,
    `${g.passed}/${g.cases}${g.failed.length > 0 ? '  DISAGREES' : ''}`,
  ]);
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((row) => row[i]!.length)));
  const lines = rows.map((row) => row.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]!) : cell)).join('  '));
  for (const g of r.groups)
    for (const f of g.failed) lines.push(`disagrees: ${g.group} / ${f.name}: ${f.why}`);
  for (const u of r.unreplayed)
    lines.push(
      `not replayed: ${u.file} ${u.group} (this seam has no replayer for it: update @agent-seam/cli)`,
    );
  lines.push(
    `conformance: ${r.passed} cases in ${r.groups.length} groups agree, ${r.failed} disagree${r.unreplayed.length > 0 ? `; groups not replayed: ${r.unreplayed.length}` : ''}`,
  );
  return lines.join('\n');
}
