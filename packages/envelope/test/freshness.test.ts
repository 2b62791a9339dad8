import { SeamError } from '@agent-seam/canonical';
import {
  DEFAULT_LISTEN_SKEW,
  DEFAULT_MAX_SKEW,
  DEFAULT_REPLAY_WINDOW,
  listenMinute,
  MemoryReplayCache,
  type ReplayAnswer,
  type ReplayCache,
  signEnvelope,
  signInvite,
  signListenToken,
  verifyEnvelope,
  verifyEnvelopeAsync,
  verifyInvite,
  verifyListenToken,
} from '@agent-seam/envelope';
import { describe, expect, it } from 'vitest';
import { thrownSeamError } from '../../../tools/thrown.ts';
import { me, NOW, seed, sender } from './fixture.js';

const date = (seconds: number) => new Date(seconds * 1000);
const message = (messageId = 'm1', timestamp: number | Date = NOW) =>
  signEnvelope({ to: me, messageId, contextId: null, timestamp, text: 'hi' }, seed);

describe('the documented defaults', () => {
  it('are 300 s of skew, a 600 s replay window, 60 s of listen-token skew', () => {
    expect([DEFAULT_MAX_SKEW, DEFAULT_REPLAY_WINDOW, DEFAULT_LISTEN_SKEW]).toEqual([300, 600, 60]);
    expect(new MemoryReplayCache().windowSeconds).toBe(600);
  });
});

describe('one time convention', () => {
  it('verifyEnvelope now: a Date and the same seconds give the same verdict', () => {
    for (const at of [NOW, NOW + 300, NOW + 412, NOW - 412])
      expect(verifyEnvelope(message(), { recipientDid: me, now: date(at), replay: 'off' })).toEqual(
        verifyEnvelope(message(), { recipientDid: me, now: at, replay: 'off' }),
      );
  });
  it('time refusals say by how much', () => {
    expect(verifyEnvelope(message(), { recipientDid: me, now: NOW + 412, replay: 'off' })).toEqual({
      ok: false,
      code: 'stale',
      detail: '412 s old (allowed 300 s)',
    });
    expect(verifyEnvelope(message(), { recipientDid: me, now: NOW - 412, replay: 'off' })).toEqual({
      ok: false,
      code: 'from-future',
      detail: '412 s in the future (allowed skew 300 s)',
    });
  });
  it('a millisecond count is refused, naming the option', () => {
    const cases: [() => unknown, string][] = [
      [
        () => verifyEnvelope(message(), { recipientDid: me, now: NOW * 1000, replay: 'off' }),
        'verifyEnvelope now',
      ],
      [
        () =>
          signEnvelope({ to: me, messageId: 'm', contextId: null, timestamp: NOW * 1000, text: '' }, seed),
        'signEnvelope timestamp',
      ],
      [
        () =>
          verifyListenToken('x', { did: sender, minute: 1, relayUrl: 'https://r.example', now: NOW * 1000 }),
        'verifyListenToken now',
      ],
      [() => verifyInvite({}, { now: NOW * 1000 }), 'verifyInvite now'],
      [() => listenMinute(NOW * 1000), 'listenMinute now'],
    ];
    for (const [f, option] of cases) {
      const e = thrownSeamError(f);
      expect(e.code).toBe('bad-instant');
      expect(e.message).toContain(option);
    }
    const skew = thrownSeamError(() =>
      verifyEnvelope(message(), { recipientDid: me, now: NOW, maxSkew: 300_000_000_000, replay: 'off' }),
    );
    expect([skew.code, skew.message.includes('verifyEnvelope maxSkew')]).toEqual(['bad-duration', true]);
  });
  it('a signer writes a Date as whole seconds', () => {
    expect(message('m1', date(NOW + 0.75))).toEqual(message('m1', NOW));
  });
  it('listen tokens: listenMinute, and a Date as now', () => {
    const claim = { did: sender, minute: listenMinute(date(NOW)), relayUrl: 'https://relay.example' };
    expect(claim.minute).toBe(Math.floor(NOW / 60));
    const token = signListenToken(claim, seed);
    for (const at of [NOW, NOW + 200, NOW - 200])
      expect(verifyListenToken(token, { ...claim, now: date(at) })).toEqual(
        verifyListenToken(token, { ...claim, now: at }),
      );
    expect(verifyListenToken(token, { ...claim, now: NOW })).toEqual({
      ok: true,
      value: { freshness: 'fresh' },
    });
    expect(verifyListenToken(token, { ...claim, now: 'off' })).toEqual({
      ok: true,
      value: { freshness: 'off-by-caller' },
    });
  });
  it('invites: a Date as now, and how long ago one expired', () => {
    const card = { v: 1, did: sender, nonce: 'n', exp: '2026-07-23T09:59:45Z' };
    const exp = Date.UTC(2026, 6, 23, 9, 59, 45) / 1000;
    const signed = signInvite(card, seed);
    expect(verifyInvite(signed, { now: date(exp - 1) })).toEqual(verifyInvite(signed, { now: exp - 1 }));
    expect(verifyInvite(signed, { now: exp + 412 })).toEqual({
      ok: false,
      code: 'expired',
      detail: 'expired 412 s ago',
    });
  });
});

describe('configurations that cannot be safe are refused', () => {
  const code = (f: () => unknown) => thrownSeamError(f).code;
  it("skew or a replay cache with now: 'off'", () => {
    expect(
      code(() => verifyEnvelope(message(), { recipientDid: me, now: 'off', replay: 'off', maxSkew: 60 })),
    ).toBe('bad-options');
    expect(
      code(() =>
        verifyEnvelope(message(), { recipientDid: me, now: 'off', replay: new MemoryReplayCache() }),
      ),
    ).toBe('bad-options');
    expect(
      code(() =>
        verifyListenToken('x', {
          did: sender,
          minute: 1,
          relayUrl: 'https://r.example',
          now: 'off',
          maxSkew: 5,
        }),
      ),
    ).toBe('bad-options');
  });
  it('a replay window shorter than the skew', () => {
    const replay = new MemoryReplayCache({ windowSeconds: 299 });
    const e = thrownSeamError(() => verifyEnvelope(message(), { recipientDid: me, now: NOW, replay }));
    expect(e.code).toBe('bad-options');
    expect(e.message).toContain('shorter than maxSkew');
    // The same window with a skew it covers is fine.
    expect(verifyEnvelope(message(), { recipientDid: me, now: NOW, maxSkew: 299, replay }).ok).toBe(true);
  });
  it('something that is not a replay cache, and a cache that answers later in the synchronous verifier', () => {
    expect(code(() => verifyEnvelope(message(), { recipientDid: me, now: NOW, replay: {} as never }))).toBe(
      'bad-options',
    );
    const later: ReplayCache = {
      windowSeconds: 600,
      checkAndRemember: async (): Promise<ReplayAnswer> => 'new',
    };
    const e = thrownSeamError(() => verifyEnvelope(message(), { recipientDid: me, now: NOW, replay: later }));
    expect([e.code, e.message.includes('use verifyEnvelopeAsync')]).toEqual(['bad-options', true]);
  });
  it('bad cache sizes', () => {
    for (const options of [{ maxEntries: 0 }, { maxChars: 1.5 }, { windowSeconds: -1 }])
      expect(() => new MemoryReplayCache(options)).toThrow(SeamError);
  });
});

describe('MemoryReplayCache', () => {
  it('remembers until windowSeconds after the timestamp, then forgets', () => {
    const cache = new MemoryReplayCache({ windowSeconds: 600 });
    expect(cache.checkAndRemember(sender, 'm', NOW, NOW)).toBe('new');
    expect(cache.checkAndRemember(sender, 'm', NOW, NOW + 600)).toBe('seen');
    expect(cache.size).toBe(1);
    expect(cache.checkAndRemember(sender, 'other', NOW + 700, NOW + 601)).toBe('new');
    expect(cache.size).toBe(1);
    // Forgotten: and therefore never new again, whatever clock a caller passes later.
    expect(cache.checkAndRemember(sender, 'm', NOW, NOW)).toBe('forgotten');
  });
  it('keys by sender and messageId without ambiguity', () => {
    const cache = new MemoryReplayCache();
    expect(cache.checkAndRemember('ab', 'c', NOW, NOW)).toBe('new');
    expect(cache.checkAndRemember('a', 'bc', NOW, NOW)).toBe('new');
  });
  it('holds at most maxEntries, at most maxChars of keys, and no key longer than maxChars', () => {
    const byCount = new MemoryReplayCache({ maxEntries: 50 });
    for (let i = 0; i < 200; i++) byCount.checkAndRemember(sender, `id-${i}`, NOW + i, NOW);
    expect(byCount.size).toBe(50);
    const keyChars = `${sender.length}:${sender}id-100`.length;
    const bySize = new MemoryReplayCache({ maxChars: 20 * keyChars });
    for (let i = 100; i < 200; i++) bySize.checkAndRemember(sender, `id-${i}`, NOW + i, NOW);
    expect(bySize.size).toBe(20);
    expect(bySize.checkAndRemember(sender, 'x'.repeat(20 * keyChars), NOW + 500, NOW)).toBe('forgotten');
  });
});

describe('replay through the verifiers', () => {
  it('verifyEnvelopeAsync waits for a store that answers with a promise; of two concurrent deliveries one is first-seen', async () => {
    const memory = new MemoryReplayCache();
    const shared: ReplayCache = {
      windowSeconds: memory.windowSeconds,
      checkAndRemember: async (...args: [string, string, number, number]): Promise<ReplayAnswer> =>
        memory.checkAndRemember(...args),
    };
    const options = { recipientDid: me, now: NOW, replay: shared };
    const verdicts = await Promise.all([
      verifyEnvelopeAsync(message(), options),
      verifyEnvelopeAsync(message(), options),
    ]);
    expect(verdicts.map((v) => (v.ok ? v.value.replay : v.code)).sort()).toEqual(['first-seen', 'replayed']);
  });
  it('the async and sync verifiers give the same verdicts over one sequence', async () => {
    const sync = new MemoryReplayCache();
    const async = new MemoryReplayCache();
    for (const [input, now] of [
      [message('a'), NOW],
      [message('a'), NOW + 1],
      [message('b', NOW - 400), NOW],
      [{ ...message('c'), text: 'edited' }, NOW],
      [message('c'), NOW],
    ] as const)
      expect(await verifyEnvelopeAsync(input, { recipientDid: me, now, replay: async })).toEqual(
        verifyEnvelope(input, { recipientDid: me, now, replay: sync }),
      );
  });
  it('the verdict tells a judged message from one whose checks the caller turned off', () => {
    const replay = new MemoryReplayCache();
    expect(verifyEnvelope(message(), { recipientDid: me, now: 'off', replay: 'off' })).toMatchObject({
      ok: true,
      value: { freshness: 'off-by-caller', replay: 'off-by-caller' },
    });
    expect(verifyEnvelope(message(), { recipientDid: me, now: NOW, replay: 'off' })).toMatchObject({
      ok: true,
      value: { freshness: 'fresh', replay: 'off-by-caller' },
    });
    expect(verifyEnvelope(message(), { recipientDid: me, now: NOW, replay })).toMatchObject({
      ok: true,
      value: { freshness: 'fresh', replay: 'first-seen' },
    });
  });
});

describe('verifyEnvelope: option errors name the option and the fix', () => {
  // Each `why` names the mutant of src/ the case holds.
  const sent = message('m');
  const OFF = { now: 'off', replay: 'off' } as const;
  it("maxSkew with now: 'off' is refused with its reason", () => {
    // why: kills the StringLiteral mutant of that message.
    expect(
      thrownSeamError(() => verifyEnvelope(sent, { recipientDid: me, ...OFF, maxSkew: 10 })).message,
    ).toContain(
      "bad-options: verifyEnvelope: maxSkew and a replay cache judge time; with now: 'off' pass replay: 'off' and no maxSkew",
    );
  });

  it('a replay object without checkAndRemember is refused before any message is read', () => {
    // why: kills `typeof replay.checkAndRemember !== 'function'` → false (the call later
    // threw a TypeError) and the StringLiteral of its message.
    expect(
      thrownSeamError(() =>
        verifyEnvelope(sent, { recipientDid: me, now: NOW, replay: { windowSeconds: 600 } as never }),
      ).message,
    ).toContain(
      "bad-options: verifyEnvelope replay must be a ReplayCache (e.g. new MemoryReplayCache()) or 'off'",
    );
  });

  it('a replay cache that answers something else is a configuration error, not a verdict', () => {
    // why: kills `answer === 'forgotten'` → true (an unknown answer became
    // replay-cache-full) and the no-coverage literals of that SeamError.
    const odd = { windowSeconds: 600, checkAndRemember: () => 'maybe' } as never;
    expect(
      thrownSeamError(() => verifyEnvelope(sent, { recipientDid: me, now: NOW, replay: odd })).message,
    ).toContain('bad-options: the replay cache answered something other than new, seen or forgotten');
  });

  it('replayed and replay-cache-full carry their details', () => {
    // why: kills the StringLiteral mutants of both details.
    const seen = { windowSeconds: 600, checkAndRemember: () => 'seen' } as never;
    const forgotten = { windowSeconds: 600, checkAndRemember: () => 'forgotten' } as never;
    expect(verifyEnvelope(sent, { recipientDid: me, now: NOW, replay: seen })).toEqual({
      ok: false,
      code: 'replayed',
      detail: 'this sender already delivered this message id',
    });
    expect(verifyEnvelope(sent, { recipientDid: me, now: NOW, replay: forgotten })).toEqual({
      ok: false,
      code: 'replay-cache-full',
      detail: 'the replay cache has forgotten messages this old, so it cannot vouch for this one',
    });
  });

  it('a missing clock is a usage error naming the verifier, the option, what it is for and the opt-out', () => {
    // why: the `where` and `neededFor` strings of envelope.ts (verifyEnvelope,
    // verifyEnvelopeAsync), invite.ts and relay.ts → ''.
    expect(
      thrownSeamError(() => verifyEnvelope(sent, { recipientDid: me, replay: 'off' } as never)).message,
    ).toBe(
      "missing-option: verifyEnvelope needs now (a Date or Unix seconds) to judge the message's timestamp; to leave that unjudged, pass now: 'off'",
    );
    return verifyEnvelopeAsync(sent, { recipientDid: me, replay: 'off' } as never).then(
      () => expect.unreachable(),
      (error: Error) => {
        expect(error.message).toBe(
          "missing-option: verifyEnvelopeAsync needs now (a Date or Unix seconds) to judge the message's timestamp; to leave that unjudged, pass now: 'off'",
        );
        const invite = signInvite({ v: 1, did: sender, nonce: 'n', exp: '2026-07-23T09:59:45Z' }, seed);
        expect(thrownSeamError(() => verifyInvite(invite, {} as never)).message).toBe(
          'missing-option: verifyInvite needs now (a Date or Unix seconds) to judge the card against its exp',
        );
        const listen = { did: sender, minute: 100, relayUrl: 'https://relay.example' };
        expect(thrownSeamError(() => verifyListenToken('AA==', listen as never)).message).toBe(
          "missing-option: verifyListenToken needs now (a Date or Unix seconds) to judge the token's minute; to leave that unjudged, pass now: 'off'",
        );
      },
    );
  });
});
