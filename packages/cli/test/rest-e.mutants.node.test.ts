// Cases for the mutants a full rerun of Stryker over the command layer (e) left alive that
// neither a case of (a)-(d) nor a row of spec/cli.md accounted for. Each `why` names the
// mutant(s) by file.ts:line:column of that run's report (io.ts by its line there; the file
// has grown by 20 lines above since); each was applied by hand and seen to turn its case
// red. The equivalent ones, which no input can tell apart, are in spec/cli.md (e).
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { base64Strict } from '@agent-seam/canonical';
import { didFromPublicKey, jwkFromPublicKey, keyPairFromSeed, signEd25519 } from '@agent-seam/did';
import { ACCESS_KIND_SESSION, deriveKeyPair, sealEnvelope } from '@agent-seam/hpke-seal';
import { cosignatureVerifier, ed25519Verifier, formatVerifierKey } from '@agent-seam/tlog-note';
import { signDirectory } from '@agent-seam/wba';
import { afterEach, describe, expect, it, vi } from 'vitest';
// hpke-seal's own seam for a hand-built envelope (its tests use it); not part of its API.
import { assembleEnvelope, innerEntries } from '../../hpke-seal/src/seal-v2.js';
import { requestHeaders } from '../src/commands/wba.js';
import { ALICE_SEED, aidOf, BOB_SEED, seam, seedOf, signedCheckpoint, VERSION, workdir } from './run.js';

const aliceSeed = seedOf(ALICE_SEED);
const T = 1784280600; // 2026-07-17T09:30:00Z

describe('main: the short spellings of help and version, and a command group alone', () => {
  const dir = workdir();

  it('seam -h and seam help print the help as seam --help does; seam -V the version', async () => {
    // why: main.ts:97:52 (first === '-h' → false), :97:62 ('-h' → ""), :97:70 (first ===
    // 'help' → false), :97:80 ('help' → ""), :101:32 (first === '-V' → false), :101:42 ('-V' → "").
    const help = await seam(dir, ['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^seam: inspect, sign, verify and explain agent-seam artifacts/);
    expect(await seam(dir, ['-h'])).toEqual(help);
    expect(await seam(dir, ['help'])).toEqual(help);
    expect(await seam(dir, ['-V'])).toMatchObject({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
  });

  it('a command group without its subcommand is a usage error listing them', async () => {
    // why: main.ts:108:80 ((c) => `seam ${c.name}` → () => undefined), :108:87 (its text → ``),
    // :111:56 (', ' → "").
    expect(await seam(dir, ['box'])).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'seam: box needs a subcommand: seam box seal, seam box open\n',
    });
  });
});

describe('io: names, details and the line ends of what it reads and writes', () => {
  const dir = workdir({
    'bad.txt': Uint8Array.of(0x47, 0xff, 0x0a),
    'bad.json': '{"a": 1,}',
    'lead.seed': `\n${'01'.repeat(32)}`,
  });

  it('a file that is not UTF-8 is named by its path, not as stdin', async () => {
    // why: io.ts:59:35 (now :79:35; nameOf's path === '-' → true: every file named "stdin").
    expect(await seam(dir, ['merkle', 'root', 'bad.txt', '--text'])).toMatchObject({
      code: 4,
      stdout: '',
      stderr: 'seam: bad.txt is not UTF-8 (invalid-utf8): give the file as UTF-8 text\n',
    });
  });

  it('a file that is not strict JSON: the code and the detail the parser gives', async () => {
    // why: io.ts:73:84 (now :93:84; the `: ${value.detail}` part → '').
    const r = await seam(dir, ['cbor', 'encode', 'bad.json', '--from', 'json']);
    expect(r.code).toBe(4);
    expect(r.stderr).toMatch(
      /^seam: bad\.json is not one strict JSON value \([a-z-]+: [^)]+\); check it with seam canon --check\n$/,
    );
  });

  it('a seed file with a newline before the hex (not after it) is no seed', async () => {
    // why: io.ts:85:39 (now :105:39; /\r?\n$/ → /\r?\n/: the leading newline removed, the seed read).
    expect(await seam(dir, ['did', '--seed-file', 'lead.seed'])).toMatchObject({
      code: 4,
      stdout: '',
      stderr: 'seam: lead.seed is not a seed: the file holds the 32-byte seed as 64 hex characters\n',
    });
  });

  it('--now with digits only at its end is no time', async () => {
    // why: io.ts:97:7 (now :117:7; /^(0|[1-9][0-9]{0,11})$/ without ^: "x5" read as NaN).
    const d = workdir({ 'env.json': '{}' });
    const recipient = ['--recipient', didFromPublicKey(keyPairFromSeed(aliceSeed).publicKey)];
    expect(
      await seam(d, ['envelope', 'verify', 'env.json', ...recipient, '--now', 'x5', '--no-replay-check']),
    ).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'seam: --now wants an RFC 3339 time with an offset (2026-07-17T09:30:00Z) or Unix seconds\n',
    });
  });

  it('a warning that already ends with a newline gets no second one', async () => {
    // why: io.ts:46:62 (now :66:62; warn's text.endsWith('\n') → startsWith: cbor's note,
    // which ends with '\n', would end with two).
    const r = await seam(dir, ['cbor', 'encode', '-', '--hex'], '[1.0]');
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      'seam: note: read as JSON; as diagnostic notation this text means other bytes (1.0 stays a float there): add --from diag for that\n',
    );
  });
});

describe('command: the one input, named', () => {
  it('a command that reads one FILE says FILE when given none', async () => {
    // why: command.ts:56:68 (oneInput's default what 'FILE' → "").
    expect(await seam(workdir(), ['merkle', 'root'])).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'seam: seam merkle root reads one FILE (or - for stdin); got 0; see seam merkle root --help\n',
    });
  });
});

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

describe('explain: the signed bytes and --expected as text', () => {
  it('a refused note with --expected: the signed bytes line by line, the windows on one line each', async () => {
    // why: explain.ts:83:48 ('the signature covers' → ""), :115:11 (indent's '\n' → ""),
    // :93:77 (the label 'expected' → ""), :108:10 (the comparison's '\n' → ""), :101:9
    // (=== undefined → false) and :102:9 ([] filled: a line about a signature the note
    // layer never asks about), :121:33 (/^ *\d+ {2}/ → /^ \d+ {2}/ and → /^ *\d {2}/: the
    // offset "16" of the window's second line kept), :122:11 ('' → "Stryker was here!").
    const { body, signed } = await signedCheckpoint(T);
    const dir = workdir({
      'note.txt': signed,
      'other.seed': BOB_SEED,
      'expected.txt': body.replace('\n4\n', '\n5\n'),
    });
    const otherKey = (
      await seam(dir, ['note', 'key', '--seed-file', 'other.seed', '--name', 'example.com/log'])
    ).stdout.trim();
    const r = await seam(dir, [
      'note',
      'verify',
      'note.txt',
      '--key',
      otherKey,
      '--expected',
      'expected.txt',
    ]);
    expect(r.code).toBe(1);
    const hash = Buffer.alloc(32, 7).toString('base64');
    expect(r.stdout).toContain(
      [
        `signed bytes (${body.length} bytes, what the signature covers; offset, then the bytes escaped):`,
        '   0  example.com/log\\n',
        '  16  4\\n',
        `  18  ${hash}\\n`,
        '--expected: first difference at byte 16 (both windows start at byte 0):',
        `  received  example.com/log\\n4\\n${hash.slice(0, 15)}`,
        `  expected  example.com/log\\n5\\n${hash.slice(0, 15)}`,
        'signature lines, decoded:',
      ].join('\n'),
    );
  });

  it('a refusal whose code has no detail is shown as the code alone', async () => {
    // why: explain.ts:24:54 ('' → "Stryker was here!" after a code without a detail).
    const { cosigned, witnessKey, dir } = await signedCheckpoint(T);
    writeFileSync(join(dir, 'cosigned.txt'), cosigned);
    const otherLog = (
      await seam(dir, ['note', 'key', '--seed-file', 'witness.seed', '--name', 'example.com/log'])
    ).stdout.trim();
    const r = await seam(dir, [
      'note',
      'verify',
      'cosigned.txt',
      '--key',
      otherLog,
      '--witness',
      witnessKey,
      '--quorum',
      '0',
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /\n {2}REFUSED {6}quorum {2,}the log's key signed, and at least atLeast of the witnesses cosigned \[missing-log-signature\]\n/,
    );
  });
});

// A sealed envelope's parts as test/seal-dack.node.test.ts has them: alice to bob's AID
// (the README's stand-in AIDs: the CID of a small record holding the identity key), sealed
// to the epoch key of seed 03, sent at 2026-01-01T00:00:00Z.
const sender = keyPairFromSeed(aliceSeed);
const bobAid = aidOf(keyPairFromSeed(seedOf(BOB_SEED)).publicKey);
const sentMs = Date.UTC(2026, 0, 1);
const message = {
  from: aidOf(sender.publicKey),
  ksn: 0,
  type: 'anet.message/1',
  ix: 'ix-1',
  mid: new Uint8Array(16).fill(9),
  tsMs: sentMs,
  expMs: sentMs + 60_000,
  body: new TextEncoder().encode('hello Bob'),
};

describe('seal open: --json refusals, a short sender key, base64 text, --dack-keys-out', () => {
  const sealed = sealEnvelope({
    to: bobAid,
    recipientPublicKey: deriveKeyPair(new Uint8Array(32).fill(3)).publicKey,
    senderSeed: aliceSeed,
    message,
    access: { kind: ACCESS_KIND_SESSION },
  });
  const files = () =>
    workdir({
      'env.bin': sealed.bytes,
      'env.txt': `${base64Strict.encode(sealed.bytes)}\n`,
      'epoch.seed': `${'03'.repeat(32)}\n`,
      'expected.bin': 'what the sender says it signed',
    });
  const open = (file: string, aid = bobAid, senderKey = didFromPublicKey(sender.publicKey)) => [
    'seal',
    'open',
    file,
    '--aid',
    aid,
    '--seed-file',
    'epoch.seed',
    '--sender-key',
    senderKey,
    '--now',
    '2026-01-01T00:00:05Z',
    '--no-replay-check',
    '--no-capabilities',
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
    ).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'seam: --sender-key wants an Ed25519 did:key or 32 bytes as standard base64\n',
    });
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

describe('wba: the request file as curl -v and a proxy log show it', () => {
  it('skips curl lines (*, <, {, } with or without a space), strips "> " or ">", keeps > and * inside a value', () => {
    // why: wba.ts:41:21 (/^[*<{}] ?/ without ^: "Accept: */*" dropped; → /^[*<{}] /: "*"
    // and "{" alone kept as the request line), :42:27 (/^> ?/ → /> ?/: "a>b" → "ab"; → /^> /:
    // ">Host" kept), :57:18 (toLowerCase → toUpperCase).
    const text = [
      '*',
      '* Trying',
      '{',
      '> GET /a HTTP/1.1',
      '>Host: shop.example',
      '> Accept: */*',
      'X-Note: a>b',
      '',
      '< HTTP/1.1 200',
    ].join('\n');
    expect(requestHeaders(text)).toEqual({
      requestLine: 'GET /a HTTP/1.1',
      fieldLines: ['Host: shop.example', 'Accept: */*', 'X-Note: a>b'],
      headers: { host: [' shop.example'], accept: [' */*'], 'x-note': [' a>b'] },
    });
  });

  it('the request line: a method, a target, and an optional HTTP/N or HTTP/N.N, nothing else', () => {
    // why: wba.ts:45:8 (without ^: "get GET /" taken; without $: "GET / HTTP/1.1 x" taken;
    // the HTTP part required: "GET /" refused; its ".N" required: "GET / HTTP/2" refused).
    for (const line of ['GET /', 'GET / HTTP/2', 'POST /x HTTP/1.1'])
      expect(requestHeaders(`${line}\nHost: a\n`).requestLine).toBe(line);
    for (const line of ['get GET / HTTP/1.1', 'GET / HTTP/1.1 x'])
      expect(() => requestHeaders(`${line}\nHost: a\n`)).toThrow(
        'the request file starts with a request line',
      );
  });

  it('a header line that starts with its colon has no name', () => {
    // why: wba.ts:55:9 (colon <= 0 → colon < 0: a nameless field taken).
    expect(() => requestHeaders('GET / HTTP/1.1\n: x\n')).toThrow(
      'each header line of the request file is Name: value',
    );
  });
});

describe('wba: verify and sign, the options no other case reaches', () => {
  const jwks = { keys: [jwkFromPublicKey(keyPairFromSeed(aliceSeed).publicKey)] };
  const request = 'GET /catalog HTTP/1.1\nHost: shop.example\n';
  const setup = async () => {
    const dir = workdir({
      'bot.seed': ALICE_SEED,
      'old.txt': `${request}Signature-Input: old\nSignature: old\n`,
    });
    mkdirSync(join(dir, 'xhttps:'));
    writeFileSync(join(dir, 'xhttps:', 'keys.json'), JSON.stringify(jwks));
    const sign = [
      'wba',
      'sign',
      '-',
      '--seed-file',
      'bot.seed',
      '--authority',
      'shop.example',
      '--now',
      String(T),
      '--nonce',
      'n-1',
    ];
    const signed = await seam(dir, sign, request);
    expect(signed.code).toBe(0);
    writeFileSync(join(dir, 'req.txt'), signed.stdout);
    return { dir, sign };
  };
  const verify = (directory: string, authority = 'shop.example') => [
    'wba',
    'verify',
    'req.txt',
    '--directory',
    directory,
    '--authority',
    authority,
    '--now',
    String(T),
  ];
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('a directory file whose path has https:// inside it is read as a file', async () => {
    // why: wba.ts:67:8 (/^https?:\/\// without ^: the path taken for a URL, a usage error).
    const { dir } = await setup();
    const r = await seam(dir, verify('xhttps://keys.json'));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^signature verified: signed by did:key:/);
  });

  it('a refusal at the equation without signed bytes shown gives no --expected tip', async () => {
    // why: shared.ts:69:7 (e.signed !== undefined → true: the tip printed for wba, which
    // shows its bases itself and has no signed bytes in the report).
    const { dir } = await setup();
    writeFileSync(join(dir, 'keys.json'), JSON.stringify(jwks));
    const r = await seam(dir, verify('keys.json', 'other.example'));
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^refused \[bad-signature\]/);
    expect(r.stdout).not.toContain('next: ask the signer');
  });

  it('--allow-network: a signed directory is used; a bad status is unverifiable with its detail', async () => {
    // why: wba.ts:73:7 (!fetched.ok → true: a verified directory refused) and :75:92 (the
    // `: ${fetched.detail}` part → '').
    const { dir } = await setup();
    const where = 'https://bot.example/.well-known/http-message-signatures-directory';
    const published = signDirectory({
      seed: aliceSeed,
      authority: 'bot.example',
      created: T - 60,
      expires: T + 3600,
    });
    vi.stubGlobal(
      'fetch',
      async () => new Response(published.body, { status: 200, headers: published.headers }),
    );
    const r = await seam(dir, [...verify(where), '--allow-network']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^signature verified: signed by did:key:/);
    vi.stubGlobal('fetch', async () => new Response('gone', { status: 404 }));
    expect(await seam(dir, [...verify(where), '--allow-network'])).toMatchObject({
      code: 6,
      stdout: '',
      stderr: `seam: the key directory at ${where} could not be used [bad-status]: status 404, not 200; give it as a file with --directory FILE\n`,
    });
  });

  it('verify and sign without a request file say REQUEST', async () => {
    // why: wba.ts:112:51 and :188:49 ('REQUEST' → "").
    const { dir, sign } = await setup();
    expect(await seam(dir, ['wba', 'verify'])).toMatchObject({
      code: 2,
      stderr: 'seam: seam wba verify reads one REQUEST (or - for stdin); got 0; see seam wba verify --help\n',
    });
    expect(
      await seam(
        dir,
        sign.filter((a) => a !== '-'),
      ),
    ).toMatchObject({
      code: 2,
      stderr: 'seam: seam wba sign reads one REQUEST (or - for stdin); got 0; see seam wba sign --help\n',
    });
  });

  it('--expires-in with digits at only one end is a usage error', async () => {
    // why: wba.ts:194:10 (/^[1-9][0-9]{0,5}$/ without ^: "x5"; without $: "5x").
    const { dir, sign } = await setup();
    for (const lifetime of ['x5', '5x'])
      expect(await seam(dir, [...sign, '--expires-in', lifetime], request)).toMatchObject({
        code: 2,
        stderr: 'seam: --expires-in wants whole seconds, 1..600\n',
      });
  });

  it('sign replaces the Signature-Input and Signature lines a request already has', async () => {
    // why: wba.ts:214:18 (the filter dropped), :214:45 (toLowerCase → toUpperCase; the name
    // → the whole line), :214:66 (':' → "": every name empty): the old lines kept.
    const { dir, sign } = await setup();
    const fresh = await seam(dir, sign, request);
    const again = await seam(dir, [...sign.slice(0, 2), 'old.txt', ...sign.slice(3)]);
    expect(again).toMatchObject({ code: 0, stdout: fresh.stdout });
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
      recipientPublicKey: deriveKeyPair(new Uint8Array(32).fill(3)).publicKey,
      inner: innerEntries(bobAid, message),
      sign: (preimage) => {
        other = preimage.slice();
        other[other.length - 1]! ^= 1;
        return signEd25519(aliceSeed, other);
      },
      access: { kind: ACCESS_KIND_SESSION },
      outerExtensions: [],
      wrapExtensions: [],
      random: (length) => randomBytes(length),
    });
    const dir = workdir({
      'env.bin': sealed.bytes,
      'epoch.seed': `${'03'.repeat(32)}\n`,
      'other.bin': other,
    });
    const r = await seam(dir, [
      'seal',
      'open',
      'env.bin',
      '--aid',
      bobAid,
      '--seed-file',
      'epoch.seed',
      '--sender-key',
      didFromPublicKey(sender.publicKey),
      '--now',
      '2026-01-01T00:00:05Z',
      '--no-replay-check',
      '--no-capabilities',
      '--expected',
      'other.bin',
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^refused \[bad-sig\]/);
    expect(r.stdout).toContain(`\n--expected: first difference at byte ${other.length - 1} (`);
    expect(r.stdout).toContain(
      '\nthe signature holds over the expected bytes: the sender signed those bytes instead of the ones above',
    );
  });
});
