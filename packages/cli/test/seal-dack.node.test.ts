import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { base64Strict, hex, unwrap } from '@agent-seam/canonical';
import { didFromPublicKey, didFromSeed, keyPairFromSeed, signEd25519 } from '@agent-seam/did';
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
import { assembleEnvelope, innerEntries } from '../../hpke-seal/src/seal-v2.js';
import { aidOf, DACK_KEYS, DACK_KEYS_HEX, seam, usage, workdir } from './run.js';

const alice = keyPairFromSeed(new Uint8Array(32).fill(1));
const bob = keyPairFromSeed(new Uint8Array(32).fill(2));
const aliceAid = aidOf(alice.publicKey);
const bobAid = aidOf(bob.publicKey);
const EPOCH_SEED = `${'03'.repeat(32)}\n`;
const epoch = deriveKeyPair(new Uint8Array(32).fill(3));
const sentMs = Date.UTC(2026, 0, 1);

// Alice's message to bob's AID (the README's stand-in AIDs: the CID of a small record holding
// the identity key), sent at 2026-01-01T00:00:00Z, sealed to the epoch key of seed 03.
const message = {
  from: aliceAid,
  ksn: 0,
  type: 'anet.message/1',
  ix: 'ix-1',
  mid: new Uint8Array(16).fill(9),
  tsMs: sentMs,
  expMs: sentMs + 24 * 60 * 60 * 1000,
  body: new TextEncoder().encode('hello Bob'),
};
const sealed = sealEnvelope({
  to: bobAid,
  recipientPublicKey: epoch.publicKey,
  senderSeed: alice.seed,
  message,
  access: { kind: ACCESS_KIND_SESSION },
});
const aliceDid = didFromPublicKey(alice.publicKey);

/**
 * `seam seal open FILE` as bob opens alice's envelope: his AID, the epoch seed file, her key,
 * 5 s after sending. Each can be named otherwise; `now: null` leaves --now out. An option
 * given again after these wins (parseArgs keeps the last).
 */
const openArgs = (
  file: string,
  o: { aid?: string; seedFile?: string; senderKey?: string; now?: string | null } = {},
) => [
  'seal',
  'open',
  file,
  '--aid',
  o.aid ?? bobAid,
  '--seed-file',
  o.seedFile ?? 'epoch.seed',
  '--sender-key',
  o.senderKey ?? aliceDid,
  ...(o.now === null ? [] : ['--now', o.now ?? '2026-01-01T00:00:05Z']),
];
/** Replay and capabilities waived by name, as a one-off opening does. */
const WAIVED = ['--no-replay-check', '--no-capabilities'];

describe('seam seal open', () => {
  const dir = workdir({
    'env.bin': sealed.bytes,
    'env.txt': base64Strict.encode(sealed.bytes),
    'epoch.seed': EPOCH_SEED,
    'other.seed': `${'04'.repeat(32)}\n`,
  });
  const open = async (file: string, ...more: string[]) =>
    await seam(dir, [...openArgs(file), ...WAIVED, ...more]);

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
      ...openArgs('env.bin', { seedFile: 'other.seed', now: '1767225605' }),
      ...WAIVED,
    ]);
    expect(wrongKey.code).toBe(1);
    expect(wrongKey.stdout.split('\n')[0]).toMatch(/^refused \[sealed-to-unknown-key\]/);
    const otherSigner = await open('env.bin', '--sender-key', base64Strict.encode(bob.publicKey));
    expect(otherSigner.code).toBe(1);
    expect(otherSigner.stdout).toMatch(/^refused \[bad-sig\]/);
    const asV1 = await seam(dir, [
      ...openArgs('env.bin', { now: '1767225605' }),
      '--v1',
      '--no-replay-check',
      '--json',
    ]);
    expect(JSON.parse(asV1.stdout)).toMatchObject({ ok: false, code: 'bad-version' });
  });

  it('a replay file refuses the second opening of one envelope', async () => {
    const once = ['--replay-file', 'opened.json'];
    const withFile = async () => await seam(dir, [...openArgs('env.bin'), '--no-capabilities', ...once]);
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
    const base = openArgs('env.bin', { now: '1767225605' });
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
    const noNow = await seam(dir, openArgs('env.bin', { now: null }));
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
  const opened = await seam(dir, [...openArgs('env.bin'), ...WAIVED, '--dack-keys-out', 'bob-dack.json']);
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
      ...openArgs('v1.bin', {
        aid: facts.inner_fields.to,
        seedFile: 'recipient.seed',
        senderKey: Buffer.from(senderPub, 'hex').toString('base64'),
        now: String(nowSeconds),
      }),
      '--v1',
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

// A case that exists for a mutant says in its comment which one it holds (file.ts:line:column of
// the mutation report of the command layer); the equivalent ones are listed in spec/cli.md.

describe('seam dack and seal open: every option and refusal, compared whole (create, read, the options of open)', () => {
  describe('dack create and read', () => {
    const keys = DACK_KEYS_HEX;
    const dackKeys = DACK_KEYS;
    const dir = workdir({
      'keys.json': JSON.stringify(keys),
      'processed.bin': createDack(dackKeys, { decision: 'processed' }),
      'wait.bin': createDack(dackKeys, { decision: 'refused', waitMs: 60000 }),
      'reason.bin': createDack(dackKeys, { decision: 'refused', reason: 429 }),
    });
    const read = async (file: string) => await seam(dir, ['dack', 'read', file, '--keys-file', 'keys.json']);

    it('create takes no FILE', async () => {
      // why: dack.ts:58:54 (the message emptied).
      expect(
        await seam(dir, ['dack', 'create', 'x.txt', '--keys-file', 'keys.json', '--processed']),
      ).toMatchObject({
        code: 2,
        stderr: 'seam: seam dack create reads no FILE; see --help\n',
      });
    });

    it('create --json: the dack as base64 in value', async () => {
      // why: dack.ts:68:53 (values.json === true: true, false, !==), :68:69, :69:41 ({} for
      // the object), :69:52 ('dack create' emptied), :69:71 (ok: false).
      const r = await seam(dir, ['dack', 'create', '--keys-file', 'keys.json', '--processed', '--json']);
      expect(r.code).toBe(0);
      const out = JSON.parse(r.stdout);
      expect(out).toEqual({ command: 'dack create', ok: true, value: out.value });
      const dack = base64Strict.decode(out.value);
      expect(dack.ok && dack.value.length).toBe(80);
      const plain = await seam(dir, ['dack', 'create', '--keys-file', 'keys.json', '--processed']);
      expect(plain.code).toBe(0);
      expect(plain.stdout).toMatch(/^[A-Za-z0-9+/]{106}[A-Za-z0-9+/=]{2}\n$/);
    });

    it('read: a decision alone, a wait alone, a reason alone', async () => {
      // why: dack.ts:105:40 (note.waitMs !== undefined: false, ===), :107:77 (the reason's []
      // filled), :108:78 (the wait's [] filled), :110:15 (the '' after a bare decision filled).
      expect((await read('processed.bin')).stdout.split('\n')[0]).toBe('processed');
      expect((await read('wait.bin')).stdout.split('\n')[0]).toBe('refused (wait 60000 ms)');
      expect((await read('reason.bin')).stdout.split('\n')[0]).toBe('refused (reason 429)');
    });
  });

  describe('seal open: the options no other test uses', () => {
    const interaction = deriveKeyPair(new Uint8Array(32).fill(5));
    const sealed = sealEnvelope({
      to: bobAid,
      recipientPublicKey: epoch.publicKey,
      interactionPublicKey: interaction.publicKey,
      senderSeed: alice.seed,
      message: { ...message, body: new TextEncoder().encode('two layers') },
      access: { kind: ACCESS_KIND_SESSION },
    });
    const dir = workdir({
      'env.bin': sealed.bytes,
      'epoch.seed': EPOCH_SEED,
      'interaction.seed': `${'05'.repeat(32)}\n`,
    });
    const args = [
      'seal',
      'open',
      'env.bin',
      '--seed-file',
      'epoch.seed',
      '--now',
      '2026-01-01T00:00:05Z',
      '--replay-file',
      'opened.json',
      '--no-capabilities',
    ];
    const senderKey = aliceDid;

    it('--interaction-seed-file opens the second layer', async () => {
      // why: seal.ts:121:15 ({} for the interaction key ring) and :121:47 ([] for its keys).
      const r = await seam(dir, [
        ...args,
        '--aid',
        bobAid,
        '--sender-key',
        senderKey,
        '--interaction-seed-file',
        'interaction.seed',
      ]);
      // The replay file judges; the capabilities were waived by name, and stderr says so.
      expect(r).toMatchObject({
        code: 0,
        stdout: 'two layers',
        stderr: "capabilities NOT accepted: --no-capabilities (mailbox: 'off')\n",
      });
    });

    it('without --aid: a usage error saying what to give', async () => {
      // why: seal.ts (the message emptied).
      expect(await seam(dir, [...args, '--sender-key', senderKey])).toMatchObject({
        code: 2,
        stderr:
          'seam: give --aid AID: your own AID, whom it must be addressed to; see seam seal open --help\n',
      });
    });

    it('without --sender-key: no usage error; the opener runs (with the built-in resolver)', async () => {
      const r = await seam(dir, [...args, '--aid', bobAid]);
      expect(r).toMatchObject({ code: 1, stderr: '' });
      expect(r.stdout).toMatch(/^refused \[/);
    });
  });
});

// A case that exists for a mutant says in its comment which one it holds (file.ts:line:column of
// the mutation report of the command layer); the equivalent ones are listed in spec/cli.md.

describe('seam dack: every option and refusal, compared whole (the keys file, whole-number options)', () => {
  describe('dack: the keys file and the whole-number options', () => {
    const keys = DACK_KEYS_HEX;
    const dackKeys = DACK_KEYS;
    const notKeys =
      'is not a dack keys file: processedToken, refusedToken, noteKey, handle as hex (seam seal open --dack-keys-out)';
    const dir = workdir({
      'keys.json': JSON.stringify(keys),
      'null.json': 'null',
      'empty.json': '{}',
      'number.json': JSON.stringify({ ...keys, processedToken: 5 }),
      'both.bin': createDack(dackKeys, { decision: 'refused', reason: 429, waitMs: 60000 }),
      'reason.bin': createDack(dackKeys, { decision: 'refused', reason: 429 }),
      'wait.bin': createDack(dackKeys, { decision: 'refused', waitMs: 60000 }),
      // 80 characters of valid base64: as raw bytes it is a dack-sized input, decoded only 60.
      'eighty.txt': 'A'.repeat(80),
    });
    const create = async (...more: string[]) =>
      await seam(dir, ['dack', 'create', '--keys-file', 'keys.json', ...more]);
    const readBack = async (b64: string) =>
      await seam(dir, ['dack', 'read', '-', '--keys-file', 'keys.json'], b64);

    it('no --keys-file: a usage error that says which file', async () => {
      // why: dack.ts:12:26 (the message emptied).
      expect(await seam(dir, ['dack', 'create', '--processed'])).toMatchObject(
        usage(
          'give --keys-file FILE: the dack keys (seam seal open --dack-keys-out writes them); see seam dack create --help',
        ),
      );
    });

    it('neither or both of --processed and --refused: a usage error that says to choose', async () => {
      // why: dack.ts:60:28 (the message emptied).
      for (const flags of [[], ['--processed', '--refused']])
        expect(await create(...flags)).toMatchObject(
          usage(
            'give --processed or --refused: what you decided about the envelope; see seam dack create --help',
          ),
        );
    });

    it('a keys file that is null, {} or holds a number: unreadable (exit 4), never a crash', async () => {
      // why: dack.ts:17:7 (typeof value === 'object' && value !== null: true, ||), :17:36
      // (value !== null → true): null[name] would throw; :19:9 (bytes === null || !bytes.ok:
      // false, &&, bytes === null → false): null.ok would throw; :21:9 (the message emptied),
      // :21:60 (', ' emptied).
      for (const file of ['null.json', 'empty.json', 'number.json'])
        expect(await seam(dir, ['dack', 'create', '--keys-file', file, '--processed'])).toMatchObject({
          code: 4,
          stdout: '',
          stderr: `seam: ${file} ${notKeys}\n`,
        });
    });

    it('--reason and --wait-ms: whole numbers in range, the top included; the decision written', async () => {
      // why: dack.ts:30:7 (text === undefined → false: no option would be refused), :31:13 (the
      // regex without ^ takes 05, without $ takes 1e3), :32:9 (n <= max → n <: 65535 refused),
      // :32:41 (the message emptied), :63:46 and :64:50 (the flag names emptied), :59:9 and
      // :59:31 and :62:40 and :62:61 (processed read as refused), :62:68 ('processed' emptied),
      // :65:9 and :66:9 (an absent reason or wait set as undefined), :69:9 and :69:25 (--json
      // not seen).
      for (const [flag, text, max] of [
        ['--reason', '05', 65535],
        ['--reason', '1e3', 65535],
        ['--reason', '65536', 65535],
        ['--wait-ms', '0', Number.MAX_SAFE_INTEGER],
        ['--wait-ms', '1.5', Number.MAX_SAFE_INTEGER],
      ] as const)
        expect(await create('--refused', flag, text)).toMatchObject(
          usage(`${flag} wants a whole number from 1 to ${max}; see seam dack create --help`),
        );
      const top = await create(
        '--refused',
        '--reason',
        '65535',
        '--wait-ms',
        String(Number.MAX_SAFE_INTEGER),
      );
      expect(top.code).toBe(0);
      expect(readDack(dackKeys, unwrap(base64Strict.decode(top.stdout.trim())))).toEqual({
        ok: true,
        value: { decision: 'refused', reason: 65535, waitMs: Number.MAX_SAFE_INTEGER },
      });
      for (const [flag, decision] of [
        ['--processed', 'processed'],
        ['--refused', 'refused'],
      ] as const) {
        const made = await create(flag);
        expect(made.code).toBe(0);
        expect(made.stderr).toBe('');
        expect(readDack(dackKeys, unwrap(base64Strict.decode(made.stdout.trim())))).toEqual({
          ok: true,
          value: { decision },
        });
        expect((await readBack(made.stdout)).stdout.split('\n')[0]).toBe(decision);
      }
      const json = await create('--processed', '--json');
      expect(json.code).toBe(0);
      const out = JSON.parse(json.stdout);
      expect(out).toEqual({ command: 'dack create', ok: true, value: out.value });
    });

    it('read: a reason and a wait, each alone and both; --json names the command', async () => {
      // why: dack.ts:105:11 (note.reason !== undefined || ...: true, &&, first → false, first
      // ===), :107:21 and :108:21 (the parts → true), :96:16 ('dack read' emptied).
      for (const [file, line] of [
        ['both.bin', 'refused (reason 429, wait 60000 ms)'],
        ['reason.bin', 'refused (reason 429)'],
        ['wait.bin', 'refused (wait 60000 ms)'],
      ] as const) {
        const r = await seam(dir, ['dack', 'read', file, '--keys-file', 'keys.json']);
        expect(r.code).toBe(0);
        expect(r.stdout.split('\n')[0]).toBe(line);
      }
      const json = await seam(dir, ['dack', 'read', 'both.bin', '--keys-file', 'keys.json', '--json']);
      expect(JSON.parse(json.stdout)).toMatchObject({
        command: 'dack read',
        ok: true,
        value: { decision: 'refused', reason: 429, waitMs: 60000 },
      });
    });

    it('read: 80 bytes are the dack as they are, even when they read as base64 text', async () => {
      // why: dack.ts:94:18 (raw.length !== 80 && asText.ok: ||, first → true): the 60 decoded
      // bytes would be read instead, and refused for their length.
      const r = await seam(dir, ['dack', 'read', 'eighty.txt', '--keys-file', 'keys.json', '--json']);
      const want = readDack(dackKeys, new TextEncoder().encode('A'.repeat(80)));
      expect(want.ok).toBe(false);
      expect(r.code).toBe(1);
      expect(JSON.parse(r.stdout)).toMatchObject({
        command: 'dack read',
        ok: false,
        code: want.ok ? '' : want.code,
      });
    });
  });
});

// A case that exists for a mutant says in its comment which one it holds (file.ts:line:column of
// the mutation report of the command layer); the equivalent ones are listed in spec/cli.md.

describe('seam seal open: every option and refusal, compared whole (usage errors before the envelope is opened)', () => {
  const T = 1784280600; // 2026-07-17T09:30:00Z

  describe('seal open: usage errors before the envelope is opened', () => {
    const dir = workdir({ 'env.bin': 'not an envelope', 'epoch.seed': EPOCH_SEED });
    const open = async (...more: string[]) =>
      await seam(dir, [
        'seal',
        'open',
        'env.bin',
        '--seed-file',
        'epoch.seed',
        '--aid',
        'x',
        '--no-replay-check',
        '--no-capabilities',
        ...more,
      ]);
    const key = didFromSeed(unwrap(hex.decode('01'.repeat(32))));

    it('a --sender-key that is no Ed25519 key says what it wants', async () => {
      // why: seal.ts:24:26 (the message emptied).
      expect(await open('--sender-key', 'did:key:zzz', '--now', String(T))).toMatchObject(
        usage(
          '--sender-key wants an Ed25519 did:key or 32 bytes as standard base64; see seam seal open --help',
        ),
      );
    });

    it('--v1 with --interaction-seed-file alone is a usage error', async () => {
      // why: seal.ts:101:16 (interactionPath !== undefined false) and :103:9 (the message emptied).
      expect(
        await open('--sender-key', key, '--now', String(T), '--v1', '--interaction-seed-file', 'epoch.seed'),
      ).toMatchObject(
        usage(
          'a v1 envelope has one layer and no delivery confirmation: drop --v1 or those options; see seam seal open --help',
        ),
      );
    });
  });
});

// A case that exists for a mutant says in its comment which one it holds (file.ts:line:column of
// the mutation report of the command layer); the equivalent ones are listed in spec/cli.md.

describe('seam seal open: every option and refusal, compared whole (--json, short sender keys, base64 text, --dack-keys-out, --expected)', () => {
  describe('seal open: --json refusals, a short sender key, base64 text, --dack-keys-out', () => {
    const files = () =>
      workdir({
        'env.bin': sealed.bytes,
        'env.txt': `${base64Strict.encode(sealed.bytes)}\n`,
        'epoch.seed': EPOCH_SEED,
        'expected.bin': 'what the sender says it signed',
      });
    const open = (file: string, aid = bobAid, senderKey = aliceDid) => [
      ...openArgs(file, { aid, senderKey }),
      ...WAIVED,
    ];

    it('a refusal as --json names the command', async () => {
      // why: seal.ts:149:16 ('seal open' → "").
      const r = await seam(files(), [...open('env.bin', 'not-my-aid'), '--json']);
      expect(r.code).toBe(1);
      expect(JSON.parse(r.stdout)).toMatchObject({ command: 'seal open', ok: false });
    });

    it('a refusal before the inner signature with --expected: nothing to compare, no --expected part', async () => {
      // why: explain.ts:66:7 (signed !== null → true: compare(null, expected) throws).
      const r = await seam(files(), [...open('env.bin', 'not-my-aid'), '--expected', 'expected.bin']);
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(/^refused \[/);
      expect(r.stdout).not.toContain('--expected');
      expect(r.stdout).not.toContain('signed bytes');
    });

    it('--sender-key of base64 that is not 32 bytes is a usage error', async () => {
      // why: seal.ts:23:18 (key.value.length !== 32 → false: a 16-byte key taken).
      expect(
        await seam(files(), open('env.bin', bobAid, base64Strict.encode(new Uint8Array(16)))),
      ).toMatchObject(
        usage(
          '--sender-key wants an Ed25519 did:key or 32 bytes as standard base64; see seam seal open --help',
        ),
      );
    });

    it('an envelope as base64 text with a final newline opens', async () => {
      // why: seal.ts:31:38 (.trim() dropped: the text with its newline is no strict base64,
      // so its raw bytes were opened and refused).
      expect(await seam(files(), open('env.txt'))).toMatchObject({
        code: 0,
        stdout: 'hello Bob',
        stderr:
          "replay NOT checked: --no-replay-check waives it\ncapabilities NOT accepted: --no-capabilities (mailbox: 'off')\n",
      });
    });

    it('--dack-keys-out writes the keys of an opened envelope, and nothing for a refused one', async () => {
      // why: seal.ts:124:9 (the condition → false: nothing written; verdict.ok && 'dack' in
      // … → true: a refusal's value read, a TypeError) and :124:23 ('dack' → "": nothing written).
      const dir = files();
      expect(await seam(dir, [...open('env.bin'), '--dack-keys-out', 'keys.json'])).toMatchObject({
        code: 0,
        stdout: 'hello Bob',
      });
      expect(JSON.parse(readFileSync(join(dir, 'keys.json'), 'utf8'))).toEqual({
        processedToken: Buffer.from(sealed.dack.processedToken).toString('hex'),
        refusedToken: Buffer.from(sealed.dack.refusedToken).toString('hex'),
        noteKey: Buffer.from(sealed.dack.noteKey).toString('hex'),
        handle: Buffer.from(sealed.dack.handle).toString('hex'),
      });
      const refused = await seam(dir, [...open('env.bin', 'not-my-aid'), '--dack-keys-out', 'none.json']);
      expect(refused.code).toBe(1);
      expect(() => readFileSync(join(dir, 'none.json'))).toThrow();
    });
  });

  describe('seal open --expected: a sender who signed other bytes than the envelope carries', () => {
    it('says the signature holds over the expected bytes', async () => {
      // why: seal.ts:156:9 (the holdsOver answer → false, and signed.signature !== undefined →
      // ===: "does not hold" printed). hpke-seal's assembleEnvelope is the seam its own tests
      // use to build an envelope one check refuses; here its signer signs the preimage with
      // its last byte flipped, so the signature holds over those bytes and not the preimage.
      let other = new Uint8Array(0);
      const sealed = assembleEnvelope({
        to: bobAid,
        recipientPublicKey: epoch.publicKey,
        inner: innerEntries(bobAid, message),
        sign: (preimage) => {
          other = preimage.slice();
          other[other.length - 1]! ^= 1;
          return signEd25519(alice.seed, other);
        },
        access: { kind: ACCESS_KIND_SESSION },
        outerExtensions: [],
        wrapExtensions: [],
        random: (length) => randomBytes(length),
      });
      const dir = workdir({ 'env.bin': sealed.bytes, 'epoch.seed': EPOCH_SEED, 'other.bin': other });
      const r = await seam(dir, [...openArgs('env.bin'), ...WAIVED, '--expected', 'other.bin']);
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(/^refused \[bad-sig\]/);
      expect(r.stdout).toContain(`\n--expected: first difference at byte ${other.length - 1} (`);
      expect(r.stdout).toContain(
        '\nthe signature holds over the expected bytes: the sender signed those bytes instead of the ones above',
      );
    });
  });
});
