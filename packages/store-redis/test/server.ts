/**
 * Real Redis servers for the tests: the one `.ci/run` starts (SEAM_REDIS_URL), and servers
 * a test starts itself from the `redis-server` binary (SEAM_REDIS_SERVER, else
 * `redis-server` or `valkey-server` on PATH) when it must kill and restart one, or count
 * its keys alone. Without a server the suite says loudly that it did not run (a test
 * that records `notRun` in the ledger and prints a warning); in CI (CI=true) it fails.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { connect, createServer } from 'node:net';
import { openLedger } from '@agent-seam/conformance';
import { afterAll, beforeAll, describe, it } from 'vitest';

/** The conformance group every real-server check is attributed to (node-only). */
export const GROUP = 'store-redis.server';
export const ledger = openLedger();

/** The server binary, or null when none answers `--version`. */
export function serverBinary(): string | null {
  const candidates = [process.env.SEAM_REDIS_SERVER, 'redis-server', 'valkey-server'];
  for (const candidate of candidates)
    if (candidate !== undefined && spawnSync(candidate, ['--version']).status === 0) return candidate;
  return null;
}

/** A port nothing listens on now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** Whether a Redis server answers PING on the port (one short connection). */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** A redis-server child on a free loopback port, without persistence, never evicting. */
export class RedisProcess {
  readonly url: string;
  #child: ChildProcess | null = null;

  private constructor(
    readonly binary: string,
    readonly port: number,
  ) {
    this.url = `redis://127.0.0.1:${port}`;
  }

  static async start(binary: string): Promise<RedisProcess> {
    const server = new RedisProcess(binary, await freePort());
    await server.start();
    return server;
  }

  /** Starts the server (again) on its port and waits until it answers. */
  async start(): Promise<void> {
    this.#child = spawn(
      this.binary,
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--maxmemory-policy',
        'noeviction',
      ],
      { stdio: 'ignore' },
    );
    for (let i = 0; i < 100; i++) {
      if (await answersPing(this.port)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`redis-server did not answer on port ${this.port}`);
  }

  /** Kills the server at once (SIGKILL: no goodbye to its clients) and waits for it to exit. */
  async kill(): Promise<void> {
    const child = this.#child;
    if (child === null || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    this.#child = null;
  }
}

/** What is missing when no server can be had, or null. */
function absence(needsOwn: boolean): string | null {
  if (serverBinary() !== null) return null;
  if (!needsOwn && process.env.SEAM_REDIS_URL) return null;
  return needsOwn
    ? 'no redis-server binary (apt-get install redis-server, or set SEAM_REDIS_SERVER): these tests start, kill and restart their own server'
    : 'no Redis server (set SEAM_REDIS_URL, or install redis-server: apt-get install redis-server)';
}

/**
 * A describe whose tests need a server: `server()` gives its URL inside them. With
 * `own`, the tests get a server of their own (`process()` to kill and restart it);
 * else the shared one of SEAM_REDIS_URL, or one started for this file.
 */
export function describeWithRedis(
  name: string,
  options: { own?: boolean },
  body: (server: () => RedisProcess | { url: string }) => void,
): void {
  const missing = absence(options.own === true);
  if (missing !== null) {
    describe(name, () => {
      it('DID NOT RUN: no Redis server', () => {
        if (process.env.CI) throw new Error(`the Redis suite cannot run in CI: ${missing}`);
        console.warn(`\n!!! store-redis: "${name}" DID NOT RUN: ${missing}\n`);
        ledger.notRun(GROUP, missing);
      });
    });
    return;
  }
  describe(name, () => {
    let current: RedisProcess | { url: string } | undefined;
    beforeAll(async () => {
      const shared = process.env.SEAM_REDIS_URL;
      current = options.own !== true && shared ? { url: shared } : await RedisProcess.start(serverBinary()!);
    });
    afterAll(async () => {
      if (current instanceof RedisProcess) await current.kill();
    });
    body(() => current!);
  });
}

export { PATIENT } from './patient.js';

/** A prefix no other run or test shares, so tests on one server never meet. */
export const uniquePrefix = (label: string): string =>
  `test:${label}:${process.pid}:${Math.random().toString(36).slice(2)}:`;
