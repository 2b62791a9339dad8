import { IdentityCache } from '@agent-seam/anet-identity';
import { cid, encode } from '@agent-seam/coredet-cbor';
import { describe, expect, it } from 'vitest';
import { thrownSeamError } from '../../../tools/thrown.ts';
import { encodeAnetObject, signObject, type VerifyLedgerOptions, verifyLedger } from '../src/index.js';
import { MAX_LEDGER_EVENTS, MAX_OBJECT_BYTES } from '../src/limits.js';
import { AGENT, AGENT_KEL, NOW, OTHER, seed, utf8 } from './fixture.js';
import { judgeRefusal } from './object-vectors.js';

/**
 * A ledger's rules at their edges (verifyLedger): the detail of every refusal of the
 * anet.ledger vectors written out, the size and count at their bounds, the order of event
 * times compared with the event just before, and the options.
 */
const GENESIS = cid(encode('anet:ael:genesis'), { codec: 'dag-cbor' }).text;
const options = (over: Partial<VerifyLedgerOptions> = {}): VerifyLedgerOptions => ({
  kel: AGENT_KEL,
  now: new Date(NOW),
  pins: 'off',
  ...over,
});
/** The agent's ledger whose events have these times (minutes before now), chained from the genesis; `by` names another actor of an event. */
function ledger(minutesAgo: number[], by: Record<number, { actor: string; label: string }> = {}): Uint8Array {
  let prev = GENESIS;
  const wires = minutesAgo.map((ago, seq) => {
    const { actor, label } = by[seq] ?? { actor: AGENT, label: 'a1' };
    const fields = {
      prevId: prev,
      seq,
      type: 'note',
      body: utf8(`event ${seq}`),
      ts: NOW - ago * 60_000,
      actor,
    };
    const wire = signObject(
      encodeAnetObject('ledger-event', 'v2', fields),
      { signer: actor, ksn: 1 },
      seed(label),
    );
    prev = cid(wire, { codec: 'dag-cbor' }).text;
    return wire;
  });
  return encode(wires);
}
const verify = (bytes: unknown, over: Partial<VerifyLedgerOptions> = {}) =>
  verifyLedger(bytes, options(over));
const ARRAY_OF = `a ledger is an array of 1 to ${MAX_LEDGER_EVENTS} byte strings`;

describe('the detail of every anet.ledger refusal, as a person reads it', () => {
  const DETAILS: Record<string, string> = {
    'ledger-is-hex-text': 'the ledger is not a Uint8Array',
    'empty-ledger': ARRAY_OF,
    'events-as-maps': ARRAY_OF,
    'second-event-signature-flipped':
      'event 1: the signature does not verify over the ledger-event bytes under the key of state 1 (bad-signature)',
    'first-event-not-after-genesis': 'event 0: its prev_id or seq does not follow event -1',
    'seq-gap': 'event 2: its prev_id or seq does not follow event 1',
    'time-goes-back': 'event 2 is older than event 1',
  };
  // why: ledger.ts details (StringLiteral mutants at 52, 64, 72, 75; seq - 1 → + at 72:97 and 75:74; event.detail ?? '' → && at 69:61)
  for (const [name, detail] of Object.entries(DETAILS))
    it(name, () => expect(judgeRefusal('anet.ledger', name)).toMatchObject({ ok: false, detail }));
});

describe('the shape of a ledger at its bounds', () => {
  it('a CBOR array cut short is refused with the decoder’s code and detail', () =>
    // why: ledger.ts:56:7 !decoded.ok → false; 56:46 and 56:81 the detail
    expect(verify(Uint8Array.of(0x82, 0x40))).toEqual({
      ok: false,
      code: 'bad-ledger',
      detail: 'truncated: a container is longer than the input (at byte 0)',
    }));
  it(`a ledger of ${MAX_LEDGER_EVENTS + 1} items is refused by its count; of ${MAX_LEDGER_EVENTS}, each item is read`, () => {
    const items = (n: number) => encode(new Array(n).fill(new Uint8Array(1)));
    // why: ledger.ts:61:5 length > MAX_LEDGER_EVENTS → false, > → >=
    expect(verify(items(MAX_LEDGER_EVENTS + 1))).toEqual({ ok: false, code: 'bad-ledger', detail: ARRAY_OF });
    expect(verify(items(MAX_LEDGER_EVENTS))).toMatchObject({ ok: false, code: 'bad-object-wire' });
  });
  it('a ledger of one byte string and one number is refused as a whole', () =>
    // why: ledger.ts:62:6 every → some
    expect(verify(encode([new Uint8Array(1), 5]))).toEqual({
      ok: false,
      code: 'bad-ledger',
      detail: ARRAY_OF,
    }));
  it(`a ledger over ${MAX_LEDGER_EVENTS} × ${MAX_OBJECT_BYTES} bytes is refused by its size; at it, read`, () => {
    const max = MAX_LEDGER_EVENTS * MAX_OBJECT_BYTES;
    const bytes = new Uint8Array(max + 1);
    // why: ledger.ts:54:7 length > max → false, > → >=; 54 NoCoverage strings
    expect(verify(bytes)).toEqual({
      ok: false,
      code: 'ledger-too-large',
      detail: `${max + 1} bytes, over ${max}`,
    });
    expect(verify(bytes.subarray(0, max))).toMatchObject({ ok: false, code: 'bad-ledger' });
  });
});

describe('event times, each compared with the event just before it', () => {
  it('two events of one time are kept', () =>
    // why: ledger.ts:74:31 < → <=
    expect(verify(ledger([30, 30])).ok).toBe(true));
  it('a second event older than the first is refused', () =>
    // why: ledger.ts:73:28 at(-1) → at(+1)
    expect(verify(ledger([30, 31]))).toEqual({
      ok: false,
      code: 'bad-ledger-time',
      detail: 'event 1 is older than event 0',
    }));
  it('a fourth event older than the third (though not the second) is refused', () =>
    // why: ledger.ts:73:28 at(-1) → at(+1)
    expect(verify(ledger([40, 35, 20, 30]))).toEqual({
      ok: false,
      code: 'bad-ledger-time',
      detail: 'event 3 is older than event 2',
    }));
});

describe('one actor', () => {
  it('an event by another actor is refused by the log the ledger is judged with', () =>
    expect(verify(ledger([30, 20], { 1: { actor: OTHER, label: 'b1' } }))).toEqual({
      ok: false,
      code: 'signer-mismatch',
      detail: 'event 1: the key event log replays to another AID than the signer',
    }));
});

describe('the options', () => {
  it('a cache of yours holds the log the ledger was judged with', () => {
    const cache = new IdentityCache();
    // why: ledger.ts:87:48 options.cache ?? new IdentityCache() → &&
    expect(verify(ledger([30, 20]), { cache }).ok).toBe(true);
    expect(cache.size).toBeGreaterThan(0);
  });
  it('the identity options are named for verifyLedger', () =>
    // why: ledger.ts:88:5 'verifyLedger' → ""
    expect(thrownSeamError(() => verify(ledger([30]), { pins: undefined as never })).message).toMatch(
      /^missing-option: verifyLedger needs pins /,
    ));
});
