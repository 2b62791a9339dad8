import { KEL_CHECKS, type ReplayedKel, replayKel } from '@agent-seam/anet-identity';
import { base64Strict, hex, type Verdict } from '@agent-seam/canonical';
import { type Command, oneInput, str } from '../command.js';
import { EXIT, parseNow, print, readInput, UsageError } from '../io.js';
import { report } from './shared.js';

/** A CBOR file (a key event log, a signed object, a bucket): its raw bytes (an array or a map), or those bytes as hex or base64 text. */
export function kelBytes(path: string): Uint8Array {
  const raw = readInput(path);
  if (raw.length > 0 && (raw[0]! >> 5 === 4 || raw[0]! >> 5 === 5)) return raw;
  const text = new TextDecoder().decode(raw).trim();
  const decoded = /^([0-9a-f]{2})+$/i.test(text) ? hex.decode(text.toLowerCase()) : base64Strict.decode(text);
  return decoded.ok ? decoded.value : raw;
}

const instant = (ms: number) => (ms === 0 ? '-' : new Date(ms).toISOString());

/** The state table: one row per event, as replay left it. */
export function stateTable(kel: ReplayedKel): string {
  const head = [
    `AID      ${kel.aid}`,
    `version  ${kel.version === 'v2' ? 'anet.kel/2' : 'v0.15 (no tag)'}${kel.kind === undefined ? '' : `, ${kel.kind}`}${kel.witness === undefined ? '' : `, witness ${kel.witness}`}${kel.deactivated ? ', deactivated' : ''}`,
    '',
    'seq  type  status       timestamp                 retired at                by                  key (Ed25519, base64)',
  ];
  const rows = kel.states.map((s) =>
    [
      String(s.seq).padEnd(4),
      s.type.padEnd(5),
      s.status.padEnd(12),
      instant(s.timestampMs).padEnd(25),
      instant(s.supersededAtMs).padEnd(25),
      (s.retiredBy ?? '-').padEnd(19),
      base64Strict.encode(s.key),
    ].join(' '),
  );
  return [...head, ...rows].join('\n');
}

const OPTIONS = { now: { type: 'string' } } as const;

function replayed(command: Command, values: Record<string, unknown>, positionals: string[]) {
  const bytes = kelBytes(oneInput(command, positionals));
  const now = parseNow(str(values.now as string | undefined));
  if (now === undefined)
    throw new UsageError(
      'give --now TIME: the clock version-2 events are judged against (RFC 3339 or Unix seconds)',
    );
  return replayKel(bytes, { now });
}

const USAGE_TAIL = `
Replays the key event log in FILE (CoreDet bytes, or that as base64 or hex) with
@agent-seam/anet-identity's replayKel: v0.15 or anet.kel/2, read from the log itself.

  --now TIME   your clock: no version-2 event may be more than 5 minutes after it
               (RFC 3339 with an offset, or Unix seconds)
  --json       one JSON object`;

/** The replayed log as --json members (keys as base64). */
const jsonKel = (kel: ReplayedKel) => ({
  aid: kel.aid,
  version: kel.version,
  ...(kel.kind === undefined ? {} : { kind: kel.kind }),
  ...(kel.witness === undefined ? {} : { witness: kel.witness }),
  deactivated: kel.deactivated,
  states: kel.states.map((s) => ({ ...s, key: base64Strict.encode(s.key) })),
});

/** A replay as the command reports it: every check, and the verdict (with the states in --json). */
function reportKel(command: string, verdict: Verdict<ReplayedKel, string>, json: boolean): number {
  return report({
    command,
    checks: KEL_CHECKS,
    verdict: verdict.ok ? { ok: true, value: jsonKel(verdict.value) } : verdict,
    options: {},
    signed: null,
    expected: undefined,
    json,
    okLine: () => (verdict.ok ? `replayed ${verdict.value.aid}\n${stateTable(verdict.value)}` : ''),
  });
}

export const kelShow: Command = {
  name: 'kel show',
  summary: 'replay an ANet key event log and print its state table (one row per event)',
  usage: `usage: seam kel show FILE|- --now TIME [--json]
${USAGE_TAIL}: the AID, the version and every state

exit: 0 replayed, 1 refused, 2 bad command line, 4 unreadable file`,
  example: `  $ seam kel show suite.kel --now 2026-01-01T00:00:00Z
  AID      bafyreicg3paeuo2nt4n575adgnovtr2y7aizti7643fxhk6zbmiaaa7q7y
  version  v0.15 (no tag)
  ...`,
  options: OPTIONS,
  run(values, positionals) {
    const verdict = replayed(kelShow, values, positionals);
    if (verdict.ok && values.json !== true) {
      print(stateTable(verdict.value));
      return EXIT.ok;
    }
    return reportKel('kel show', verdict, values.json === true);
  },
};

export const kelVerify: Command = {
  name: 'kel verify',
  summary: 'replay an ANet key event log, and explain a refusal check by check',
  usage: `usage: seam kel verify FILE|- --now TIME [--json]
${USAGE_TAIL}: every check in order; on a refusal, the one that refused and why, and
the state table of a log that replays

exit: 0 replayed, 1 refused, 2 bad command line, 4 unreadable file`,
  example: `  $ seam kel verify agent.kel --now 2026-01-04T00:00:00Z
  replayed bafyrei...`,
  options: OPTIONS,
  run(values, positionals) {
    const verdict = replayed(kelVerify, values, positionals);
    return reportKel('kel verify', verdict, values.json === true);
  },
};
