import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  hubPowSeed,
  inlinePowRunner,
  leadingZeroBits,
  type PowTask,
  powPrefix,
  solvePow,
  solvePowRange,
  solvePowWith,
  verifyPow,
  webWorkerPowRunner,
} from '../src/index.js';
import { AGENT, HUB, seed } from './fixture.js';

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
    await expect(solvePowWith(challenge, inlinePowRunner, { bits: 40, maxAttempts: 100 })).rejects.toThrow(
      /pow-not-found/,
    );
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
    expect(() => hubPowSeed(new Uint8Array(15), HUB, 1)).toThrow(/16 bytes/);
  });
});
