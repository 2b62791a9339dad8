import { MemoryReplayCache, type ReplayCache } from '@agent-seam/canonical';
import { didFromSeed } from '@agent-seam/did';
import { signEnvelope, verifyEnvelopeAsync } from '@agent-seam/envelope';
import { compareAsync } from '../../../tools/bench.js';
import { connectRedisStores } from '../src/index.js';

// Envelope verification with the Redis replay cache against the same with MemoryReplayCache,
// one process, on the loopback server of SEAM_REDIS_URL: one verification at a time, then 64
// in flight (their replay checks share writes: ioredis pipelines the commands of one tick).
// Then the replay check alone, for its cost in microseconds.
const url = process.env.SEAM_REDIS_URL;
if (url === undefined) {
  console.warn(
    '\nstore-redis bench DID NOT RUN: no Redis server (set SEAM_REDIS_URL=redis://127.0.0.1:PORT)\n',
  );
} else {
  const keyPrefix = `bench:${Date.now()}:`;
  const stores = await connectRedisStores({ url, keyPrefix });
  const seed = new Uint8Array(32).fill(1);
  const recipientDid = didFromSeed(new Uint8Array(32).fill(2));
  const now = Math.floor(Date.now() / 1000);
  // Signed beforehand: each verification takes the next (after the pool, replays, on both sides).
  const pool = Array.from({ length: 20_000 }, (_, i) =>
    signEnvelope(
      { contextId: null, messageId: `m${i}`, text: 'hello', timestamp: now, to: recipientDid },
      seed,
    ),
  );
  const verifier = (replay: ReplayCache) => {
    let next = 0;
    return () => verifyEnvelopeAsync(pool[next++ % pool.length], { recipientDid, now, replay });
  };
  const inFlight = (one: () => Promise<unknown>) => () => Promise.all(Array.from({ length: 64 }, one));
  const viaRedis = verifier(stores.replayCache);
  const inMemory = verifier(new MemoryReplayCache());
  await compareAsync(
    'verifyEnvelopeAsync, one at a time',
    { name: 'Redis replay cache', run: viaRedis },
    [{ name: 'MemoryReplayCache', run: inMemory }],
    2000,
  );
  await compareAsync(
    'verifyEnvelopeAsync, 64 in flight (ops = batches of 64)',
    { name: 'Redis replay cache', run: inFlight(viaRedis) },
    [{ name: 'MemoryReplayCache', run: inFlight(inMemory) }],
    2000,
  );
  const checker = (cache: ReplayCache) => {
    let id = 0;
    return () => Promise.resolve(cache.checkAndRemember('did:key:z6Mk', `c${id++}`, now, now));
  };
  const memory = new MemoryReplayCache({ maxEntries: 10_000_000, maxChars: 1 << 30 });
  const [one] = await compareAsync(
    'checkAndRemember alone, one at a time',
    { name: 'Redis replay cache', run: checker(stores.replayCache) },
    [{ name: 'MemoryReplayCache', run: checker(memory) }],
    2000,
  );
  const [batch] = await compareAsync(
    'checkAndRemember alone, 64 in flight (ops = batches of 64)',
    { name: 'Redis replay cache', run: inFlight(checker(stores.replayCache)) },
    [{ name: 'MemoryReplayCache', run: inFlight(checker(memory)) }],
    2000,
  );
  console.log(
    `\n  Redis replay check: ${(1e6 / one!).toFixed(1)} µs one at a time, ${(1e6 / (batch! * 64)).toFixed(1)} µs a check with 64 in flight`,
  );
  // Leave nothing behind on the server but what the bench's own prefix holds, deleted now.
  for await (const keys of stores.client.scanStream({ match: `${keyPrefix}*`, count: 1000 }))
    if ((keys as string[]).length > 0) await stores.client.del(...(keys as string[]));
  await stores.close();
}
