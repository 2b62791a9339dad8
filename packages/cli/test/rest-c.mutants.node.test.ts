// Cases for the mutants Stryker left alive in a later stretch of the command layer (c):
// dack, did, envelope, identity, conformance, explain. Each `why` names the mutant(s) by
// file.ts:line:column of the mutation report; each was applied by hand and seen to turn
// its case red. The equivalent ones, which no input can tell apart, are in spec/cli.md.
import { base64Strict, base64urlStrict, hex, unwrap } from '@agent-seam/canonical';
import { encPublicKey, encPublicKeyPq } from '@agent-seam/cryptobox';
import {
  bindingV2SignedBytes,
  didFromPublicKey,
  didFromSeed,
  jwkFromPublicKey,
  keyPairFromSeed,
  signDeviceBindingV2,
  signKeyState,
} from '@agent-seam/did';
import { createDack, readDack } from '@agent-seam/hpke-seal';
import { thumbprint } from '@agent-seam/wba';
import { describe, expect, it } from 'vitest';
import { ALICE_SEED, BOB_SEED, DACK_KEYS, DACK_KEYS_HEX, seam, workdir } from './run.js';

const seed = unwrap(hex.decode(ALICE_SEED.trim()));
const key = keyPairFromSeed(seed).publicKey;
const alice = didFromPublicKey(key);
const bobSeed = unwrap(hex.decode(BOB_SEED.trim()));
const bob = didFromSeed(bobSeed);
const T = 1784280600; // 2026-07-17T09:30:00Z

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
    expect(await seam(dir, ['dack', 'create', '--processed'])).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'seam: give --keys-file FILE: the dack keys (seam seal open --dack-keys-out writes them)\n',
    });
  });

  it('neither or both of --processed and --refused: a usage error that says to choose', async () => {
    // why: dack.ts:60:28 (the message emptied).
    for (const flags of [[], ['--processed', '--refused']])
      expect(await create(...flags)).toMatchObject({
        code: 2,
        stdout: '',
        stderr: 'seam: give --processed or --refused: what you decided about the envelope\n',
      });
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
      expect(await create('--refused', flag, text)).toMatchObject({
        code: 2,
        stdout: '',
        stderr: `seam: ${flag} wants a whole number from 1 to ${max}\n`,
      });
    const top = await create('--refused', '--reason', '65535', '--wait-ms', String(Number.MAX_SAFE_INTEGER));
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

describe('did: every spelling, as text and as --json', () => {
  const dir = workdir({ 'alice.seed': ALICE_SEED });
  const jwk = jwkFromPublicKey(key);
  const thumb = unwrap(thumbprint(jwk));
  const table = [
    `did:key             ${alice}`,
    `public key (hex)    ${hex.encode(key)}`,
    `public key (b64url) ${base64urlStrict.encode(key)}`,
    `JWK                 ${JSON.stringify(jwk)}`,
    `JWK thumbprint      ${thumb}  (RFC 7638; the Web Bot Auth keyid)`,
  ];
  const encPub = base64Strict.encode(encPublicKey(seed));
  const encPubPq = base64Strict.encode(encPublicKeyPq(seed));

  it('from a did:key, a hex key or a base64url key: the five lines, nothing derived from a seed', async () => {
    // why: did.ts:107:19 (the table emptied), :108:7 to :112:26 (each row or its label or
    // value emptied), :114:9 (seed !== null → true: encryption lines from no seed), :121:70
    // (the '\n' joining the rows emptied).
    for (const given of [alice, hex.encode(key), hex.encode(key).toUpperCase(), base64urlStrict.encode(key)])
      expect(await seam(dir, ['did', given])).toEqual({
        code: 0,
        stdout: `${table.join('\n')}\n`,
        bytes: expect.anything(),
        stderr: '',
      });
  });

  it('from a seed: the five lines and the two encryption keys', async () => {
    // why: did.ts:115:38 (the encPub text emptied), :116:7 (the ML-KEM push dropped), :116:18
    // (its row emptied), :117:9 (its label emptied), :118:9 (its value emptied), :118:12
    // (the whole key instead of its first 40 characters).
    const r = await seam(dir, ['did', '--seed-file', 'alice.seed']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe(
      `${[
        ...table,
        `encPub (X25519)     ${encPub}  (base64)`,
        `ML-KEM-768 public   ${encPubPq.slice(0, 40)}...  (1184 bytes; --json has it all)`,
      ].join('\n')}\n`,
    );
  });

  it('--json: one object with every spelling', async () => {
    // why: did.ts:104:28 ('did' emptied), :104:39 (ok: false).
    const r = await seam(dir, ['did', '--seed-file', 'alice.seed', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      command: 'did',
      ok: true,
      did: alice,
      publicKeyHex: hex.encode(key),
      publicKeyBase64url: base64urlStrict.encode(key),
      jwk,
      thumbprint: thumb,
      encPub,
      encPubPq,
    });
  });

  it('no input, or a key that is not 32 bytes: a usage error', async () => {
    // why: did.ts:52:9 (the message emptied), :21:10 (bytes.ok && length === 32: true, ||),
    // :21:22 (length === 32 → true), :60:11 (key === null → false), :62:11 (the message
    // emptied): AAAA is good base64url for 3 bytes.
    expect(await seam(dir, ['did'])).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'seam: seam did takes one did:key or public key, or --seed-file FILE; see seam did --help\n',
    });
    for (const given of ['AAAA', 'zz', hex.encode(key).slice(2)])
      expect(await seam(dir, ['did', given])).toMatchObject({
        code: 2,
        stdout: '',
        stderr: 'seam: a public key is 64 hex or 43 base64url characters (32 bytes); a DID starts did:key:\n',
      });
  });
});

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
    expect(await seam(dir, ['envelope', 'verify', 'empty.json'])).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'seam: give --recipient DID: your own did:key, whom the message must be addressed to\n',
    });
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
        'refused [missing-field]: a JSON object: from, to, messageId, text strings, contextId string or null, integer timestamp, sig (from is undefined; it is a string)',
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

describe('identity: binding verify and keystate resolve', () => {
  const aliceSeed = seed;
  const binding = signDeviceBindingV2({ ts: T, validUntil: T + 3600 }, aliceSeed, bobSeed);
  const later = signDeviceBindingV2({ ts: T, validUntil: T + 7200 }, aliceSeed, bobSeed);
  const keystate = signKeyState(
    { rootDid: alice, epoch: 1, opDid: bob, notBefore: null, notAfter: null, ts: T },
    aliceSeed,
  );
  const dir = workdir({
    'binding.json': JSON.stringify(binding),
    // The later binding's fields with the root's signature over the first: the root's sig
    // holds over the first binding's bytes, the device's (from the later one) does not.
    'mixed.json': JSON.stringify({ ...later, sig: binding.sig }),
    'binding.signed': bindingV2SignedBytes(binding) as Uint8Array,
    'keystate.json': JSON.stringify(keystate),
  });

  it('binding verify without --device or --now: usage errors that say what to give', async () => {
    // why: identity.ts:37:7 ('--device' emptied), :38:7 (its what emptied), :40:52 ('--now'
    // emptied), :40:61 (its what emptied).
    expect(await seam(dir, ['binding', 'verify', 'binding.json', '--now', String(T)])).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'seam: give --device DID: the device you are asking about\n',
    });
    expect(await seam(dir, ['binding', 'verify', 'binding.json', '--device', bob])).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'seam: give --now TIME: validUntil is judged at a time\n',
    });
  });

  it('binding verify --expected: both signatures must hold over the expected bytes', async () => {
    // why: identity.ts:53:29 (&& → ||: the root's signature alone would be enough),
    // :47:16 ('binding verify' emptied).
    const r = await seam(dir, [
      'binding',
      'verify',
      'mixed.json',
      '--device',
      bob,
      '--now',
      String(T),
      '--expected',
      'binding.signed',
      '--json',
    ]);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ command: 'binding verify', ok: false });
    expect(out.explain.expected).toMatchObject({ same: false, signatureHoldsOverExpected: false });
  });

  it('keystate resolve without --root or --now: usage errors; a verified record as text and --json', async () => {
    // why: identity.ts:88:48 ('--root' emptied), :88:58 (its what emptied), :89:52 ('--now'
    // emptied), :89:61 (its what emptied), :106:15 (the ok line → undefined), :106:40 (the ok
    // line emptied), :97:16 ('keystate resolve' emptied).
    expect(await seam(dir, ['keystate', 'resolve', 'keystate.json', '--now', String(T)])).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'seam: give --root DID: the root DID you are resolving\n',
    });
    expect(await seam(dir, ['keystate', 'resolve', 'keystate.json', '--root', alice])).toMatchObject({
      code: 2,
      stdout: '',
      stderr: 'seam: give --now TIME: a KeyState has a window\n',
    });
    const args = ['keystate', 'resolve', 'keystate.json', '--root', alice, '--now', String(T)];
    const text = await seam(dir, args);
    expect(text.code).toBe(0);
    expect(text.stdout.split('\n').slice(0, 2)).toEqual([
      `speaks for ${alice} at ${T}: ${bob}`,
      `the record verified: epoch 1, opDid ${bob}`,
    ]);
    const json = await seam(dir, [...args, '--json']);
    expect(JSON.parse(json.stdout)).toMatchObject({ command: 'keystate resolve', ok: true, opDid: bob });
  });
});
