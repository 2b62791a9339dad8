import { MemoryKelPinStore } from '@agent-seam/anet-identity';
import { unwrap } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { thrownSeamError } from '../../../tools/thrown.ts';
import {
  MemoryRelayReplayWindow,
  type RelayReplayAnswer,
  type RelayReplayEntry,
  type RelayReplayWindow,
  signHubRequest,
  type VerifyHubRequestOptions,
  verifyHubRequest,
  verifyHubRequestAsync,
} from '../src/index.js';
import { AGENT, AGENT_KEL, HUB, NOW, seed, utf8 } from './fixture.js';

const BODY = utf8('{"to_aid":"x","envelope":"AA"}');
const headers = (tsMs = NOW, body = BODY) =>
  signHubRequest(
    { action: 'send', aid: AGENT, hub: HUB, seq: 1, tsMs, method: 'POST', target: '/relay/send', body },
    seed('a1'),
  );
const options = (
  replay: VerifyHubRequestOptions['replay'] = new MemoryRelayReplayWindow(),
): VerifyHubRequestOptions => ({
  action: 'send',
  hub: HUB,
  now: new Date(NOW),
  kels: (aid) => (aid === AGENT ? AGENT_KEL : undefined),
  pins: new MemoryKelPinStore(),
  replay,
  signerClass: 'agent',
});
/** A ReadableStream of the body in chunks of `size` bytes. */
const stream = (body: Uint8Array, size = 7) =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      for (let i = 0; i < body.length; i += size) controller.enqueue(body.subarray(i, i + size));
      controller.close();
    },
  });

describe('the request forms a hub is handed', () => {
  it('a Fetch Request: headers through get(), path and query from the absolute URL, the body streamed', async () => {
    const request = new Request('https://hub.example.org/relay/send', {
      method: 'POST',
      headers: headers(),
      body: BODY,
    });
    const verified = unwrap(await verifyHubRequestAsync(request, options()));
    expect(verified.target).toBe('/relay/send');
    expect(verified.body).toEqual(BODY);
  });
  it("Node's IncomingMessage: a header record, url as the target, the message itself the stream", async () => {
    const lower = Object.fromEntries(Object.entries(headers()).map(([k, v]) => [k.toLowerCase(), v]));
    const message = {
      method: 'POST',
      url: '/relay/send',
      headers: lower,
      async *[Symbol.asyncIterator]() {
        yield BODY.subarray(0, 10);
        yield BODY.subarray(10);
      },
    };
    expect(unwrap(await verifyHubRequestAsync(message, options())).body).toEqual(BODY);
  });
  it('a plain record with a body stream, in chunks', async () => {
    const record = { method: 'POST', url: '/relay/send', headers: headers(), body: stream(BODY, 3) };
    expect((await verifyHubRequestAsync(record, options())).ok).toBe(true);
  });
  it('a streamed body over the limit stops being read at the first byte past it', async () => {
    let pulled = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024));
      },
    });
    const record = { method: 'POST', url: '/relay/send', headers: headers(), body };
    expect(await verifyHubRequestAsync(record, { ...options(), maxBodyBytes: 4096 })).toMatchObject({
      ok: false,
      code: 'body-too-large',
    });
    expect(pulled).toBeLessThan(10);
  });
  it('a body stream that fails is unreadable-body, never a throw', async () => {
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.error(new Error('connection reset'));
      },
    });
    const record = { method: 'POST', url: '/relay/send', headers: headers(), body };
    expect(await verifyHubRequestAsync(record, options())).toMatchObject({
      ok: false,
      code: 'unreadable-body',
    });
  });
  it('a chunk that is not bytes is unreadable-body', async () => {
    const record = {
      method: 'POST',
      url: '/relay/send',
      headers: headers(),
      body: (async function* () {
        yield 'text' as unknown as Uint8Array;
      })(),
    };
    expect(await verifyHubRequestAsync(record, options())).toMatchObject({
      ok: false,
      code: 'unreadable-body',
    });
  });
  it('a header sent twice is read as both lines joined, which no X-ANet value spells', () => {
    const h = headers();
    const record = {
      method: 'POST',
      url: '/relay/send',
      headers: { ...h, 'x-anet-ts': [h['X-ANet-TS']] },
      body: BODY,
    };
    expect(verifyHubRequest(record, options())).toMatchObject({ ok: false, code: 'bad-ts-header' });
  });
  it('the sync verifier takes no stream, and no store answering with a promise', () => {
    expect(
      thrownSeamError(() =>
        verifyHubRequest(
          { method: 'POST', url: '/relay/send', headers: headers(), body: stream(BODY) },
          options(),
        ),
      ).message,
    ).toMatch(/verifyHubRequestAsync/);
    const asyncWindow: RelayReplayWindow = {
      reserve: async () => 'new' as const,
      commit: async () => undefined,
      release: async () => undefined,
    };
    expect(
      thrownSeamError(() =>
        verifyHubRequest(
          { method: 'POST', url: '/relay/send', headers: headers(), body: BODY },
          options(asyncWindow),
        ),
      ).message,
    ).toMatch(/promise/);
  });
});

describe('single use: reserve, then commit or release', () => {
  const record = () => ({ method: 'POST', url: '/relay/send', headers: headers(), body: BODY });

  it('two concurrent copies: exactly one is accepted, the other refused as replayed while the first is verified', async () => {
    const window = new MemoryRelayReplayWindow();
    const results = await Promise.all([
      verifyHubRequestAsync(record(), options(window)),
      verifyHubRequestAsync(record(), options(window)),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ code: 'replayed' });
  });

  it('a slow shared store: the second copy is refused while the first has reserved and not committed', async () => {
    // A store whose answers take a while, as a shared one across processes does.
    const memory = new MemoryRelayReplayWindow();
    const calls: string[] = [];
    const slow = <T>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 5));
    const window: RelayReplayWindow = {
      reserve: (e: RelayReplayEntry) => {
        calls.push('reserve');
        return slow(memory.reserve(e)) as Promise<RelayReplayAnswer>;
      },
      commit: (e) => {
        calls.push('commit');
        return slow(memory.commit(e));
      },
      release: (e) => {
        calls.push('release');
        return slow(memory.release(e));
      },
    };
    const [a, b] = await Promise.all([
      verifyHubRequestAsync(record(), options(window)),
      verifyHubRequestAsync(record(), options(window)),
    ]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    expect(calls.filter((c) => c === 'reserve')).toHaveLength(2);
    expect(calls.filter((c) => c === 'commit')).toHaveLength(1);
  });

  it('a forged signature is released: it neither holds the signature nor moves the floor', () => {
    const window = new MemoryRelayReplayWindow();
    const h = headers();
    const forged = { ...h, 'X-ANet-Sig': `${'A'.repeat(85)}A` };
    const bad = { method: 'POST', url: '/relay/send', headers: forged, body: BODY };
    expect(verifyHubRequest(bad, options(window))).toMatchObject({ code: 'bad-signature' });
    expect(window.signers).toBe(0);
    expect(verifyHubRequest(record(), options(window)).ok).toBe(true);
  });

  it('a signer is forgotten once nothing it sent could pass the time check, when room is needed', () => {
    const window = new MemoryRelayReplayWindow({ maxSigners: 1 });
    const entry = (signer: string, tsMs: number, nowMs: number) => ({
      signer,
      signerClass: 'agent' as const,
      tsMs,
      signature: `${signer}${tsMs}`,
      nowMs,
    });
    const first = entry('a', NOW, NOW);
    expect(window.reserve(first)).toBe('new');
    window.commit(first);
    expect(window.reserve(entry('b', NOW, NOW))).toBe('full');
    expect(window.reserve(entry('b', NOW + 6 * 60_000, NOW + 6 * 60_000))).toBe('new');
  });

  it('commit without a reservation is the caller’s bug', () => {
    const window = new MemoryRelayReplayWindow();
    expect(
      thrownSeamError(() =>
        window.commit({ signer: 'a', signerClass: 'agent', tsMs: 1, signature: 's', nowMs: 1 }),
      ).message,
    ).toMatch(/not reserved/);
  });
});

describe('options are the caller’s: missing ones throw naming them', () => {
  const record = { method: 'POST', url: '/relay/send', headers: headers(), body: BODY };
  for (const name of ['now', 'kels', 'pins', 'replay', 'hub', 'action'] as const)
    it(`without ${name}`, () => {
      const o = { ...options() } as Record<string, unknown>;
      delete o[name];
      expect(thrownSeamError(() => verifyHubRequest(record, o as never)).message).toMatch(new RegExp(name));
    });
  it('without signerClass while a replay window is given', () => {
    const { signerClass: _, ...o } = options();
    expect(thrownSeamError(() => verifyHubRequest(record, o as never)).message).toMatch(/signerClass/);
  });
  it('replay off records off-by-caller, pins off likewise', () => {
    const v = unwrap(verifyHubRequest(record, { ...options('off'), pins: 'off' }));
    expect([v.replay, v.pin]).toEqual(['off-by-caller', 'off-by-caller']);
  });
});
