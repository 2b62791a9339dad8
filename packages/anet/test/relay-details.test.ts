import { IdentityCache, MemoryKelPinStore, replayKel } from '@agent-seam/anet-identity';
import { base64urlStrict, hex, SeamError, unwrap } from '@agent-seam/canonical';
import { loadVectors } from '@agent-seam/conformance';
import { signEd25519 } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { thrownSeamError } from '../../../tools/thrown.ts';
import {
  MemoryRelayReplayWindow,
  type RelayReplayEntry,
  relayPreimageV1,
  signHubRequest,
  type VerifyHubRequestOptions,
  verifyHubRequest,
  verifyHubRequestAsync,
} from '../src/index.js';
import { AGENT, AGENT_KEL, HUB, LEGACY, LEGACY_KEL, NOW, ROTATED_KEL, seed, utf8 } from './fixture.js';

/**
 * What the vectors do not pin and a hub relies on: the detail of every relay-auth refusal
 * (written out here, so a detail that goes blank or names the wrong header is seen), the
 * request shapes at their edges, the options a caller gets wrong, and the replay window at
 * its boundaries (the floor, the size of a class, which signature is forgotten).
 */
const file = loadVectors<any>('anet.json');
const g = file['anet.relay-auth'];
const b = (text: string) => unwrap(hex.decode(text));
const BODY = utf8('{"to_aid":"x","envelope":"AA"}');

const DETAILS: Record<string, string> = {
  'request-is-text': 'the request is not an object',
  'no-seq-header': 'the request has no x-anet-seq header',
  'aid-header-257-characters': 'x-anet-aid is 257 characters, over 256',
  'aid-header-not-a-cid': 'x-anet-aid is not the text form of a CID',
  'ts-with-a-leading-zero': 'x-anet-ts is not a decimal count of milliseconds',
  'seq-not-decimal': 'x-anet-seq is not a decimal key sequence number',
  'sig-in-the-standard-alphabet': 'x-anet-sig is not 64 bytes in 86 unpadded base64url characters',
  'sig-87-characters': 'x-anet-sig is not 64 bytes in 86 unpadded base64url characters',
  'five-minutes-and-1-ms-old': 'signed 300.001 s ago (allowed skew 300 s)',
  'five-minutes-and-1-ms-ahead': 'signed 300.001 s ahead of your clock (allowed skew 300 s)',
  'body-over-the-limit': '32 bytes, over the limit of 31',
  'hub-holds-no-log': 'this hub holds no key event log for the signer',
  'log-of-another-aid': 'the key event log replays to another AID than the signer',
  'log-older-than-the-pinned-one':
    'against the log pinned for the signer: kel-rollback: the log ends at event 1; the pinned one reaches event 2',
  'window-store-full': 'the replay window holds as many signers as it may; try again later',
  'the-same-request-twice': 'this signature was already presented (or is being verified now)',
  'older-than-the-probation-window':
    'the request is older than every signature the window still holds for its signer',
  'v1-preimage-not-opted-in':
    'the signature covers the deprecated version-1 text, which this hub does not accept',
  'body-edited-after-signing':
    'the signature does not verify over anet-relay/v2/send/<aid>/<hub>/1767484800000/<request digest> under the key of state 1 (bad-signature); a wrong hub AID, path, query or body is the common cause',
};

function judge(c: any) {
  const window = new MemoryRelayReplayWindow(c.window ?? {});
  const pins = new MemoryKelPinStore();
  if (c.pinned !== undefined) {
    const kel = unwrap(replayKel(b(g.kels[c.pinned]), { now: new Date(g.nowMs) }));
    pins.compareAndSet(kel.aid, undefined, { aid: kel.aid, eventIds: kel.states.map((s) => s.id) });
  }
  const request = (r: any) =>
    typeof r === 'string' ? r : { method: r.method, url: r.url, headers: r.headers, body: b(r.body) };
  const options = (aidOfRequest?: string) => ({
    action: c.action,
    hub: c.hub ?? g.hub,
    now: new Date(g.nowMs),
    kels: (aid: string) => {
      const name = aid === aidOfRequest ? c.kel : g.aids[aid];
      return name === null || name === undefined ? undefined : b(g.kels[name]);
    },
    pins,
    replay: window,
    signerClass: c.signerClass ?? 'agent',
    allowV1: c.allowV1,
    maxBodyBytes: c.maxBodyBytes,
  });
  for (const earlier of c.before ?? []) verifyHubRequest(request(earlier), options());
  return verifyHubRequest(request(c.request), options(c.request.headers?.['X-ANet-AID']));
}

describe('the detail of every relay-auth refusal, as a person reads it', () => {
  for (const [name, detail] of Object.entries(DETAILS))
    it(name, () => {
      const c = g.refuse.find((x: any) => x.name === name);
      expect(judge(c)).toMatchObject({ ok: false, detail });
    });
  it('a log that does not replay says why, with the replay code and its detail', () => {
    const c = g.refuse.find((x: any) => x.name === 'log-does-not-replay');
    expect((judge(c) as { detail: string }).detail).toMatch(
      /^the key event log does not replay \(bad-kel-encoding: .+\)$/,
    );
  });
});

const headers = (over: Record<string, string | undefined> = {}, tsMs = NOW) => ({
  ...signHubRequest(
    { action: 'send', aid: AGENT, hub: HUB, seq: 1, tsMs, method: 'POST', target: '/relay/send', body: BODY },
    seed('a1'),
  ),
  ...over,
});
const options = (over: Partial<VerifyHubRequestOptions> = {}): VerifyHubRequestOptions => ({
  action: 'send',
  hub: HUB,
  now: new Date(NOW),
  kels: (aid) => (aid === AGENT ? AGENT_KEL : aid === LEGACY ? LEGACY_KEL : undefined),
  pins: 'off',
  replay: new MemoryRelayReplayWindow(),
  signerClass: 'agent',
  ...over,
});
const verify = (request: unknown, over: Partial<VerifyHubRequestOptions> = {}) =>
  verifyHubRequest(request, options(over));
const record = (over: Record<string, unknown> = {}) => ({
  method: 'POST',
  url: '/relay/send',
  headers: headers(),
  body: BODY,
  ...over,
});

describe('request shapes at their edges', () => {
  const refused = (request: unknown, detail: string) =>
    expect(verify(request)).toEqual({ ok: false, code: 'not-a-request', detail });
  it('not an object: null, a number', () => {
    refused(null, 'the request is not an object');
    refused(7, 'the request is not an object');
  });
  it('an array of a request’s members is no request', () =>
    refused([], 'the request has no method (a token of up to 32 characters)'));
  it('the method: a token of 1 to 32 characters', () => {
    refused(record({ method: 7 }), 'the request has no method (a token of up to 32 characters)');
    refused(record({ method: 'P OST' }), 'the request has no method (a token of up to 32 characters)');
    refused(record({ method: 'A'.repeat(33) }), 'the request has no method (a token of up to 32 characters)');
  });
  it('the url: a path, or an absolute http(s) URL (whose path and query are used)', () => {
    refused(record({ url: 7 }), 'the request has no url');
    const not = 'the request url is neither a path (/...) nor an absolute http(s) URL';
    refused(record({ url: 'relay/send' }), not);
    refused(record({ url: 'ftp://hub/relay/send' }), not);
    refused(record({ url: 'see https://hub/relay/send' }), not);
    // A scheme that merely ends in http: its URL would parse, with the same path.
    refused(record({ url: 'xhttps://hub.example.org/relay/send' }), not);
    expect(verify(record({ url: `/${'a'.repeat(8191)}` }))).toMatchObject({ code: 'bad-signature' });
    refused(record({ url: 'https://[bad' }), not);
    refused(record({ url: `/${'a'.repeat(8192)}` }), not);
    refused(record({ url: '/relay/send\u0000' }), not);
    expect(verify(record({ url: 'http://hub.example.org/relay/send' })).ok).toBe(true);
    expect(verify(record({ url: `/relay/send` })).ok).toBe(true);
  });
  it('headers: a record or a getter, nothing else', () => {
    const no = 'the request headers are not a record or a Headers';
    refused(record({ headers: 'x-anet-aid: x' }), no);
    refused(record({ headers: null }), no);
    refused(record({ headers: ['x'] }), no);
    const h = headers() as Record<string, string>;
    const getter = {
      get: (name: string) => Object.entries(h).find(([k]) => k.toLowerCase() === name)?.[1] ?? null,
    };
    expect(verify(record({ headers: getter })).ok).toBe(true);
  });
  it('the body: bytes, a string, null or none; anything else is not a request', () => {
    refused(record({ body: 7 }), 'the request body is not bytes, a string or a stream');
    expect(verify(record({ body: new TextDecoder().decode(BODY) })).ok).toBe(true);
    const empty = { method: 'GET', url: '/x', headers: headers() };
    expect(verify({ ...empty, body: null })).toMatchObject({ code: 'bad-signature' });
    expect(verify(empty)).toMatchObject({ code: 'bad-signature' });
  });
  it('header values: spaces around a line are not the value; a non-string line spoils it', () => {
    const h = headers() as Record<string, string>;
    expect(verify(record({ headers: { ...h, 'X-ANet-Seq': ' \t1\t ' } })).ok).toBe(true);
    expect(verify(record({ headers: { ...h, 'X-ANet-Seq': [1 as unknown as string] } }))).toMatchObject({
      code: 'bad-seq-header',
    });
    expect(
      verify(record({ headers: { ...h, 'X-ANet-Seq': [undefined as unknown as string, '1'] } })).ok,
    ).toBe(true);
    expect(verify(record({ headers: { ...h, 'x-anet-seq': '1', 'X-ANet-Seq': '1' } }))).toMatchObject({
      code: 'bad-seq-header',
      detail: 'x-anet-seq is not a decimal key sequence number',
    });
  });
  it('a header of exactly 256 characters is read (and judged by its value)', () => {
    expect(verify(record({ headers: headers({ 'X-ANet-AID': 'a'.repeat(256) }) }))).toMatchObject({
      code: 'bad-aid-header',
    });
  });
});

describe('options a caller gets wrong', () => {
  const throws = (over: Record<string, unknown>, message: RegExp) =>
    expect(
      thrownSeamError(() => verifyHubRequest(record(), { ...options(), ...over } as never)).message,
    ).toMatch(message);
  it('each option named in its error', () => {
    expect(thrownSeamError(() => verifyHubRequest(record(), 5 as never)).message).toMatch(
      /^bad-argument: verifyHubRequest takes an options object$/,
    );
    throws({ replay: null }, /^bad-argument: replay must be a RelayReplayWindow/);
    expect(thrownSeamError(() => verifyHubRequest(record(), null as never)).message).toMatch(
      /^bad-argument: verifyHubRequest takes an options object$/,
    );
    throws({ action: 'sleep' }, /^bad-argument: action must be one of poll, ack, register,/);
    throws({ hub: '' }, /hub is required/);
    throws({ hub: 'a/b' }, /hub is required/);
    throws({ kels: undefined }, /kels is required/);
    throws({ replay: undefined }, /^missing-option: verifyHubRequest needs replay \(a RelayReplayWindow/);
    throws(
      { replay: {} },
      /^bad-argument: replay must be a RelayReplayWindow \(reserve, commit, release\) or 'off'$/,
    );
    throws({ replay: { reserve() {}, commit() {} } }, /replay must be a RelayReplayWindow/);
    throws({ replay: { reserve() {}, release() {} } }, /replay must be a RelayReplayWindow/);
    throws({ signerClass: undefined }, /signerClass is required/);
    throws({ signerClass: 'vip' }, /^bad-argument: signerClass must name probation, agent or peer-hub$/);
    throws({ maxBodyBytes: -1 }, /^bad-argument: maxBodyBytes must be a non-negative integer$/);
    throws({ maxBodyBytes: 1.5 }, /maxBodyBytes/);
    expect(verifyHubRequest(record(), { ...options(), maxBodyBytes: BODY.length }).ok).toBe(true);
    const get = { method: 'GET', url: '/x', headers: headers() };
    expect(verifyHubRequest(get, { ...options(), maxBodyBytes: 0 })).toMatchObject({ code: 'bad-signature' });
    expect(verifyHubRequest(record(), { ...options(), replay: 'off', signerClass: undefined }).ok).toBe(true);
  });
  it('signerClass as a function of the AID and its log sizes the window', () => {
    const seen: string[] = [];
    const v = verifyHubRequest(record(), {
      ...options(),
      signerClass: (aid, kel) => {
        seen.push(aid, kel.aid);
        return 'probation';
      },
    });
    expect(v.ok && v.value.replay).toBe('probation');
    expect(seen).toEqual([AGENT, AGENT]);
  });
  it('a window that answers outside its contract is refused as full', () => {
    const odd = { reserve: () => 'maybe' as never, commit() {}, release() {} };
    expect(verifyHubRequest(record(), { ...options(), replay: odd })).toEqual({
      ok: false,
      code: 'replay-window-full',
      detail: 'the replay window gave no answer',
    });
  });
  it('a v1 text made for a v2-only action is never tried, even with allowV1', () => {
    const v1 = relayPreimageV1({ action: 'send', aid: AGENT, tsMs: NOW });
    const sig = base64urlStrict.encode(signEd25519(seed('a1'), v1));
    const request = record({ headers: headers({ 'X-ANet-Sig': sig }) });
    expect(verifyHubRequest(request, { ...options(), allowV1: true })).toMatchObject({
      code: 'bad-signature',
    });
  });
  it('a v1 signature is tried only for the four v1 actions', () => {
    const v1 = signHubRequest(
      {
        action: 'poll',
        aid: AGENT,
        hub: HUB,
        seq: 1,
        tsMs: NOW,
        method: 'POST',
        target: '/relay/send',
        body: BODY,
        version: 'v1',
      },
      seed('a1'),
    );
    // Signed as poll, presented to a keys endpoint with the same text: v1 has no keys action.
    expect(
      verifyHubRequest(record({ headers: v1 }), { ...options(), action: 'poll', allowV1: true }).ok,
    ).toBe(true);
    expect(
      verifyHubRequest(record({ headers: v1 }), { ...options(), action: 'keys', allowV1: true }),
    ).toMatchObject({
      code: 'bad-signature',
    });
  });
  it('the signer log, when the source hands something that is not bytes', () => {
    expect(verifyHubRequest(record(), { ...options(), kels: () => 'log' as never })).toEqual({
      ok: false,
      code: 'bad-signer-kel',
      detail: 'the key event log is not bytes',
    });
  });
});

describe('the memory window at its boundaries', () => {
  const entry = (
    signature: string,
    tsMs: number,
    signerClass: RelayReplayEntry['signerClass'] = 'probation',
    signer = 'a',
  ) => ({
    signer,
    signerClass,
    tsMs,
    signature,
    nowMs: tsMs,
  });
  const accept = (w: MemoryRelayReplayWindow, e: RelayReplayEntry) => {
    expect(w.reserve(e)).toBe('new');
    w.commit(e);
  };
  it('a probation window holds 8; the ninth pushes out the oldest by time, not by arrival', () => {
    const w = new MemoryRelayReplayWindow();
    // Arriving out of order: the oldest (ts 1) comes third.
    for (const ts of [5, 3, 1, 8, 2, 7, 6, 4]) accept(w, entry(`s${ts}`, ts));
    expect(w.reserve(entry('s1', 1))).toBe('seen');
    accept(w, entry('s9', 9));
    // s1 was forgotten: the floor is 1, so it (or anything at or below 1) is stale, not new.
    expect(w.reserve(entry('s1', 1))).toBe('stale');
    expect(w.reserve(entry('x', 1))).toBe('stale');
    expect(w.reserve(entry('s2', 2))).toBe('seen');
    expect(w.reserve(entry('y', 2))).toBe('new');
  });
  it('a long run out of order, past the window many times over: always the oldest by time goes', () => {
    const w = new MemoryRelayReplayWindow();
    // A plain model: hold every accepted time, forget the smallest past 8, the floor its time.
    const held = new Map<string, number>();
    let floor = Number.NEGATIVE_INFINITY;
    let state = 7;
    for (let i = 0; i < 400; i++) {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      const ts = i + (state % 9) - 4;
      const e = entry(`r${i}`, ts);
      const expected = ts <= floor ? 'stale' : 'new';
      expect(w.reserve(e), `request ${i}`).toBe(expected);
      if (expected === 'stale') continue;
      w.commit(e);
      held.set(e.signature, ts);
      if (held.size > 8) {
        const [oldest, time] = [...held].reduce((a, b) => (b[1] < a[1] ? b : a));
        held.delete(oldest);
        floor = Math.max(floor, time);
      }
    }
    for (const signature of held.keys()) expect(w.reserve(entry(signature, floor + 1))).toBe('seen');
  });
  it('an agent window holds 64, a peer hub 1024; sizes can be set', () => {
    for (const [cls, size] of [
      ['agent', 64],
      ['peer-hub', 1024],
    ] as const) {
      const w = new MemoryRelayReplayWindow();
      for (let i = 1; i <= size; i++) accept(w, entry(`s${i}`, i, cls));
      expect(w.reserve(entry('s1', 1, cls))).toBe('seen');
      accept(w, entry('next', size + 1, cls));
      expect(w.reserve(entry('s1', 1, cls))).toBe('stale');
    }
    const small = new MemoryRelayReplayWindow({ sizes: { agent: 1 } });
    accept(small, entry('a', 1, 'agent'));
    accept(small, entry('b', 2, 'agent'));
    expect(small.reserve(entry('a', 1, 'agent'))).toBe('stale');
  });
  it('bad sizes and bounds are the caller’s', () => {
    expect(thrownSeamError(() => new MemoryRelayReplayWindow({ maxSigners: 0 })).message).toMatch(
      /^bad-argument: maxSigners must be a positive integer$/,
    );
    expect(thrownSeamError(() => new MemoryRelayReplayWindow({ maxSigners: 1.5 })).message).toMatch(
      /maxSigners/,
    );
    expect(thrownSeamError(() => new MemoryRelayReplayWindow({ sizes: { agent: 0 } })).message).toMatch(
      /^bad-argument: a window size must be a positive integer$/,
    );
    expect(thrownSeamError(() => new MemoryRelayReplayWindow({ sizes: { agent: 2.5 } })).message).toMatch(
      /window size/,
    );
    expect(new MemoryRelayReplayWindow({ sizes: { agent: 1 } })).toBeDefined();
    expect(thrownSeamError(() => new MemoryRelayReplayWindow().commit(entry('s', 1))).message).toMatch(
      /^bad-argument: commit: this request was not reserved$/,
    );
  });
  it('release forgets a signer with nothing held, keeps one with something held', () => {
    const w = new MemoryRelayReplayWindow();
    expect(w.reserve(entry('a', 1))).toBe('new');
    expect(w.reserve(entry('b', 2))).toBe('new');
    w.release(entry('a', 1));
    expect(w.signers).toBe(1);
    w.release(entry('b', 2));
    expect(w.signers).toBe(0);
    accept(w, entry('c', 3));
    expect(w.reserve(entry('d', 4))).toBe('new');
    w.release(entry('d', 4));
    expect(w.signers).toBe(1);
    w.release(entry('z', 1, 'probation', 'nobody'));
    expect(w.signers).toBe(1);
  });
  it('room is made only from signers none of whose requests could pass again, and not from one being verified', () => {
    const skew = 5 * 60_000;
    const w = new MemoryRelayReplayWindow({ maxSigners: 2 });
    accept(w, { ...entry('a1', 1000, 'agent', 'a'), nowMs: 1000 });
    expect(w.reserve({ ...entry('b1', 1000, 'agent', 'b'), nowMs: 1000 })).toBe('new');
    // At exactly the skew, a's request could still be presented; b's is being verified.
    expect(w.reserve({ ...entry('c1', 1000 + skew, 'agent', 'c'), nowMs: 1000 + skew })).toBe('full');
    expect(w.reserve({ ...entry('c1', 1001 + skew, 'agent', 'c'), nowMs: 1001 + skew })).toBe('new');
    expect(w.signers).toBe(2);
    expect(w.reserve({ ...entry('d1', 5000 + skew, 'agent', 'd'), nowMs: 5000 + skew })).toBe('full');
  });
  it('no signer is forgotten while there is room', () => {
    const w = new MemoryRelayReplayWindow({ maxSigners: 10 });
    accept(w, { ...entry('a1', 1000, 'agent', 'a'), nowMs: 1000 });
    expect(w.reserve({ ...entry('b1', 10 * 60_000, 'agent', 'b'), nowMs: 10 * 60_000 })).toBe('new');
    expect(w.signers).toBe(2);
  });
});

describe('the signer, through the verifier', () => {
  it('a key retired before the request was signed is revoked', () => {
    const v = verifyHubRequest(record(), { ...options(), kels: () => ROTATED_KEL });
    expect(v).toMatchObject({ ok: false, code: 'revoked-key' });
  });
  it('a log of another AID names no AID', () => {
    expect(
      verifyHubRequest(record(), { ...options(), kels: () => unwrap(hex.decode(g.kels.other)) }),
    ).toEqual({
      ok: false,
      code: 'signer-mismatch',
      detail: 'the key event log replays to another AID than the signer',
    });
  });
});

describe('the sync and async drivers: stores, streamed bodies and the cache', () => {
  const chunks = (...parts: unknown[]) => ({
    async *[Symbol.asyncIterator]() {
      for (const part of parts) yield part;
    },
  });
  it('a log source or replay window that answers with a promise is for the async entry point', () => {
    // why: steps.ts:127:9 the code, 178:49 and 135:37 what answered
    const message = (what: string) =>
      `async-store: ${what} answered with a promise: use the async entry point (verifyHubRequestAsync and its siblings)`;
    expect(thrownSeamError(() => verify(record(), { kels: async () => AGENT_KEL })).message).toContain(
      message('the log source (kels)'),
    );
    const window = new MemoryRelayReplayWindow();
    const later = { reserve: async () => 'new', commit: window.commit, release: window.release } as never;
    expect(thrownSeamError(() => verify(record(), { replay: later })).message).toContain(
      message('the replay window'),
    );
  });
  it('a streamed body throws for the sync verifier', () => {
    // why: steps.ts:133:25 the code
    expect(thrownSeamError(() => verify(record({ body: chunks(BODY) }))).message).toMatch(
      /^async-body: a streamed body needs verifyHubRequestAsync$/,
    );
  });
  it('a stream that has only getReader (no async iteration) is read through its reader', async () => {
    // why: steps.ts:213:9 → false, `'getReader'` → "", 213:34 `!==`, 213:62; http-request.ts:57:3, 57:67 (not equivalent: such a stream is no async iterable)
    const reads = [{ done: false, value: BODY }, { done: true }];
    const readerOnly = {
      getReader: () => ({ read: async () => reads.shift(), cancel: async () => undefined }),
    };
    const verified = await verifyHubRequestAsync(record({ body: readerOnly }), options());
    expect(verified.ok && verified.value.body).toEqual(BODY);
  });
  it('an async iterable with a getReader member that is no function is iterated', async () => {
    // why: steps.ts:213:9 `&&` → `||`, 213:34 `typeof … === 'function'` → true
    const body = Object.assign(chunks(BODY.subarray(0, 5), BODY.subarray(5)), {
      getReader: 'not a function',
    });
    const verified = await verifyHubRequestAsync(record({ body }), options());
    expect(verified.ok && verified.value.body).toEqual(BODY);
  });
  it('a chunk that is not bytes, or a stream that fails, is an unreadable body', async () => {
    // why: steps.ts:205:9 → false, 205:72 and 230:36 the details
    expect(
      await verifyHubRequestAsync(record({ body: chunks(BODY.subarray(0, 5), 'text') }), options()),
    ).toEqual({
      ok: false,
      code: 'unreadable-body',
      detail: 'a body chunk is not bytes',
    });
    const failing = {
      async *[Symbol.asyncIterator]() {
        yield BODY.subarray(0, 5);
        throw new Error('the connection was reset');
      },
    };
    expect(await verifyHubRequestAsync(record({ body: failing }), options())).toEqual({
      ok: false,
      code: 'unreadable-body',
      detail: 'the body stream failed before its end',
    });
  });
  it('a streamed body of exactly the limit is read; one byte over is too large', async () => {
    // why: steps.ts:207:9 `>` → `>=`, 207:53 the detail
    const at = await verifyHubRequestAsync(
      record({ body: chunks(BODY) }),
      options({ maxBodyBytes: BODY.length }),
    );
    expect(at.ok).toBe(true);
    expect(
      await verifyHubRequestAsync(record({ body: chunks(BODY) }), options({ maxBodyBytes: BODY.length - 1 })),
    ).toEqual({ ok: false, code: 'body-too-large', detail: `more than ${BODY.length - 1} bytes` });
  });
  it("a cache given is used: the signer's replayed log is kept in it, sync and async", async () => {
    // why: steps.ts:120:5 and 141:5 `a.cache === undefined` → true
    const cache = new IdentityCache();
    expect(verify(record(), { cache }).ok).toBe(true);
    expect(cache.size).toBe(1);
    const cacheAsync = new IdentityCache();
    expect((await verifyHubRequestAsync(record(), options({ cache: cacheAsync }))).ok).toBe(true);
    expect(cacheAsync.size).toBe(1);
  });
  it('a window that fails to reserve or to hold an accepted signature: the request cannot be judged single-use', async () => {
    // why: relay-verify.ts:151:5 the detail, 219:65 and 244:80 what failed
    const detail = (what: string) =>
      `the replay window failed to ${what}, so the request cannot be judged single-use: check the window's store (its server, connection and errors)`;
    const window = new MemoryRelayReplayWindow();
    const away = (call: 'reserve' | 'commit') =>
      ({
        reserve: (e: RelayReplayEntry) => window.reserve(e),
        commit: (e: RelayReplayEntry) => window.commit(e),
        release: (e: RelayReplayEntry) => window.release(e),
        [call]: async () => {
          throw new Error('the store is away');
        },
      }) as never;
    expect(await verifyHubRequestAsync(record(), options({ replay: away('reserve') }))).toEqual({
      ok: false,
      code: 'relay-store-unavailable',
      detail: detail('reserve this signature'),
    });
    expect(await verifyHubRequestAsync(record(), options({ replay: away('commit') }))).toEqual({
      ok: false,
      code: 'relay-store-unavailable',
      detail: detail('hold the accepted signature'),
    });
  });
  it('a clock left out throws missing-option naming verifyHubRequest', () => {
    // why: relay-verify.ts:318:44 the name
    expect(thrownSeamError(() => verify(record(), { now: undefined })).message).toContain(
      "missing-option: verifyHubRequest needs now (a Date or Unix seconds) to replay the signer's key event log at that time",
    );
  });
  it('an option a caller gets wrong throws a SeamError with its code, not just any value', () => {
    // why: relay-verify.ts:290:15 `bad` → `() => undefined` (vitest's toThrow(regex) passes when undefined is thrown)
    let caught: unknown;
    try {
      verify(record(), { hub: '' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SeamError);
    expect(caught).toMatchObject({
      code: 'bad-argument',
      message: 'bad-argument: hub is required: your own hub AID (no slash)',
    });
  });
});
