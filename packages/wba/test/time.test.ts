import { loadVectors } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import { rejectedSeamError, thrownSeamError } from '../../../tools/thrown.ts';
import {
  fetchDirectory,
  signDirectory,
  signRequest,
  verifyDirectory,
  verifyRequest,
  verifyRequestAsync,
} from '../src/index.js';
import { NOW as created, jwks, seed } from './fixture.js';

// The time convention: every instant is a Date or Unix seconds, durations are seconds,
// a millisecond count is refused naming the option, and a time refusal says by how much.
const MS = created * 1000;
const headers = signRequest({ seed, authority: 'example.com', created, expires: created + 300, nonce: 'n' });
const request = (now: unknown, extra = {}) =>
  verifyRequest({ replay: 'off', headers, authority: 'example.com', jwks, now: now as number, ...extra });
const directory = signDirectory({ seed, authority: 'bot.example', created, expires: created + 3600 });
const dir = (now: unknown, extra = {}) =>
  verifyDirectory({ ...directory, authority: 'bot.example', now: now as number, ...extra });
const fetchAt = (now: unknown, extra = {}) =>
  fetchDirectory('https://bot.example', {
    fetch: async () => new Response(directory.body, { headers: directory.headers }),
    now: now as number,
    ...extra,
  });

describe('instants: a millisecond count throws bad-instant naming the option', () => {
  const cases: [string, () => unknown][] = [
    ['verifyRequest now', () => request(MS)],
    ['verifyDirectory now', () => dir(MS)],
    ['signRequest created', () => signRequest({ seed, authority: 'a', created: MS, expires: created })],
    ['signRequest expires', () => signRequest({ seed, authority: 'a', created, expires: MS })],
    ['signDirectory created', () => signDirectory({ seed, authority: 'a', created: MS, expires: created })],
    ['signDirectory expires', () => signDirectory({ seed, authority: 'a', created, expires: MS })],
  ];
  for (const [option, call] of cases)
    it(option, () => {
      expect(thrownSeamError(call).message).toMatch(
        new RegExp(`^bad-instant: ${option} is ${MS}, which looks like milliseconds`),
      );
    });
  it('verifyRequestAsync now (rejects)', async () => {
    expect(
      (
        await rejectedSeamError(
          verifyRequestAsync({ replay: 'off', headers, authority: 'example.com', jwks, now: MS }),
        )
      ).message,
    ).toMatch(/^bad-instant: verifyRequest now is/);
  });
  it('fetchDirectory now (rejects)', async () => {
    expect((await rejectedSeamError(fetchAt(MS))).message).toMatch(/^bad-instant: fetchDirectory now is/);
  });
  it('a missing now is named too', () => {
    expect(thrownSeamError(() => request(undefined)).message).toMatch(
      /^bad-instant: verifyRequest now is undefined/,
    );
  });
});

describe('instants: a Date and the same Unix seconds give the same verdict', () => {
  const at = (seconds: number) => new Date(seconds * 1000);
  it('verifyRequest, accepted and refused', () => {
    for (const now of [created + 10, created + 301, created - 301])
      expect(request(at(now))).toEqual(request(now));
    expect(request(at(created + 10))).toMatchObject({ ok: true });
  });
  it('verifyRequestAsync', async () => {
    const async = (now: number | Date) =>
      verifyRequestAsync({ replay: 'off', headers, authority: 'example.com', jwks, now });
    for (const now of [created + 10, created + 301]) expect(await async(at(now))).toEqual(await async(now));
  });
  it('verifyDirectory', () => {
    for (const now of [created + 10, created + 3601]) expect(dir(at(now))).toEqual(dir(now));
  });
  it('fetchDirectory', async () => {
    for (const now of [created + 10, created + 3601])
      expect(await fetchAt(at(now))).toEqual(await fetchAt(now));
  });
  it('signRequest and signDirectory', () => {
    expect(
      signRequest({
        seed,
        authority: 'example.com',
        created: at(created),
        expires: at(created + 300),
        nonce: 'n',
      }),
    ).toEqual(headers);
    expect(
      signDirectory({ seed, authority: 'bot.example', created: at(created), expires: at(created + 3600) }),
    ).toEqual(directory);
  });
});

describe('durations are seconds', () => {
  it('maxLifetime refuses a negative or millisecond-sized value, naming the option', () => {
    expect(thrownSeamError(() => request(created, { maxLifetime: -1 })).message).toMatch(
      /^bad-duration: verifyRequest maxLifetime/,
    );
    expect(thrownSeamError(() => dir(created, { maxLifetime: 86_400_000_000_000 })).message).toMatch(
      /^bad-duration: verifyDirectory maxLifetime is .* looks like milliseconds/,
    );
  });
  it('fetchDirectory maxLifetime is named as such', async () => {
    expect((await rejectedSeamError(fetchAt(created, { maxLifetime: Number.NaN }))).message).toMatch(
      /^bad-duration: fetchDirectory maxLifetime/,
    );
  });
  it('a raised maxLifetime admits a longer signature', () => {
    const long = signRequest({ seed, authority: 'example.com', created, expires: created + 600 });
    const options = { headers: long, authority: 'example.com', jwks, now: created };
    expect(verifyRequest({ replay: 'off', ...options, maxLifetime: 599 })).toMatchObject({
      code: 'lifetime-too-long',
    });
    expect(verifyRequest({ replay: 'off', ...options, maxLifetime: 600 })).toMatchObject({ ok: true });
  });
});

describe('time refusals say by how much', () => {
  it('expired, created-in-future', () => {
    expect(request(created + 300 + 412)).toEqual({ ok: false, code: 'expired', detail: 'expired 412 s ago' });
    expect(request(created - 301)).toEqual({
      ok: false,
      code: 'created-in-future',
      detail: 'created 301 s in the future (allowed skew 300 s)',
    });
  });
  it('lifetime-too-long', () => {
    const long = signRequest({ seed, authority: 'example.com', created, expires: created + 600 });
    expect(
      verifyRequest({
        replay: 'off',
        headers: long,
        authority: 'example.com',
        jwks,
        now: created,
        maxLifetime: 450,
      }),
    ).toEqual({
      ok: false,
      code: 'lifetime-too-long',
      detail: 'lifetime 600 s, 150 s over the cap of 450 s',
    });
  });
  it('expires-before-created (the wba.profile case)', () => {
    const g = loadVectors('wire_vectors.json')['wba.profile'];
    const c = g.refuse.find((c: { expect: string }) => c.expect === 'expires-before-created');
    expect(
      verifyRequest({ replay: 'off', headers: c.headers, authority: g.authority, jwks: g.jwks, now: g.now }),
    ).toEqual({
      ok: false,
      code: 'expires-before-created',
      detail: 'expires 50 s before created',
    });
  });
  it('a directory expired is judged the same way', () => {
    expect(dir(created + 3600 + 5)).toEqual({ ok: false, code: 'expired', detail: 'expired 5 s ago' });
  });
});
