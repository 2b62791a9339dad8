import { type Case, type CaseSteps, each, type OpGroup, refusal, step, textHex, value } from '../replay.js';

// The groups of @agent-seam/chain as questions (spec/harness.md, "chain").
const pkg = '@agent-seam/chain';
const file = 'chain.json';

/** A case whose `expect` is `accept` (or an accepted value) answers `accepted`; else it is refused with that code. */
const verdict = (c: Case, accepted: unknown) =>
  typeof c.expect === 'string' && c.expect !== 'accept' ? refusal(c.expect) : value(accepted);
const kindOf = (c: Case): CaseSteps['kind'] =>
  typeof c.expect === 'string' && c.expect !== 'accept' ? 'refuse' : 'accept';

/**
 * The export a case gives as lines: its bytes (the lines, each ended by a newline), or,
 * when a line is no text (a caller's value of the wrong type), the lines as the JSON holds them.
 */
const exportOf = (lines: unknown[]) =>
  lines.every((l) => typeof l === 'string')
    ? { exportHex: textHex(lines.map((l) => `${l}\n`).join('')) }
    : { lines };

/**
 * What an export case pins about the report, asked for by name: always the status, the
 * findings and the unaccounted members; the not-checked codes, their counts, the steps and
 * the report members (`expect.report`) where the case gives them.
 */
function reportStep(c: Case) {
  const e = c.expect;
  const args = { ...exportOf(c.lines), options: c.options ?? {} };
  if (e.error !== undefined)
    return step('chain.verifyExport', { ...args, answer: ['status'] }, refusal(e.error));
  const pinned: Record<string, unknown> = {
    status: e.status,
    findings: e.findings,
    unaccounted: e.unaccounted ?? [],
    ...(e.notChecked === undefined ? {} : { notChecked: e.notChecked }),
    ...(e.notCheckedCounts === undefined ? {} : { notCheckedCounts: e.notCheckedCounts }),
    ...(e.steps === undefined ? {} : { steps: e.steps }),
    ...e.report,
  };
  return step(
    'chain.verifyExport',
    {
      ...args,
      answer: Object.keys(pinned),
      ...(e.notCheckedCounts === undefined ? {} : { countsOf: Object.keys(e.notCheckedCounts) }),
    },
    value(pinned),
  );
}

/** A case of the newer export groups refuses when it expects findings, an unchecked strict verdict, or a configuration error. */
const exportKind = (c: Case): CaseSteps['kind'] =>
  c.expect.error !== undefined || ['findings', 'unchecked'].includes(c.expect.status) ? 'refuse' : 'accept';

const exportGroup = (group: string, kind: CaseSteps['kind'] | ((c: Case) => CaseSteps['kind'])): OpGroup => ({
  file,
  group,
  pkg,
  replay: (g: Case[]) => each(g, kind, (c) => [reportStep(c)]),
});

export const chainGroups: OpGroup[] = [
  {
    file,
    group: 'chain.links',
    pkg,
    replay: (g: Case[]) =>
      each(g, kindOf, (c) => [
        step(
          'chain.verifyLink',
          { prevHex: c.prev, rawHex: textHex(c.raw), hashHex: c.hash },
          verdict(c, true),
        ),
      ]),
  },
  {
    file,
    group: 'chain.signatures',
    pkg,
    replay: (g: Case[]) =>
      each(g, kindOf, (c) => [
        step(
          'chain.verifyRecordSignature',
          { signature: c.signature, hashHex: c.hash, keys: c.keys },
          verdict(c, { keyId: c.signature?.key_id }),
        ),
      ]),
  },
  {
    file,
    group: 'audit.hmac',
    pkg,
    // An entry the JSON cannot hold as a value (a number beyond a double) travels as its text.
    replay: (g: Case[]) =>
      each(g, kindOf, (c) => [
        step(
          'chain.verifyAuditEntry',
          {
            ...(c.entryJson === undefined ? { entry: c.entry } : { entryJson: c.entryJson }),
            secrets: c.secrets,
          },
          verdict(c, c.expect),
        ),
      ]),
  },
  exportGroup('export.sound', 'accept'),
  exportGroup('export.findings', 'refuse'),
  ...[
    'export.graders',
    'export.reference-readings',
    'export.own-readings',
    'export.unchecked',
    'export.strict',
    'export.established',
  ].map((group) => exportGroup(group, exportKind)),
];
