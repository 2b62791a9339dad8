import { fail, ok, SeamError } from '@agent-seam/canonical';
import { encode } from '@agent-seam/coredet-cbor';
import { describe, expect, it } from 'vitest';
import { keyRingOf, openEnvelope, openEnvelopeV1, type SenderKeyQuery } from '../src/index.js';
import { envelope, open, plain, put, sealPlain, TS, verdict } from './envelope-fixture.js';

// One time convention: `now` is a Date or Unix seconds; the wire's ms fields say their unit.
const TS_MS = 1_767_225_600_000; // 2026-01-01T00:00:00Z
const DAY_MS = 86_400_000;
const sealed = sealPlain({ tsMs: TS_MS, expMs: TS_MS + DAY_MS, body: new Uint8Array(3) });
const queries: SenderKeyQuery[] = [];
const options = {
  ownAid: 'bafyreito',
  keyRing: keyRingOf([plain.epoch.privateKey]),
  resolveSenderKey: (q: SenderKeyQuery) => {
    queries.push(q);
    return q.ksn === 0 ? ok(plain.sender.publicKey) : fail('bad-key-state');
  },
  mailbox: 'off' as const,
  replay: 'off' as const,
};
const codeOf = (v: { ok: boolean; code?: string }) => (v.ok ? 'opened' : v.code);

describe('openEnvelope now', () => {
  it('a millisecond count throws bad-instant naming the option', () => {
    for (const [name, run] of [
      ['openEnvelope now', () => openEnvelope(sealed.bytes, { ...options, now: TS_MS })],
      ['openEnvelopeV1 now', () => openEnvelopeV1(sealed.bytes, { ...options, now: TS_MS })],
    ] as const) {
      let thrown: unknown;
      try {
        run();
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(SeamError);
      expect((thrown as SeamError).code).toBe('bad-instant');
      expect((thrown as SeamError).message).toContain(name);
      expect((thrown as SeamError).message).toContain('milliseconds');
    }
  });

  it('a Date and the same instant in Unix seconds give the same verdict', () => {
    for (const atMs of [TS_MS + 60_000, TS_MS + DAY_MS + 412_000, TS_MS - 300_000 - 5_000]) {
      const byDate = openEnvelope(sealed.bytes, { ...options, now: new Date(atMs) });
      const bySeconds = openEnvelope(sealed.bytes, { ...options, now: atMs / 1000 });
      expect(codeOf(bySeconds)).toBe(codeOf(byDate));
      if (!byDate.ok && !bySeconds.ok) expect(bySeconds.detail).toBe(byDate.detail);
    }
    expect(codeOf(openEnvelope(sealed.bytes, { ...options, now: TS_MS / 1000 + 60 }))).toBe('opened');
  });

  it('time refusals say by how much', () => {
    const late = openEnvelope(sealed.bytes, { ...options, now: new Date(TS_MS + DAY_MS + 412_000) });
    expect(late).toEqual({ ok: false, code: 'expired', detail: 'expired 412 s ago' });
    const early = openEnvelope(sealed.bytes, { ...options, now: new Date(TS_MS - 305_000) });
    expect(early).toEqual({
      ok: false,
      code: 'from-future',
      detail: 'ts is 305 s in the future (allowed skew 300 s)',
    });
  });

  it('the resolver gets the message time and the receiver clock in milliseconds', () => {
    queries.length = 0;
    const opened = openEnvelope(sealed.bytes, { ...options, now: TS_MS / 1000 + 1.5 });
    expect(opened.ok && opened.value.tsMs === TS_MS && opened.value.expMs === TS_MS + DAY_MS).toBe(true);
    expect(queries).toEqual([{ from: 'bafyreifrom', ksn: 0, tsMs: TS_MS, nowMs: TS_MS + 1500 }]);
  });
});

// Each `why` names the mutant of src/ the case holds, by file:line of the first mutation run.
describe('the lifetime window', () => {
  it('exp equal to ts (a zero lifetime) is accepted at that instant; one ms earlier is bad-lifetime', () => {
    // why: time-window.ts:27 `expMs < tsMs` -> `<=`
    const at = { now: new Date(TS) };
    expect(verdict(open(envelope({ inner: put(8, encode(TS)) }), at))).toEqual(['ok']);
    expect(verdict(open(envelope({ inner: put(8, encode(TS - 1)) }), at))).toEqual([
      'bad-lifetime',
      'exp is 0.001 s before ts',
    ]);
  });
});
