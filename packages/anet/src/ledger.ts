/**
 * The event ledger: a chain of signed ledger events. The first event's prev_id is the
 * genesis, the CID of the CoreDet text "anet:ael:genesis" (FACTS 3, VEC-AEL-GENESIS-1);
 * DECIDED (spec/anet.md): every later one names the CID of the previous event's wire
 * bytes, seq counts from 0, times never go back, and one actor signs them all. On the
 * wire a ledger is a CoreDet array of byte strings, each one event's wire form.
 */

import { IdentityCache } from '@agent-seam/anet-identity';
import { fail, ok, type Verdict } from '@agent-seam/canonical';
import { cid, decode } from '@agent-seam/coredet-cbor';
import { MAX_LEDGER_EVENTS, MAX_OBJECT_BYTES } from './limits.js';
import {
  OBJECT_CODES,
  objectAnswers,
  objectSteps,
  type VerifiedObject,
  type VerifySignedObjectOptions,
} from './signed-object.js';
import { runAsync, runSync, type Steps } from './steps.js';

/**
 * The genesis prev_id: the CID of the CoreDet text "anet:ael:genesis" (LEDGER_GENESIS_TEXT;
 * written out so a verifier needs no encoder; test/ledger.test.ts computes it).
 */
export const LEDGER_GENESIS_ID = 'bafyreifi23d3grw75bm2ox7ssj3fq3mrtwxyb646ojzabakucfpf527clm';

export const LEDGER_CODES = [
  'not-bytes',
  'ledger-too-large',
  'bad-ledger',
  ...OBJECT_CODES.filter((c) => c !== 'not-bytes'),
  'bad-ledger-chain',
  'bad-ledger-time',
] as const;
export type LedgerCode = (typeof LEDGER_CODES)[number];

export interface VerifiedLedger {
  actor: string;
  events: VerifiedObject[];
  /** The CID of the last event's wire bytes: what the next event must name. */
  headId: string;
}

export type VerifyLedgerOptions = Omit<VerifySignedObjectOptions, 'kind'>;

function* ledgerSteps(
  bytes: unknown,
  options: VerifyLedgerOptions,
  context: Parameters<typeof objectSteps>[3],
): Steps<Verdict<VerifiedLedger, LedgerCode>> {
  if (!(bytes instanceof Uint8Array)) return fail('not-bytes', 'the ledger is not a Uint8Array');
  const max = MAX_LEDGER_EVENTS * MAX_OBJECT_BYTES;
  if (bytes.length > max) return fail('ledger-too-large', `${bytes.length} bytes, over ${max}`);
  const decoded = decode(bytes);
  if (!decoded.ok) return fail('bad-ledger', `${decoded.code}${decoded.detail ? `: ${decoded.detail}` : ''}`);
  const items = decoded.value;
  if (
    !Array.isArray(items) ||
    items.length === 0 ||
    items.length > MAX_LEDGER_EVENTS ||
    !items.every((i) => i instanceof Uint8Array)
  )
    return fail('bad-ledger', `a ledger is an array of 1 to ${MAX_LEDGER_EVENTS} byte strings`);
  const events: VerifiedObject[] = [];
  let prev = LEDGER_GENESIS_ID;
  for (const [seq, wire] of (items as Uint8Array[]).entries()) {
    const event = yield* objectSteps(wire, 'ledger-event', options.kel, context);
    if (!event.ok) return fail(event.code, `event ${seq}: ${event.detail ?? ''}`);
    const f = event.value.fields;
    if (f.prevId !== prev || f.seq !== seq)
      return fail('bad-ledger-chain', `event ${seq}: its prev_id or seq does not follow event ${seq - 1}`);
    const last = events.at(-1);
    if (last !== undefined && (f.ts as number) < (last.fields.ts as number))
      return fail('bad-ledger-time', `event ${seq} is older than event ${seq - 1}`);
    events.push(event.value);
    prev = cid(wire, { codec: 'dag-cbor' }).text;
  }
  return ok({ actor: events[0]!.fields.actor as string, events, headId: prev });
}

/** One log for every event: replayed once (a cache of the caller's, or one for this ledger). */
const ledgerAnswers = (options: VerifyLedgerOptions) =>
  objectAnswers(
    { ...options, kind: 'ledger-event', cache: options.cache ?? new IdentityCache() },
    'verifyLedger',
  );

/** Verify a ledger (every event's signature and the chain of CIDs from the genesis). */
export function verifyLedger(
  bytes: unknown,
  options: VerifyLedgerOptions,
): Verdict<VerifiedLedger, LedgerCode> {
  const { context, answers } = ledgerAnswers(options);
  return runSync(ledgerSteps(bytes, options, context), answers);
}

export async function verifyLedgerAsync(
  bytes: unknown,
  options: VerifyLedgerOptions,
): Promise<Verdict<VerifiedLedger, LedgerCode>> {
  const { context, answers } = ledgerAnswers(options);
  return runAsync(ledgerSteps(bytes, options, context), answers);
}
