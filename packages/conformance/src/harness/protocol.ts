// The messages of the seam harness protocol (spec/harness.md, spec/harness.schema.json).

export const PROTOCOL_VERSION = 1;

/** What an implementation says about itself before the first request. */
export interface Hello {
  protocol: number;
  name: string;
  version: string;
  language: string;
  /** The vector groups it claims. */
  groups: string[];
}

export interface Request {
  id: number;
  group: string;
  case: string;
  op: string;
  args: Record<string, unknown>;
}

/** The outcome of one question: a value, a refusal code, or a skip with its reason. */
export type Outcome = { ok: true; value: unknown } | { ok: false; code: string } | { skipped: string };

export type Answer = { id: number } & Outcome;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const exactKeys = (o: Record<string, unknown>, keys: string[]) =>
  Object.keys(o).length === keys.length && keys.every((k) => k in o);

/** A parsed line as an answer, or why it is not one (garbage in the protocol's terms). */
export function readAnswer(message: unknown): Answer | string {
  if (!isObject(message) || !Number.isInteger(message.id)) return 'not an answer object with an integer id';
  if (message.ok === true && exactKeys(message, ['id', 'ok', 'value'])) return message as Answer;
  if (message.ok === false && exactKeys(message, ['id', 'ok', 'code']) && typeof message.code === 'string')
    return message as Answer;
  if (exactKeys(message, ['id', 'skipped']) && typeof message.skipped === 'string') return message as Answer;
  return 'an answer holds exactly one of ok+value, ok:false+code, skipped';
}

/** A parsed line as the implementation's hello, or why it is not one. */
export function readHello(message: unknown): Hello | string {
  if (!isObject(message)) return 'the hello is not an object';
  if (message.protocol !== PROTOCOL_VERSION)
    return `the hello speaks protocol ${String(message.protocol)}, not ${PROTOCOL_VERSION}`;
  for (const k of ['name', 'version', 'language'] as const)
    if (typeof message[k] !== 'string') return `the hello's ${k} is not a string`;
  if (!Array.isArray(message.groups) || !message.groups.every((g) => typeof g === 'string'))
    return "the hello's groups is not a list of names";
  return message as unknown as Hello;
}

/** JSON text with members in sorted order: equality of answers does not depend on member order. */
export function sortedJson(value: unknown): string {
  return (
    JSON.stringify(value, (_k, x) =>
      isObject(x)
        ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
        : x,
    ) ?? 'undefined'
  );
}

const clip = (s: string) => (s.length > 160 ? `${s.slice(0, 157)}...` : s);

/** An outcome as the report shows it. */
export function showOutcome(o: Outcome): string {
  if ('skipped' in o) return `skipped (${clip(o.skipped)})`;
  return o.ok ? clip(sortedJson(o.value)) : `refused [${clip(o.code)}]`;
}

/** What a step expects: a value (exact, or any when `value` is absent) or a refusal code. */
export type Expected = { ok: true; value?: unknown } | { ok: false; code: string };

/** Null when the outcome is what was expected, else what the report says. */
export function disagreement(got: Outcome, expected: Expected): string | null {
  const want = expected.ok
    ? 'value' in expected
      ? clip(sortedJson(expected.value))
      : 'accepted'
    : `refused [${expected.code}]`;
  const agrees =
    !('skipped' in got) &&
    got.ok === expected.ok &&
    (got.ok
      ? !('value' in expected) || sortedJson(got.value) === sortedJson(expected.value)
      : got.code === (expected as { code: string }).code);
  return agrees ? null : `said ${showOutcome(got)}, the vector says ${want}`;
}
