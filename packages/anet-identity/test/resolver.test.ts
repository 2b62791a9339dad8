import { fail, SeamError, unwrap } from '@agent-seam/canonical';
import { type ResolveSenderKey, SENDER_KEY_CODES } from '@agent-seam/hpke-seal';
import { describe, expect, it } from 'vitest';
import { thrownSeamError } from '../../../tools/thrown.ts';
import {
  anetSenderKeyResolver,
  anetSenderKeyResolverAsync,
  IdentityCache,
  type KelHead,
  type KelPinStore,
  MemoryKelPinStore,
  pinKel,
  pinKelAsync,
  RESOLVER_CODES,
  replayKel,
  resolveSender,
  resolveSenderAsync,
} from '../src/index.js';
import {
  AGENT,
  AID,
  agent,
  agentQuery,
  HOUR,
  hub,
  NOW,
  noticeOf,
  pub,
  ROTATED,
  v015Query,
  WITNESS,
  witnessKeyRoots,
} from './fixture.js';

const now = new Date(NOW);
const query = agentQuery();
const roots = witnessKeyRoots();

/** The memory store behind promises, as a store shared across processes answers. */
class PromiseStore implements KelPinStore {
  readonly inner = new MemoryKelPinStore();
  get = async (aid: string) => this.inner.get(aid);
  compareAndSet = async (aid: string, expected: KelHead | undefined, next: KelHead) =>
    this.inner.compareAndSet(aid, expected, next);
}

describe('anetSenderKeyResolver, as hpke-seal takes it', () => {
  it("is a ResolveSenderKey, and its codes are hpke-seal's SENDER_KEY_CODES", () => {
    const resolver: ResolveSenderKey = anetSenderKeyResolver({ ...roots, pins: 'off', acceptedAtMs: NOW });
    expect(unwrap(resolver(query))).toEqual(pub('a2'));
    expect([...RESOLVER_CODES]).toEqual([...SENDER_KEY_CODES]);
  });

  it('the required options throw, naming the option', () => {
    const bad = (options: object) => () => anetSenderKeyResolver(options as never);
    const missing = (options: object, message: string) => {
      expect(bad(options)).toThrow(expect.objectContaining({ code: 'missing-option', message }));
    };
    missing(
      { ...roots, acceptedAtMs: NOW },
      "missing-option: the resolver needs pins (a KelPinStore, e.g. new MemoryKelPinStore()) to refuse a rolled-back key event log; to leave that unjudged, pass pins: 'off'",
    );
    missing(
      { ...roots, pins: 'off' },
      "missing-option: the resolver needs acceptedAtMs: when your hub accepted the message (Unix milliseconds), or 'receiver-clock'",
    );
    missing(
      { pins: 'off', acceptedAtMs: NOW },
      'missing-option: the resolver needs witnessKeys or witnesses: the witness hubs you trust ({} trusts none)',
    );
    expect(
      thrownSeamError(bad({ witnessKeys: { [WITNESS]: new Uint8Array(31) }, pins: 'off', acceptedAtMs: NOW }))
        .message,
    ).toMatch(/32 bytes/);
    expect(thrownSeamError(bad({ ...roots, pins: {}, acceptedAtMs: NOW })).message).toMatch(/KelPinStore/);
    expect(thrownSeamError(bad({ ...roots, pins: 'off', acceptedAtMs: NOW, cache: {} })).message).toMatch(
      /IdentityCache/,
    );
  });

  it('pins off: the verdict records it; a rollback then goes unseen', () => {
    const resolved = unwrap(resolveSender(query, { ...roots, pins: 'off', acceptedAtMs: NOW }));
    expect(resolved.pin).toBe('off-by-caller');
  });

  it('a store answering with promises: the sync forms throw async-store, the async forms await it', async () => {
    const store = new PromiseStore();
    const kel = unwrap(replayKel(AGENT.bytes(), { now }));
    expect(() => pinKel(store, kel)).toThrow(SeamError);
    expect(
      thrownSeamError(() => anetSenderKeyResolver({ ...roots, pins: store, acceptedAtMs: NOW })(query)).code,
    ).toBe('async-store');
    expect(
      unwrap(await anetSenderKeyResolverAsync({ ...roots, pins: store, acceptedAtMs: NOW })(query)),
    ).toEqual(pub('a2'));
    // The pin was written through the promises: the shorter log is now a rollback.
    const shorter = unwrap(replayKel(agent(2).bytes(), { now }));
    expect(await pinKelAsync(store, shorter)).toMatchObject({ ok: false, code: 'kel-rollback' });
    const rolledBack = await resolveSenderAsync(
      { ...query, kel: agent(2).bytes(), ksn: 1, notices: [noticeOf({ seq: 1, id: agent(2).tip.id })] },
      { ...roots, pins: store, acceptedAtMs: NOW },
    );
    expect(rolledBack).toMatchObject({ ok: false, code: 'bad-kel' });
  });

  it('a store whose promises reject: the async resolver refuses (bad-kel, pin-store-unavailable), never resolves', async () => {
    const down = () => Promise.reject(new Error('connect ECONNREFUSED'));
    const unreachable: KelPinStore = { get: down, compareAndSet: down };
    const refused = await anetSenderKeyResolverAsync({ ...roots, pins: unreachable, acceptedAtMs: NOW })(
      query,
    );
    expect(refused).toMatchObject({ ok: false, code: 'bad-kel' });
    expect(!refused.ok && refused.detail).toMatch(/^the pinned log: pin-store-unavailable/);
    // A store that answers the read and fails the write refuses the same way.
    const writeFails: KelPinStore = { get: () => Promise.resolve(undefined), compareAndSet: down };
    expect(await pinKelAsync(writeFails, unwrap(replayKel(AGENT.bytes(), { now })))).toMatchObject({
      ok: false,
      code: 'pin-store-unavailable',
    });
  });

  it('a store that never lets a compare-and-set through is the caller’s bug', () => {
    const stuck: KelPinStore = { get: () => undefined, compareAndSet: () => false };
    expect(thrownSeamError(() => pinKel(stuck, unwrap(replayKel(AGENT.bytes(), { now })))).code).toBe(
      'store-contended',
    );
  });

  it('the cache gives the same verdicts, and keeps a replay per log', () => {
    const cache = new IdentityCache({ maxEntries: 8 });
    const resolve = anetSenderKeyResolver({
      ...roots,
      pins: new MemoryKelPinStore(),
      acceptedAtMs: NOW,
      cache,
    });
    expect(unwrap(resolve(query))).toEqual(pub('a2'));
    const size = cache.size;
    expect(size).toBe(3); // the log, the notice signature, the key-set signature
    expect(unwrap(resolve(query))).toEqual(pub('a2'));
    expect(cache.size).toBe(size);
    expect(resolve({ ...query, notices: [noticeOf({ timestampMs: NOW - 7 * 3_600_000 })] })).toMatchObject({
      code: 'bad-notice',
    });
    expect(() => new IdentityCache({ maxEntries: 0 })).toThrow(SeamError);
  });

  it('a custom refusal still travels: a v0.15 log in a message with a notice', () =>
    expect(
      resolveSender({ ...query, notices: undefined }, { ...roots, pins: 'off', acceptedAtMs: NOW }),
    ).toMatchObject(
      fail('bad-kel', 'an anet.kel/2 log travels with a witness notice, which this message lacks'),
    ));
});

describe('resolveSender: what the message carries, each refusal said', () => {
  const options = { ...roots, pins: 'off', acceptedAtMs: NOW } as const;
  it.each<[string, object, string, string]>([
    // why: resolver.ts:83:7 the log check false, 86:7 detail emptied
    [
      'a message without a key event log',
      { kel: undefined },
      'bad-kel',
      'the message carries no key event log (a preview frame needs a resolver of your own)',
    ],
    // why: resolver.ts:89:50 detail emptied, 73:30 (true, `!==`), 73:66 the detail in brackets emptied
    [
      'a log that is not bytes of CBOR',
      { kel: new Uint8Array([0x80]) },
      'bad-kel',
      'the key event log does not replay: bad-event-count (0 events; a log holds 1 to 256)',
    ],
    // why: resolver.ts:94:34 detail emptied
    [
      'a log of another identity than from',
      { from: WITNESS },
      'from-mismatch',
      'the key event log replays to another AID than from',
    ],
    // why: resolver.ts:114:9 the notice count false, 115:19, 115:33
    [
      'a message with two notices',
      { notices: [noticeOf(), noticeOf()] },
      'bad-notice',
      'a message carries exactly one witness notice',
    ],
    // why: resolver.ts:124:55 'the witness notice' emptied
    [
      'a message whose notice is not bytes',
      { notices: ['notice'] },
      'bad-notice',
      'the witness notice: not-bytes (the notice is not a Uint8Array)',
    ],
    // why: resolver.ts:129:7 the key-set check false, 129:45, 129:62
    ['a message without a key set', { keys: undefined }, 'bad-key-state', 'the message carries no key set'],
    // why: resolver.ts:132:56 'the attached key set' emptied
    [
      'a message whose key set is not bytes',
      { keys: 'set' },
      'bad-key-state',
      'the attached key set: not-bytes (the key set is not a Uint8Array)',
    ],
  ])('%s is refused, said so', (_, edit, code, detail) =>
    expect(resolveSender({ ...query, ...edit } as never, options)).toEqual({ ok: false, code, detail }),
  );
});

describe('resolveSender: the options, the acceptance time and the pin store, each as the caller gives them', () => {
  const resolverWith = (options: object) => () => anetSenderKeyResolver(options as never);
  const refusedOption = (options: object) => {
    const error = thrownSeamError(resolverWith(options));
    return { code: error.code, message: error.message };
  };
  const badArgument = (message: string) => ({ code: 'bad-argument', message: `bad-argument: ${message}` });

  // why: resolver.ts:145:15 `bad` returns undefined, 145:46 code emptied, 146:7 (false, `&&`, `typeof options !== 'object'` false), 146:38 `options === null` false, 146:66 message emptied
  it.each<[string, unknown]>([
    ['no options', undefined],
    ['null', null],
    ['a number', 5],
  ])('%s for options throws bad-argument, said so', (_, options) =>
    expect(refusedOption(options as object)).toEqual(badArgument('the resolver takes an options object')),
  );

  // why: resolver.ts:154:26 (`typeof pins?.get !== 'function'` false, `&&`), 154:33 `pins.get`, 154:61 `typeof pins?.compareAndSet !== 'function'` false
  it.each<[string, unknown]>([
    ['null', null],
    ['a store without get', { compareAndSet: () => true }],
    ['a store without compareAndSet', { get: () => undefined }],
  ])('%s as the pin store throws bad-argument, said so', (_, pins) =>
    expect(refusedOption({ ...roots, pins, acceptedAtMs: NOW })).toEqual(
      badArgument("pins must be a KelPinStore (get and compareAndSet) or 'off'"),
    ),
  );

  // why: resolver.ts:161:7 the acceptance check false, 161:46 (true, `||`), 161:84 (true), 163:7 message emptied
  it.each<[string, unknown]>([
    ['a negative time', -1],
    ['a fraction of a millisecond', 1.5],
    ['a text other than receiver-clock', 'yesterday'],
  ])('%s as acceptedAtMs throws bad-argument, said so', (_, acceptedAtMs) =>
    expect(refusedOption({ ...roots, pins: 'off', acceptedAtMs })).toEqual(
      badArgument(
        "acceptedAtMs is required: when the recipient's hub accepted the message (Unix milliseconds), or 'receiver-clock'",
      ),
    ),
  );

  // why: resolver.ts:161:84 `>` for `>=`
  it('an acceptance at the epoch itself (0 ms) is a time', () =>
    expect(resolverWith({ ...roots, pins: 'off', acceptedAtMs: 0 })).not.toThrow());

  // why: resolver.ts:175:9 (false, `&&`, `typeof roots !== 'object'` false), 175:38 `roots === null` false, 175:64 message emptied
  it.each<[string, 'witnessKeys' | 'witnesses', unknown]>([
    ['a number', 'witnessKeys', 5],
    ['null', 'witnessKeys', null],
    ['a number', 'witnesses', 5],
  ])('%s as %s throws bad-argument, said so', (_, name, value) =>
    expect(refusedOption({ [name]: value, pins: 'off', acceptedAtMs: NOW })).toEqual(
      badArgument(`${name} must map witness AIDs to bytes`),
    ),
  );

  // why: resolver.ts:178:19 `name === 'witnessKeys'` true, 178:74 message emptied
  it('a witness log that is not bytes throws bad-argument, said so', () =>
    expect(refusedOption({ witnesses: { [WITNESS]: 'log' }, pins: 'off', acceptedAtMs: NOW })).toEqual(
      badArgument('a witness log is bytes'),
    ));

  // why: resolver.ts:165:36 `witnesses === undefined` true, 177:46 `name === 'witnessKeys'` true, 116:27 the witness replay returns undefined
  it('trusting the witness by its own log alone, the notice verifies with the key read from that log', () => {
    const resolve = anetSenderKeyResolver({
      witnesses: { [WITNESS]: hub().bytes() },
      pins: 'off',
      acceptedAtMs: NOW,
    });
    expect(unwrap(resolve(query))).toEqual(pub('a2'));
    expect(
      unwrap(
        resolveSender(query, { witnesses: { [WITNESS]: hub().bytes() }, pins: 'off', acceptedAtMs: NOW }),
      ).notice?.witnessKeyFrom,
    ).toBe('witness-kel');
  });

  // why: resolver.ts:91:51 'the key event log' emptied
  it('a log whose last event is ahead of the receiver clock is refused, said so', () =>
    expect(
      resolveSender({ ...query, nowMs: ROTATED - HOUR }, { ...roots, pins: 'off', acceptedAtMs: NOW }),
    ).toEqual({
      ok: false,
      code: 'bad-kel',
      detail:
        'the key event log: event-from-future (the last event is 3600 s ahead of your clock (allowed skew 300 s))',
    }));

  // A message signed by key a1 half an hour before the rotation that retired it (ROTATED).
  const beforeRotation = { ...query, ksn: 1, tsMs: ROTATED - HOUR / 2 };

  // why: resolver.ts:109:24 `acceptedAtMs === 'receiver-clock'` false, 109:49 'receiver-clock' emptied
  it("receiver-clock counts the rotation grace to the receiver's clock: a day after the rotation it is over", () =>
    expect(resolveSender(beforeRotation, { ...roots, pins: 'off', acceptedAtMs: 'receiver-clock' })).toEqual({
      ok: false,
      code: 'rotation-grace-expired',
      detail: 'accepted 86400 s after the rotation, over the grace of 3600 s',
    }));

  // why: resolver.ts:109:24 `acceptedAtMs === 'receiver-clock'` true, `!==`
  it('an acceptance time given counts the grace, not the receiver clock: accepted within the hour, the retired key holds', () =>
    expect(
      unwrap(resolveSender(beforeRotation, { ...roots, pins: 'off', acceptedAtMs: ROTATED + HOUR / 2 })).key,
    ).toEqual(pub('a1')));

  // why: resolver.ts:140:7 `notice !== undefined` false, `===`
  it('a version-2 sender resolves with the notice it was judged by', () =>
    expect(unwrap(resolveSender(query, { ...roots, pins: 'off', acceptedAtMs: NOW })).notice).toEqual({
      aid: AID,
      seq: 2,
      id: AGENT.tip.id,
      timestampMs: NOW - HOUR,
      witness: WITNESS,
      witnessKeyFrom: 'pinned-key',
    }));

  // why: resolver.ts:140:7 `notice !== undefined` true
  it('a v0.15 sender resolves without a notice: the field is absent, not undefined', () => {
    const resolved = unwrap(resolveSender(v015Query(), { ...roots, pins: 'off', acceptedAtMs: NOW }));
    expect(resolved.key).toEqual(pub('k0'));
    expect(Object.keys(resolved)).toEqual(['key', 'kel', 'state', 'keySet', 'pin']);
  });

  // why: resolver.ts:199:48 `options.pins === 'off'` true, `!==`
  it('the async resolver pins the log in the store it is given', async () => {
    const pins = new MemoryKelPinStore();
    expect(unwrap(await resolveSenderAsync(query, { ...roots, pins, acceptedAtMs: NOW })).pin).toBe('pinned');
    expect(pins.get(AID)?.eventIds).toHaveLength(3);
  });
});
