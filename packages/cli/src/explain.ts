// The explain layer as text: the packages say which checks there are, in which order, and
// what was signed; this only lays their answers out for a terminal and for --json.
import {
  type CheckResult,
  type CheckSpec,
  escapeBytes,
  explainVerdict,
  firstDifference,
  type Verdict,
} from '@agent-seam/canonical';

const MARK: Record<CheckResult['outcome'], string> = {
  pass: 'pass',
  refuse: 'REFUSED',
  'not-checked': 'not checked',
};

/** One line per check, in the verifier's order: pass, the refusing one, and the rest not reached. */
export function checksText(results: readonly CheckResult[]): string {
  const width = Math.max(...results.map((r) => r.id.length));
  const lines = results.map((r) => {
    const why =
      r.code !== undefined
        ? ` [${r.code}${r.detail ? `: ${r.detail}` : ''}]`
        : r.detail
          ? ` (${r.detail})`
          : '';
    return `  ${MARK[r.outcome].padEnd(12)} ${r.id.padEnd(width)}  ${r.title}${why}`;
  });
  return `checks, in the order the verifier makes them:\n${lines.join('\n')}`;
}

/** What --json carries under `explain`. */
export interface Explain {
  checks: CheckResult[];
  /** The exact bytes the signature covers, as the verifier computed them from the input. */
  signed?: { bytes: number; text: string; base64: string };
  /** With --expected: where the bytes you were told were signed first differ from these. */
  expected?: ExpectedComparison;
}

export interface ExpectedComparison {
  same: boolean;
  offset?: number;
  start?: number;
  received?: string;
  expected?: string;
  /** Whether the message's own signature holds over the expected bytes (where the signer's key is known). */
  signatureHoldsOverExpected?: boolean;
}

export function explain(
  checks: readonly CheckSpec[],
  verdict: Verdict<unknown>,
  options: object,
  signed: Uint8Array | null,
  expected: Uint8Array | undefined,
): Explain {
  const out: Explain = { checks: explainVerdict(checks, verdict, options) };
  if (signed !== null)
    out.signed = {
      bytes: signed.length,
      text: escapeBytes(signed),
      base64: Buffer.from(signed).toString('base64'),
    };
  if (signed !== null && expected !== undefined) out.expected = compare(signed, expected);
  return out;
}

export function compare(received: Uint8Array, expected: Uint8Array): ExpectedComparison {
  const d = firstDifference(received, expected);
  if (d === null) return { same: true };
  return {
    same: false,
    offset: d.offset,
    start: d.start,
    received: window(d.a),
    expected: window(d.b),
  };
}

/** The human form of an explanation: the checks, the signed bytes, the comparison. */
export function explainText(e: Explain, what = 'the signature covers'): string {
  const parts = [checksText(e.checks)];
  if (e.signed !== undefined)
    parts.push(
      `signed bytes (${e.signed.bytes} bytes, what ${what}; offset, then the bytes escaped):\n${indent(e.signed.text)}`,
    );
  if (e.expected !== undefined) parts.push(`--expected: ${comparisonText(e.expected)}`);
  return parts.join('\n');
}

export function comparisonText(c: ExpectedComparison, labels = ['received', 'expected']): string {
  if (c.same)
    return 'identical to the signed bytes above: the bytes agree, so the signature or the key is what differs';
  const width = Math.max(...labels.map((l) => l.length));
  return [
    `first difference at byte ${c.offset} (both windows start at byte ${c.start}):`,
    `  ${labels[0]!.padEnd(width)}  ${c.received}`,
    `  ${labels[1]!.padEnd(width)}  ${c.expected}`,
    ...(c.signatureHoldsOverExpected === undefined
      ? []
      : [
          c.signatureHoldsOverExpected
            ? 'the signature holds over the expected bytes: the sender signed those bytes instead of the ones above'
            : 'the signature does not hold over the expected bytes either: the bytes and the signature (or key) differ',
        ]),
  ].join('\n');
}

const indent = (text: string) =>
  text
    .split('\n')
    .map((l) => `  ${l}`)
    .join('\n');

/** A window of bytes escaped on one line (escapeBytes breaks after a newline byte; the break and the offsets go). */
const window = (bytes: Uint8Array) =>
  escapeBytes(bytes, { width: bytes.length + 1 })
    .split('\n')
    .map((line) => line.replace(/^ *\d+ {2}/, ''))
    .join('');
