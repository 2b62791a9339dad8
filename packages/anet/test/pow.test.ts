import { createHash } from 'node:crypto';
import { SeamError } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { rejectedSeamError, thrownSeamError } from '../../../tools/thrown.ts';
import {
  hubPowSeed,
  inlinePowRunner,
  leadingZeroBits,
  type PowRunner,
  type PowTask,
  powHour,
  powPrefix,
  solvePow,
  solvePowRange,
  solvePowWith,
  verifyPow,
  webWorkerPowRunner,
} from '../src/index.js';
import { AGENT, HUB, seed, thrown } from './fixture.js';

const challenge = { hub: HUB, aid: AGENT, seed: seed('pow-test-seed') };
/** The leading zero bits of SHA-256(prefix ‖ nonce), counted here with node:crypto. */
const bitsOf = (nonce: Uint8Array) => {
  const d = createHash('sha256').update(powPrefix(challenge)).update(nonce).digest();
  let n = 0;
  for (const byte of d) {
    if (byte === 0) n += 8;
    else return n + Math.clz32(byte) - 24;
  }
  return n;
};
/** The nonce the solver tries for a counter: 8 big-endian bytes. */
const counterNonce = (counter: number) => {
  const nonce = new Uint8Array(8);
  new DataView(nonce.buffer).setUint32(4, counter);
  return nonce;
};

describe('the proof-of-work solver', () => {
  it('finds a nonce of 12 bits on this thread; the verifier and an independent count agree', async () => {
    const found = await solvePowWith(challenge, inlinePowRunner, { bits: 12, sliceSize: 512 });
    expect(bitsOf(found.nonce)).toBeGreaterThanOrEqual(12);
    expect(
      verifyPow({ aid: AGENT, seed: challenge.seed, nonce: found.nonce }, { hub: HUB, hour: 'off', bits: 12 })
        .ok,
    ).toBe(true);
    // The first one: no earlier counter reaches 12 bits.
    const counter = new DataView(found.nonce.buffer, found.nonce.byteOffset).getUint32(4);
    expect(found.attempts).toBe(counter + 1);
    expect(solvePowRange({ prefix: powPrefix(challenge), bits: 12, start: 0, count: counter })).toBeNull();
  });
  it('the platform runner (a worker thread on Node) finds the same first nonce', async () => {
    const here = await solvePowWith(challenge, inlinePowRunner, { bits: 10 });
    const there = await solvePow(challenge, { bits: 10, sliceSize: 1 << 16 });
    expect(there.nonce).toEqual(here.nonce);
  });
  it('gives up after maxAttempts with SeamError pow-not-found', async () => {
    expect(
      (await rejectedSeamError(solvePowWith(challenge, inlinePowRunner, { bits: 40, maxAttempts: 100 })))
        .code,
    ).toBe('pow-not-found');
  });
  it('a Web Worker runner posts each slice and resolves with the answer', async () => {
    const posted: PowTask[] = [];
    const worker = {
      onmessage: null as ((e: { data: unknown }) => void) | null,
      onerror: null as ((e: unknown) => void) | null,
      postMessage(task: PowTask) {
        posted.push(task);
        queueMicrotask(() => this.onmessage?.({ data: solvePowRange(task) }));
      },
      terminate() {},
    };
    const runner = webWorkerPowRunner(() => worker);
    const found = await solvePowWith(challenge, runner, { bits: 8, sliceSize: 64 });
    runner.close();
    expect(bitsOf(found.nonce)).toBeGreaterThanOrEqual(8);
    expect(posted.length).toBeGreaterThan(0);
  });
  it('leadingZeroBits counts across bytes', () => {
    expect(leadingZeroBits(Uint8Array.of(0, 0, 0b0001_0000))).toBe(19);
    expect(leadingZeroBits(new Uint8Array(4))).toBe(32);
  });
  it("the hub's seed changes with the hour and the hub, and needs a secret of 16 bytes", () => {
    const secret = seed('s');
    expect(hubPowSeed(secret, HUB, 1)).not.toEqual(hubPowSeed(secret, HUB, 2));
    expect(hubPowSeed(secret, HUB, 1)).not.toEqual(hubPowSeed(secret, AGENT, 1));
    expect(thrownSeamError(() => hubPowSeed(new Uint8Array(15), HUB, 1)).message).toMatch(/16 bytes/);
  });
});

const secret = seed('pow-hub-secret');
const HOUR_MS = 3_600_000;
const nowMs = 1_767_484_800_000;
const hourNow = Math.floor(nowMs / HOUR_MS);
const solution = (edit: Record<string, unknown> = {}) => ({
  aid: AGENT,
  seed: hubPowSeed(secret, HUB, hourNow),
  nonce: new Uint8Array(8),
  ...edit,
});
const hourOn = { secret, now: new Date(nowMs) };

describe("verifyPow's refusals, each with its detail", () => {
  it('a solution that is not an object, names no AID, or has a short seed or a nonce of text is bad-solution', () => {
    // why: pow.ts:126:56, 128:7 (four), 128:42, 128:74, 130:33, 131:67 — the details and the AID's two checks
    const judge = (s: unknown) => verifyPow(s, { hub: HUB, hour: 'off', bits: 1 });
    expect(judge('a solution')).toEqual({
      ok: false,
      code: 'bad-solution',
      detail: 'the solution is not an object',
    });
    for (const aid of ['', 7])
      expect(judge(solution({ aid }))).toEqual({
        ok: false,
        code: 'bad-solution',
        detail: 'the solution names no AID',
      });
    expect(judge(solution({ seed: new Uint8Array(31) }))).toEqual({
      ok: false,
      code: 'bad-solution',
      detail: 'the seed is not 32 bytes',
    });
    expect(judge(solution({ nonce: 'AAAA' }))).toEqual({
      ok: false,
      code: 'bad-solution',
      detail: 'the nonce is not bytes',
    });
  });
  it('a nonce of 33 bytes is too long, and says so', () => {
    // why: pow.ts:133:39 the detail
    expect(verifyPow(solution({ nonce: new Uint8Array(33) }), { hub: HUB, hour: 'off', bits: 1 })).toEqual({
      ok: false,
      code: 'pow-nonce-too-long',
      detail: 'the nonce is 33 bytes, over 32',
    });
  });
  it("a seed of the last hour is accepted as 'previous'; one of two hours ago is the wrong hour", () => {
    // why: pow.ts:139:40 the detail
    const judge = (hour: number) => {
      const seedOfHour = hubPowSeed(secret, HUB, hour);
      // A nonce whose hash begins with a zero bit, so only the hour can refuse.
      let n = 0;
      const hash = (nonce: Uint8Array) =>
        createHash('sha256')
          .update(powPrefix({ hub: HUB, aid: AGENT, seed: seedOfHour }))
          .update(nonce)
          .digest();
      while (leadingZeroBits(hash(counterNonce(n))) < 1) n++;
      return verifyPow(solution({ seed: seedOfHour, nonce: counterNonce(n) }), {
        hub: HUB,
        hour: hourOn,
        bits: 1,
      });
    };
    const previous = judge(hourNow - 1);
    expect(previous.ok ? previous.value.hour : previous).toBe('previous');
    expect(judge(hourNow - 2)).toEqual({
      ok: false,
      code: 'pow-wrong-hour',
      detail: "the seed is neither this hour's nor the last hour's",
    });
  });
  it('in the first hour of the epoch there is no last hour: a foreign seed is the wrong hour, never a throw', () => {
    // why: pow.ts:138:14 `current > 0` → true / `>= 0` (the seed of hour -1 would throw)
    expect(
      verifyPow(solution({ seed: seed('not-a-hub-seed') }), { hub: HUB, hour: { secret, now: 0 }, bits: 1 }),
    ).toEqual({
      ok: false,
      code: 'pow-wrong-hour',
      detail: "the seed is neither this hour's nor the last hour's",
    });
  });
  it('too few bits says how many the hash has and how many are needed', () => {
    // why: pow.ts:143:37 the detail
    const s = solution();
    const digest = createHash('sha256')
      .update(powPrefix({ hub: HUB, aid: AGENT, seed: s.seed }))
      .update(s.nonce)
      .digest();
    const got = leadingZeroBits(digest);
    expect(verifyPow(s, { hub: HUB, hour: hourOn, bits: 256 })).toEqual({
      ok: false,
      code: 'pow-too-few-bits',
      detail: `the hash begins with ${got} zero bits; 256 are needed`,
    });
  });
});

describe("verifyPow's options, a programmer's errors", () => {
  const s = 'not an object';
  it('a hub that is empty, not text, or left out throws bad-argument naming hub', () => {
    // why: pow.ts:114:7 (four), 114:34, 114:42, NoCoverage 115:25, 115:41
    for (const hub of ['', 7, undefined])
      expect(thrown(() => verifyPow(s, { hub, hour: 'off' } as never))).toBe(
        `SeamError bad-argument: hub is required: your own hub AID`,
      );
    expect(thrown(() => verifyPow(s, undefined as never))).toBe(
      `SeamError bad-argument: hub is required: your own hub AID`,
    );
  });
  it('an hour left out throws missing-option naming verifyPow, hour and how to opt out', () => {
    // why: pow.ts:116:7 `hour === undefined` → false, 118:7, 119:7, 120:7 the message's parts
    expect(thrown(() => verifyPow(s, { hub: HUB } as never))).toBe(
      `SeamError missing-option: verifyPow needs hour ({ secret, now }: your hub's secret and clock) to refuse a seed of another hour or hub; to leave that unjudged, pass hour: 'off'`,
    );
  });
  it('an hour without a clock, or null, throws missing-option naming verifyPow hour', () => {
    // why: pow.ts:122:7 `hour !== OFF` → false, 122:37 `hour?.now` → `hour.now`, 122:48, 122:66
    const message = 'verifyPow hour needs now (a Date or Unix seconds) to know which hour is current';
    for (const hour of [{ secret }, null])
      expect(thrown(() => verifyPow(s, { hub: HUB, hour } as never))).toBe(
        `SeamError missing-option: ${message}`,
      );
  });
  it('bits of 0, 257 or 1.5 throw bad-argument; 1 and 256 are taken', () => {
    // why: pow.ts:124:7 (four), 124:34, 124:46 (two), NoCoverage 125:25, 125:41
    for (const bits of [0, 257, 1.5, -1])
      expect(thrown(() => verifyPow(s, { hub: HUB, hour: 'off', bits }))).toBe(
        `SeamError bad-argument: bits is 1 to 256`,
      );
    for (const bits of [1, 256]) expect(verifyPow(s, { hub: HUB, hour: 'off', bits }).ok).toBe(false);
  });
});

describe("the hub's seed and the hour", () => {
  it('a secret of exactly 16 bytes and hour 0 are taken', () => {
    // why: pow.ts:65:42 `< 16` → `<= 16`, 68:38 `hour < 0` → `hour <= 0`
    expect(hubPowSeed(new Uint8Array(16), HUB, 0)).toHaveLength(32);
  });
  it('a hub that is empty or not text throws bad-argument naming hub', () => {
    // why: pow.ts:67:7 (four), 67:42, NoCoverage 67:66, 67:82
    for (const hub of ['', 7])
      expect(thrown(() => hubPowSeed(secret, hub as never, 1))).toBe(
        `SeamError bad-argument: hub is the hub AID`,
      );
  });
  it('an hour that is negative or not whole throws bad-argument', () => {
    // why: pow.ts:68:7 (two), 68:38 `hour < 0` → false, NoCoverage 69:25, 69:41
    for (const hour of [-1, 1.5])
      expect(thrown(() => hubPowSeed(secret, HUB, hour))).toBe(
        `SeamError bad-argument: hour is a whole number of hours`,
      );
  });
  it('a secret that is not bytes throws bad-argument', () => {
    // why: pow.ts:66:25 the code
    expect(thrown(() => hubPowSeed('a secret of text' as never, HUB, 1))).toBe(
      `SeamError bad-argument: the hub secret is at least 16 bytes`,
    );
  });
  it('a clock that is not an instant throws bad-instant naming now', () => {
    // why: pow.ts:58:77 the option's name
    expect(thrown(() => powHour('noon' as never))).toMatch(/^SeamError bad-instant: now /);
  });
});

describe("the solver's slices", () => {
  it('a counter past 2^32 is written as 8 big-endian bytes', () => {
    // why: pow.ts:174:34 `counter / 0x1_0000_0000` → `*`
    const found = solvePowRange({ prefix: powPrefix(challenge), bits: 0, start: 2 ** 32 + 5, count: 1 });
    expect(found?.nonce).toEqual(Uint8Array.of(0, 0, 0, 1, 0, 0, 0, 5));
  });
  it('a hash with more zero bytes than asked for is found', () => {
    // why: pow.ts:178:12 `j < fullBytes` → true / `<=` (the count of zero bytes ran past the ones needed)
    const prefix = powPrefix(challenge);
    let start = 0;
    while (bitsOf(counterNonce(start)) < 8) start++;
    expect(solvePowRange({ prefix, bits: 0, start, count: 1 })?.attempts).toBe(1);
    expect(solvePowRange({ prefix, bits: 4, start, count: 1 })?.attempts).toBe(1);
  });
  it('slices stop at maxAttempts: the last one is cut short, then pow-not-found names the count and bits', async () => {
    // why: pow.ts:219:19 `Math.min` → `Math.max`, 219:35 `max - attempts` → `+`, 224:40 the message
    const tasks: [number, number][] = [];
    const never: PowRunner = async (task) => {
      tasks.push([task.start, task.count]);
      return null;
    };
    expect(
      (await rejectedSeamError(solvePowWith(challenge, never, { bits: 40, sliceSize: 64, maxAttempts: 100 })))
        .message,
    ).toContain('no nonce among 100 reaches 40 zero bits');
    expect(tasks).toEqual([
      [0, 64],
      [64, 36],
    ]);
  });
  it('a challenge that is not { hub, aid, seed } throws bad-argument before any slice', async () => {
    // why: pow.ts:211:5 (four), 211:7 `challenge?.seed`, 212:5, 213:5, NoCoverage 215:25, 215:41
    const bad = [null, { ...challenge, seed: 'seed' }, { ...challenge, hub: 7 }, { ...challenge, aid: 7 }];
    for (const c of bad)
      await expect(solvePowWith(c as never, inlinePowRunner, { bits: 1 })).rejects.toThrow(
        new SeamError('bad-argument', 'the challenge is { hub, aid, seed }'),
      );
  });
  it("a Web Worker's error rejects the slice; close ends the worker and the next slice makes a new one", async () => {
    // why: pow.ts:252:24 `(error) => reject(error)`, 256:18 close's block, 257:7 `worker?.terminate`
    const made: { terminated: boolean }[] = [];
    const runner = webWorkerPowRunner(() => {
      const worker = {
        terminated: false,
        onmessage: null as ((e: { data: unknown }) => void) | null,
        onerror: null as ((e: unknown) => void) | null,
        postMessage() {
          queueMicrotask(() => this.onerror?.('the worker failed'));
        },
        terminate() {
          this.terminated = true;
        },
      };
      made.push(worker);
      return worker;
    });
    runner.close();
    const task = { prefix: powPrefix(challenge), bits: 1, start: 0, count: 1 };
    await expect(runner(task)).rejects.toBe('the worker failed');
    runner.close();
    expect(made.map((w) => w.terminated)).toEqual([true]);
    await expect(runner(task)).rejects.toBe('the worker failed');
    expect(made).toHaveLength(2);
  });
});
