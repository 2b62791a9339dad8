import { hex } from '@agent-seam/canonical';
import { didFromSeed } from '@agent-seam/did';
import { signEnvelope } from '@agent-seam/envelope';
import { describe, expect, it } from 'vitest';
import { ALICE_SEED, BOB_SEED, seam, workdir } from './run.js';

// How a command reports a refusal or a signer's error (src/commands/shared.ts).
// A case that exists for a mutant says in its comment which one it holds (file.ts:line:column of
// the mutation report of the command layer); the equivalent ones are listed in spec/cli.md.

const T = 1784280600; // 2026-07-17T09:30:00Z

describe('report (shared): the tip after a refusal at the equation', () => {
  const seedOf = (text: string) => {
    const s = hex.decode(text.trim());
    if (!s.ok) throw new Error('seed');
    return s.value;
  };
  const alice = didFromSeed(seedOf(ALICE_SEED));
  const bob = didFromSeed(seedOf(BOB_SEED));
  const sent = signEnvelope(
    { to: bob, messageId: 'm1', contextId: null, text: 'lunch at noon?', timestamp: T },
    seedOf(ALICE_SEED),
  );
  const theirBytes = `{"contextId":null,"from":"${alice}","messageId":"m1","text":"lunch at noon?","timestamp":${T},"to":"${bob}"}`;
  const dir = workdir({
    'message.json': JSON.stringify(sent),
    'tampered.json': JSON.stringify({ ...sent, text: 'x' }),
    'their-bytes.bin': theirBytes,
  });
  const tip =
    'next: ask the signer for the exact bytes it signed and add --expected THEIR-BYTES to compare\n';
  /** The message is from July 2026: time and replay are waived by name, so the signature is what is judged. */
  const WAIVED = ['--now', 'off', '--no-replay-check'];

  it('a refusal at the equation without --expected ends with the tip, after the signed bytes', async () => {
    // why: shared.ts:67:35 (the find's test undefined), :67:42 (c.outcome === 'refuse'
    // false, !==), :67:56 ('refuse' emptied), :69:7 (the condition false; e.signed !==
    // undefined as ===), :69:33 (e.expected === undefined as !==), :69:61 (refused?.id !==
    // 'equation'), :69:77 ('equation' emptied), :70:11 (the tip emptied).
    const r = await seam(dir, ['envelope', 'verify', 'tampered.json', '--recipient', bob, ...WAIVED]);
    expect(r.code).toBe(1);
    // The first line is the library's detail, never the check's title (that is in the table).
    const first = r.stdout.split('\n')[0]!;
    expect(first).toMatch(/^refused \[bad-signature\](: |$)/);
    expect(first).not.toContain('the signature verifies: [S]B = R + [h]A');
    expect(r.stdout).toContain('the signature verifies: [S]B = R + [h]A [bad-signature');
    expect(r.stdout.endsWith(`"}\n${tip}`)).toBe(true);
  });

  it('no tip with --expected, nor after a refusal at another check: the signed bytes end the text', async () => {
    // why: shared.ts:69:7 (the condition true; the && before the id as ||; e.signed !==
    // undefined && e.expected === undefined true, || ), :69:33 (e.expected === undefined
    // true), :69:61 (refused?.id === 'equation' true), :67:42 (c.outcome === 'refuse'
    // true: the first check, a pass, taken as the refusing one), :71:11 (the '' without a
    // tip filled).
    const withExpected = await seam(dir, [
      'envelope',
      'verify',
      'tampered.json',
      '--recipient',
      bob,
      ...WAIVED,
      '--expected',
      'their-bytes.bin',
    ]);
    expect(withExpected.code).toBe(1);
    expect(withExpected.stdout).not.toContain('next:');
    const elsewhere = await seam(dir, [
      'envelope',
      'verify',
      'message.json',
      '--recipient',
      alice,
      ...WAIVED,
    ]);
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stdout.startsWith('refused [wrong-recipient]: ')).toBe(true);
    expect(elsewhere.stdout.endsWith(`${bob.slice(-8)}"}\n`)).toBe(true);
  });
});

// A case that exists for a mutant says in its comment which one it holds (file.ts:line:column of
// the mutation report of the command layer); the equivalent ones are listed in spec/cli.md.

describe('a signer error that is not the package refusing', () => {
  describe('shared: an error inside a signer that is not the package refusing', () => {
    it('note sign of a file that cannot be read is unreadable (exit 4), not "cannot sign"', async () => {
      // why: shared.ts:24:9 (error instanceof SeamError → true: the Unreadable thrown by
      // readText inside trySign turned into a refusal, exit 1).
      const dir = workdir({ 'log.seed': ALICE_SEED });
      expect(
        await seam(dir, [
          'note',
          'sign',
          'missing.txt',
          '--seed-file',
          'log.seed',
          '--name',
          'example.com/log',
        ]),
      ).toMatchObject({
        code: 4,
        stdout: '',
        stderr: 'seam: cannot read missing.txt: check the path (or give - for stdin)\n',
      });
    });
  });
});
