import { didFromSeed } from '@agent-seam/did';
import { signEnvelope, verifyEnvelope } from '@agent-seam/envelope';
import { describe, expect, it } from 'vitest';
import { ALICE_SEED, BOB_SEED, seam, seedOf, workdir } from './run.js';

const alice = didFromSeed(seedOf(ALICE_SEED));
const bob = didFromSeed(seedOf(BOB_SEED));
const T = 1784280600; // 2026-07-17T09:30:00Z

const sent = signEnvelope(
  { to: bob, messageId: 'm1', contextId: null, text: 'lunch at noon?', timestamp: T },
  seedOf(ALICE_SEED),
);
// What the sender signed, spelled out by hand: the six fields, keys sorted, no spaces.
const theirBytes = `{"contextId":null,"from":"${alice}","messageId":"m1","text":"lunch at noon?","timestamp":${T},"to":"${bob}"}`;
const tampered = { ...sent, text: 'lunch at noon!' };

describe('seam envelope sign', () => {
  const dir = workdir({ 'alice.seed': ALICE_SEED });

  it('signs fields from stdin at --now; the library verifies the result', async () => {
    const r = await seam(
      dir,
      ['envelope', 'sign', '-', '--seed-file', 'alice.seed', '--now', '2026-07-17T09:30:00Z'],
      JSON.stringify({ to: bob, messageId: 'm1', text: 'lunch at noon?' }),
    );
    expect(r.code).toBe(0);
    const message = JSON.parse(r.stdout);
    expect(message).toEqual(sent);
    expect(verifyEnvelope(message, { recipientDid: bob, now: T, replay: 'off' }).ok).toBe(true);
  });

  it('refuses fields that cannot be signed (exit 1), and a file not holding an object', async () => {
    const r = await seam(
      dir,
      ['envelope', 'sign', '-', '--seed-file', 'alice.seed'],
      JSON.stringify({ to: bob, messageId: 7, text: 'x' }),
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('cannot sign [missing-field]: messageId is a number');
    expect((await seam(dir, ['envelope', 'sign', '-', '--seed-file', 'alice.seed'], '[1]')).code).toBe(1);
  });

  it('needs a seed file (exit 2) and never takes a seed as an option value', async () => {
    const r = await seam(dir, ['envelope', 'sign', '-'], '{}');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--seed-file');
    expect((await seam(dir, ['envelope', 'sign', '-', '--seed', '01'.repeat(32)], '{}')).code).toBe(2);
  });

  it('an unreadable seed file or input exits 4', async () => {
    expect((await seam(dir, ['envelope', 'sign', 'none.json', '--seed-file', 'alice.seed'])).code).toBe(4);
    expect((await seam(dir, ['envelope', 'sign', '-', '--seed-file', 'none.seed'], '{}')).code).toBe(4);
  });
});

describe('seam envelope verify', () => {
  const dir = workdir({
    'message.json': JSON.stringify(sent),
    'tampered.json': JSON.stringify(tampered),
    'their-bytes.bin': theirBytes,
    'not-json.json': '{"from":',
  });

  it('verifies a message addressed to you, every check passing', async () => {
    const r = await seam(dir, [
      'envelope',
      'verify',
      'message.json',
      '--recipient',
      bob,
      '--now',
      String(T + 5),
      '--replay-file',
      'seen.json',
    ]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`verified: from ${alice}, messageId "m1"\njudged at 2026-07-17T09:30:05Z\n`);
    expect(r.stdout).toContain('replay checked against seen.json');
    expect(r.stdout).toMatch(/pass +equation/);
    expect(r.stdout).toMatch(/pass +replay/);
    // The same message again, from the same replay file: a replay.
    const again = await seam(dir, [
      'envelope',
      'verify',
      'message.json',
      '--recipient',
      bob,
      '--now',
      String(T + 6),
      '--replay-file',
      'seen.json',
    ]);
    expect(again.code).toBe(1);
    expect(again.stdout).toContain('refused [replayed]');
  });

  it('reads the message from stdin; what the caller waived is named, never a plain verified', async () => {
    const r = await seam(
      dir,
      ['envelope', 'verify', '-', '--recipient', bob, '--now', 'off', '--no-replay-check'],
      JSON.stringify(sent),
    );
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').slice(0, 3)).toEqual([
      `signature valid, NOT everything checked: from ${alice}, messageId "m1"`,
      'time NOT checked: --now off waives it',
      'replay NOT checked: --no-replay-check waives it',
    ]);
    expect(r.stdout).toMatch(/not checked +freshness/);
  });

  it('without --now it judges at the machine clock and says so', async () => {
    const r = await seam(dir, [
      'envelope',
      'verify',
      'message.json',
      '--recipient',
      bob,
      '--no-replay-check',
    ]);
    // The message is from July 2026: stale at any clock reading this machine can have now.
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('refused [stale]');
    expect(r.stdout).toMatch(/judged at \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(the machine clock/);
  });

  it('a tampered text: refused at the equation, the signed bytes shown, and the first differing byte against --expected', async () => {
    const r = await seam(dir, [
      'envelope',
      'verify',
      'tampered.json',
      '--recipient',
      bob,
      '--now',
      String(T),
      '--no-replay-check',
      '--expected',
      'their-bytes.bin',
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n')[0]).toMatch(
      /^refused \[bad-signature\]: .*the signature does not verify under did:key:/,
    );
    expect(r.stdout).toMatch(/REFUSED +equation/);
    expect(r.stdout).toMatch(/not checked +replay/);
    const offset = theirBytes.indexOf('?');
    expect(r.stdout).toContain(`--expected: first difference at byte ${offset}`);
    expect(r.stdout).toContain('received  ');
    expect(r.stdout).toContain('noon!');
    expect(r.stdout).toContain('noon?');
    // The message was signed over exactly their bytes: the door, asked about those, says so.
    expect(r.stdout).toContain('the signature holds over the expected bytes');
  });

  it('--json carries the verdict, the checks in order, the signed bytes and the comparison under explain', async () => {
    const r = await seam(dir, [
      'envelope',
      'verify',
      'tampered.json',
      '--recipient',
      bob,
      '--now',
      String(T),
      '--no-replay-check',
      '--expected',
      'their-bytes.bin',
      '--json',
    ]);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ ok: false, code: 'bad-signature' });
    const refused = out.explain.checks.filter((c: { outcome: string }) => c.outcome === 'refuse');
    expect(refused).toEqual([expect.objectContaining({ id: 'equation', code: 'bad-signature' })]);
    expect(Buffer.from(out.explain.signed.base64, 'base64').toString()).toBe(theirBytes.replace('?', '!'));
    expect(out.explain.expected).toMatchObject({ same: false, offset: theirBytes.indexOf('?') });
  });

  it('refuses a message addressed to someone else at the recipient check', async () => {
    const r = await seam(dir, [
      'envelope',
      'verify',
      'message.json',
      '--recipient',
      alice,
      '--now',
      String(T),
      '--no-replay-check',
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('refused [wrong-recipient]');
    expect(r.stdout).toMatch(/not checked +equation/);
  });

  it('refuses a stale message at --now', async () => {
    const r = await seam(dir, [
      'envelope',
      'verify',
      'message.json',
      '--recipient',
      bob,
      '--now',
      '2026-07-17T10:30:00Z',
      '--no-replay-check',
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('refused [stale]');
  });

  it('usage errors exit 2: no --recipient, no replay store or waiver, both, a --now that is no time', async () => {
    expect((await seam(dir, ['envelope', 'verify', 'message.json', '--no-replay-check'])).code).toBe(2);
    const noStore = await seam(dir, ['envelope', 'verify', 'message.json', '--recipient', bob]);
    expect(noStore.code).toBe(2);
    expect(noStore.stderr).toContain('--replay-file PATH');
    expect(noStore.stderr).toContain('--no-replay-check');
    const both = ['--replay-file', 'x.json', '--no-replay-check'];
    expect((await seam(dir, ['envelope', 'verify', 'message.json', '--recipient', bob, ...both])).code).toBe(
      2,
    );
    const offWithFile = ['--now', 'off', '--replay-file', 'x.json'];
    expect(
      (await seam(dir, ['envelope', 'verify', 'message.json', '--recipient', bob, ...offWithFile])).code,
    ).toBe(2);
    const r = await seam(dir, [
      'envelope',
      'verify',
      'message.json',
      '--recipient',
      bob,
      '--now',
      'yesterday',
      '--no-replay-check',
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('RFC 3339');
    expect((await seam(dir, ['envelope'])).stderr).toContain('needs a subcommand');
  });

  it('a missing file or one that is not JSON exits 4', async () => {
    const waived = ['--recipient', bob, '--no-replay-check'];
    expect((await seam(dir, ['envelope', 'verify', 'none.json', ...waived])).code).toBe(4);
    const r = await seam(dir, ['envelope', 'verify', 'not-json.json', ...waived]);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('not one strict JSON value');
  });
});
