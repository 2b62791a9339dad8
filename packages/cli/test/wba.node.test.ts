import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { base64Strict, hex } from '@agent-seam/canonical';
import { didFromSeed, jwkFromPublicKey, keyPairFromSeed } from '@agent-seam/did';
import { signDirectory, verifyRequest } from '@agent-seam/wba';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import { requestHeaders } from '../src/commands/wba.js';
import { ALICE_SEED, seam, usage, wbaVerify, workdir } from './run.js';

const seed = hex.decode(ALICE_SEED.trim());
if (!seed.ok) throw new Error('seed');
const bot = didFromSeed(seed.value);
const jwks = { keys: [jwkFromPublicKey(keyPairFromSeed(seed.value).publicKey)] };
const T = 1784280600; // 2026-07-17T09:30:00Z
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

/** `seam wba sign -` (the request on stdin) with the bot's seed file, for shop.example at T. */
const signCommand = (...more: string[]) => [
  'wba',
  'sign',
  '-',
  '--seed-file',
  'bot.seed',
  '--authority',
  'shop.example',
  '--now',
  String(T),
  ...more,
];
/** `seam wba verify FILE` against the key directory, for the authority, at the time. */
const verifyCommand = (file: string, directory: string, authority = 'shop.example', now = T) =>
  wbaVerify(file, directory, authority, now);

describe('seam wba', async () => {
  const request = 'GET /catalog HTTP/1.1\nHost: shop.example\nAccept: */*\n';
  const signed = await seam(dir, signCommand(), request);
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
    const r = await seam(d, verifyCommand('curl.txt', `${dir}/keys.json`, 'shop.example', T + 10));
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
    const good = await seam(d, [...verifyCommand('req.txt', `${dir}/keys.json`), '--json']);
    const base: string = JSON.parse(good.stdout).bases[0].base;
    const e = workdir({ 'base.txt': base });
    const r = await seam(d, [
      ...verifyCommand('req.txt', `${dir}/keys.json`, 'shop.example:8443'),
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
    const r = await seam(d, verifyCommand('req.txt', `${dir}/keys.json`, 'shop.example', T + 3600));
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
    expect((await seam(dir, verifyCommand('none.txt', 'keys.json', 'a', 0))).code).toBe(4);
    const bad = await seam(dir, verifyCommand('bad.txt', 'keys.json', 'a', 0));
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
    seam(d, [...verifyCommand('req.txt', `${d}/keys.json`, group.authority, group.now), ...more]);

  it('verifies against the target URI you give, and cannot without one', async () => {
    expect((await verify('--target-uri', c.targetUri)).code).toBe(0);
    const without = await verify();
    expect(without.code).toBe(1);
    expect(without.stdout.split('\n')[0]).toMatch(/^refused \[unsupported-component\]/);
  });
});

// A case that exists for a mutant says in its comment which one it holds (file.ts:line:column of
// the mutation report of the command layer); the equivalent ones are listed in spec/cli.md.

describe('seam wba: every option and refusal, compared whole (request shapes, --allow-network)', () => {
  describe('wba: the options and request shapes no other test uses', async () => {
    const dir = workdir({ 'bot.seed': ALICE_SEED, 'keys.json': JSON.stringify(jwks) });
    // A fixed nonce, so that two runs sign the same bytes.
    const sign = async (request: string, ...more: string[]) =>
      await seam(dir, signCommand('--nonce', 'n-1', ...more), request);
    const request = 'GET /catalog HTTP/1.1\nHost: shop.example\n';
    const signed = (await sign(request)).stdout;
    const verify = async (text: string, ...more: string[]) =>
      await seam(workdir({ 'req.txt': text }), [
        ...verifyCommand('req.txt', join(dir, 'keys.json')),
        ...more,
      ]);

    it('sign skips blank lines before the request line', async () => {
      // why: wba.ts:43:47 (lines.shift() dropped: the loop never ends, a Timeout).
      expect(await sign(`\n\n${request}`)).toMatchObject({ code: 0, stdout: signed });
    });

    it('sign --json: the header fields it adds; --signature-agent is sent and covered', async () => {
      // why: wba.ts:210:15 (block emptied), :211:17 ({} for the object), :211:28 ('wba sign'
      // emptied), :211:44 (ok: false); :205:35 ({} for { signatureAgent }).
      const json = JSON.parse((await sign(request, '--json')).stdout);
      expect(json).toEqual({ command: 'wba sign', ok: true, value: json.value });
      expect(signed).toBe(
        `${request}signature-input: ${json.value['signature-input']}\nsignature: ${json.value.signature}\n`,
      );
      const agent = await sign(request, '--signature-agent', 'https://bot.example');
      expect(agent.code).toBe(0);
      expect(agent.stdout).toContain('\nsignature-agent: sig1="https://bot.example"\n');
      expect(agent.stdout).toMatch(/\nsignature-input: sig1=\("@authority" "signature-agent";key="sig1"\);/);
      // A JWK Set URL as the agent: its type is sent and covered with the member.
      const jwksUri = await sign(
        request,
        '--signature-agent',
        'https://bot.example/keys',
        '--signature-agent-type',
        'jwks_uri',
      );
      expect(jwksUri.stdout).toContain('\nsignature-agent: sig1="https://bot.example/keys";type=jwks_uri\n');
      // The legacy string form, on request: a path is then a directory URL, as older drafts had it.
      const legacy = await sign(
        request,
        '--signature-agent',
        'https://bot.example/keys',
        '--legacy-signature-agent',
      );
      expect(legacy.stdout).toContain('\nsignature-agent: "https://bot.example/keys"\n');
      expect(legacy.stdout).toMatch(/\nsignature-input: sig1=\("@authority" "signature-agent"\);/);
      // A directory member names an origin: a path is refused as the verifier would refuse it.
      expect((await sign(request, '--signature-agent', 'https://bot.example/keys')).code).toBe(1);
      // Without --nonce, a fresh random one each run; --no-nonce sends none.
      const unpinned = async () =>
        await seam(
          dir,
          ['wba', 'sign', '-', '--seed-file', 'bot.seed', '--authority', 'shop.example'],
          request,
        );
      const [a, b] = [await unpinned(), await unpinned()];
      expect(a.stdout).toMatch(/;nonce="[A-Za-z0-9_-]{43}"\n/);
      expect(a.stdout.match(/nonce="[^"]*"/)).not.toEqual(b.stdout.match(/nonce="[^"]*"/));
      expect((await sign(request, '--no-nonce')).code).toBe(2);
    });

    it('sign: --expires-in out of range; a lifetime the package refuses, as --json', async () => {
      // why: wba.ts:194:67 (the message emptied); :209:40 ('wba sign' emptied in the refusal).
      expect(await sign(request, '--expires-in', '0')).toMatchObject({
        code: 2,
        stderr: 'seam: --expires-in wants whole seconds, 1..600; see seam wba sign --help\n',
      });
      const r = await sign(request, '--expires-in', '601', '--json');
      expect(r.code).toBe(1);
      expect(JSON.parse(r.stdout)).toMatchObject({ command: 'wba sign', ok: false, code: 'bad-argument' });
    });

    it('a header line without a colon, no --directory, no --authority: each says what to give', async () => {
      // why: wba.ts:56:28, :66:26, :115:28 (the messages emptied).
      expect(await verify('GET / HTTP/1.1\nno colon here\n')).toMatchObject({
        code: 4,
        stderr: 'seam: each header line of the request file is Name: value (as curl -v shows them)\n',
      });
      const d = workdir({ 'req.txt': signed });
      expect(
        await seam(d, ['wba', 'verify', 'req.txt', '--authority', 'shop.example', '--now', String(T)]),
      ).toMatchObject({
        code: 2,
        stderr:
          'seam: give --directory FILE|URL: the signer’s key directory (a JWK Set); see seam wba verify --help\n',
      });
      expect(
        await seam(d, ['wba', 'verify', 'req.txt', '--directory', 'k.json', '--now', String(T)]),
      ).toMatchObject({
        code: 2,
        stderr:
          'seam: give --authority HOST: your own host[:port], as the signer had to cover it; see seam wba verify --help\n',
      });
    });

    it('a request without Signature-Input: --json shows no bases', async () => {
      // why: wba.ts:124:46 (the [] for unreadable members filled).
      const r = await verify(request, '--json');
      expect(r.code).toBe(1);
      expect(JSON.parse(r.stdout)).toMatchObject({
        command: 'wba verify',
        bases: [],
        ok: false,
        code: 'missing-signature-input',
      });
    });

    it('a member without a keyid, and one whose base cannot be built, are shown as such', async () => {
      // why: wba.ts:145:90 (the '' without a keyid filled) and :147:17 (the "cannot be built"
      // line emptied).
      const sig = `:${base64Strict.encode(new Uint8Array(64))}:`;
      const text = `${request}Signature-Input: a=("@authority");created=${T}, b=("x-missing");created=${T}\nSignature: a=${sig}, b=${sig}\n`;
      const r = await verify(text);
      expect(r.code).toBe(1);
      expect(r.stdout).toContain(
        `\nsignature base of a, line by line:\n  "@authority": shop.example\n  "@signature-params": ("@authority");created=${T}\n`,
      );
      expect(r.stdout).toContain(
        '\nsignature base of b, line by line:\n  cannot be built [missing-covered-header]\n',
      );
    });
  });

  describe('wba verify --allow-network: a directory that is fetched but not signed', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('is unverifiable, with the code the package gives and no detail', async () => {
      // why: wba.ts:75:116 (the '' for a refusal without a detail filled).
      vi.stubGlobal('fetch', async () => new Response(JSON.stringify(jwks), { status: 200 }));
      const d = workdir({ 'req.txt': 'GET / HTTP/1.1\nHost: shop.example\n' });
      const where = 'https://bot.example/.well-known/http-message-signatures-directory';
      const r = await seam(d, [...verifyCommand('req.txt', where), '--allow-network']);
      expect(r).toMatchObject({
        code: 6,
        stdout: '',
        stderr: `seam: the key directory at ${where} could not be used [missing-signature-input]: there is no Signature-Input field; give it as a file with --directory FILE\n`,
      });
    });
  });
});

// A case that exists for a mutant says in its comment which one it holds (file.ts:line:column of
// the mutation report of the command layer); the equivalent ones are listed in spec/cli.md.

describe('seam wba: every option and refusal, compared whole (usage errors, the keyid, --expected)', () => {
  describe('wba: usage errors, the keyid, --expected against the first base', async () => {
    const dir = workdir({ 'bot.seed': ALICE_SEED, 'keys.json': JSON.stringify(jwks) });
    const request = 'GET /catalog HTTP/1.1\nHost: shop.example\n';
    const signed = (await seam(dir, signCommand(), request)).stdout;
    // Each without one option it needs: --authority to sign, --now to verify.
    const signArgs = ['wba', 'sign', '-', '--seed-file', 'bot.seed', '--now', String(T)];
    const verifyArgs = wbaVerify('req.txt', 'keys.json', 'shop.example');
    const base = `"@authority": shop.example\n"@signature-params": ${signed.match(/signature-input: sig1=(.*)\n/)?.[1]}`;
    const files = workdir({
      'req.txt': signed,
      'keys.json': JSON.stringify(jwks),
      'base.txt': base,
      'other.txt': `${base}x`,
    });

    it('no --now (verify) and no --authority (sign) are usage errors saying what to give', async () => {
      // why: wba.ts:118:28 and :192:28 (the messages emptied).
      expect(await seam(files, verifyArgs)).toMatchObject(
        usage(
          'give --now TIME: when the request arrived (RFC 3339 or Unix seconds); see seam wba verify --help',
        ),
      );
      expect(await seam(dir, signArgs, request)).toMatchObject(
        usage('give --authority HOST: the authority the request is for; see seam wba sign --help'),
      );
    });

    it('the base is shown with its keyid; --expected compares it, as text and --json', async () => {
      // why: wba.ts:145:42 (m.keyid !== undefined: true, false, ===), :145:66 (the keyid part
      // emptied), :138:13 (expected !== undefined && first !== null false), :138:39 (first !==
      // null: true, ===), :138:56 ({} for the comparison), :154:37 (first !== null true).
      const keyid = signed.match(/keyid="([^"]+)"/)?.[1];
      expect(keyid).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const same = await seam(files, [...verifyCommand('req.txt', 'keys.json'), '--expected', 'base.txt']);
      expect(same.code).toBe(0);
      expect(same.stdout).toContain(
        `\nsignature base of sig1 (keyid ${keyid}), line by line:\n  "@authority": shop.example\n`,
      );
      expect(
        same.stdout.endsWith(
          '\n--expected: identical to the signed bytes above: the bytes agree, so the signature or the key is what differs\n',
        ),
      ).toBe(true);
      const json = await seam(files, [
        ...verifyCommand('req.txt', 'keys.json'),
        '--expected',
        'other.txt',
        '--json',
      ]);
      expect(json.code).toBe(0);
      expect(JSON.parse(json.stdout)).toMatchObject({
        command: 'wba verify',
        ok: true,
        expected: { same: false },
      });
    });

    it('--expected with no base to compare (no Signature-Input): nothing compared, no crash', async () => {
      // why: wba.ts:138:39 and :154:37 (first !== null true: utf8(null) throws).
      const d = workdir({ 'req.txt': request, 'keys.json': JSON.stringify(jwks), 'base.txt': base });
      const r = await seam(d, [...verifyCommand('req.txt', 'keys.json'), '--expected', 'base.txt']);
      expect(r).toMatchObject({ code: 1, stderr: '' });
      expect(r.stdout.startsWith('refused [missing-signature-input]')).toBe(true);
      expect(r.stdout).not.toContain('--expected');
      const json = await seam(d, [
        ...verifyCommand('req.txt', 'keys.json'),
        '--expected',
        'base.txt',
        '--json',
      ]);
      expect(json.code).toBe(1);
      expect(JSON.parse(json.stdout).expected).toBeUndefined();
    });
  });
});

// A case that exists for a mutant says in its comment which one it holds (file.ts:line:column of
// the mutation report of the command layer); the equivalent ones are listed in spec/cli.md.

describe('seam wba: every option and refusal, compared whole (curl -v and proxy-log request files, verify and sign)', () => {
  describe('wba: the request file as curl -v and a proxy log show it', () => {
    it('skips curl lines (*, <, {, } with or without a space), strips "> " or ">", keeps > and * inside a value', () => {
      // why: wba.ts:41:21 (/^[*<{}] ?/ without ^: "Accept: */*" dropped; → /^[*<{}] /: "*"
      // and "{" alone kept as the request line), :42:27 (/^> ?/ → /> ?/: "a>b" → "ab"; → /^> /:
      // ">Host" kept), :57:18 (toLowerCase → toUpperCase).
      const text = [
        '*',
        '* Trying',
        '{',
        '> GET /a HTTP/1.1',
        '>Host: shop.example',
        '> Accept: */*',
        'X-Note: a>b',
        '',
        '< HTTP/1.1 200',
      ].join('\n');
      expect(requestHeaders(text)).toEqual({
        requestLine: 'GET /a HTTP/1.1',
        fieldLines: ['Host: shop.example', 'Accept: */*', 'X-Note: a>b'],
        headers: { host: [' shop.example'], accept: [' */*'], 'x-note': [' a>b'] },
      });
    });

    it('the request line: a method, a target, and an optional HTTP/N or HTTP/N.N, nothing else', () => {
      // why: wba.ts:45:8 (without ^: "get GET /" taken; without $: "GET / HTTP/1.1 x" taken;
      // the HTTP part required: "GET /" refused; its ".N" required: "GET / HTTP/2" refused).
      for (const line of ['GET /', 'GET / HTTP/2', 'POST /x HTTP/1.1'])
        expect(requestHeaders(`${line}\nHost: a\n`).requestLine).toBe(line);
      for (const line of ['get GET / HTTP/1.1', 'GET / HTTP/1.1 x'])
        expect(thrown(() => requestHeaders(`${line}\nHost: a\n`)).message).toContain(
          'the request file starts with a request line',
        );
    });

    it('a header line that starts with its colon has no name', () => {
      // why: wba.ts:55:9 (colon <= 0 → colon < 0: a nameless field taken).
      expect(thrown(() => requestHeaders('GET / HTTP/1.1\n: x\n')).message).toContain(
        'each header line of the request file is Name: value',
      );
    });
  });

  describe('wba: verify and sign, the options no other case reaches', () => {
    const request = 'GET /catalog HTTP/1.1\nHost: shop.example\n';
    const setup = async () => {
      const dir = workdir({
        'bot.seed': ALICE_SEED,
        'old.txt': `${request}Signature-Input: old\nSignature: old\n`,
      });
      mkdirSync(join(dir, 'xhttps:'));
      writeFileSync(join(dir, 'xhttps:', 'keys.json'), JSON.stringify(jwks));
      const sign = signCommand('--nonce', 'n-1');
      const signed = await seam(dir, sign, request);
      expect(signed.code).toBe(0);
      writeFileSync(join(dir, 'req.txt'), signed.stdout);
      return { dir, sign };
    };
    const verify = (directory: string, authority?: string) => verifyCommand('req.txt', directory, authority);
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it('a directory file whose path has https:// inside it is read as a file', async () => {
      // why: wba.ts:67:8 (/^https?:\/\// without ^: the path taken for a URL, a usage error).
      const { dir } = await setup();
      const r = await seam(dir, verify('xhttps://keys.json'));
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^signature verified: signed by did:key:/);
    });

    it('a refusal at the equation without signed bytes shown gives no --expected tip', async () => {
      // why: shared.ts:69:7 (e.signed !== undefined → true: the tip printed for wba, which
      // shows its bases itself and has no signed bytes in the report).
      const { dir } = await setup();
      writeFileSync(join(dir, 'keys.json'), JSON.stringify(jwks));
      const r = await seam(dir, verify('keys.json', 'other.example'));
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(/^refused \[bad-signature\]/);
      expect(r.stdout).not.toContain('next: ask the signer');
    });

    it('--allow-network: a signed directory is used; a bad status is unverifiable with its detail', async () => {
      // why: wba.ts:73:7 (!fetched.ok → true: a verified directory refused) and :75:92 (the
      // `: ${fetched.detail}` part → '').
      const { dir } = await setup();
      const where = 'https://bot.example/.well-known/http-message-signatures-directory';
      const published = signDirectory({
        seed: seed.value,
        authority: 'bot.example',
        created: T - 60,
        expires: T + 3600,
      });
      vi.stubGlobal(
        'fetch',
        async () => new Response(published.body, { status: 200, headers: published.headers }),
      );
      const r = await seam(dir, [...verify(where), '--allow-network']);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/^signature verified: signed by did:key:/);
      vi.stubGlobal('fetch', async () => new Response('gone', { status: 404 }));
      expect(await seam(dir, [...verify(where), '--allow-network'])).toMatchObject({
        code: 6,
        stdout: '',
        stderr: `seam: the key directory at ${where} could not be used [bad-status]: status 404, not 200; give it as a file with --directory FILE\n`,
      });
    });

    it('verify and sign without a request file say REQUEST', async () => {
      // why: wba.ts:112:51 and :188:49 ('REQUEST' → "").
      const { dir, sign } = await setup();
      expect(await seam(dir, ['wba', 'verify'])).toMatchObject({
        code: 2,
        stderr:
          'seam: seam wba verify reads one REQUEST (or - for stdin); got 0; see seam wba verify --help\n',
      });
      expect(
        await seam(
          dir,
          sign.filter((a) => a !== '-'),
        ),
      ).toMatchObject({
        code: 2,
        stderr: 'seam: seam wba sign reads one REQUEST (or - for stdin); got 0; see seam wba sign --help\n',
      });
    });

    it('--expires-in with digits at only one end is a usage error', async () => {
      // why: wba.ts:194:10 (/^[1-9][0-9]{0,5}$/ without ^: "x5"; without $: "5x").
      const { dir, sign } = await setup();
      for (const lifetime of ['x5', '5x'])
        expect(await seam(dir, [...sign, '--expires-in', lifetime], request)).toMatchObject({
          code: 2,
          stderr: 'seam: --expires-in wants whole seconds, 1..600; see seam wba sign --help\n',
        });
    });

    it('sign replaces the Signature-Input and Signature lines a request already has', async () => {
      // why: wba.ts:214:18 (the filter dropped), :214:45 (toLowerCase → toUpperCase; the name
      // → the whole line), :214:66 (':' → "": every name empty): the old lines kept.
      const { dir, sign } = await setup();
      const fresh = await seam(dir, sign, request);
      const again = await seam(dir, [...sign.slice(0, 2), 'old.txt', ...sign.slice(3)]);
      expect(again).toMatchObject({ code: 0, stdout: fresh.stdout });
    });
  });
});
