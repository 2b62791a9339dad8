import { ok } from '@agent-seam/canonical';
import { type FetchFunction, httpSource, verifyTlogProof } from '@agent-seam/tlog-tiles';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import { ORIGIN } from './support.js';

// The deadline of a read (src/source.ts) and the clock a quorum needs (src/clock.ts): the
// rules the mutation run of those lines found unheld.
const PREFIX = 'https://log.example/tiles/';

describe('a read’s deadline', () => {
  const answering: FetchFunction = async () => new Response(Uint8Array.of(1, 2, 3));

  it('timeoutMs is a whole number of milliseconds, at least 1: anything else throws naming it', () => {
    for (const timeoutMs of [0, -1, 0.5, 1.5, Number.NaN, 2 ** 53]) {
      expect(
        thrown(() => httpSource(answering, PREFIX, { timeoutMs })),
        String(timeoutMs),
      ).toEqual({
        name: 'SeamError',
        code: 'invalid-argument',
        message: 'invalid-argument: timeoutMs must be a positive integer (milliseconds)',
      });
    }
    expect(typeof httpSource(answering, PREFIX, { timeoutMs: 1 })).toBe('function');
  });

  it('a read answered in time is never aborted afterwards: its timer ends with it', async () => {
    const signals: AbortSignal[] = [];
    const fetch: FetchFunction = async (url, init) => {
      signals.push(init.signal);
      return answering(url, init);
    };
    const source = httpSource(fetch, PREFIX, { timeoutMs: 20 });
    expect(await source('checkpoint', 100)).toEqual(ok(Uint8Array.of(1, 2, 3)));
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(signals.map((s) => s.aborted)).toEqual([false]);
  });
});

describe('the clock a quorum needs', () => {
  it('a quorum that is null is refused as a quorum (invalid-quorum), not read into a TypeError', () => {
    const error = thrown(() =>
      verifyTlogProof('c2sp.org/tlog-proof@v1\n', {
        origin: ORIGIN,
        quorum: null as never,
        leafHash: new Uint8Array(32),
        now: 'off',
      }),
    );
    expect([error.name, error.code]).toEqual(['SeamError', 'invalid-quorum']);
  });
});
