// Cases for the mutants a full rerun of Stryker over the command layer (e) left alive that
// neither a case of (a)-(d) nor a row of spec/cli.md accounted for. Each `why` names the
// mutant(s) by file.ts:line:column of that run's report (io.ts by its line there; the file
// has grown by 20 lines above since); each was applied by hand and seen to turn its case
// red. The equivalent ones, which no input can tell apart, are in spec/cli.md (e).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { base64Strict } from '@agent-seam/canonical';
import { cid, encode } from '@agent-seam/coredet-cbor';
import { didFromPublicKey, jwkFromPublicKey, keyPairFromSeed } from '@agent-seam/did';
import { ACCESS_KIND_SESSION, deriveKeyPair, sealEnvelope } from '@agent-seam/hpke-seal';
import { cosignatureVerifier, ed25519Verifier, formatVerifierKey } from '@agent-seam/tlog-note';
import { signDirectory } from '@agent-seam/wba';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestHeaders } from '../src/commands/wba.js';
import { ALICE_SEED, BOB_SEED, seam, seedOf, signedCheckpoint, workdir } from './run.js';

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
    expect(await seam(dir, ['-h'])).toEqual({ ...help, bytes: help.bytes });
    expect(await seam(dir, ['help'])).toEqual({ ...help, bytes: help.bytes });
    const version = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')).version;
    expect(await seam(dir, ['-V'])).toMatchObject({ code: 0, stdout: `${version}\n`, stderr: '' });
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
    expect(await seam(d, ['envelope', 'verify', 'env.json', ...recipient, '--now', 'x5'])).toMatchObject({
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
