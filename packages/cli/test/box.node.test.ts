import { base64Strict } from '@agent-seam/canonical';
import { encPublicKey, openBox } from '@agent-seam/cryptobox';
import { describe, expect, it } from 'vitest';
import { ALICE_SEED, BOB_SEED, seam, seedOf, workdir } from './run.js';

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
