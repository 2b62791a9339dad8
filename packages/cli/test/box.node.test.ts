import { writeFileSync } from 'node:fs';
import { base64Strict } from '@agent-seam/canonical';
import { encPublicKey, encPublicKeyPq, openBox } from '@agent-seam/cryptobox';
import { describe, expect, it } from 'vitest';
import { ALICE_SEED, BOB_SEED, seam, seedOf, usage, workdir } from './run.js';

const alicePub = base64Strict.encode(encPublicKey(seedOf(ALICE_SEED)));
const bobPub = base64Strict.encode(encPublicKey(seedOf(BOB_SEED)));

describe('seam box', async () => {
  const dir = workdir({ 'alice.seed': ALICE_SEED, 'bob.seed': BOB_SEED });
  const sealed = await seam(
    dir,
    ['box', 'seal', '-', '--seed-file', 'alice.seed', '--to', bobPub, '--ad', 'msg-1'],
    'lunch at noon?',
  );
  const files = workdir({ 'box.txt': sealed.stdout });
  const open = async (ad: string, json = false) =>
    await seam(files, [
      'box',
      'open',
      'box.txt',
      '--seed-file',
      `${dir}/bob.seed`,
      '--from',
      alicePub,
      '--ad',
      ad,
      ...(json ? ['--json'] : []),
    ]);

  it('seal writes a box the library opens; open writes the plaintext', async () => {
    expect(sealed.code).toBe(0);
    const plain = openBox({
      recipientSeed: seedOf(BOB_SEED),
      senderPub: encPublicKey(seedOf(ALICE_SEED)),
      blob: sealed.stdout.trim(),
      ad: new TextEncoder().encode('msg-1'),
    });
    expect(new TextDecoder().decode(plain!)).toBe('lunch at noon?');
    const r = await open('msg-1');
    expect(r).toMatchObject({ code: 0, stdout: 'lunch at noon?' });
  });

  it('open under other associated data is refused, naming the check', async () => {
    const r = await open('msg-2', true);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out.ok).toBe(false);
    expect(out.explain.checks.some((c: { outcome: string }) => c.outcome === 'refuse')).toBe(true);
  });

  it('usage errors exit 2 (no --ad, a key that is not base64); a missing file exits 4', async () => {
    expect(
      (await seam(dir, ['box', 'seal', '-', '--seed-file', 'alice.seed', '--to', bobPub], 'x')).code,
    ).toBe(2);
    expect(
      (
        await seam(
          dir,
          ['box', 'seal', '-', '--seed-file', 'alice.seed', '--to', 'not base64!', '--ad', ''],
          'x',
        )
      ).code,
    ).toBe(2);
    expect(
      (
        await seam(dir, [
          'box',
          'open',
          'none.txt',
          '--seed-file',
          'bob.seed',
          '--from',
          alicePub,
          '--ad',
          '',
        ])
      ).code,
    ).toBe(4);
  });
});

// A case that exists for a mutant says in its comment which one it holds (file.ts:line:column of
// the mutation report of the command layer); the equivalent ones are listed in spec/cli.md.

describe('seam box: the options and refusals each compared whole', () => {
  const ALICE = seedOf(ALICE_SEED);

  const BOB = seedOf(BOB_SEED);

  const alicePub = base64Strict.encode(encPublicKey(ALICE));

  const bobPub = base64Strict.encode(encPublicKey(BOB));

  const seeds = () => workdir({ 'alice.seed': ALICE_SEED, 'bob.seed': BOB_SEED });

  const utf8 = (text: string) => new TextEncoder().encode(text);

  const writeBox = (dir: string, blob: string) => writeFileSync(`${dir}/box.txt`, blob);

  describe('seam box seal and open: post-quantum keys, --json and refusals', () => {
    const seal = (dir: string, extra: string[], json = false) =>
      seam(
        dir,
        ['box', 'seal', '-', '--seed-file', 'alice.seed', ...extra, ...(json ? ['--json'] : [])],
        'lunch at noon?',
      );
    const open = (dir: string, extra: string[]) =>
      seam(dir, ['box', 'open', 'box.txt', '--seed-file', 'bob.seed', ...extra]);
    const opensTo = (blob: string) =>
      openBox({ recipientSeed: BOB, senderPub: encPublicKey(ALICE), blob, ad: utf8('m1') });
    const isV2 = (blob: string) => {
      const b = base64Strict.decode(blob);
      return b.ok && new TextDecoder().decode(b.value.subarray(0, 4)) === 'a2b2';
    };

    it('usage errors name the flag and what to give', async () => {
      const dir = seeds();
      // why: box.ts:9:48 (no --to: the `give FLAG BASE64` message → '').
      expect(await seal(dir, ['--ad', 'm1'])).toMatchObject(
        usage('give --to BASE64: the recipient’s encPub; see seam box seal --help'),
      );
      // why: box.ts:11:37 (not base64 → '').
      expect(await seal(dir, ['--to', 'not base64!', '--ad', 'm1'])).toMatchObject(
        usage('--to wants standard base64 (seam did --seed-file prints encPub so); see seam box seal --help'),
      );
      // why: box.ts:21:7 (neither --ad nor --ad-file → "").
      expect(await seal(dir, ['--to', bobPub])).toMatchObject(
        usage(
          'give --ad TEXT or --ad-file FILE: the associated data the box is bound to (may be empty); see seam box seal --help',
        ),
      );
      // why: box.ts:90:51 and :90:61 (box open without --from → "").
      writeBox(dir, 'x');
      expect(await open(dir, ['--ad', 'm1'])).toMatchObject(
        usage('give --from BASE64: the sender’s encPub; see seam box open --help'),
      );
    });

    it('--to-pq seals v2 to a raw 1184-byte key and to the key as base64 text with a newline', async () => {
      const dir = seeds();
      const pq = encPublicKeyPq(BOB);
      const raw = workdir({ 'bob.pq': pq });
      const text = workdir({ 'bob.pq': `${base64Strict.encode(pq)}\n` });
      for (const where of [raw, text]) {
        // why: box.ts:54:31 (the --to-pq block emptied), :65:44 ({ recipientPqPub } → {}: a v1 box),
        // :57:24 (raw.length === 1184 → true: the base64 text taken as the key), :56:42 (no trim:
        // the newline makes the text no base64, so the text bytes are taken as the key).
        const r = await seal(dir, ['--to', bobPub, '--to-pq', `${where}/bob.pq`, '--ad', 'm1']);
        expect(r.code, r.stderr).toBe(0);
        expect(isV2(r.stdout.trim())).toBe(true);
        expect(new TextDecoder().decode(opensTo(r.stdout.trim())!)).toBe('lunch at noon?');
      }
    });

    it('a raw 1184-byte ML-KEM key that is also base64 text is taken raw', async () => {
      // why: box.ts:57:24 (raw.length === 1184 → false, and → !==): 1184 'A's is a valid
      // ML-KEM-768 encapsulation key (every 12-bit coefficient 321 or 1044, below q) and also
      // strict base64 of 888 zero bytes; only the length test keeps it raw.
      const dir = seeds();
      const keys = workdir({ 'odd.pq': 'A'.repeat(1184) });
      const r = await seal(dir, ['--to', bobPub, '--to-pq', `${keys}/odd.pq`, '--ad', 'm1']);
      expect(r.code, r.stderr).toBe(0);
      expect(isV2(r.stdout.trim())).toBe(true);
    });

    it('seal --json: the box as {command, ok, value}; a refusal as {command, ok: false, code, detail}', async () => {
      const dir = seeds();
      // why: box.ts:69:41, :69:52, :69:68 (the --json object of a sealed box).
      const ok = await seal(dir, ['--to', bobPub, '--ad', 'm1'], true);
      expect(ok.code).toBe(0);
      const out = JSON.parse(ok.stdout);
      expect(Object.keys(out)).toEqual(['command', 'ok', 'value']);
      expect(out).toMatchObject({ command: 'box seal', ok: true });
      expect(new TextDecoder().decode(opensTo(out.value)!)).toBe('lunch at noon?');
      // A key file that is no ML-KEM key: sealBox refuses (bad-pq-public-key).
      const bad = workdir({ 'bad.pq': 'short' });
      // why: box.ts:68:40 ('box seal' → ""), :68:52 (=== true → false, → !==), :68:68 (true → false).
      const refused = await seal(dir, ['--to', bobPub, '--to-pq', `${bad}/bad.pq`, '--ad', 'm1'], true);
      expect(refused.code).toBe(1);
      expect(JSON.parse(refused.stdout)).toEqual({
        command: 'box seal',
        ok: false,
        code: 'bad-pq-public-key',
        detail: 'recipientPqPub is not an ML-KEM-768 encapsulation key',
      });
      // why: box.ts:68:52 (=== true → true: the refusal without --json printed as JSON).
      const text = await seal(dir, ['--to', bobPub, '--to-pq', `${bad}/bad.pq`, '--ad', 'm1']);
      expect(text).toMatchObject({
        code: 1,
        stdout: 'cannot sign [bad-pq-public-key]: recipientPqPub is not an ML-KEM-768 encapsulation key\n',
      });
    });

    it('open --json of a box that opens: the plaintext as base64 under value', async () => {
      const dir = seeds();
      const sealed = await seal(dir, ['--to', bobPub, '--ad', 'm1']);
      writeBox(dir, sealed.stdout);
      // why: box.ts:101:29, :101:35 (the ok verdict as {ok, value}), :99:16 ('box open' → "").
      const r = await open(dir, ['--from', alicePub, '--ad', 'm1', '--json']);
      expect(r.code).toBe(0);
      const out = JSON.parse(r.stdout);
      expect(out).toMatchObject({
        command: 'box open',
        ok: true,
        value: base64Strict.encode(utf8('lunch at noon?')),
      });
      expect(out.explain.checks.every((c: { outcome: string }) => c.outcome === 'pass')).toBe(true);
    });

    it('open of a box that is refused, without --json, prints the refusal and no plaintext', async () => {
      const dir = seeds();
      const sealed = await seal(dir, ['--to', bobPub, '--ad', 'm1']);
      writeBox(dir, sealed.stdout);
      // why: box.ts:94:9 (verdict.ok && !json → ||: a refusal would be written as plaintext).
      const r = await open(dir, ['--from', alicePub, '--ad', 'm2']);
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(/^refused \[[a-z-]+\]: /);
      expect(r.stdout).not.toContain('lunch');
    });
  });
});

// A case that exists for a mutant says in its comment which one it holds (file.ts:line:column of
// the mutation report of the command layer); the equivalent ones are listed in spec/cli.md.

describe('seam box: every option and refusal, compared whole (--ad-file)', () => {
  describe('box: --ad-file', () => {
    it('a box sealed with --ad-file opens with the same bytes as --ad, and not with others', async () => {
      // why: box.ts:19:33 (file === undefined → true: --ad-file alone a usage error) and
      // :23:10 (text !== undefined → true: utf8(undefined) throws).
      const dir = workdir({ 'alice.seed': ALICE_SEED, 'bob.seed': BOB_SEED, 'ad.bin': 'msg-0001' });
      const encPub = async (seed: string) =>
        JSON.parse((await seam(dir, ['did', '--seed-file', seed, '--json'])).stdout).encPub as string;
      const sealed = await seam(
        dir,
        [
          'box',
          'seal',
          '-',
          '--seed-file',
          'alice.seed',
          '--to',
          await encPub('bob.seed'),
          '--ad-file',
          'ad.bin',
        ],
        'lunch at noon?',
      );
      expect(sealed).toMatchObject({ code: 0, stderr: '' });
      const open = ['box', 'open', '-', '--seed-file', 'bob.seed', '--from', await encPub('alice.seed')];
      expect(await seam(dir, [...open, '--ad', 'msg-0001'], sealed.stdout)).toMatchObject({
        code: 0,
        stdout: 'lunch at noon?',
      });
      expect(await seam(dir, [...open, '--ad-file', 'ad.bin'], sealed.stdout)).toMatchObject({
        code: 0,
        stdout: 'lunch at noon?',
      });
      expect((await seam(dir, [...open, '--ad', 'msg-0002'], sealed.stdout)).code).toBe(1);
    });
  });
});
