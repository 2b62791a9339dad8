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
import { AGENT, agent, agentQuery, NOW, noticeOf, pub, WITNESS, witnessKeyRoots } from './fixture.js';

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
