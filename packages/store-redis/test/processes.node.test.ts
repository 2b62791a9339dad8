/**
 * Two verifier processes, each serving HTTP on 127.0.0.1 and verifying envelopes with the
 * one Redis replay cache (and pinning key event logs in the one KEL pin store): what one
 * accepted the other refuses, of 200 concurrent deliveries exactly one is accepted, of two
 * forks pinned at once exactly one is stored; and with the server killed mid-run every
 * verification is refused, none accepted, until it is back, without restarting them.
 */

import { KelWriter } from '@agent-seam/anet-identity';
import { hex } from '@agent-seam/canonical';
import { didFromSeed, keyPairFromSeed } from '@agent-seam/did';
import { signEnvelope } from '@agent-seam/envelope';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithRedis, GROUP, ledger, type RedisProcess, uniquePrefix } from './server.js';
import { Worker } from './workers.js';

const SENDER = new Uint8Array(32).fill(7);
const RECIPIENT = didFromSeed(new Uint8Array(32).fill(9));
const clock = () => Math.floor(Date.now() / 1000);
let counter = 0;
/** A new envelope, timestamped at `timestamp` (default the clock). */
const envelope = (timestamp = clock()) =>
  signEnvelope(
    { contextId: null, messageId: `m-${process.pid}-${counter++}`, text: 'hello', timestamp, to: RECIPIENT },
    SENDER,
  );

async function twoWorkers(url: string): Promise<[Worker, Worker]> {
  const config = { url, keyPrefix: uniquePrefix('processes'), recipientDid: RECIPIENT };
  return Promise.all([Worker.start(config), Worker.start(config)]);
}

describeWithRedis('two verifier processes on one Redis server', {}, (server) => {
  let workers: [Worker, Worker];
  beforeAll(async () => {
    workers = await twoWorkers(server().url);
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
  });

  it('an envelope accepted by the first process and replayed to the second is refused', () =>
    ledger.refuse(GROUP, 'replayed to the second process', async () => {
      const sent = envelope();
      expect(await workers[0].post('/envelope', { envelope: sent, now: clock() })).toEqual({ ok: true });
      expect(await workers[1].post('/envelope', { envelope: sent, now: clock() })).toEqual({
        ok: false,
        code: 'replayed',
      });
    }));

  it('200 concurrent deliveries of one envelope over both processes: exactly one accepted', () =>
    ledger.accept(GROUP, '200 concurrent deliveries, one accepted', async () => {
      const sent = envelope();
      const now = clock();
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => workers[i % 2]!.post('/envelope', { envelope: sent, now })),
      );
      expect(answers.filter((a) => a.ok)).toHaveLength(1);
      expect(answers.filter((a) => a.code === 'replayed')).toHaveLength(199);
    }));

  it('a KEL pin raced by the two processes with two forks: exactly one stored, the other refused', () =>
    ledger.refuse(GROUP, 'KEL forks raced by two processes', async () => {
      const T0 = 1_767_225_600_000;
      const seed = (label: string, round: number) => {
        const bytes = new TextEncoder().encode(`${label}/${round}`.padEnd(32, '.'));
        return bytes.slice(0, 32);
      };
      const pub = (label: string, round: number) => keyPairFromSeed(seed(label, round)).publicKey;
      // Twenty rounds, each a new identity: its log forked at the first rotation.
      for (let round = 0; round < 20; round++) {
        const base = () =>
          KelWriter.incept({
            version: 'v0.15',
            seed: seed('k0', round),
            nextPublicKey: pub('k1', round),
            timestampMs: T0,
          });
        const fork = (next: string) =>
          hex.encode(
            base()
              .rotate({ seed: seed('k1', round), nextPublicKey: pub(next, round), timestampMs: T0 + 1000 })
              .bytes(),
          );
        const nowMs = T0 + 10_000;
        const answers = await Promise.all([
          workers[0].post('/kel', { kel: fork('k2a'), nowMs }),
          workers[1].post('/kel', { kel: fork('k2b'), nowMs }),
        ]);
        const outcomes = answers.map((a) => (a.ok ? a.value : a.code)).sort();
        expect(outcomes).toEqual(['kel-fork', 'pinned']);
      }
    }));
});

describeWithRedis('the server killed mid-run, then restarted', { own: true }, (server) => {
  let workers: [Worker, Worker];
  beforeAll(async () => {
    workers = await twoWorkers(server().url);
  });
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.stop()));
  });

  let before: ReturnType<typeof envelope>;

  it('refuses every verification while it is away (replay-store-unavailable), none accepted', () =>
    ledger.refuse(GROUP, 'server killed: every verification refused', async () => {
      before = envelope();
      expect(await workers[0].post('/envelope', { envelope: before, now: clock() })).toEqual({ ok: true });
      await (server() as RedisProcess).kill();
      const answers = [];
      for (let i = 0; i < 40; i++) {
        const sent = i % 4 === 0 ? before : envelope();
        answers.push(await workers[i % 2]!.post('/envelope', { envelope: sent, now: clock() }));
      }
      expect(answers.filter((a) => a.ok)).toEqual([]);
      expect(new Set(answers.map((a) => a.code))).toEqual(new Set(['replay-store-unavailable']));
    }));

  it('restarted, verification resumes without restarting the processes; what was accepted stays refused', () =>
    ledger.accept(GROUP, 'server restarted: verification resumes', async () => {
      await (server() as RedisProcess).start();
      for (const worker of workers) {
        let accepted = false;
        for (let attempt = 0; attempt < 100 && !accepted; attempt++) {
          accepted = (await worker.post('/envelope', { envelope: envelope(), now: clock() })).ok;
          if (!accepted) await new Promise((r) => setTimeout(r, 100));
        }
        expect(accepted).toBe(true);
      }
      // The server lost its entries: the envelope accepted before the kill is older than the
      // horizon the loss set, so it is refused (replay-cache-full), not accepted again.
      expect(await workers[1].post('/envelope', { envelope: before, now: clock() })).toEqual({
        ok: false,
        code: 'replay-cache-full',
      });
    }));
});
