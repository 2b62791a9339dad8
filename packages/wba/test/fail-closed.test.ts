import { describe, expect, it } from 'vitest';
import {
  fetchDirectory,
  MemoryReplayCache,
  type ReplayCache,
  signDirectory,
  signRequest,
  verifyDirectory,
  verifyRequest,
  verifyRequestAsync,
  verifyRequestWithDiscovery,
} from '../src/index.js';
import { AUTHORITY, jwks, NOW, seed, usageError } from './fixture.js';

/**
 * Issue 32: a verdict is `ok` only when everything the contract requires was judged.
 * Every exported verifier, called with only its required options, either judges time (and,
 * for a request, replay) or throws the usage error naming what is missing; a value never
 * says something was not judged unless the caller said so by name (`replay: 'off'`).
 */
const headers = signRequest({ seed, authority: AUTHORITY, created: NOW, expires: NOW + 300 });
const directory = signDirectory({ seed, authority: AUTHORITY, created: NOW, expires: NOW + 3600 });
const fetch = async () => new Response(directory.body, { headers: directory.headers });

/** Discovery with a fetch that serves the signer's directory: the same requirements. */
const discovering = (options: Record<string, unknown>) =>
  verifyRequestWithDiscovery({
    ...options,
    headers: agentHeaders,
    fetch: async () => new Response(directory.body, { headers: directory.headers }),
  } as never);
const agentHeaders = signRequest({
  seed,
  authority: AUTHORITY,
  signatureAgent: `https://${AUTHORITY}`,
  created: NOW,
  expires: NOW + 300,
});

const REQUEST_VERIFIERS = [
  ['verifyRequest', verifyRequest],
  ['verifyRequestAsync', verifyRequestAsync],
  ['verifyRequestWithDiscovery', discovering],
] as const;

const required = () => ({
  headers,
  authority: AUTHORITY,
  jwks,
  now: NOW,
  replay: new MemoryReplayCache(),
});

describe('request verifiers: time and replay are required', () => {
  for (const [name, verify] of REQUEST_VERIFIERS) {
    it(`${name} without replay throws missing-option, naming the option and the way out`, async () => {
      const { replay: _, ...withoutReplay } = required();
      const error = await usageError(() => verify(withoutReplay as never));
      expect(error.code).toBe('missing-option');
      expect(error.message).toContain('verifyRequest needs replay');
      expect(error.message).toContain("replay: 'off'");
    });

    it(`${name} without now throws bad-instant naming it`, async () => {
      const { now: _, ...withoutNow } = required();
      const error = await usageError(() => verify(withoutNow as never));
      expect(error.code).toBe('bad-instant');
      expect(error.message).toContain('verifyRequest now');
    });

    it(`${name} with only its required options judges replay (first-seen, then replayed) and time`, async () => {
      const options = required();
      expect(await verify(options)).toMatchObject({ ok: true, value: { replay: 'first-seen' } });
      expect(await verify(options)).toMatchObject({ ok: false, code: 'replayed' });
      expect(await verify({ ...required(), now: NOW + 301 })).toMatchObject({ ok: false, code: 'expired' });
    });

    it(`${name}: the value says off-by-caller only when the caller said replay: 'off'`, async () => {
      expect(await verify({ ...required(), replay: 'off' })).toMatchObject({
        ok: true,
        value: { replay: 'off-by-caller' },
      });
    });

    it(`${name} refuses a store whose window is shorter than a request may live`, async () => {
      const short = new MemoryReplayCache({ windowSeconds: 599 });
      const error = await usageError(() => verify({ ...required(), replay: short }));
      expect(error.message).toContain('the replay window (599 s) is shorter than maxLifetime (600 s)');
      // Raised to the window, the same store is accepted.
      expect(await verify({ ...required(), replay: short, maxLifetime: 599 })).toMatchObject({ ok: true });
    });
  }

  it('verifyRequest refuses a store answering with a promise; verifyRequestAsync waits for it', async () => {
    /** A store shared between processes: it answers with a promise. */
    const sharedStore = (): ReplayCache => {
      const memory = new MemoryReplayCache();
      return { windowSeconds: 600, checkAndRemember: async (...args) => memory.checkAndRemember(...args) };
    };
    const error = await usageError(() => verifyRequest({ ...required(), replay: sharedStore() }));
    expect(error.message).toBe(
      'bad-argument: this replay store answers asynchronously: use verifyRequestAsync',
    );
    const options = { ...required(), replay: sharedStore() };
    expect(await verifyRequestAsync(options)).toMatchObject({ ok: true, value: { replay: 'first-seen' } });
    expect(await verifyRequestAsync(options)).toMatchObject({ ok: false, code: 'replayed' });
  });

  it('a store answering anything but new, seen or forgotten is a configuration error', async () => {
    const odd: ReplayCache = { windowSeconds: 600, checkAndRemember: () => 'maybe' as never };
    for (const [, verify] of REQUEST_VERIFIERS)
      expect((await usageError(() => verify({ ...required(), replay: odd }))).message).toContain(
        'answered something other than new, seen or forgotten',
      );
  });
});

describe('directory verifiers: time is required (a directory is a public document: no replay)', () => {
  it('verifyDirectory without now throws; with it, an expired directory signature is refused', async () => {
    const { now: _, ...withoutNow } = { ...directory, authority: AUTHORITY, now: NOW };
    expect((await usageError(() => verifyDirectory(withoutNow as never))).code).toBe('bad-instant');
    expect(verifyDirectory({ ...directory, authority: AUTHORITY, now: NOW })).toMatchObject({ ok: true });
    expect(verifyDirectory({ ...directory, authority: AUTHORITY, now: NOW + 3601 })).toMatchObject({
      ok: false,
      code: 'expired',
    });
  });

  it('fetchDirectory without now or fetch throws; with them, time is judged', async () => {
    expect((await usageError(() => fetchDirectory(`https://${AUTHORITY}`, { fetch } as never))).code).toBe(
      'bad-instant',
    );
    expect(
      (await usageError(() => fetchDirectory(`https://${AUTHORITY}`, { now: NOW } as never))).message,
    ).toContain('needs a fetch');
    expect(await fetchDirectory(`https://${AUTHORITY}`, { fetch, now: NOW })).toMatchObject({ ok: true });
    expect(await fetchDirectory(`https://${AUTHORITY}`, { fetch, now: NOW + 3601 })).toMatchObject({
      ok: false,
      code: 'expired',
    });
  });
});
