/**
 * TLS and auth passed through to the client, against a real server: a redis-server this
 * test starts with TLS only (no plain port) and `requirepass`, its certificate issued by a
 * throwaway CA that openssl makes in a temporary directory. `rediss://` with the CA and the
 * password reaches it (a replay check); a client that trusts another CA, and one with a
 * wrong password, are refused at connect with StoreUnavailableError (`store-unavailable`).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rejectedSeamError } from '../../../tools/thrown.ts';
import { connectRedisStores, StoreUnavailableError } from '../src/index.js';
import { describeWithRedis, freePort, GROUP, ledger, PATIENT, serverBinary } from './server.js';

const PASSWORD = 'tls-s3cret';
/** A new P-256 key, unencrypted (openssl req arguments). */
const EC_KEY = '-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes';

/** Runs openssl in `dir` with the words of `command`; its absence is a failure, said by name. */
function openssl(dir: string, command: string): void {
  const args = command.split(' ');
  const run = spawnSync('openssl', args, { cwd: dir, encoding: 'utf8' });
  if (run.error !== undefined || run.status !== 0)
    throw new Error(`openssl ${args[0]} failed (is openssl installed?): ${run.error?.message ?? run.stderr}`);
}

/** A self-signed CA (`<name>.crt`, `<name>.key`) in `dir`. */
function makeCa(dir: string, name: string): void {
  openssl(dir, `req -x509 ${EC_KEY} -keyout ${name}.key -out ${name}.crt -days 1 -subj /CN=${name}`);
}

/** The server's key and a certificate for 127.0.0.1 issued by the CA `ca`. */
function makeServerCert(dir: string, ca: string): void {
  openssl(dir, `req ${EC_KEY} -keyout server.key -out server.csr -subj /CN=127.0.0.1`);
  writeFileSync(join(dir, 'san.cnf'), 'subjectAltName=IP:127.0.0.1\n');
  openssl(
    dir,
    `x509 -req -in server.csr -CA ${ca}.crt -CAkey ${ca}.key -CAcreateserial -out server.crt -days 1 -extfile san.cnf`,
  );
}

/** Starts redis-server with TLS only and a password; resolves once it says it is ready. */
function startTlsServer(binary: string, dir: string, port: number): Promise<ChildProcess> {
  const child = spawn(
    binary,
    [
      ...`--port 0 --tls-port ${port} --bind 127.0.0.1 --requirepass ${PASSWORD}`.split(' '),
      ...'--tls-cert-file server.crt --tls-key-file server.key --tls-ca-cert-file ca.crt'.split(' '),
      ...'--tls-auth-clients no --appendonly no --maxmemory-policy noeviction --save'.split(' '),
      '',
    ],
    { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((resolve, reject) => {
    let said = '';
    const timer = setTimeout(() => reject(new Error(`redis-server with TLS did not start: ${said}`)), 10_000);
    const hear = (chunk: Buffer) => {
      said += chunk.toString();
      if (said.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout!.on('data', hear);
    child.stderr!.on('data', hear);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`redis-server with TLS exited (${code}): ${said}`));
    });
  });
}

describeWithRedis('TLS and auth passed through to the client', { own: true }, () => {
  let dir: string;
  let child: ChildProcess;
  let url: string;
  let ca: Buffer;
  let otherCa: Buffer;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'seam-redis-tls-'));
    makeCa(dir, 'ca');
    makeCa(dir, 'other-ca');
    makeServerCert(dir, 'ca');
    ca = readFileSync(join(dir, 'ca.crt'));
    otherCa = readFileSync(join(dir, 'other-ca.crt'));
    const port = await freePort();
    url = `rediss://127.0.0.1:${port}`;
    child = await startTlsServer(serverBinary()!, dir, port);
  });
  afterAll(() => {
    child?.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  it('rediss:// with the CA and the password: connected, and the replay cache answers', () =>
    ledger.accept(GROUP, 'TLS and password: a replay check end to end', async () => {
      const stores = await connectRedisStores({ url, tls: { ca }, password: PASSWORD, ...PATIENT });
      try {
        expect(await stores.replayCache.checkAndRemember('tls', 'm-1', 1_000, 1_000)).toBe('new');
        expect(await stores.replayCache.checkAndRemember('tls', 'm-1', 1_000, 1_001)).toBe('seen');
      } finally {
        await stores.close();
      }
    }));

  it('a certificate from another CA is refused at connect', () =>
    ledger.refuse(GROUP, 'TLS: a server certificate from an untrusted CA refused', async () => {
      const connecting = connectRedisStores({ url, tls: { ca: otherCa }, password: PASSWORD });
      await expect(connecting).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(connecting).rejects.toMatchObject({ code: 'store-unavailable' });
      // Refused for the certificate, not for a timeout or the password.
      expect((await rejectedSeamError(connecting)).message).toMatch(/certificate/i);
    }));

  it('a wrong password, and none, are refused at connect', () =>
    ledger.refuse(GROUP, 'TLS: a wrong password refused', async () => {
      for (const password of ['wrong', undefined]) {
        const connecting = connectRedisStores({ url, tls: { ca }, ...(password ? { password } : {}) });
        await expect(connecting).rejects.toBeInstanceOf(StoreUnavailableError);
        await expect(connecting).rejects.toMatchObject({ code: 'store-unavailable' });
        // Refused by the server for the password (over TLS), not for the certificate.
        expect((await rejectedSeamError(connecting)).message).toMatch(/WRONGPASS|NOAUTH/);
      }
    }));
});
