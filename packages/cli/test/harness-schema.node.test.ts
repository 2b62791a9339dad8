// Every message that crosses the harness protocol in a real run (the harness's hello and
// requests, the implementation's hello and answers) held to spec/harness.schema.json, for
// the packages behind `seam conformance serve` and for the Python implementation. A tap
// between the harness and the implementation writes each line down as it passes.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { stdioImplementation } from '@agent-seam/conformance';
import { OP_GROUPS, runHarness } from '@agent-seam/conformance/harness';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { vectorDocs } from '../src/conformance/harness.js';
import { REPLAYS } from '../src/conformance/index.js';
import { assertBuilt, workdir } from './run.js';

const root = join(import.meta.dirname, '..', '..', '..');
const schema = JSON.parse(readFileSync(join(root, 'spec', 'harness.schema.json'), 'utf8'));
const ajv = new Ajv2020({ allErrors: true });
ajv.addSchema(schema);
const def = (name: string) => {
  const validate = ajv.getSchema(`${schema.$id}#/$defs/${name}`);
  if (validate === undefined) throw new Error(`the schema has no $defs/${name}`);
  return validate;
};
const message = ajv.getSchema(schema.$id)!;
/** What each side may write, by the schema's own names. */
const SIDES = {
  harness: [def('HarnessHello'), def('Request')],
  implementation: [def('ImplementationHello'), def('Answer')],
};
const hexBytes = def('hex');

/** Runs `command` behind a tap that logs every line each way as `[side, line]`; returns the lines. */
function tapped(command: string): { command: string; lines: () => [keyof typeof SIDES, string][] } {
  const dir = workdir();
  const log = join(dir, 'tap.jsonl');
  const tap = join(dir, 'tap.mjs');
  writeFileSync(log, '');
  writeFileSync(
    tap,
    `import { spawn } from 'node:child_process';
import { appendFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
const child = spawn(process.argv[3], { shell: true, stdio: ['pipe', 'pipe', 'inherit'] });
const note = (side, line) => appendFileSync(process.argv[2], JSON.stringify([side, line]) + '\\n');
createInterface({ input: process.stdin }).on('line', (l) => { note('harness', l); child.stdin.write(l + '\\n'); }).on('close', () => child.stdin.end());
createInterface({ input: child.stdout }).on('line', (l) => { note('implementation', l); process.stdout.write(l + '\\n'); });
child.on('exit', (code) => process.exit(code ?? 1));`,
  );
  return {
    command: `node ${tap} ${log} ${JSON.stringify(command)}`,
    lines: () =>
      readFileSync(log, 'utf8')
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l)),
  };
}

/** Every `...Hex` member anywhere in a value (bytes as hex, or a list of them), with its path. */
function hexMembers(value: unknown, path = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) => [
    ...(k.endsWith('Hex') ? [[`${path}.${k}`, v] as [string, unknown]] : []),
    ...hexMembers(v, `${path}.${k}`),
  ]);
}

/** The schema's complaints about the lines of a run (empty when every line holds). */
function complaints(lines: [keyof typeof SIDES, string][]): string[] {
  const out: string[] = [];
  for (const [i, [side, line]] of lines.entries()) {
    const parsed = JSON.parse(line);
    if (!message(parsed)) out.push(`line ${i} (${side}) is no message: ${ajv.errorsText(message.errors)}`);
    if (!SIDES[side].some((validate) => validate(parsed)))
      out.push(`line ${i} is not a message the ${side} may write: ${line.slice(0, 200)}`);
    if (side === 'harness')
      for (const [path, v] of hexMembers(parsed.args))
        if (!(Array.isArray(v) ? v : [v]).every((x) => hexBytes(x)))
          out.push(`line ${i}: args${path} is not lowercase hex`);
  }
  return out;
}

const docs = vectorDocs(join(root, 'vectors'), REPLAYS);
const judged = async (command: string) => {
  const tap = tapped(command);
  const impl = stdioImplementation(tap.command, { timeoutMs: 20_000 });
  const report = await runHarness(impl, docs, OP_GROUPS).finally(() => impl.close());
  return { report, lines: tap.lines() };
};

describe('every message of a run holds to spec/harness.schema.json', () => {
  it('the schema refuses what the protocol forbids (the check can fail)', () => {
    const lines = (found: string[]) => found.map((c) => Number(/^line (\d+)/.exec(c)?.[1]));
    // Each line breaks one rule: two members of an answer, id 0, a group declared twice,
    // bytes in capitals, a harness's hello written by the implementation.
    expect(
      lines(
        complaints([
          ['implementation', '{"id":1,"ok":true,"value":1,"code":"x"}'],
          ['harness', '{"id":0,"group":"g","case":"c","op":"did.publicKey","args":{}}'],
          ['implementation', '{"protocol":1,"name":"x","version":"1","language":"py","groups":["a","a"]}'],
          ['harness', '{"id":1,"group":"g","case":"c","op":"x.y","args":{"keyHex":"AB"}}'],
          ['implementation', '{"hello":1}'],
        ]),
      ),
    ).toEqual([0, 0, 1, 1, 2, 2, 3, 4]);
  });

  it('the packages behind `seam conformance serve`: hello, every request and every answer', async () => {
    assertBuilt();
    const { report, lines } = await judged(
      `node ${join(root, 'packages/cli/dist/bin.js')} conformance serve`,
    );
    expect(report.exit).toBe(0);
    const asked = report.groups.reduce((n, g) => n + g.cases, 0);
    // The two hellos, then at least one request and one answer per case.
    expect(lines.length).toBeGreaterThanOrEqual(2 + 2 * asked);
    expect(lines.filter(([side]) => side === 'implementation').length).toBe(lines.length / 2);
    expect(complaints(lines)).toEqual([]);
  });

  it('the Python implementation: the same', async () => {
    const { report, lines } = await judged(`/usr/bin/python3 ${join(root, 'impls/python/seam_impl.py')}`);
    expect(report.broken).toBeNull();
    expect(lines.length).toBeGreaterThan(2 + 2 * report.agreed);
    expect(complaints(lines)).toEqual([]);
  });
});
