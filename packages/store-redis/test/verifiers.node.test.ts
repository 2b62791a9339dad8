/**
 * The Redis stores in every asynchronous verifier on main: envelope's verifyEnvelopeAsync,
 * hpke-seal's openEnvelopeAsync and openEnvelopeV1Async, Web Bot Auth's verifyRequestAsync
 * (the replay cache), anet-identity's anetSenderKeyResolverAsync (the KEL pins), anet's
 * verifyHubRequestAsync (the relay window), and Web Bot Auth's fetchDirectory (the
 * directory cache). Each accepts a first delivery and refuses the second; with the server
 * stopped mid-run none accepts anything: each refuses with the unavailable code of the
 * store it consults (`replay-store-unavailable`, `relay-store-unavailable`,
 * `directory-store-unavailable`; the anet resolver: `bad-kel`, `pin-store-unavailable`).
 * Fixed inputs come from the committed vector files (seal.v1, seal.v2, anet.resolver,
 * anet.relay-auth).
 */

import { verifyHubRequestAsync } from '@agent-seam/anet';
import {
  anetSenderKeyResolver,
  anetSenderKeyResolverAsync,
  pinKelAsync,
  replayKel,
  type SenderKeyQuery,
} from '@agent-seam/anet-identity';
import { fail, hex, ok, unwrap } from '@agent-seam/canonical';
import { loadVectors } from '@agent-seam/conformance';
import { didFromSeed, keyPairFromSeed } from '@agent-seam/did';
import { signEnvelope, verifyEnvelopeAsync } from '@agent-seam/envelope';
import {
  deriveKeyPair,
  keyRingOf,
  openEnvelope,
  openEnvelopeAsync,
  openEnvelopeV1Async,
} from '@agent-seam/hpke-seal';
import {
  type DirectoryFetch,
  fetchDirectory,
  jwkFromPublicKey,
  signDirectory,
  signRequest,
  verifyRequestAsync,
} from '@agent-seam/wba';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectRedisStores, type RedisStores } from '../src/index.js';
import { describeWithRedis, GROUP, ledger, PATIENT, type RedisProcess } from './server.js';

const bytes = (text: string) => unwrap(hex.decode(text));
const clock = () => Math.floor(Date.now() / 1000);

/** The vector files are JSON, read by field name. */
type Json = any;
const seal = loadVectors<Json>('hpke_seal.json');
const anet = loadVectors<Json>('anet_identity.json')['anet.resolver'];
const relay = loadVectors<Json>('anet.json')['anet.relay-auth'];

/** seal.v2's opener options (the vector file's runner defaults) with the Redis replay cache. */
function sealV2Options(stores: RedisStores) {
  const keys = seal['seal.v2'].keys;
  return {
    ownAid: keys.ownAid,
    now: new Date(keys.nowMs),
    keyRing: keyRingOf([deriveKeyPair(bytes(keys.epochIkm)).privateKey]),
    interactionKeyRing: keyRingOf([deriveKeyPair(bytes(keys.interactionIkm)).privateKey]),
    resolveSenderKey: (q: { from: string; ksn: number }) =>
      q.from === keys.from && q.ksn === 0
        ? ok(keyPairFromSeed(bytes(keys.senderSeed)).publicKey)
        : fail('bad-key-state' as const),
    mailbox: { publicKey: keyPairFromSeed(bytes(keys.mailboxSeed)).publicKey, epoch: keys.mailboxEpoch },
    replay: stores.replayCache,
  };
}

/** seal.v1's opener options with the Redis replay cache. */
function sealV1Options(stores: RedisStores) {
  const keys = seal['seal.v1'].keys;
  return {
    ownAid: keys.ownAid,
    now: new Date(keys.nowMs),
    keyRing: keyRingOf([deriveKeyPair(bytes(keys.epochIkm)).privateKey]),
    resolveSenderKey: () => ok(keyPairFromSeed(bytes(keys.senderSeed)).publicKey),
    replay: stores.replayCache,
  };
}

/**
 * The question an anet.resolver envelope puts to the sender-key resolver, read by opening
 * it once with the synchronous resolver and no pins (hpke-seal's openers take a
 * synchronous resolver; the asynchronous one is asked the same question here).
 */
function senderQuery(envelope: string): SenderKeyQuery {
  let asked: SenderKeyQuery | undefined;
  const resolver = anetSenderKeyResolver({ ...anetRoots, pins: 'off', acceptedAtMs: 'receiver-clock' });
  openEnvelope(bytes(envelope), {
    ownAid: anet.recipient,
    keyRing: keyRingOf([deriveKeyPair(bytes(anet.recipientIkm)).privateKey]),
    now: new Date(anet.nowMs),
    replay: 'off',
    mailbox: 'off',
    resolveSenderKey: (query) => {
      asked = query;
      return resolver(query);
    },
  });
  if (asked === undefined) throw new Error('the envelope never reached the sender-key resolver');
  return asked;
}
const anetRoots = { witnessKeys: { [anet.witness]: bytes(anet.witnessKey) } };
const anetCase = (list: Json[], name: string) => list.find((c) => c.name === name);

describeWithRedis('the Redis stores in every asynchronous verifier', { own: true }, (server) => {
  let stores: RedisStores;
  // seal.v1 and seal.v2 carry one message (one sender, one mid): v1 gets a space of its own.
  let v1Stores: RedisStores;
  // A second connection on the same prefix: another process of the same service.
  let twin: RedisStores;
  beforeAll(async () => {
    stores = await connectRedisStores({ url: server().url, ...PATIENT });
    twin = await connectRedisStores({ url: server().url, ...PATIENT });
    v1Stores = await connectRedisStores({ url: server().url, keyPrefix: 'seal-v1:', ...PATIENT });
  });
  afterAll(async () => {
    await stores.close();
    await v1Stores.close();
    await twin.close();
  });

  const sender = new Uint8Array(32).fill(11);
  const recipientDid = didFromSeed(new Uint8Array(32).fill(12));
  let counter = 0;
  const message = () =>
    signEnvelope(
      { contextId: null, messageId: `v-${counter++}`, text: 'hi', timestamp: clock(), to: recipientDid },
      sender,
    );
  const envelopeVerdict = (envelope: unknown) =>
    verifyEnvelopeAsync(envelope, { recipientDid, now: clock(), replay: stores.replayCache });

  const wbaSeed = new Uint8Array(32).fill(5);
  const jwks = { keys: [jwkFromPublicKey(keyPairFromSeed(wbaSeed).publicKey)] };
  const wbaVerdict = (headers: Record<string, string>) =>
    verifyRequestAsync({ headers, authority: 'example.com', jwks, now: clock(), replay: stores.replayCache });
  const wbaRequest = () =>
    signRequest({ seed: wbaSeed, authority: 'example.com', created: clock(), expires: clock() + 60 });

  // A directory signed now (the cache's expiry is the server's clock), its fetches counted.
  const signedAt = clock();
  const published = signDirectory({
    seed: wbaSeed,
    authority: 'bot.example',
    created: signedAt,
    expires: signedAt + 3600,
  });
  let fetches = 0;
  const fetch: DirectoryFetch = async () => {
    fetches++;
    return new Response(published.body, { headers: published.headers });
  };
  const fetchThrough = (cache: RedisStores) =>
    fetchDirectory('https://bot.example', { fetch, now: signedAt, cache: cache.directoryCache });

  const resolver = () =>
    anetSenderKeyResolverAsync({ ...anetRoots, pins: stores.kelPins, acceptedAtMs: 'receiver-clock' });
  const current = anetCase(anet.accept, 'current-key');

  /** A signed hub request of anet.relay-auth, judged with the Redis relay window (pins off: the window is under test). */
  const hubVerdict = (request: Json) =>
    verifyHubRequestAsync(
      { method: request.method, url: request.url, headers: request.headers, body: bytes(request.body) },
      {
        action: relay.accept[0].action,
        hub: relay.hub,
        now: new Date(relay.nowMs),
        kels: () => bytes(relay.kels[relay.accept[0].kel]),
        pins: 'off',
        replay: stores.relayWindow,
        signerClass: 'agent',
      },
    );

  /** What each verifier made of one delivery: its replay mark, or its refusal's code. */
  const outcome = (v: { ok: true; value: { replay: string } } | { ok: false; code: string }) =>
    v.ok ? v.value.replay : v.code;

  it('envelope: first-seen, then replayed', () =>
    ledger.accept(GROUP, 'envelope: Redis cache, first-seen then replayed', async () => {
      const sent = message();
      expect(outcome(await envelopeVerdict(sent))).toBe('first-seen');
      expect(outcome(await envelopeVerdict(sent))).toBe('replayed');
    }));

  it('hpke-seal v2 and v1: first-seen, then replayed', () =>
    ledger.accept(GROUP, 'hpke-seal: Redis cache, first-seen then replayed', async () => {
      const v2 = bytes(seal['seal.v2'].accept[0].envelope);
      expect(outcome(await openEnvelopeAsync(v2, sealV2Options(stores)))).toBe('first-seen');
      expect(outcome(await openEnvelopeAsync(v2, sealV2Options(stores)))).toBe('replayed');
      const v1 = bytes(seal['seal.v1'].accept[0].envelope);
      expect(outcome(await openEnvelopeV1Async(v1, sealV1Options(v1Stores)))).toBe('first-seen');
      expect(outcome(await openEnvelopeV1Async(v1, sealV1Options(v1Stores)))).toBe('replayed');
    }));

  it('wba: first-seen, then replayed', () =>
    ledger.accept(GROUP, 'wba: Redis cache, first-seen then replayed', async () => {
      const headers = wbaRequest();
      expect(outcome(await wbaVerdict(headers))).toBe('first-seen');
      expect(outcome(await wbaVerdict(headers))).toBe('replayed');
    }));

  it('anet hub requests: accepted once through the Redis relay window, then replayed', () =>
    ledger.accept(GROUP, 'anet: Redis relay window, accepted then replayed', async () => {
      const request = relay.accept[0].request;
      expect(await hubVerdict(request)).toMatchObject({ ok: true, value: { replay: 'agent' } });
      expect(await hubVerdict(request)).toMatchObject({ ok: false, code: 'replayed' });
    }));

  it('anet resolver: the key resolved and the log pinned in Redis; a rollback below the pin refused', () =>
    ledger.refuse(GROUP, 'anet resolver: Redis pins refuse a rollback', async () => {
      const resolved = await resolver()(senderQuery(current.envelope));
      expect(resolved.ok && hex.encode(resolved.value)).toBe(current.senderKey);
      const rollback = anetCase(anet.refuse, 'rollback-below-the-pin');
      const longer = unwrap(replayKel(bytes(anet.kels[rollback.pinned]), { now: anet.nowMs / 1000 }));
      expect((await pinKelAsync(stores.kelPins, longer)).ok).toBe(true);
      const refused = await resolver()(senderQuery(rollback.envelope));
      expect(refused).toMatchObject({ ok: false, code: rollback.code });
      expect(!refused.ok && refused.detail).toContain(rollback.detailHas);
    }));

  it('wba fetchDirectory: fetched once, then served from Redis to another connection while fresh', () =>
    ledger.accept(GROUP, 'wba: directory fetched once, shared through Redis', async () => {
      const first = await fetchThrough(stores);
      expect(first).toMatchObject({
        ok: true,
        value: { url: 'https://bot.example/.well-known/http-message-signatures-directory' },
      });
      expect(fetches).toBe(1);
      expect(await fetchThrough(twin)).toEqual(first);
      expect(fetches).toBe(1);
      // Under another prefix (another service) nothing is shared: it fetches for itself.
      expect(await fetchThrough(v1Stores)).toMatchObject({ ok: true });
      expect(fetches).toBe(2);
    }));

  it('the server stopped: none accepts; each refuses with the unavailable code of its store', () =>
    ledger.refuse(GROUP, 'every async verifier, server stopped: none accepts', async () => {
      await (server() as RedisProcess).kill();
      const unavailable = 'replay-store-unavailable';
      expect(outcome(await envelopeVerdict(message()))).toBe(unavailable);
      const v2 = bytes(seal['seal.v2'].accept[1].envelope);
      expect(outcome(await openEnvelopeAsync(v2, sealV2Options(stores)))).toBe(unavailable);
      const v1 = bytes(seal['seal.v1'].accept[0].envelope);
      expect(outcome(await openEnvelopeV1Async(v1, sealV1Options(v1Stores)))).toBe(unavailable);
      expect(outcome(await wbaVerdict(wbaRequest()))).toBe(unavailable);
      expect(await hubVerdict(relay.accept[0].request)).toMatchObject({
        ok: false,
        code: 'relay-store-unavailable',
      });
      const unpinned = await resolver()(senderQuery(current.envelope));
      expect(unpinned).toMatchObject({ ok: false, code: 'bad-kel' });
      expect(!unpinned.ok && unpinned.detail).toMatch(/^the pinned log: pin-store-unavailable/);
      expect(await fetchThrough(stores)).toMatchObject({ ok: false, code: 'directory-store-unavailable' });
    }));
});
