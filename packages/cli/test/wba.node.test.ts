import { hex } from '@agent-seam/canonical';
import { didFromSeed, jwkFromPublicKey, keyPairFromSeed } from '@agent-seam/did';
import { verifyRequest } from '@agent-seam/wba';
import { describe, expect, it } from 'vitest';
import { ALICE_SEED, seam, workdir } from './run.js';

const seed = hex.decode(ALICE_SEED.trim());
if (!seed.ok) throw new Error('seed');
const bot = didFromSeed(seed.value);
const jwks = { keys: [jwkFromPublicKey(keyPairFromSeed(seed.value).publicKey)] };
const T = 1784280600;
const dir = workdir({
  'bot.seed': ALICE_SEED,
  'keys.json': JSON.stringify(jwks),
  'bad.txt': 'not a request\n',
});

/** The header lines of a request the command wrote, as a record of lists (the test's own reading). */
const headersOf = (text: string) => {
  const out: Record<string, string[]> = {};
  for (const line of text.trim().split('\n').slice(1)) {
    const i = line.indexOf(':');
    const name = line.slice(0, i).toLowerCase();
    out[name] = [...(out[name] ?? []), line.slice(i + 1)];
  }
  return out;
};

describe('seam wba', async () => {
  const signArgs = [
    'wba',
    'sign',
    '-',
    '--seed-file',
    'bot.seed',
    '--authority',
    'shop.example',
    '--now',
    String(T),
  ];
  const request = 'GET /catalog HTTP/1.1\nHost: shop.example\nAccept: */*\n';
  const signed = await seam(dir, signArgs, request);
  const write = (name: string, text: string) => workdir({ [name]: text });

  it('sign adds Signature-Input and Signature to the request; the library verifies them', () => {
    expect(signed.code).toBe(0);
    expect(
      signed.stdout.startsWith(
        'GET /catalog HTTP/1.1\nHost: shop.example\nAccept: */*\nsignature-input: sig1=',
      ),
    ).toBe(true);
    const verdict = verifyRequest({
      headers: headersOf(signed.stdout),
      authority: 'shop.example',
      jwks,
      now: T + 10,
      replay: 'off',
    });
    expect(verdict.ok && verdict.value.did).toBe(bot);
  });

  it('verify: a request as curl -v shows it, every check passing, the base line by line', async () => {
    const curl = `*   Trying 192.0.2.1:443...\n${signed.stdout
      .trim()
      .split('\n')
      .map((l) => `> ${l}`)
      .join('\n')}\n> \n< HTTP/1.1 200 OK\n< content-length: 0\n`;
    const d = write('curl.txt', curl);
    const r = await seam(d, [
      'wba',
      'verify',
      'curl.txt',
      '--directory',
      `${dir}/keys.json`,
      '--authority',
      'shop.example',
      '--now',
      String(T + 10),
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe(
      `signature verified: signed by ${bot} (keyid ${jwks.keys[0] && JSON.parse((await seam(dir, ['did', bot, '--json'])).stdout).thumbprint}, label sig1); replay NOT judged: one run keeps no store of the requests it has seen`,
    );
    // The replay check is shown as not made, never as passed.
    expect(r.stdout).toMatch(/not checked +replay +your replay store/);
    expect(r.stdout).toContain('signature base of sig1');
    expect(r.stdout).toContain('\n  "@authority": shop.example\n');
  });

  it('verify under another authority: refused at the equation; the base shows the authority used; --expected finds it', async () => {
    const d = write('req.txt', signed.stdout);
    const good = await seam(d, [
      'wba',
      'verify',
      '--json',
      'req.txt',
      '--directory',
      `${dir}/keys.json`,
      '--authority',
      'shop.example',
      '--now',
      String(T),
    ]);
    const base: string = JSON.parse(good.stdout).bases[0].base;
    const e = workdir({ 'base.txt': base });
    const r = await seam(d, [
      'wba',
      'verify',
      'req.txt',
      '--directory',
      `${dir}/keys.json`,
      '--authority',
      'shop.example:8443',
      '--now',
      String(T),
      '--expected',
      `${e}/base.txt`,
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n')[0]).toMatch(/^refused \[bad-signature\]/);
    expect(r.stdout).toContain('\n  "@authority": shop.example:8443\n');
    // '"@authority": shop.example' is 26 bytes; the received base goes on with ':' there.
    expect(r.stdout).toContain('--expected: first difference at byte 26');
  });

  it('verify refuses an expired request at the times check', async () => {
    const d = write('req.txt', signed.stdout);
    const r = await seam(d, [
      'wba',
      'verify',
      'req.txt',
      '--directory',
      `${dir}/keys.json`,
      '--authority',
      'shop.example',
      '--now',
      String(T + 3600),
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('refused [expired]');
  });

  it('a directory URL needs --allow-network (exit 2); a URL that cannot be fetched is unverifiable (exit 6)', async () => {
    const d = write('req.txt', signed.stdout);
    const base = ['wba', 'verify', 'req.txt', '--authority', 'shop.example', '--now', String(T)];
    const r = await seam(d, [...base, '--directory', 'https://bot.example/keys']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--allow-network');
    const offline = await seam(d, [...base, '--directory', 'http://127.0.0.1:9/keys', '--allow-network']);
    expect(offline.code).toBe(6);
    expect(offline.stderr).toContain('[fetch-failed]');
  });

  it('usage errors exit 2 (no --now, no --authority); an unreadable or malformed request file exits 4', async () => {
    expect(
      (await seam(dir, ['wba', 'verify', 'x.txt', '--directory', 'keys.json', '--authority', 'a.example']))
        .code,
    ).toBe(2);
    expect((await seam(dir, ['wba', 'sign', '-', '--seed-file', 'bot.seed'], request)).code).toBe(2);
    expect(
      (
        await seam(dir, [
          'wba',
          'verify',
          'none.txt',
          '--directory',
          'keys.json',
          '--authority',
          'a',
          '--now',
          '0',
        ])
      ).code,
    ).toBe(4);
    const bad = await seam(dir, [
      'wba',
      'verify',
      'bad.txt',
      '--directory',
      'keys.json',
      '--authority',
      'a',
      '--now',
      '0',
    ]);
    expect(bad.code).toBe(4);
    expect(bad.stderr).toContain('request line');
  });
});

describe('seam wba verify --target-uri', async () => {
  // The vector that covers @target-uri in place of @authority (vectors/wire_vectors.json).
  const { readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const group = JSON.parse(
    readFileSync(join(import.meta.dirname, '..', '..', '..', 'vectors', 'wire_vectors.json'), 'utf8'),
  )['wba.dictionary'];
  const c = group.accept.find((x: { targetUri?: string }) => x.targetUri !== undefined);
  const request = `GET /page?q=1 HTTP/1.1\n${Object.entries(c.headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n')}\n`;
  const d = workdir({ 'req.txt': request, 'keys.json': JSON.stringify(group.jwks) });
  const verify = (...more: string[]) =>
    seam(d, [
      'wba',
      'verify',
      'req.txt',
      '--directory',
      `${d}/keys.json`,
      '--authority',
      group.authority,
      '--now',
      String(group.now),
      ...more,
    ]);

  it('verifies against the target URI you give, and cannot without one', async () => {
    expect((await verify('--target-uri', c.targetUri)).code).toBe(0);
    const without = await verify();
    expect(without.code).toBe(1);
    expect(without.stdout.split('\n')[0]).toMatch(/^refused \[unsupported-component\]/);
  });
});
