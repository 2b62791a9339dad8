// Cases for the mutants Stryker left alive in the command layer (b): dack, did, envelope,
// identity, merkle, note, seal, wba, shared, explain, io, main. Each `why` names the
// mutant(s) by file.ts:line:column of the mutation report; each was applied by hand and
// seen to turn its case red (wba.ts:43:47 by never ending: a timeout). The equivalent
// ones, which no input can tell apart, are in spec/cli.md.
import { join } from 'node:path';
import { base64Strict, escapeBytes } from '@agent-seam/canonical';
import {
  didFromPublicKey,
  didFromSeed,
  jwkFromPublicKey,
  keyPairFromSeed,
  signKeyState,
} from '@agent-seam/did';
import { signEnvelope } from '@agent-seam/envelope';
import { ACCESS_KIND_SESSION, createDack, deriveKeyPair, sealEnvelope } from '@agent-seam/hpke-seal';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../src/main.js';
import {
  ALICE_SEED,
  aidOf,
  BOB_SEED,
  DACK_KEYS,
  DACK_KEYS_HEX,
  seam,
  seedOf,
  signedCheckpoint,
  VERSION,
  workdir,
} from './run.js';

const aliceSeed = seedOf(ALICE_SEED);
const bobSeed = seedOf(BOB_SEED);
const alice = didFromSeed(aliceSeed);
const bob = didFromSeed(bobSeed);
const T = 1784280600; // 2026-07-17T09:30:00Z

describe('main: the command line without a command', () => {
  const dir = workdir();

  it('seam alone prints the help and exits 2; seam --help prints it and exits 0', async () => {
    // why: main.ts:97:88 (block emptied), :98:5 (print(HELP) dropped), :99:12 (the exit code
    // chosen by first === undefined: true, false, !==).
    const bare = await seam(dir, []);
    expect(bare.code).toBe(2);
    expect(
      bare.stdout.startsWith(
        'seam: inspect, sign, verify and explain agent-seam artifacts (Node.js only)\n\nusage: seam COMMAND',
      ),
    ).toBe(true);
    expect(bare.stdout).toContain(
      '\nexit codes: 0 ok/verified, 1 refused or findings, 2 bad command line,\n',
    );
    expect(bare.stderr).toBe('');
    const asked = await seam(dir, ['--help']);
    expect(asked).toMatchObject({ code: 0, stdout: bare.stdout, stderr: '' });
  });

  it('seam --version prints the package version', async () => {
    // why: main.ts:101:48 (block emptied: falls through to "no command"), :102:5 (nothing printed).
    expect(await seam(dir, ['--version'])).toMatchObject({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
  });

  it('an unknown command is a usage error naming it', async () => {
    // why: main.ts:112:13 (the message emptied).
    expect(await seam(dir, ['frobnicate'])).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'seam: no command "frobnicate"; seam --help lists them\n',
    });
  });

  it('a SeamError from a value on the command line is a usage error that says so', async () => {
    // why: main.ts:125:17 ([EXIT.usage, message] emptied: the code is undefined) and
    // :125:30 (the message emptied). The wba package throws on an authority that is no host.
    const d = workdir({ 'req.txt': 'GET / HTTP/1.1\nHost: a.example\n', 'keys.json': '{"keys":[]}' });
    const r = await seam(d, [
      'wba',
      'verify',
      'req.txt',
      '--directory',
      'keys.json',
      '--authority',
      ' ',
      '--now',
      String(T),
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^seam: .* \(a value on the command line; see --help\)\n$/);
  });

  it('an error that is no outcome of the command is thrown, not turned into an exit code', async () => {
    // why: main.ts:126:17 ([null, ''] emptied: the code is undefined, so the error is swallowed
    // and main resolves to undefined). A stdout that fails is such an error.
    const failing = main(['merkle', 'root', '-', '--text'], {
      stdin: () => Buffer.from('a\n'),
      stdout: () => {
        throw new Error('stdout is gone');
      },
      stderr: () => undefined,
    });
    await expect(failing).rejects.toThrow('stdout is gone');
  });
});

describe('io: stdin', () => {
  const dir = workdir();

  it('a stdin that cannot be read exits 4 saying so', async () => {
    // why: io.ts:54:22 (the message emptied).
    let stderr = '';
    const code = await main(['merkle', 'root', '-'], {
      stdin: () => {
        throw new Error('EAGAIN');
      },
      stdout: () => undefined,
      stderr: (text) => {
        stderr += text;
      },
    });
    expect(code).toBe(4);
    expect(stderr).toBe('seam: cannot read stdin\n');
  });

  it('a stdin that is not UTF-8 is named stdin', async () => {
    // why: io.ts:59:50 (nameOf's 'stdin' emptied).
    const r = await seam(dir, ['merkle', 'root', '-', '--text'], Uint8Array.of(0xff, 0x0a));
    expect(r.code).toBe(4);
    expect(r.stderr).toBe('seam: stdin is not UTF-8 (invalid-utf8): give the file as UTF-8 text\n');
  });
});

describe('did: a P-256 did:key and a refusal as --json', () => {
  const dir = workdir();
  // A P-256 did:key from the did package's own tests (a compressed point).
  const p256 = 'did:key:zDnaeQRy3dcKsKa1zmKtVKsTy3m2HYoQnFnfKuxD6HfSTQgYf';

  it('shows the curve and the key, as text and as --json', async () => {
    // why: did.ts:67:55 (block emptied: refused as no Ed25519 key), :68:19 ({} for out),
    // :68:42 ('p256' emptied), :69:11 (values.json === true: true, false, !==), :69:27,
    // :69:43 ({} for the JSON object), :69:54 ('did' emptied), :69:65 (ok: false),
    // :72:11 (the text emptied).
    const json = await seam(dir, ['did', p256, '--json']);
    expect(json.code).toBe(0);
    const out = JSON.parse(json.stdout);
    expect(out).toEqual({
      command: 'did',
      ok: true,
      did: p256,
      curve: 'p256',
      publicKeyHex: out.publicKeyHex,
    });
    expect(out.publicKeyHex).toMatch(/^0[23][0-9a-f]{64}$/);
    const text = await seam(dir, ['did', p256]);
    expect(text).toMatchObject({
      code: 0,
      stdout: `did:key             ${p256}\ncurve               P-256\npublic key (hex)    ${out.publicKeyHex}\n`,
      stderr: '',
    });
  });

  it('a refused key as --json: the code and the checks', async () => {
    // why: did.ts:80:19 ({} for the JSON object), :81:20 ('did' emptied), :82:15 (ok: true),
    // :85:20 ({} for explain).
    const identity = new Uint8Array(32);
    identity[0] = 1; // the identity point: small order
    const r = await seam(dir, ['did', didFromPublicKey(identity), '--json']);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ command: 'did', ok: false, code: 'small-order-key' });
    expect(out.explain.checks.find((c: { outcome: string }) => c.outcome === 'refuse').code).toBe(
      'small-order-key',
    );
  });
});

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

describe('envelope sign', () => {
  const dir = workdir({ 'alice.seed': ALICE_SEED });
  const sign = async (fields: object, ...more: string[]) =>
    await seam(dir, ['envelope', 'sign', '-', '--seed-file', 'alice.seed', ...more], JSON.stringify(fields));

  it('a timestamp in FILE and --now both: a usage error; --now alone or the timestamp alone sign', async () => {
    // why: envelope.ts:97:42 (values.now !== undefined: true, ===) and :98:28 (the message emptied).
    const fields = { to: bob, messageId: 'm1', text: 'hi' };
    expect(await sign({ ...fields, timestamp: T }, '--now', String(T))).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'seam: FILE has a timestamp and --now gives another: keep one\n',
    });
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
    const bytes = `{"contextId":null,"from":"${alice}","messageId":"m1","text":"hi","timestamp":${T},"to":"${bob}"}`;
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
    const bytes = `{"contextId":null,"from":"${alice}","messageId":"m1","text":"hi","timestamp":${T},"to":"${bob}"}`;
    const dir = workdir({
      'm.json': JSON.stringify({ ...sent, sig: sent.sig.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) }),
      'b.txt': bytes,
    });
    const r = await seam(dir, [
      'envelope',
      'verify',
      'm.json',
      '--recipient',
      bob,
      '--now',
      'off',
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

describe('keystate resolve --pinned', () => {
  it('a pinned record that does not verify keeps the root speaking for itself', async () => {
    // why: identity.ts:92:47 ({} for { pinned }: the pin ignored, the inline opDid wins).
    const keystate = signKeyState(
      { rootDid: alice, epoch: 1, opDid: bob, notBefore: null, notAfter: null, ts: T },
      aliceSeed,
    );
    const dir = workdir({
      'keystate.json': JSON.stringify(keystate),
      'pinned.json': JSON.stringify({ ...keystate, epoch: 2 }),
    });
    const args = ['keystate', 'resolve', 'keystate.json', '--root', alice, '--now', String(T)];
    expect(JSON.parse((await seam(dir, [...args, '--json'])).stdout).opDid).toBe(bob);
    const r = await seam(dir, [...args, '--pinned', 'pinned.json', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ command: 'keystate resolve', opDid: alice, ok: true });
  });
});

describe('merkle: --json, string numbers, consistency claims', () => {
  const dir = workdir({ 'leaves.txt': 'a\nb\nc\n' });

  it('root --json and prove --json', async () => {
    // why: merkle.ts:48:17 ({} for the object), :48:28 ('merkle root' emptied), :48:47 (ok:
    // false), :48:60 ({} for value); :83:38 ({} for the object), :83:49 ('merkle prove'
    // emptied), :83:69 (ok: false).
    const root = (await seam(dir, ['merkle', 'root', 'leaves.txt', '--text'])).stdout.trim();
    expect(
      JSON.parse((await seam(dir, ['merkle', 'root', 'leaves.txt', '--text', '--json'])).stdout),
    ).toEqual({
      command: 'merkle root',
      ok: true,
      value: { size: 3, root },
    });
    const claim = JSON.parse(
      (await seam(dir, ['merkle', 'prove', 'leaves.txt', '--text', '--index', '1'])).stdout,
    );
    const json = await seam(dir, ['merkle', 'prove', 'leaves.txt', '--text', '--index', '1', '--json']);
    expect(JSON.parse(json.stdout)).toEqual({ command: 'merkle prove', ok: true, value: claim });
  });

  it('verify reads index and size given as decimal strings, and only whole decimal strings', async () => {
    // why: merkle.ts:92:60, the four regex mutants of numberOf: /[0-9]+$/ and /^[0-9]+/ make
    // BigInt throw on "x1"/"1x"; /^[0-9]$/ leaves "10" a string; /^[^0-9]+$/ leaves "1" one.
    const leaves = Array.from({ length: 12 }, (_, i) => `leaf ${i}`).join('\n');
    const d = workdir({ 'leaves.txt': `${leaves}\n` });
    const claim = JSON.parse(
      (await seam(d, ['merkle', 'prove', 'leaves.txt', '--text', '--index', '10'])).stdout,
    );
    const asStrings = { ...claim, index: '10', size: '12' };
    expect((await seam(d, ['merkle', 'verify', '-'], JSON.stringify(asStrings))).code).toBe(0);
    for (const index of ['x10', '10x']) {
      const r = await seam(d, ['merkle', 'verify', '-', '--json'], JSON.stringify({ ...asStrings, index }));
      expect(r.code).toBe(1);
      expect(JSON.parse(r.stdout).ok).toBe(false);
    }
  });

  it('a claim that is not an object exits 4 saying what a claim is', async () => {
    // why: merkle.ts:111:9 (the message emptied).
    expect(await seam(dir, ['merkle', 'verify', '-'], '[1]')).toMatchObject({
      code: 4,
      stderr:
        'seam: a claim is a JSON object: {leafHash, index, size, proof, root} or {m, n, rootM, rootN, proof}\n',
    });
  });

  it('a consistency claim: verified with its line, and --json names the command', async () => {
    // why: merkle.ts:116:31 (block emptied: read as an inclusion claim), :117:27 ({} for the
    // claim), :124:21 ({} for the judgement), :125:18 ('merkle verify' emptied), :132:17 and
    // :132:23 (the ok line gone).
    const root2 = (await seam(dir, ['merkle', 'root', '-', '--text'], 'a\nb\n')).stdout.trim();
    const root3 = (await seam(dir, ['merkle', 'root', 'leaves.txt', '--text'])).stdout.trim();
    // RFC 6962: the consistency proof from 2 to 3 leaves is [the hash of leaf c].
    const leafC = JSON.parse(
      (await seam(dir, ['merkle', 'prove', 'leaves.txt', '--text', '--index', '2'])).stdout,
    ).leafHash;
    const claim = JSON.stringify({ m: 2, n: 3, rootM: root2, rootN: root3, proof: [leafC] });
    const r = await seam(dir, ['merkle', 'verify', '-'], claim);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('verified: the tree of size 2 is a prefix of the tree of size 3');
    const json = JSON.parse((await seam(dir, ['merkle', 'verify', '-', '--json'], claim)).stdout);
    expect(json).toMatchObject({ command: 'merkle verify', ok: true });
    expect(json.explain.checks.every((c: { outcome: string }) => c.outcome === 'pass')).toBe(true);
  });
});

describe('note and checkpoint: the options no other test uses', async () => {
  const { LOG, body, dir, signed, logKey, witnessKey, cosigned } = await signedCheckpoint(T);
  const files = workdir({ 'signed.txt': signed, 'cosigned.txt': cosigned });
  const verify = async (...more: string[]) => await seam(files, ['note', 'verify', 'cosigned.txt', ...more]);
  const quorum = ['--key', logKey, '--witness', witnessKey, '--quorum', '1'];

  it('--quorum that is no whole number is a usage error saying what it wants', async () => {
    // why: note.ts:106:28 (the message emptied).
    expect(await verify('--key', logKey, '--quorum', 'one')).toMatchObject({
      code: 2,
      stderr: 'seam: --quorum N wants a whole number and exactly one --key (the log’s)\n',
    });
  });

  it('--max-age: whole seconds with --now; judged against the cosignature’s time', async () => {
    // why: note.ts:110:38 (the condition true; || as &&; the ! dropped), :110:39 (the four
    // regex mutants: "x60" and "60x" must be refused, "60" taken), :110:75 (now ===
    // undefined: false, !==), :111:28 (the message emptied), :118:38 ({} for maxAge: the
    // stale cosignature would pass).
    const usage = 'seam: --max-age wants whole seconds, and a clock to judge them at (not --now off)\n';
    for (const more of [
      ['--max-age', '60', '--now', 'off'],
      ['--max-age', 'x60', '--now', String(T)],
      ['--max-age', '60x', '--now', String(T)],
    ])
      expect(await verify(...quorum, ...more)).toMatchObject({ code: 2, stdout: '', stderr: usage });
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
    expect(r.stderr).toMatch(/^seam: .+ \(check --quorum against the witnesses given\)\n$/);
  });

  it('note sign: --name is needed; a text that cannot be signed is refused, as text and --json; --json signs', async () => {
    // why: note.ts:158:50 (the message emptied), :160:40 ('note sign' emptied), :160:53
    // (values.json === true: true, false, !==), :160:69, :161:41 ({} for the object),
    // :161:52 ('note sign' emptied), :161:69 (ok: false).
    const sign = async (text: string, ...more: string[]) =>
      await seam(dir, ['note', 'sign', '-', '--seed-file', 'log.seed', ...more], text);
    expect(await sign(body)).toMatchObject({
      code: 2,
      stderr: 'seam: give --name NAME: the key name (the log’s origin)\n',
    });
    const human = await sign('no newline at the end', '--name', LOG);
    expect(human.code).toBe(1);
    expect(human.stdout).toMatch(/^cannot sign \[[a-z-]+\]: .+\n$/);
    const json = await sign('no newline at the end', '--name', LOG, '--json');
    expect(json.code).toBe(1);
    const refusal = JSON.parse(json.stdout);
    expect(refusal).toEqual({ command: 'note sign', ok: false, code: refusal.code, detail: refusal.detail });
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
      stderr: 'seam: give --name NAME: the witness’s name\n',
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
    expect(await key()).toMatchObject({ code: 2, stderr: 'seam: give --name NAME: the key name\n' });
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

describe('seal open: the options no other test uses', () => {
  const sender = keyPairFromSeed(aliceSeed);
  const bobAid = aidOf(keyPairFromSeed(bobSeed).publicKey);
  const epoch = deriveKeyPair(new Uint8Array(32).fill(3));
  const interaction = deriveKeyPair(new Uint8Array(32).fill(5));
  const sentMs = Date.UTC(2026, 0, 1);
  const sealed = sealEnvelope({
    to: bobAid,
    recipientPublicKey: epoch.publicKey,
    interactionPublicKey: interaction.publicKey,
    senderSeed: aliceSeed,
    message: {
      from: aidOf(sender.publicKey),
      ksn: 0,
      type: 'anet.message/1',
      ix: 'ix-1',
      mid: new Uint8Array(16).fill(9),
      tsMs: sentMs,
      expMs: sentMs + 60_000,
      body: new TextEncoder().encode('two layers'),
    },
    access: { kind: ACCESS_KIND_SESSION },
  });
  const dir = workdir({
    'env.bin': sealed.bytes,
    'epoch.seed': `${'03'.repeat(32)}\n`,
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
  const senderKey = didFromPublicKey(sender.publicKey);

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
      stderr: 'seam: give --aid AID: your own AID, whom it must be addressed to\n',
    });
  });

  it('without --sender-key: no usage error; the opener runs (with the built-in resolver)', async () => {
    const r = await seam(dir, [...args, '--aid', bobAid]);
    expect(r).toMatchObject({ code: 1, stderr: '' });
    expect(r.stdout).toMatch(/^refused \[/);
  });
});

describe('wba: the options and request shapes no other test uses', async () => {
  const jwks = { keys: [jwkFromPublicKey(keyPairFromSeed(aliceSeed).publicKey)] };
  const dir = workdir({ 'bot.seed': ALICE_SEED, 'keys.json': JSON.stringify(jwks) });
  const sign = async (request: string, ...more: string[]) =>
    await seam(
      dir,
      [
        'wba',
        'sign',
        '-',
        '--seed-file',
        'bot.seed',
        '--authority',
        'shop.example',
        '--now',
        String(T),
        // A fixed nonce, so that two runs sign the same bytes.
        '--nonce',
        'n-1',
        ...more,
      ],
      request,
    );
  const request = 'GET /catalog HTTP/1.1\nHost: shop.example\n';
  const signed = (await sign(request)).stdout;
  const verify = async (text: string, ...more: string[]) =>
    await seam(workdir({ 'req.txt': text }), [
      'wba',
      'verify',
      'req.txt',
      '--directory',
      join(dir, 'keys.json'),
      '--authority',
      'shop.example',
      '--now',
      String(T),
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
    const [a, b] = [
      await seam(
        dir,
        ['wba', 'sign', '-', '--seed-file', 'bot.seed', '--authority', 'shop.example'],
        request,
      ),
      await seam(
        dir,
        ['wba', 'sign', '-', '--seed-file', 'bot.seed', '--authority', 'shop.example'],
        request,
      ),
    ];
    expect(a.stdout).toMatch(/;nonce="[A-Za-z0-9_-]{43}"\n/);
    expect(a.stdout.match(/nonce="[^"]*"/)).not.toEqual(b.stdout.match(/nonce="[^"]*"/));
    expect((await sign(request, '--no-nonce')).code).toBe(2);
  });

  it('sign: --expires-in out of range; a lifetime the package refuses, as --json', async () => {
    // why: wba.ts:194:67 (the message emptied); :209:40 ('wba sign' emptied in the refusal).
    expect(await sign(request, '--expires-in', '0')).toMatchObject({
      code: 2,
      stderr: 'seam: --expires-in wants whole seconds, 1..600\n',
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
      stderr: 'seam: give --directory FILE|URL: the signer’s key directory (a JWK Set)\n',
    });
    expect(
      await seam(d, ['wba', 'verify', 'req.txt', '--directory', 'k.json', '--now', String(T)]),
    ).toMatchObject({
      code: 2,
      stderr: 'seam: give --authority HOST: your own host[:port], as the signer had to cover it\n',
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
    const jwks = JSON.stringify({ keys: [jwkFromPublicKey(keyPairFromSeed(aliceSeed).publicKey)] });
    vi.stubGlobal('fetch', async () => new Response(jwks, { status: 200 }));
    const d = workdir({ 'req.txt': 'GET / HTTP/1.1\nHost: shop.example\n' });
    const where = 'https://bot.example/.well-known/http-message-signatures-directory';
    const r = await seam(d, [
      'wba',
      'verify',
      'req.txt',
      '--directory',
      where,
      '--allow-network',
      '--authority',
      'shop.example',
      '--now',
      String(T),
    ]);
    expect(r).toMatchObject({
      code: 6,
      stdout: '',
      stderr: `seam: the key directory at ${where} could not be used [missing-signature-input]: there is no Signature-Input field; give it as a file with --directory FILE\n`,
    });
  });
});
