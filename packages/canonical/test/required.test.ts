import {
  describeType,
  explainVerdict,
  fail,
  instantOrOff,
  MemoryReplayCache,
  missingOption,
  OFF,
  type ReplayAnswer,
  replayOrOff,
  replayVerdict,
  replayVerdictAsync,
  requiredInstant,
  unjudgedMembers,
} from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { rejectedSeamError, thrown } from '../../../tools/thrown.ts';

const NOW = 1784280881;

describe('required options: left out is a usage error naming the option; off is said by name', () => {
  it('missingOption names the verifier, the option, what it judges and how to opt out', () => {
    expect(missingOption('verifyX', 'replay', 'to refuse copies')).toMatchObject({
      code: 'missing-option',
      message:
        "missing-option: verifyX needs replay to refuse copies; to leave that unjudged, pass replay: 'off'",
    });
  });
  it('requiredInstant: a clock, or missing-option; no opt-out', () => {
    expect(requiredInstant(new Date(NOW * 1000), 'verifyX', 'to judge exp')).toBe(NOW);
    expect(thrown(() => requiredInstant(undefined, 'verifyX', 'to judge exp'))).toMatchObject({
      code: 'missing-option',
      message: 'missing-option: verifyX needs now (a Date or Unix seconds) to judge exp',
    });
    expect(thrown(() => requiredInstant('off' as never, 'verifyX', 'to judge exp')).code).toBe('bad-instant');
  });
  it("instantOrOff: a clock, 'off', or missing-option saying how to opt out", () => {
    expect(instantOrOff(NOW, 'verifyX', 'to judge ts')).toBe(NOW);
    expect(instantOrOff(OFF, 'verifyX', 'to judge ts')).toBe('off');
    expect(thrown(() => instantOrOff(undefined, 'verifyX', 'to judge ts')).message).toBe(
      "missing-option: verifyX needs now (a Date or Unix seconds) to judge ts; to leave that unjudged, pass now: 'off'",
    );
    expect(thrown(() => instantOrOff(NOW * 1000, 'verifyX', 'to judge ts'))).toMatchObject({
      code: 'bad-instant',
      message: expect.stringContaining('verifyX now'),
    });
  });
  it("replayOrOff: a ReplayCache, 'off', missing-option, or bad-options for anything else", () => {
    const cache = new MemoryReplayCache();
    expect(replayOrOff(cache, 'verifyX')).toBe(cache);
    expect(replayOrOff('off', 'verifyX')).toBe('off');
    expect(thrown(() => replayOrOff(undefined, 'verifyX'))).toMatchObject({
      code: 'missing-option',
      message: expect.stringMatching(/^missing-option: verifyX needs replay \(a ReplayCache/),
    });
    for (const wrong of [null, {}, 'on', { checkAndRemember: 1 }])
      expect(thrown(() => replayOrOff(wrong, 'verifyX'))).toMatchObject({
        code: 'bad-options',
        message: "bad-options: verifyX replay must be a ReplayCache (e.g. new MemoryReplayCache()) or 'off'",
      });
  });
});

describe('replayVerdict: a store answer as the shared verdict', () => {
  it('new, seen, forgotten', () => {
    expect(replayVerdict('new')).toEqual({ ok: true, value: 'first-seen' });
    expect(replayVerdict('seen')).toEqual({
      ok: false,
      code: 'replayed',
      detail: 'this sender already delivered this message id',
    });
    expect(replayVerdict('forgotten')).toEqual({
      ok: false,
      code: 'replay-cache-full',
      detail: 'the replay cache has forgotten messages this old, so it cannot vouch for this one',
    });
  });
  it('a promise in a synchronous verifier names the asynchronous one; another answer is the store’s bug', () => {
    const later = Promise.resolve<ReplayAnswer>('new');
    expect(thrown(() => replayVerdict(later, 'verifyXAsync')).message).toBe(
      'bad-options: this replay cache answers asynchronously: use verifyXAsync',
    );
    expect(thrown(() => replayVerdict('maybe' as never)).message).toBe(
      'bad-options: the replay cache answered something other than new, seen or forgotten',
    );
  });
});

describe('replayVerdictAsync: a store that cannot answer refuses', () => {
  const unavailable = {
    ok: false,
    code: 'replay-store-unavailable',
    detail:
      'the replay store failed to answer, so the message cannot be judged unseen: check the store (its server, connection and errors)',
  };
  it('waits for a promise, and answers a plain answer the same way', async () => {
    expect(await replayVerdictAsync(() => Promise.resolve<ReplayAnswer>('new'))).toEqual(
      replayVerdict('new'),
    );
    expect(await replayVerdictAsync(() => 'seen')).toEqual(replayVerdict('seen'));
  });
  it('a rejected promise and a thrown error (whatever it holds) are both replay-store-unavailable', async () => {
    const echoed = new Error('ECONNREFUSED for sender did:key:zHostile');
    expect(await replayVerdictAsync(() => Promise.reject(echoed))).toEqual(unavailable);
    expect(
      await replayVerdictAsync(() => {
        throw echoed;
      }),
    ).toEqual(unavailable);
  });
  it('another answer is still the store’s bug, thrown', async () => {
    expect((await rejectedSeamError(replayVerdictAsync(() => 'maybe' as never))).message).toMatch(
      /something other than/,
    );
  });
});

describe('explainVerdict and a check turned off by name', () => {
  const checks = [
    { id: 'shape', title: 'a shape', codes: ['bad-shape'] },
    { id: 'time', title: 'on time', codes: ['stale'], needs: 'now' },
  ];
  it("a needs option given as 'off' is not-checked, and says the caller turned it off", () => {
    expect(explainVerdict(checks, { ok: true, value: 1 }, { now: 'off' })[1]).toEqual({
      id: 'time',
      title: 'on time',
      outcome: 'not-checked',
      detail: "turned off by the caller (now: 'off')",
    });
    expect(explainVerdict(checks, fail('bad-shape'), { now: NOW })[1]).toMatchObject({
      outcome: 'not-checked',
    });
    expect(explainVerdict(checks, { ok: true, value: 1 }, { now: NOW })[1]).toMatchObject({
      outcome: 'pass',
    });
  });
});

describe('describeType names a kind, never a value', () => {
  it('each kind', () => {
    const kinds: [unknown, string][] = [
      [undefined, 'undefined'],
      [null, 'null'],
      [[1], 'an array'],
      [new Uint8Array(2), 'a Uint8Array'],
      [{ a: 1 }, 'an object'],
      ['secret', 'a string'],
      [7, 'a number'],
      [true, 'a boolean'],
      [7n, 'a bigint'],
    ];
    for (const [value, kind] of kinds) expect(describeType(value)).toBe(kind);
  });
});

describe('unjudgedMembers: where a verified value says a check was not made', () => {
  it('finds every member at any depth, by path, and nothing else', () => {
    const value = {
      replay: 'off-by-caller',
      freshness: 'fresh',
      steps: [
        { id: 'anchors', status: 'not-checked' },
        { id: 'log', status: 'pass' },
      ],
      access: { capability: 'not-judged', kind: 1 },
      body: new TextEncoder().encode('off-by-caller'),
    };
    expect(unjudgedMembers(value)).toEqual(['replay', 'steps.0.status', 'access.capability']);
    expect(unjudgedMembers('off-by-caller')).toEqual(['']);
    for (const judged of [{ replay: 'first-seen' }, null, undefined, 0, [], 'fresh'])
      expect(unjudgedMembers(judged)).toEqual([]);
  });
  it('walks 100,000 levels without recursion', () => {
    let deep: unknown = 'not-checked';
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(unjudgedMembers(deep)).toHaveLength(1);
  });
});
