// Cases for the mutants Stryker left alive in a later stretch of its run over the command
// layer (d): merkle, note, seal, shared, wba. Each `why` names the mutant(s) by
// file.ts:line:column of the mutation report; each was applied by hand and seen to turn
// its case red. The equivalent ones, which no input can tell apart, are in spec/cli.md.
import { base64Strict, escapeBytes, hex, unwrap } from '@agent-seam/canonical';
import { didFromSeed, jwkFromPublicKey, keyPairFromSeed } from '@agent-seam/did';
import { signEnvelope } from '@agent-seam/envelope';
import { describe, expect, it } from 'vitest';
import { ALICE_SEED, BOB_SEED, seam, signedCheckpoint, workdir } from './run.js';

const T = 1784280600; // 2026-07-17T09:30:00Z

describe('merkle: leaves files, --index, claims of other shapes', () => {
  const dir = workdir({ 'leaves.txt': 'a\nb\nc\n', 'bad.txt': '00ff\nAB\n' });
  const rootOf = async (file: string, stdin = '') =>
    (await seam(dir, ['merkle', 'root', file, '--text'], stdin)).stdout;

  it('a leaves file without a final newline keeps its last leaf', async () => {
    // why: merkle.ts:18:7 (lines.at(-1) === '' true: the last line "c" dropped as if empty).
    const root = await rootOf('leaves.txt');
    expect(root).toMatch(/^[0-9a-f]{64}\n$/);
    expect(await rootOf('-', 'a\nb\nc')).toBe(root);
    expect(await rootOf('-', 'a\nb\n')).not.toBe(root);
  });

  it('a line that is not hex: exit 4 naming the line, counted from 1', async () => {
    // why: merkle.ts:24:9 (the message emptied) and :24:17 (i + 1 as i - 1: "line 1").
    expect(await seam(dir, ['merkle', 'root', 'bad.txt'])).toMatchObject({
      code: 4,
      stdout: '',
      stderr: 'seam: line 2 of bad.txt is not lowercase hex; give --text to hash lines as text\n',
    });
  });

  it('--index: missing, not a whole decimal, or outside the tree is a usage error naming the range', async () => {
    // why: merkle.ts:70:7 (the whole condition false; || as &&), :71:8 (the regex without ^,
    // without $), :72:7 (Number(indexText) >= leaves.length: false, >), :74:28 (the
    // message emptied), :74:69 (leaves.length - 1 as + 1).
    const usage = 'seam: --index wants a leaf number from 0 to 2\n';
    for (const more of [[], ['--index', 'x1'], ['--index', '1x'], ['--index', '3']])
      expect(await seam(dir, ['merkle', 'prove', 'leaves.txt', '--text', ...more])).toMatchObject({
        code: 2,
        stdout: '',
        stderr: usage,
      });
    const last = await seam(dir, ['merkle', 'prove', 'leaves.txt', '--text', '--index', '2']);
    expect(last.code).toBe(0);
    expect(JSON.parse(last.stdout)).toMatchObject({ index: 2, size: 3 });
  });

  it('--index reads a number of two digits and more', async () => {
    // why: merkle.ts:71:8 (/^(0|[1-9][^0-9]{0,15})$/: "10" refused).
    const d = workdir({ 'many.txt': `${Array.from({ length: 11 }, (_, i) => `l${i}`).join('\n')}\n` });
    const r = await seam(d, ['merkle', 'prove', 'many.txt', '--text', '--index', '10']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ index: 10, size: 11 });
  });

  it('an inclusion claim: the human form starts with the ok line; --json names the command', async () => {
    // why: merkle.ts:115:18 (values.json === true as true: JSON printed), :143:16 ('merkle
    // verify' emptied), :150:15 (the ok line undefined) and :150:21 (emptied).
    const claim = (await seam(dir, ['merkle', 'prove', 'leaves.txt', '--text', '--index', '1'])).stdout;
    const { root } = JSON.parse(claim);
    const human = await seam(dir, ['merkle', 'verify', '-'], claim);
    expect(human.code).toBe(0);
    expect(human.stdout.split('\n')[0]).toBe(`verified: leaf 1 of 3 is in the tree with root ${root}`);
    const json = await seam(dir, ['merkle', 'verify', '-', '--json'], claim);
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({ command: 'merkle verify', ok: true });
  });

  it('a claim that is null or a number exits 4 saying what a claim is', async () => {
    // why: merkle.ts:109:9 (the condition false; (a || b) && isArray; typeof !== 'object'
    // && null; typeof claim !== 'object' false), :109:38 (claim === null false): each
    // lets `'m' in claim` throw a TypeError.
    const stderr =
      'seam: a claim is a JSON object: {leafHash, index, size, proof, root} or {m, n, rootM, rootN, proof}\n';
    for (const text of ['null', '1', '"claim"', '[]'])
      expect(await seam(dir, ['merkle', 'verify', '-'], text)).toMatchObject({ code: 4, stdout: '', stderr });
  });

  it('a claim with only m, or only n, is read as a consistency claim', async () => {
    // why: merkle.ts:116:9 ('m' in c || 'n' in c: false, &&; 'm' and 'n' emptied): read
    // as an inclusion claim, the checks would be the inclusion checks.
    const ids = async (claim: object) =>
      JSON.parse(
        (await seam(dir, ['merkle', 'verify', '-', '--json'], JSON.stringify(claim))).stdout,
      ).explain.checks.map((c: { id: string }) => c.id);
    const consistency = await ids({ m: 1, n: 1, rootM: '', rootN: '', proof: [] });
    expect(consistency).toContain('order');
    expect(await ids({ m: 1 })).toEqual(consistency);
    expect(await ids({ n: 1 })).toEqual(consistency);
  });

  it('hashes that are not strings are passed on as they are and refused, not thrown on', async () => {
    // why: merkle.ts:90:10 (bytes?.ok as bytes.ok: a TypeError on a number), :89:17 (typeof
    // v === 'string' true: hex.decode of a number).
    const claim = JSON.parse(
      (await seam(dir, ['merkle', 'prove', 'leaves.txt', '--text', '--index', '1'])).stdout,
    );
    for (const bad of [
      { ...claim, leafHash: 7 },
      { ...claim, proof: [7, ...claim.proof.slice(1)] },
    ]) {
      const r = await seam(dir, ['merkle', 'verify', '-', '--json'], JSON.stringify(bad));
      expect(r.code).toBe(1);
      expect(r.stderr).toBe('');
      expect(JSON.parse(r.stdout)).toMatchObject({ command: 'merkle verify', ok: false });
    }
  });

  it('index and size given as JSON numbers, not strings, are read as numbers', async () => {
    // why: merkle.ts:92:35 (typeof v === 'string' && …: true, BigInt of 1.5 throws;
    // false leaves the decimal strings unread), :92:35 typeof v === 'string' as !== and
    // :92:48 ('string' emptied): the strings unread too.
    const claim = (await seam(dir, ['merkle', 'prove', 'leaves.txt', '--text', '--index', '1'])).stdout;
    expect((await seam(dir, ['merkle', 'verify', '-'], claim)).code).toBe(0);
    const asStrings = { ...JSON.parse(claim), index: '1', size: '3' };
    expect((await seam(dir, ['merkle', 'verify', '-'], JSON.stringify(asStrings))).code).toBe(0);
    const fraction = await seam(
      dir,
      ['merkle', 'verify', '-', '--json'],
      JSON.stringify({ ...asStrings, index: 1.5 }),
    );
    expect(fraction).toMatchObject({ code: 1, stderr: '' });
    expect(JSON.parse(fraction.stdout)).toMatchObject({ ok: false, code: 'invalid-number' });
  });
});

describe('note verify and checkpoint show: keys, quorum, the decoded lines', async () => {
  const { LOG, body, signed, logKey, witnessKey, cosigned } = await signedCheckpoint(T);
  const other = `— other.example ${base64Strict.encode(Uint8Array.of(1, 2, 3, 4, 5, 6, 7, 8))}\n`;
  const files = workdir({ 'signed.txt': signed, 'cosigned.txt': cosigned, 'other.txt': `${signed}${other}` });
  const verify = async (file: string, ...more: string[]) =>
    await seam(files, ['note', 'verify', file, ...more]);
  const quorum = ['--key', logKey, '--witness', witnessKey, '--quorum', '1'];
  const usage = (stderr: string) => ({ code: 2, stdout: '', stderr: `seam: ${stderr}\n` });

  it('a --key or --witness that is no verifier key is a usage error naming the flag', async () => {
    // why: note.ts:40:9 (!key.ok false: the refusal used as a key), :42:9 (the message
    // emptied), :101:49 ('--key' emptied), :102:58 ('--witness' emptied).
    expect(await verify('signed.txt', '--key', 'no-key')).toMatchObject(
      usage('--key wants a verifier key NAME+KEYID+BASE64 (seam note key prints one) [malformed-vkey]'),
    );
    expect(await verify('cosigned.txt', '--key', logKey, '--witness', 'a+b', '--quorum', '1')).toMatchObject(
      usage('--witness wants a verifier key NAME+KEYID+BASE64 (seam note key prints one) [malformed-vkey]'),
    );
  });

  it('no --key; --quorum with two --key; --witness without --quorum: each a usage error', async () => {
    // why: note.ts:104:49 (the message emptied); :105:9 (the condition false), :105:38 (|| as
    // &&), :105:83 (keys.length !== 1 false): two keys with a quorum; :107:80 (the message
    // emptied).
    expect(await verify('signed.txt')).toMatchObject(
      usage('give --key VKEY: a key you trust to have signed the note'),
    );
    expect(await verify('cosigned.txt', ...quorum, '--key', witnessKey)).toMatchObject(
      usage('--quorum N wants a whole number and exactly one --key (the log’s)'),
    );
    expect(await verify('cosigned.txt', '--key', logKey, '--witness', witnessKey)).toMatchObject(
      usage('--witness needs --quorum N'),
    );
  });

  it('--quorum must be a whole decimal number, of up to four digits', async () => {
    // why: note.ts:105:39 (the regex without ^: "x1"; without $: "1x"; [^0-9]: "10" refused).
    for (const n of ['x1', '1x', '10000'])
      expect(await verify('cosigned.txt', ...quorum.slice(0, -1), n)).toMatchObject(
        usage('--quorum N wants a whole number and exactly one --key (the log’s)'),
      );
    const ten = await verify('cosigned.txt', ...quorum.slice(0, -1), '10', '--json');
    expect(ten.code).toBe(2);
    expect(ten.stderr).toMatch(/\(check --quorum against the witnesses given\)\n$/);
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
      usage('--max-age wants whole seconds, and a clock to judge them at (not --now off)'),
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
    expect(r.stdout.startsWith('refused [bad-signature]: ')).toBe(true);
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

describe('seal open: usage errors before the envelope is opened', () => {
  const dir = workdir({ 'env.bin': 'not an envelope', 'epoch.seed': `${'03'.repeat(32)}\n` });
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
    expect(await open('--sender-key', 'did:key:zzz', '--now', String(T))).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'seam: --sender-key wants an Ed25519 did:key or 32 bytes as standard base64\n',
    });
  });

  it('--v1 with --interaction-seed-file alone is a usage error', async () => {
    // why: seal.ts:101:16 (interactionPath !== undefined false) and :103:9 (the message emptied).
    expect(
      await open('--sender-key', key, '--now', String(T), '--v1', '--interaction-seed-file', 'epoch.seed'),
    ).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'seam: a v1 envelope has one layer and no delivery confirmation: drop --v1 or those options\n',
    });
  });
});

describe('wba: usage errors, the keyid, --expected against the first base', async () => {
  const jwks = {
    keys: [jwkFromPublicKey(keyPairFromSeed(unwrap(hex.decode('01'.repeat(32)))).publicKey)],
  };
  const dir = workdir({ 'bot.seed': ALICE_SEED, 'keys.json': JSON.stringify(jwks) });
  const request = 'GET /catalog HTTP/1.1\nHost: shop.example\n';
  const signArgs = ['wba', 'sign', '-', '--seed-file', 'bot.seed', '--now', String(T)];
  const signed = (await seam(dir, [...signArgs, '--authority', 'shop.example'], request)).stdout;
  const verifyArgs = ['wba', 'verify', 'req.txt', '--directory', 'keys.json', '--authority', 'shop.example'];
  const base = `"@authority": shop.example\n"@signature-params": ${signed.match(/signature-input: sig1=(.*)\n/)?.[1]}`;
  const files = workdir({
    'req.txt': signed,
    'keys.json': JSON.stringify(jwks),
    'base.txt': base,
    'other.txt': `${base}x`,
  });

  it('no --now (verify) and no --authority (sign) are usage errors saying what to give', async () => {
    // why: wba.ts:118:28 and :192:28 (the messages emptied).
    expect(await seam(files, verifyArgs)).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'seam: give --now TIME: when the request arrived (RFC 3339 or Unix seconds)\n',
    });
    expect(await seam(dir, signArgs, request)).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'seam: give --authority HOST: the authority the request is for\n',
    });
  });

  it('the base is shown with its keyid; --expected compares it, as text and --json', async () => {
    // why: wba.ts:145:42 (m.keyid !== undefined: true, false, ===), :145:66 (the keyid part
    // emptied), :138:13 (expected !== undefined && first !== null false), :138:39 (first !==
    // null: true, ===), :138:56 ({} for the comparison), :154:37 (first !== null true).
    const keyid = signed.match(/keyid="([^"]+)"/)?.[1];
    expect(keyid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const same = await seam(files, [...verifyArgs, '--now', String(T), '--expected', 'base.txt']);
    expect(same.code).toBe(0);
    expect(same.stdout).toContain(
      `\nsignature base of sig1 (keyid ${keyid}), line by line:\n  "@authority": shop.example\n`,
    );
    expect(
      same.stdout.endsWith(
        '\n--expected: identical to the signed bytes above: the bytes agree, so the signature or the key is what differs\n',
      ),
    ).toBe(true);
    const json = await seam(files, [...verifyArgs, '--now', String(T), '--expected', 'other.txt', '--json']);
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
    const r = await seam(d, [...verifyArgs, '--now', String(T), '--expected', 'base.txt']);
    expect(r).toMatchObject({ code: 1, stderr: '' });
    expect(r.stdout.startsWith('refused [missing-signature-input]')).toBe(true);
    expect(r.stdout).not.toContain('--expected');
    const json = await seam(d, [...verifyArgs, '--now', String(T), '--expected', 'base.txt', '--json']);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout).expected).toBeUndefined();
  });
});
