import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { base64Strict, hex } from '@agent-seam/canonical';
import { didFromPublicKey, keyPairFromSeed } from '@agent-seam/did';
import {
  ACCESS_KIND_SESSION,
  createDack,
  deriveKeyPair,
  keyRingOf,
  openEnvelope,
  readDack,
  sealEnvelope,
} from '@agent-seam/hpke-seal';
import { describe, expect, it } from 'vitest';
import { aidOf, seam, workdir } from './run.js';

const alice = keyPairFromSeed(new Uint8Array(32).fill(1));
const bob = keyPairFromSeed(new Uint8Array(32).fill(2));
const aliceAid = aidOf(alice.publicKey);
const bobAid = aidOf(bob.publicKey);
const EPOCH_SEED = `${'03'.repeat(32)}\n`;
const epoch = deriveKeyPair(new Uint8Array(32).fill(3));
const sentMs = Date.UTC(2026, 0, 1);

const sealed = sealEnvelope({
  to: bobAid,
  recipientPublicKey: epoch.publicKey,
  senderSeed: alice.seed,
  message: {
    from: aliceAid,
    ksn: 0,
    type: 'anet.message/1',
    ix: 'ix-1',
    mid: new Uint8Array(16).fill(9),
    tsMs: sentMs,
    expMs: sentMs + 24 * 60 * 60 * 1000,
    body: new TextEncoder().encode('hello Bob'),
  },
  access: { kind: ACCESS_KIND_SESSION },
});
const aliceDid = didFromPublicKey(alice.publicKey);

describe('seam seal open', () => {
  const dir = workdir({
    'env.bin': sealed.bytes,
    'env.txt': base64Strict.encode(sealed.bytes),
    'epoch.seed': EPOCH_SEED,
    'other.seed': `${'04'.repeat(32)}\n`,
  });
  const open = async (file: string, ...more: string[]) =>
    await seam(dir, [
      'seal',
      'open',
      file,
      '--aid',
      bobAid,
      '--seed-file',
      'epoch.seed',
      '--sender-key',
      aliceDid,
      '--now',
      '2026-01-01T00:00:05Z',
      '--no-replay-check',
      '--no-capabilities',
      ...more,
    ]);

  it('opens the envelope (raw or base64) and writes the body; --json gives the fields', async () => {
    expect(await open('env.bin')).toMatchObject({
      code: 0,
      stdout: 'hello Bob',
      stderr:
        "replay NOT checked: --no-replay-check waives it\ncapabilities NOT accepted: --no-capabilities (mailbox: 'off')\n",
    });
    expect(await open('env.txt')).toMatchObject({ code: 0, stdout: 'hello Bob' });
    const r = await open('env.bin', '--json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.value).toMatchObject({
      version: 2,
      from: aliceAid,
      ksn: 0,
      to: bobAid,
      type: 'anet.message/1',
    });
    expect(out.value.body).toBe(base64Strict.encode(new TextEncoder().encode('hello Bob')));
    // Every check passed but the replay check, which --no-replay-check turned off by name.
    const outcomes = out.explain.checks.map((c: { id: string; outcome: string }) => `${c.id} ${c.outcome}`);
    expect(outcomes.filter((o: string) => !o.endsWith(' pass'))).toEqual(['replay not-checked']);
    expect(out.judged).toEqual([
      'replay NOT checked: --no-replay-check waives it',
      "capabilities NOT accepted: --no-capabilities (mailbox: 'off')",
    ]);
    expect(JSON.stringify(out)).not.toContain(hex.encode(sealed.dack.noteKey));
  });

  it('bad-sig shows the bytes the inner signature covers; --expected compares them', async () => {
    // What alice signed, as the library hands it over once the layers are open.
    let signedBytes: Uint8Array = new Uint8Array(0);
    openEnvelope(sealed.bytes, {
      ownAid: bobAid,
      keyRing: keyRingOf([epoch.privateKey]),
      resolveSenderKey: () => ({ ok: true, value: alice.publicKey }),
      now: new Date(sentMs + 5000),
      mailbox: 'off',
      replay: 'off',
      onSignedBytes: (bytes) => {
        signedBytes = bytes;
      },
    });
    const altered = signedBytes.slice();
    altered[altered.length - 1]! ^= 1;
    writeFileSync(join(dir, 'signed.bin'), signedBytes);
    writeFileSync(join(dir, 'altered.bin'), altered);
    // The shared open(), its --sender-key given again: parseArgs keeps the last one (bob's).
    const run = async (...more: string[]) =>
      await open('env.bin', '--sender-key', base64Strict.encode(bob.publicKey), ...more);
    const shown = await run();
    expect(shown.code).toBe(1);
    expect(shown.stdout).toContain(`signed bytes (${signedBytes.length} bytes`);
    const same = JSON.parse((await run('--expected', 'signed.bin', '--json')).stdout);
    expect(same.explain.signed.base64).toBe(base64Strict.encode(signedBytes));
    expect(same.explain.expected).toEqual({ same: true });
    const other = JSON.parse((await run('--expected', 'altered.bin', '--json')).stdout);
    expect(other.explain.expected).toMatchObject({
      same: false,
      offset: signedBytes.length - 1,
      signatureHoldsOverExpected: false,
    });
  });

  it('refusals exit 1 and name the refusing check in the package order', async () => {
    const late = await open('env.bin', '--now', '2026-01-03T00:00:00Z', '--json');
    // --now given twice: parseArgs keeps the last, so this judges two days later.
    expect(late.code).toBe(1);
    const out = JSON.parse(late.stdout);
    expect(out).toMatchObject({ ok: false, code: 'expired' });
    const refused = out.explain.checks.filter((c: { outcome: string }) => c.outcome === 'refuse');
    expect(refused.map((c: { id: string }) => c.id)).toEqual(['time']);
    const wrongKey = await seam(dir, [
      'seal',
      'open',
      'env.bin',
      '--aid',
      bobAid,
      '--seed-file',
      'other.seed',
      '--sender-key',
      aliceDid,
      '--now',
      '1767225605',
      '--no-replay-check',
      '--no-capabilities',
    ]);
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stdout.split('\n')[0]).toMatch(/^refused \[sealed-to-unknown-key\]/);
    const otherSigner = await open('env.bin', '--sender-key', base64Strict.encode(bob.publicKey));
    expect(otherSigner.code).toBe(1);
    expect(otherSigner.stdout).toMatch(/^refused \[bad-sig\]/);
    const asV1 = await seam(dir, [
      'seal',
      'open',
      'env.bin',
      '--v1',
      '--aid',
      bobAid,
      '--seed-file',
      'epoch.seed',
      '--sender-key',
      aliceDid,
      '--now',
      '1767225605',
      '--no-replay-check',
      '--json',
    ]);
    expect(JSON.parse(asV1.stdout)).toMatchObject({ ok: false, code: 'bad-version' });
  });

  it('a replay file refuses the second opening of one envelope', async () => {
    const once = ['--replay-file', 'opened.json'];
    const withFile = async () =>
      await seam(dir, [
        'seal',
        'open',
        'env.bin',
        '--aid',
        bobAid,
        '--seed-file',
        'epoch.seed',
        '--sender-key',
        aliceDid,
        '--now',
        '2026-01-01T00:00:05Z',
        '--no-capabilities',
        ...once,
      ]);
    expect(await withFile()).toMatchObject({
      code: 0,
      stdout: 'hello Bob',
      stderr: "capabilities NOT accepted: --no-capabilities (mailbox: 'off')\n",
    });
    const again = await withFile();
    expect(again.code).toBe(1);
    expect(again.stdout).toMatch(/^refused \[replayed\]/);
  });

  it('replay and mailbox need a choice: neither, or both, is a usage error saying so', async () => {
    const base = [
      'seal',
      'open',
      'env.bin',
      '--aid',
      bobAid,
      '--seed-file',
      'epoch.seed',
      '--sender-key',
      aliceDid,
      '--now',
      '1767225605',
    ];
    const noReplay = await seam(dir, [...base, '--no-capabilities']);
    expect(noReplay.code).toBe(2);
    expect(noReplay.stderr).toContain('--replay-file PATH');
    const noMailbox = await seam(dir, [...base, '--no-replay-check']);
    expect(noMailbox.code).toBe(2);
    expect(noMailbox.stderr).toContain('--mailbox-key KEY --mailbox-epoch N');
    expect(
      (await seam(dir, [...base, '--no-replay-check', '--no-capabilities', '--mailbox-epoch', '1'])).code,
    ).toBe(2);
    expect(
      (await seam(dir, [...base, '--no-replay-check', '--mailbox-key', aliceDid, '--mailbox-epoch', '0']))
        .code,
    ).toBe(2);
  });

  it('usage errors exit 2 (no --now, a bad --sender-key); a missing file or seed exits 4', async () => {
    const noNow = await seam(dir, [
      'seal',
      'open',
      'env.bin',
      '--aid',
      bobAid,
      '--seed-file',
      'epoch.seed',
      '--sender-key',
      aliceDid,
    ]);
    expect(noNow.code).toBe(2);
    expect(noNow.stderr).toMatch(/^seam: give --now TIME/);
    expect((await open('env.bin', '--sender-key', 'not a key')).code).toBe(2);
    expect((await open('env.bin', '--v1', '--dack-keys-out', 'k.json')).code).toBe(2);
    expect((await open('none.bin')).code).toBe(4);
    expect((await open('env.bin', '--seed-file', 'env.txt')).code).toBe(4);
  });
});

describe('seam dack', async () => {
  const dir = workdir({ 'env.bin': sealed.bytes, 'epoch.seed': EPOCH_SEED });
  const opened = await seam(dir, [
    'seal',
    'open',
    'env.bin',
    '--aid',
    bobAid,
    '--seed-file',
    'epoch.seed',
    '--sender-key',
    aliceDid,
    '--now',
    '2026-01-01T00:00:05Z',
    '--no-replay-check',
    '--no-capabilities',
    '--dack-keys-out',
    'bob-dack.json',
  ]);
  // The sender's keys, from sealEnvelope, in the file format seam dack reads.
  const senderKeys = JSON.stringify({
    processedToken: hex.encode(sealed.dack.processedToken),
    refusedToken: hex.encode(sealed.dack.refusedToken),
    noteKey: hex.encode(sealed.dack.noteKey),
    handle: hex.encode(sealed.dack.handle),
  });
  const files = workdir({
    'alice-dack.json': senderKeys,
    'bad-keys.json': JSON.stringify({ ...JSON.parse(senderKeys), handle: hex.encode(new Uint8Array(15)) }),
    'forged.txt': base64Strict.encode(new Uint8Array(80).fill(7)),
    'short.txt': base64Strict.encode(new Uint8Array(79)),
  });

  it('the recipient writes a dack from its opened keys; the sender library and seam dack read it', async () => {
    expect(opened.code).toBe(0);
    const bobKeys = readFileSync(join(dir, 'bob-dack.json'), 'utf8');
    expect(JSON.parse(bobKeys)).toEqual(JSON.parse(senderKeys));
    const made = await seam(dir, [
      'dack',
      'create',
      '--keys-file',
      'bob-dack.json',
      '--refused',
      '--reason',
      '429',
      '--wait-ms',
      '60000',
    ]);
    expect(made.code).toBe(0);
    const dack = base64Strict.decode(made.stdout.trim());
    if (!dack.ok) throw new Error('dack is not base64');
    expect(readDack(sealed.dack, dack.value)).toEqual({
      ok: true,
      value: { decision: 'refused', reason: 429, waitMs: 60000 },
    });
    const files2 = workdir({
      'dack.txt': made.stdout,
      'dack.bin': createDack(sealed.dack, { decision: 'processed' }),
    });
    const read = await seam(files2, [
      'dack',
      'read',
      'dack.txt',
      '--keys-file',
      join(files, 'alice-dack.json'),
    ]);
    expect(read.code).toBe(0);
    expect(read.stdout.split('\n')[0]).toBe('refused (reason 429, wait 60000 ms)');
    const raw = await seam(files2, [
      'dack',
      'read',
      'dack.bin',
      '--keys-file',
      join(files, 'alice-dack.json'),
      '--json',
    ]);
    expect(JSON.parse(raw.stdout)).toMatchObject({ ok: true, value: { decision: 'processed' } });
  });

  it('a dack with another token, or of another length, is refused naming the check', async () => {
    const forged = await seam(files, [
      'dack',
      'read',
      'forged.txt',
      '--keys-file',
      'alice-dack.json',
      '--json',
    ]);
    expect(forged.code).toBe(1);
    const out = JSON.parse(forged.stdout);
    expect(out).toMatchObject({ ok: false, code: 'bad-dack-token' });
    expect(out.explain.checks.map((c: { id: string; outcome: string }) => `${c.id}:${c.outcome}`)).toEqual([
      'dack:pass',
      'length:pass',
      'token:refuse',
      'note:not-checked',
    ]);
    const short = await seam(files, ['dack', 'read', 'short.txt', '--keys-file', 'alice-dack.json']);
    expect(short.code).toBe(1);
    expect(short.stdout).toMatch(/^refused \[bad-dack-length\]/);
  });

  it('usage errors exit 2; an unreadable dack or keys file exits 4', async () => {
    expect((await seam(files, ['dack', 'create', '--keys-file', 'alice-dack.json'])).code).toBe(2);
    expect(
      (
        await seam(files, [
          'dack',
          'create',
          '--keys-file',
          'alice-dack.json',
          '--processed',
          '--reason',
          '0',
        ])
      ).code,
    ).toBe(2);
    expect((await seam(files, ['dack', 'read', 'forged.txt'])).code).toBe(2);
    expect((await seam(files, ['dack', 'read', 'none.txt', '--keys-file', 'alice-dack.json'])).code).toBe(4);
    expect((await seam(files, ['dack', 'read', 'forged.txt', '--keys-file', 'bad-keys.json'])).code).toBe(4);
  });
});

// v1 has no sealer in hpke-seal's public API: ANetCore v0.15's VEC-SEALED-1, read in place
// from the interop data (in CI its absence is red, as in the conformance report).
describe('seam seal open --v1 (VEC-SEALED-1 of ANetCore v0.15)', () => {
  const interop =
    process.env.SEAM_INTEROP_DIR ?? join(import.meta.dirname, '..', '..', '..', '..', 'shared', 'interop');
  const path = join(interop, 'anet', 'ANetCore-v0.15', 'seal', 'testdata', 'vec-sealed-1.json');
  if (!existsSync(path)) {
    it('interop data absent', () => expect(process.env.CI, `interop data missing at ${path}`).toBeFalsy());
    return;
  }
  const vec = JSON.parse(readFileSync(path, 'utf8')) as { envelope: string };
  const extracted = JSON.parse(readFileSync(join(interop, 'anet', 'extracted_vectors.json'), 'utf8'));
  const facts = extracted.seal.find((e: { id: string }) => e.id === 'VEC-SEALED-1');
  const senderPub = extracted.keys.find((k: { id: string }) => k.id === 'SUITE-IDENTITY').derived_by_me
    .k0_pub;
  const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
  const dir = workdir({
    'v1.bin': Buffer.from(vec.envelope, 'hex'),
    'recipient.seed': `${sha256Hex('anet-seal-golden-v1/recipient-enc')}\n`,
  });
  const open = async (nowSeconds: number, ...more: string[]) =>
    await seam(dir, [
      'seal',
      'open',
      'v1.bin',
      '--v1',
      '--aid',
      facts.inner_fields.to,
      '--seed-file',
      'recipient.seed',
      '--sender-key',
      Buffer.from(senderPub, 'hex').toString('base64'),
      '--now',
      String(nowSeconds),
      '--no-replay-check',
      ...more,
    ]);

  it('opens the real v1 envelope and writes its body', async () => {
    expect(await open(facts.now_for_checks / 1000)).toMatchObject({
      code: 0,
      stdout: facts.inner_fields.body_utf8,
    });
  });

  it('refuses it as expired a day later, with the v1 check list', async () => {
    const r = await open(facts.inner_fields.exp / 1000 + 1, '--json');
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ ok: false, code: 'expired' });
    expect(out.explain.checks.map((c: { id: string }) => c.id)).not.toContain('wrap');
  });
});
