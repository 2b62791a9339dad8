import { base64Strict, escapeBytes } from '@agent-seam/canonical';
import { keyPairFromSeed } from '@agent-seam/did';
import {
  cosignatureVerifier,
  ed25519Verifier,
  formatVerifierKey,
  openNote,
  parseVerifierKey,
} from '@agent-seam/tlog-note';
import { describe, expect, it } from 'vitest';
import { ALICE_SEED, BOB_SEED, seam, seedOf, signedCheckpoint, usage, vkeyOf, workdir } from './run.js';

const LOG = 'example.com/log';
const logKey = formatVerifierKey(ed25519Verifier(LOG, keyPairFromSeed(seedOf(ALICE_SEED)).publicKey));
const root = Buffer.alloc(32, 7).toString('base64');
const body = `${LOG}\n4\n${root}\n`;
const T = 1784280600;

describe('seam note and checkpoint', async () => {
  const dir = workdir({ 'log.seed': ALICE_SEED, 'witness.seed': BOB_SEED, 'body.txt': body });
  const signed = await seam(dir, ['note', 'sign', 'body.txt', '--seed-file', 'log.seed', '--name', LOG]);
  const witnessKey = await vkeyOf(dir, 'witness.seed', 'w1.example', '--witness');
  const cosigned = await seam(
    dir,
    ['note', 'cosign', '-', '--seed-file', 'witness.seed', '--name', 'w1.example', '--now', String(T)],
    signed.stdout,
  );
  const files = workdir({
    'signed.txt': signed.stdout,
    'cosigned.txt': cosigned.stdout,
    'edited.txt': signed.stdout.replace('\n4\n', '\n5\n'),
  });

  it('note key prints the vkey the library formats; note sign writes a note the library opens', async () => {
    expect((await seam(dir, ['note', 'key', '--seed-file', 'log.seed', '--name', LOG])).stdout.trim()).toBe(
      logKey,
    );
    expect(signed.code).toBe(0);
    const key = parseVerifierKey(logKey);
    expect(key.ok && openNote(signed.stdout, { verifiers: [key.value] }).ok).toBe(true);
  });

  it('note verify: signed by the trusted key, each signature line decoded', async () => {
    const r = await seam(files, ['note', 'verify', 'signed.txt', '--key', logKey]);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe(`verified: signed by ${LOG}`);
    expect(r.stdout).toContain(`— ${LOG} key id `);
    expect(r.stdout).toContain('(ed25519); its signature covers');
  });

  it('note verify with a witness quorum: met by the cosigned note, refused on the bare one', async () => {
    const q = ['--key', logKey, '--witness', witnessKey, '--quorum', '1', '--now', String(T + 60)];
    const met = await seam(files, ['note', 'verify', 'cosigned.txt', ...q]);
    expect(met.code).toBe(0);
    expect(met.stdout).toContain(`(cosignature/v1, time ${T})`);
    const bare = await seam(files, ['note', 'verify', 'signed.txt', ...q]);
    expect(bare.code).toBe(1);
    expect(bare.stdout).toMatch(/^refused \[witness-quorum-not-met\]/);
  });

  it('note verify refuses an edited note at the signature check', async () => {
    const r = await seam(files, ['note', 'verify', 'edited.txt', '--key', logKey, '--json']);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out.code).toBe('signature-invalid');
    expect(out.explain.checks.find((c: { outcome: string }) => c.outcome === 'refuse').id).toBe('signature');
  });

  it('note verify --expected: the edit is found at its byte in the text every signature covers', async () => {
    const withBody = workdir({ 'edited.txt': signed.stdout.replace('\n4\n', '\n5\n'), 'body.txt': body });
    const verify = async (...more: string[]) =>
      await seam(withBody, [
        'note',
        'verify',
        'edited.txt',
        '--key',
        logKey,
        '--expected',
        'body.txt',
        ...more,
      ]);
    const r = await verify('--json');
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(Buffer.from(out.explain.signed.base64, 'base64').toString()).toBe(body.replace('\n4\n', '\n5\n'));
    expect(out.explain.expected).toMatchObject({ same: false, offset: LOG.length + 1 });
    const human = await verify();
    expect(human.stdout).toContain(`--expected: first difference at byte ${LOG.length + 1}`);
  });

  it('checkpoint show reads origin, size and root hash, and refuses a note that is not a checkpoint', async () => {
    const r = await seam(files, ['checkpoint', 'show', 'cosigned.txt', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).value).toMatchObject({ origin: LOG, size: '4', root: '07'.repeat(32) });
    const notCheckpoint = await seam(
      dir,
      ['note', 'sign', '-', '--seed-file', 'log.seed', '--name', LOG],
      'hello\n',
    );
    const n = await seam(dir, ['checkpoint', 'show', '-'], notCheckpoint.stdout);
    expect(n.code).toBe(1);
    expect(n.stdout).toMatch(/^not a checkpoint \[/);
  });

  it('checkpoint show shows the origin that is signed, a leading U+FEFF too', async () => {
    // why: note.ts's body decoder (a default TextDecoder dropped a leading U+FEFF, showing another
    // origin than the one the signatures cover).
    const bom = await seam(
      dir,
      ['note', 'sign', '-', '--seed-file', 'log.seed', '--name', LOG],
      `\uFEFF${body}`,
    );
    const r = await seam(dir, ['checkpoint', 'show', '-', '--json'], bom.stdout);
    expect(JSON.parse(r.stdout).value.origin).toBe(`\uFEFF${LOG}`);
  });

  it('usage errors exit 2 (no --key, a bad vkey, --witness without --quorum); unreadable files exit 4', async () => {
    expect((await seam(files, ['note', 'verify', 'signed.txt'])).code).toBe(2);
    expect((await seam(files, ['note', 'verify', 'signed.txt', '--key', 'nonsense'])).code).toBe(2);
    expect(
      (await seam(files, ['note', 'verify', 'signed.txt', '--key', logKey, '--witness', witnessKey])).code,
    ).toBe(2);
    expect((await seam(files, ['note', 'verify', 'none.txt', '--key', logKey])).code).toBe(4);
    expect((await seam(files, ['checkpoint', 'show', 'none.txt'])).code).toBe(4);
    expect(
      (await seam(dir, ['note', 'sign', 'body.txt', '--seed-file', 'none.seed', '--name', LOG])).code,
    ).toBe(4);
  });
});

// A case that exists for a mutant says in its comment which one it holds (file.ts:line:column of
// the mutation report of the command layer); the equivalent ones are listed in spec/cli.md.

describe('seam note and checkpoint: every option and refusal, compared whole (the options of verify and show)', () => {
  const T = 1784280600; // 2026-07-17T09:30:00Z

  describe('note and checkpoint: the options no other test uses', async () => {
    const { LOG, body, dir, signed, logKey, witnessKey, cosigned } = await signedCheckpoint(T);
    const files = workdir({ 'signed.txt': signed, 'cosigned.txt': cosigned });
    const verify = async (...more: string[]) =>
      await seam(files, ['note', 'verify', 'cosigned.txt', ...more]);
    const quorum = ['--key', logKey, '--witness', witnessKey, '--quorum', '1'];

    it('--quorum that is no whole number is a usage error saying what it wants', async () => {
      // why: note.ts:106:28 (the message emptied).
      expect(await verify('--key', logKey, '--quorum', 'one')).toMatchObject({
        code: 2,
        stderr:
          'seam: --quorum N wants a whole number and exactly one --key (the log’s); see seam note verify --help\n',
      });
    });

    it('--max-age: whole seconds with --now; judged against the cosignature’s time', async () => {
      // why: note.ts:110:38 (the condition true; || as &&; the ! dropped), :110:39 (the four
      // regex mutants: "x60" and "60x" must be refused, "60" taken), :110:75 (now ===
      // undefined: false, !==), :111:28 (the message emptied), :118:38 ({} for maxAge: the
      // stale cosignature would pass).
      const refused = usage(
        '--max-age wants whole seconds, and a clock to judge them at (not --now off); see seam note verify --help',
      );
      for (const more of [
        ['--max-age', '60', '--now', 'off'],
        ['--max-age', 'x60', '--now', String(T)],
        ['--max-age', '60x', '--now', String(T)],
      ])
        expect(await verify(...quorum, ...more)).toMatchObject(refused);
      const fresh = await verify(...quorum, '--now', String(T + 30), '--max-age', '60');
      expect(fresh.code).toBe(0);
      expect(fresh.stdout.split('\n')[0]).toBe(`verified: signed by ${LOG}, w1.example`);
      const stale = await verify(...quorum, '--now', String(T + 120), '--max-age', '60', '--json');
      expect(stale.code).toBe(1);
      expect(JSON.parse(stale.stdout)).toMatchObject({ command: 'note verify', ok: false });
    });

    it('a quorum the witnesses given cannot meet is a usage error that says to check it', async () => {
      // why: note.ts:121:43 (the message emptied).
      const r = await verify(...quorum.slice(0, -1), '2');
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(
        /^seam: .+ \(check --quorum against the witnesses given\); see seam note verify --help\n$/,
      );
    });

    it('note sign: --name is needed; a text that cannot be signed is refused, as text and --json; --json signs', async () => {
      // why: note.ts:158:50 (the message emptied), :160:40 ('note sign' emptied), :160:53
      // (values.json === true: true, false, !==), :160:69, :161:41 ({} for the object),
      // :161:52 ('note sign' emptied), :161:69 (ok: false).
      const sign = async (text: string, ...more: string[]) =>
        await seam(dir, ['note', 'sign', '-', '--seed-file', 'log.seed', ...more], text);
      expect(await sign(body)).toMatchObject({
        code: 2,
        stderr: 'seam: give --name NAME: the key name (the log’s origin); see seam note sign --help\n',
      });
      const human = await sign('no newline at the end', '--name', LOG);
      expect(human.code).toBe(1);
      expect(human.stdout).toMatch(/^cannot sign \[[a-z-]+\]: .+\n$/);
      const json = await sign('no newline at the end', '--name', LOG, '--json');
      expect(json.code).toBe(1);
      const refusal = JSON.parse(json.stdout);
      expect(refusal).toEqual({
        command: 'note sign',
        ok: false,
        code: refusal.code,
        detail: refusal.detail,
      });
      expect(human.stdout).toBe(`cannot sign [${refusal.code}]: ${refusal.detail}\n`);
      const ok = await sign(body, '--name', LOG, '--json');
      expect(ok.code).toBe(0);
      expect(JSON.parse(ok.stdout)).toEqual({ command: 'note sign', ok: true, value: signed });
    });

    it('note cosign: --name is needed; a note that is no checkpoint is refused, as text and --json; --json cosigns', async () => {
      // why: note.ts:182:50 (the message emptied), :184:40 ('note cosign' emptied), :184:55
      // (values.json === true: true, false, !==), :184:71, :185:41 ({} for the object),
      // :185:52 ('note cosign' emptied), :185:71 (ok: false).
      const cosign = async (text: string, ...more: string[]) =>
        await seam(
          dir,
          ['note', 'cosign', '-', '--seed-file', 'witness.seed', '--now', String(T), ...more],
          text,
        );
      expect(await cosign(signed)).toMatchObject({
        code: 2,
        stderr: 'seam: give --name NAME: the witness’s name; see seam note cosign --help\n',
      });
      const hello = (
        await seam(dir, ['note', 'sign', '-', '--seed-file', 'log.seed', '--name', LOG], 'hello\n')
      ).stdout;
      const human = await cosign(hello, '--name', 'w1.example');
      expect(human).toMatchObject({
        code: 1,
        stdout: 'cannot sign [not-a-checkpoint]: note is not a checkpoint: cosignatures sign checkpoints\n',
      });
      const json = await cosign(hello, '--name', 'w1.example', '--json');
      expect(json.code).toBe(1);
      expect(JSON.parse(json.stdout)).toEqual({
        command: 'note cosign',
        ok: false,
        code: 'not-a-checkpoint',
        detail: 'note is not a checkpoint: cosignatures sign checkpoints',
      });
      const ok = await cosign(signed, '--name', 'w1.example', '--json');
      expect(ok.code).toBe(0);
      expect(JSON.parse(ok.stdout)).toEqual({ command: 'note cosign', ok: true, value: cosigned });
    });

    it('note key: no FILE, a --name, a name the format cannot hold; --json', async () => {
      // why: note.ts:203:54, :206:50, :209:39 (the messages emptied), :210:41 ({} for the
      // object), :210:52 ('note key' emptied), :210:68 (ok: false).
      const key = async (...more: string[]) =>
        await seam(dir, ['note', 'key', '--seed-file', 'log.seed', ...more]);
      expect(await key('x.txt', '--name', LOG)).toMatchObject({
        code: 2,
        stderr: 'seam: seam note key takes no FILE; see seam note key --help\n',
      });
      expect(await key()).toMatchObject({
        code: 2,
        stderr: 'seam: give --name NAME: the key name; see seam note key --help\n',
      });
      const bad = await key('--name', 'a+b');
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/^seam: --name: .+\n$/);
      expect(JSON.parse((await key('--name', LOG, '--json')).stdout)).toEqual({
        command: 'note key',
        ok: true,
        value: logKey,
      });
    });

    it('checkpoint show: a refusal as --json; the text form, with and without extensions', async () => {
      // why: note.ts:238:19 ({} for the object), :238:30 ('checkpoint show' emptied), :238:53
      // (ok: true), :238:92 ({} for explain); :250:14 (described.ok false: nothing printed);
      // :252:9 (the text emptied); :252:92 (extensions.length > 0: true, false, >=, <=);
      // :252:118 (the extensions line emptied), :252:150 (' | ' emptied), :252:163 (the ''
      // without extensions filled); :55:13 (a line whose signature this reader does not know).
      const hello = (
        await seam(dir, ['note', 'sign', '-', '--seed-file', 'log.seed', '--name', LOG], 'hello\n')
      ).stdout;
      const refused = await seam(dir, ['checkpoint', 'show', '-', '--json'], hello);
      expect(refused.code).toBe(1);
      const out = JSON.parse(refused.stdout);
      expect(out).toMatchObject({ command: 'checkpoint show', ok: false });
      expect(out.explain.checks.find((c: { outcome: string }) => c.outcome === 'refuse').code).toBe(out.code);

      const header = `origin     ${LOG}\nsize       4\nroot hash  ${'07'.repeat(32)}\n`;
      const plain = await seam(files, ['checkpoint', 'show', 'signed.txt']);
      expect(plain.code).toBe(0);
      expect(
        plain.stdout.startsWith(
          `${header}signature lines (not verified; seam note verify does):\n  — ${LOG} key id `,
        ),
      ).toBe(true);

      const withExtensions = `${body}first\nsecond\n`;
      const note = (
        await seam(dir, ['note', 'sign', '-', '--seed-file', 'log.seed', '--name', LOG], withExtensions)
      ).stdout;
      const other = `— other.example ${base64Strict.encode(Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 8))}\n`;
      const shown = await seam(dir, ['checkpoint', 'show', '-'], `${note}${other}`);
      expect(shown.code).toBe(0);
      expect(
        shown.stdout.startsWith(
          `${header}extensions first | second\nsignature lines (not verified; seam note verify does):\n`,
        ),
      ).toBe(true);
      expect(
        shown.stdout.endsWith(
          '  — other.example key id 01020304 (other); its signature covers nothing this reader knows\n',
        ),
      ).toBe(true);
    });
  });
});

// A case that exists for a mutant says in its comment which one it holds (file.ts:line:column of
// the mutation report of the command layer); the equivalent ones are listed in spec/cli.md.

describe('seam note verify and checkpoint show: every option and refusal, compared whole (keys, quorum, decoded lines)', () => {
  const T = 1784280600; // 2026-07-17T09:30:00Z

  describe('note verify and checkpoint show: keys, quorum, the decoded lines', async () => {
    const { LOG, body, signed, logKey, witnessKey, cosigned } = await signedCheckpoint(T);
    const other = `— other.example ${base64Strict.encode(Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 8))}\n`;
    const files = workdir({
      'signed.txt': signed,
      'cosigned.txt': cosigned,
      'other.txt': `${signed}${other}`,
    });
    const verify = async (file: string, ...more: string[]) =>
      await seam(files, ['note', 'verify', file, ...more]);
    const quorum = ['--key', logKey, '--witness', witnessKey, '--quorum', '1'];

    it('a --key or --witness that is no verifier key is a usage error naming the flag', async () => {
      // why: note.ts:40:9 (!key.ok false: the refusal used as a key), :42:9 (the message
      // emptied), :101:49 ('--key' emptied), :102:58 ('--witness' emptied).
      expect(await verify('signed.txt', '--key', 'no-key')).toMatchObject(
        usage(
          '--key wants a verifier key NAME+KEYID+BASE64 (seam note key prints one) [malformed-vkey]; see seam note verify --help',
        ),
      );
      expect(
        await verify('cosigned.txt', '--key', logKey, '--witness', 'a+b', '--quorum', '1'),
      ).toMatchObject(
        usage(
          '--witness wants a verifier key NAME+KEYID+BASE64 (seam note key prints one) [malformed-vkey]; see seam note verify --help',
        ),
      );
    });

    it('no --key; --quorum with two --key; --witness without --quorum: each a usage error', async () => {
      // why: note.ts:104:49 (the message emptied); :105:9 (the condition false), :105:38 (|| as
      // &&), :105:83 (keys.length !== 1 false): two keys with a quorum; :107:80 (the message
      // emptied).
      expect(await verify('signed.txt')).toMatchObject(
        usage('give --key VKEY: a key you trust to have signed the note; see seam note verify --help'),
      );
      expect(await verify('cosigned.txt', ...quorum, '--key', witnessKey)).toMatchObject(
        usage(
          '--quorum N wants a whole number and exactly one --key (the log’s); see seam note verify --help',
        ),
      );
      expect(await verify('cosigned.txt', '--key', logKey, '--witness', witnessKey)).toMatchObject(
        usage('--witness needs --quorum N; see seam note verify --help'),
      );
    });

    it('--quorum must be a whole decimal number, of up to four digits', async () => {
      // why: note.ts:105:39 (the regex without ^: "x1"; without $: "1x"; [^0-9]: "10" refused).
      for (const n of ['x1', '1x', '10000'])
        expect(await verify('cosigned.txt', ...quorum.slice(0, -1), n)).toMatchObject(
          usage(
            '--quorum N wants a whole number and exactly one --key (the log’s); see seam note verify --help',
          ),
        );
      const ten = await verify('cosigned.txt', ...quorum.slice(0, -1), '10', '--json');
      expect(ten.code).toBe(2);
      expect(ten.stderr).toMatch(
        /\(check --quorum against the witnesses given\); see seam note verify --help\n$/,
      );
    });

    it('--now refuses a cosignature dated after it; --max-age is read under its own name', async () => {
      // why: note.ts:117:11 (now !== undefined: true, false, ===), :117:31 ({} for { now }):
      // the cosignature from the future would pass; :109:35 ('max-age' emptied), :110:9 (the
      // condition false), :118:11 (maxAgeText !== undefined false): a stale one would pass.
      const before = await verify('cosigned.txt', ...quorum, '--now', String(T - 1), '--json');
      expect(before.code).toBe(1);
      expect(JSON.parse(before.stdout)).toMatchObject({ command: 'note verify', ok: false });
      expect((await verify('cosigned.txt', ...quorum, '--now', String(T))).code).toBe(0);
      expect((await verify('cosigned.txt', ...quorum)).code).toBe(0);
      const stale = await verify('cosigned.txt', ...quorum, '--now', String(T + 120), '--max-age', '60');
      expect(stale.code).toBe(1);
      expect(await verify('cosigned.txt', ...quorum, '--max-age', 'x')).toMatchObject(
        usage(
          '--max-age wants whole seconds, and a clock to judge them at (not --now off); see seam note verify --help',
        ),
      );
    });

    it('an option the opener refuses as given is a usage error, not a crash', async () => {
      // why: note.ts:121:9 (!verdict.ok false: verdict.value of a refusal reported).
      const r = await verify('cosigned.txt', ...quorum.slice(0, -1), '2');
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
    });

    it('the human form: the ok line, then each line decoded, indented, one per line', async () => {
      // why: note.ts:54:9 (l.signed === null: true, false, !==), :56:101 (the indent ' '
      // emptied), :59:11 ('\n' emptied), :133:94 (', ' emptied).
      const r = await verify('other.txt', '--key', logKey);
      expect(r.code).toBe(0);
      const bodyLines = escapeBytes(new TextEncoder().encode(body)).replace(/^/gm, '      ');
      const logLine = r.stdout.split('\n').find((l) => l.startsWith(`  — ${LOG} key id `));
      expect(logLine).toMatch(
        /^ {2}— example\.com\/log key id [0-9a-f]{8} \(ed25519\); its signature covers 63 bytes:$/,
      );
      expect(r.stdout).toContain(
        `${logLine}\n${bodyLines}\n  — other.example key id 01020304 (other); its signature covers nothing this reader knows\n`,
      );
      const two = await verify('cosigned.txt', ...quorum);
      expect(two.stdout.split('\n')[0]).toBe(`verified: signed by ${LOG}, w1.example`);
    });

    it('--json: the command, and each line decoded under "lines"', async () => {
      // why: note.ts:125:16 ('note verify' emptied), :132:29 ({} for the lines), :63:15 (each
      // line undefined), :63:23 ({} for each), :66:13 (l.signed === null: true, false, !==).
      const r = await verify('other.txt', '--key', logKey, '--json');
      expect(r.code).toBe(0);
      const out = JSON.parse(r.stdout);
      expect(out).toMatchObject({ command: 'note verify', ok: true });
      expect(out.lines).toEqual([
        {
          name: LOG,
          keyId: out.lines[0].keyId,
          type: 'ed25519',
          signed: escapeBytes(new TextEncoder().encode(body)),
        },
        { name: 'other.example', keyId: '01020304', type: 'other', signed: null },
      ]);
    });

    it('checkpoint show --json: a refusal and a checkpoint, each as one JSON object', async () => {
      // why: note.ts:237:11 (json false: text printed for --json), :243:9 (json &&
      // described.ok: true, ||: JSON printed without --json), :245:18 ('checkpoint show'
      // emptied), :246:13 (ok: false).
      const refused = await seam(files, ['checkpoint', 'show', '-', '--json'], 'hello\n');
      expect(refused.code).toBe(1);
      expect(JSON.parse(refused.stdout)).toMatchObject({ command: 'checkpoint show', ok: false });
      const shown = await seam(files, ['checkpoint', 'show', 'signed.txt', '--json']);
      expect(shown.code).toBe(0);
      expect(JSON.parse(shown.stdout)).toMatchObject({
        command: 'checkpoint show',
        ok: true,
        value: { origin: LOG, root: '07'.repeat(32) },
      });
      const plain = await seam(files, ['checkpoint', 'show', 'signed.txt']);
      expect(plain.stdout.startsWith(`origin     ${LOG}\n`)).toBe(true);
    });
  });
});

// A case that exists for a mutant says in its comment which one it holds (file.ts:line:column of
// the mutation report of the command layer); the equivalent ones are listed in spec/cli.md.

describe('seam note: every option and refusal, compared whole (cosign as text, key --witness)', () => {
  const T = 1784280600; // 2026-07-17T09:30:00Z

  describe('note: cosign as text, key --witness', () => {
    it('cosign without --json writes the note with the cosignature line added', async () => {
      // why: note.ts:185:9 (values.json === true → true: the note printed as JSON).
      const { signed, cosigned } = await signedCheckpoint(T);
      expect(cosigned.startsWith(signed)).toBe(true);
      expect(cosigned.slice(signed.length)).toMatch(/^— w1\.example [A-Za-z0-9+/]+=*\n$/);
    });

    it('note key --witness gives the cosignature/v1 key (type 0x04), without it the Ed25519 one', async () => {
      // why: note.ts:207:18 (values.witness === true → false) and :207:37 (true → false).
      const dir = workdir({ 'w.seed': BOB_SEED });
      const key = ['note', 'key', '--seed-file', 'w.seed', '--name', 'w1.example'];
      const publicKey = keyPairFromSeed(seedOf(BOB_SEED)).publicKey;
      const witness = formatVerifierKey(cosignatureVerifier('w1.example', publicKey));
      const plain = formatVerifierKey(ed25519Verifier('w1.example', publicKey));
      expect(witness).not.toBe(plain);
      expect(await seam(dir, [...key, '--witness'])).toMatchObject({ code: 0, stdout: `${witness}\n` });
      expect(await seam(dir, key)).toMatchObject({ code: 0, stdout: `${plain}\n` });
    });
  });
});
