import { escapeBytes, hex, unwrap } from '@agent-seam/canonical';
import { didFromSeed } from '@agent-seam/did';
import { signEnvelope, verifyEnvelope } from '@agent-seam/envelope';
import { describe, expect, it } from 'vitest';
import { ALICE_SEED, BOB_SEED, seam, seedOf, usage, workdir } from './run.js';

const aliceSeed = seedOf(ALICE_SEED);
const alice = didFromSeed(aliceSeed);
const bob = didFromSeed(seedOf(BOB_SEED));
const T = 1784280600; // 2026-07-17T09:30:00Z

const sent = signEnvelope(
  { to: bob, messageId: 'm1', contextId: null, text: 'lunch at noon?', timestamp: T },
  aliceSeed,
);
/** What alice signs for bob as message m1 at T, spelled out by hand: the six fields, keys sorted, no spaces. */
const signedText = (text: string) =>
  `{"contextId":null,"from":"${alice}","messageId":"m1","text":"${text}","timestamp":${T},"to":"${bob}"}`;
const theirBytes = signedText('lunch at noon?');
const tampered = { ...sent, text: 'lunch at noon!' };

/** `seam envelope verify FILE`, addressed to bob unless said, judged at T unless said. */
const verifyCommand = (file: string, { recipient = bob, now = String(T) } = {}) => [
  'envelope',
  'verify',
  file,
  '--recipient',
  recipient,
  '--now',
  now,
];

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
    const judged = async (now: number) =>
      await seam(dir, [...verifyCommand('message.json', { now: String(now) }), '--replay-file', 'seen.json']);
    const r = await judged(T + 5);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`verified: from ${alice}, messageId "m1"\njudged at 2026-07-17T09:30:05Z\n`);
    expect(r.stdout).toContain('replay checked against seen.json');
    expect(r.stdout).toMatch(/pass +equation/);
    expect(r.stdout).toMatch(/pass +replay/);
    // The same message again, from the same replay file: a replay.
    const again = await judged(T + 6);
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
      ...verifyCommand('tampered.json'),
      '--no-replay-check',
      '--expected',
      'their-bytes.bin',
    ]);
    expect(r.code).toBe(1);
    // The library's detail heads the refusal; the check's title stays in the table.
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
      ...verifyCommand('tampered.json'),
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
    const r = await seam(dir, [...verifyCommand('message.json', { recipient: alice }), '--no-replay-check']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('refused [wrong-recipient]');
    expect(r.stdout).toMatch(/not checked +equation/);
  });

  it('refuses a stale message at --now', async () => {
    const r = await seam(dir, [
      ...verifyCommand('message.json', { now: '2026-07-17T10:30:00Z' }),
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
    const r = await seam(dir, [...verifyCommand('message.json', { now: 'yesterday' }), '--no-replay-check']);
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

// A case that exists for a mutant says in its comment which one it holds (file.ts:line:column of
// the mutation report of the command layer); the equivalent ones are listed in spec/cli.md.

describe('seam envelope: every option and refusal, compared whole (sign, verify --expected)', () => {
  describe('envelope sign', () => {
    const dir = workdir({ 'alice.seed': ALICE_SEED });
    const sign = async (fields: object, ...more: string[]) =>
      await seam(
        dir,
        ['envelope', 'sign', '-', '--seed-file', 'alice.seed', ...more],
        JSON.stringify(fields),
      );

    it('a timestamp in FILE and --now both: a usage error; --now alone or the timestamp alone sign', async () => {
      // why: envelope.ts:97:42 (values.now !== undefined: true, ===) and :98:28 (the message emptied).
      const fields = { to: bob, messageId: 'm1', text: 'hi' };
      expect(await sign({ ...fields, timestamp: T }, '--now', String(T))).toMatchObject(
        usage('FILE has a timestamp and --now gives another: keep one; see seam envelope sign --help'),
      );
      const expected = signEnvelope({ ...fields, contextId: null, timestamp: T }, aliceSeed);
      expect(JSON.parse((await sign(fields, '--now', String(T))).stdout)).toEqual(expected);
      expect(JSON.parse((await sign({ ...fields, timestamp: T })).stdout)).toEqual(expected);
    });

    it('--json: the message and the bytes it signed', async () => {
      // why: envelope.ts:106:31 (block emptied), :108:17 ({} for the object), :109:18
      // ('envelope sign' emptied), :110:13 (ok: false), :112:17 ({} for signed).
      const fields = { to: bob, messageId: 'm1', contextId: null, text: 'hi', timestamp: T };
      const r = await sign(fields, '--json');
      expect(r.code).toBe(0);
      const bytes = signedText('hi');
      expect(JSON.parse(r.stdout)).toEqual({
        command: 'envelope sign',
        ok: true,
        value: signEnvelope(fields, aliceSeed),
        signed: { bytes: bytes.length, text: escapeBytes(new TextEncoder().encode(bytes)) },
      });
    });

    it('a refusal as --json names the command, the code and the detail', async () => {
      // why: shared.ts:32:23 ({} for the object), :32:38 (ok: true), :32:64 ({} for detail).
      const r = await seam(dir, ['envelope', 'sign', '-', '--seed-file', 'alice.seed', '--json'], '[1]');
      expect(r.code).toBe(1);
      expect(JSON.parse(r.stdout)).toEqual({
        command: 'envelope sign',
        ok: false,
        code: 'not-an-object',
        detail: 'FILE holds a JSON object',
      });
    });
  });

  describe('envelope verify --expected: the same bytes', () => {
    it('says the bytes agree, so the signature or the key differs', async () => {
      // why: explain.ts:95:12 (the sentence for identical bytes emptied).
      const sent = signEnvelope(
        { to: bob, messageId: 'm1', contextId: null, text: 'hi', timestamp: T },
        aliceSeed,
      );
      const dir = workdir({
        'm.json': JSON.stringify({ ...sent, sig: sent.sig.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) }),
        'b.txt': signedText('hi'),
      });
      const r = await seam(dir, [
        ...verifyCommand('m.json', { now: 'off' }),
        '--no-replay-check',
        '--expected',
        'b.txt',
      ]);
      expect(r.code).toBe(1);
      expect(r.stdout).toContain(
        '\n--expected: identical to the signed bytes above: the bytes agree, so the signature or the key is what differs\n',
      );
    });
  });
});

// A case that exists for a mutant says in its comment which one it holds (file.ts:line:column of
// the mutation report of the command layer); the equivalent ones are listed in spec/cli.md.

describe('seam envelope: every option and refusal, compared whole (usage errors, refusals to sign, checks as text)', () => {
  const bobSeed = unwrap(hex.decode(BOB_SEED.trim()));

  const bob = didFromSeed(bobSeed);

  const T = 1784280600; // 2026-07-17T09:30:00Z

  describe('envelope: the usage errors, the refusals to sign, and the checks as text', () => {
    const dir = workdir({ 'alice.seed': ALICE_SEED, 'empty.json': '{}' });
    const sign = async (fields: string, ...more: string[]) =>
      await seam(
        dir,
        ['envelope', 'sign', '-', '--seed-file', 'alice.seed', '--now', String(T), ...more],
        fields,
      );

    it('verify without --recipient: a usage error that says what to give', async () => {
      // why: envelope.ts:46:28 (the message emptied).
      expect(await seam(dir, ['envelope', 'verify', 'empty.json'])).toMatchObject(
        usage(
          'give --recipient DID: your own did:key, whom the message must be addressed to; see seam envelope verify --help',
        ),
      );
    });

    /** `envelope sign` of FILE refused with `code` and `detail`, as text and as --json. */
    const signRefused = async (fields: string, code: string, detail: string) => {
      expect(await sign(fields)).toMatchObject({
        code: 1,
        stdout: `cannot sign [${code}]: ${detail}\n`,
        stderr: '',
      });
      const json = await sign(fields, '--json');
      expect(json.code).toBe(1);
      expect(JSON.parse(json.stdout)).toEqual({ command: 'envelope sign', ok: false, code, detail });
    };

    it('sign: FILE that is null, an array or a number is refused as not an object, as text and --json', async () => {
      // why: envelope.ts:94:9 (the whole test → false, the || → &&, the first two → false,
      // typeof fields !== 'object' → false), :94:39 (fields === null → false), :95:26
      // ('envelope sign' emptied), :95:43 (values.json === true: true, false, !==), :95:59,
      // :95:65 ('not-an-object' emptied), :95:82 (the detail emptied).
      for (const fields of ['null', '[]', '5'])
        await signRefused(fields, 'not-an-object', 'FILE holds a JSON object');
    });

    it('sign: fields the library refuses, as text and --json', async () => {
      // why: envelope.ts:105:40 ('envelope sign' emptied), :105:57 (values.json === true →
      // false), :105:73.
      const fields = JSON.stringify({ messageId: 'm1', text: 'hi' });
      await signRefused(fields, 'missing-field', 'to is undefined; it is a string');
    });

    it('verify a refused message: the checks laid out, and --json names the command', async () => {
      // why: explain.ts:20:17 (Math.min for the id column's width), :20:41 (the lengths
      // undefined), :23:7 (r.code !== undefined: true, false, ===), :24:11 (the [code: detail]
      // emptied); envelope.ts:56:16 ('envelope verify' emptied).
      const args = [
        'envelope',
        'verify',
        'empty.json',
        '--recipient',
        bob,
        '--now',
        'off',
        '--no-replay-check',
      ];
      const r = await seam(dir, args);
      expect(r.code).toBe(1);
      expect(r.stderr).toBe('');
      expect(r.stdout).toBe(
        [
          'refused [missing-field]: from is undefined; it is a string',
          'time NOT checked: --now off waives it',
          'replay NOT checked: --no-replay-check waives it',
          'checks, in the order the verifier makes them:',
          '  pass         recipient-named  you named the recipient (recipientDid); the message cannot name it',
          '  REFUSED      fields           a JSON object: from, to, messageId, text strings, contextId string or null, integer timestamp, sig [missing-field: from is undefined; it is a string]',
          '  not checked  recipient        to is the recipient you named',
          "  not checked  freshness        timestamp within maxSkew (300 s) of now, either way (turned off by the caller (now: 'off'))",
          '  not checked  signer-key       from is an Ed25519 did:key whose key is not of small order',
          '  not checked  signed-bytes     the six fields have a canonical seam spelling (the bytes the signature covers)',
          '  not checked  signature-text   the signature is one canonical standard base64 spelling of 64 bytes',
          '  not checked  lengths          a 32-byte key, a 64-byte signature and a message of bytes',
          '  not checked  key-point        the key is the strict RFC 8032 encoding of a curve point, not of small order',
          '  not checked  r-point          R (first half of the signature) is a strict encoding of a point, not of small order',
          '  not checked  s-scalar         S (second half) is below the group order L',
          '  not checked  equation         the signature verifies: [S]B = R + [h]A',
          "  not checked  replay           the first delivery of this (from, messageId) the replay cache has seen (turned off by the caller (replay: 'off'))",
          '',
        ].join('\n'),
      );
      const json = await seam(dir, [...args, '--json']);
      expect(JSON.parse(json.stdout)).toMatchObject({
        command: 'envelope verify',
        ok: false,
        code: 'missing-field',
        detail: 'from is undefined; it is a string',
      });
    });
  });
});
