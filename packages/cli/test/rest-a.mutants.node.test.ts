import { writeFileSync } from 'node:fs';
import { base64Strict } from '@agent-seam/canonical';
import { signCardEnvelope } from '@agent-seam/cardpub';
import { cid } from '@agent-seam/coredet-cbor';
import { encPublicKey, encPublicKeyPq, openBox } from '@agent-seam/cryptobox';
import { didFromSeed } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { helpText } from '../src/command.js';
import { exportVerify } from '../src/commands/export.js';
import { ALICE_SEED, BOB_SEED, seam, seedOf, workdir } from './run.js';

// Cases found by the mutation run of the command layer (issue 15): each names the mutant(s)
// of src/command.ts and src/commands/{box,canon,card,cbor,conformance}.ts it kills, as
// file.ts:line:column of the report. The rest of those files' survivors are equivalent
// (spec/cli.md, "Command layer (a)").

const ALICE = seedOf(ALICE_SEED);
const BOB = seedOf(BOB_SEED);
const alicePub = base64Strict.encode(encPublicKey(ALICE));
const bobPub = base64Strict.encode(encPublicKey(BOB));
const seeds = () => workdir({ 'alice.seed': ALICE_SEED, 'bob.seed': BOB_SEED });
const utf8 = (text: string) => new TextEncoder().encode(text);

const writeBox = (dir: string, blob: string) => writeFileSync(`${dir}/box.txt`, blob);

/** A usage error (exit 2) whose whole stderr is `seam: MESSAGE`. */
const usage = (message: string) => ({ code: 2, stdout: '', stderr: `seam: ${message}\n` });

describe('command.ts', () => {
  it('a raw command prints its help for -h as for --help', async () => {
    // why: command.ts:29:50 ('-h' → ""): export verify has its own parser; -h must still be ours.
    const want = { code: 0, stdout: helpText(exportVerify), stderr: '' };
    expect(await seam(workdir(), ['export', 'verify', '-h'])).toMatchObject(want);
    expect(await seam(workdir(), ['export', 'verify', '--help'])).toMatchObject(want);
  });

  it("a parse error whose first sentence ends the message keeps Node's text up to that period", async () => {
    // why: command.ts:45:52 (/\.( |$)/ → /\.( )/): Node's "ambiguous" message has no ". " but
    // ends in "."; only the `$` alternative cuts it there.
    const r = await seam(workdir(), ['canon', '--profile', '--json', 'x.json']);
    expect(r).toMatchObject(
      usage(
        "Option '--profile' argument is ambiguous.\nDid you forget to specify the option argument for '--profile'?\nTo specify an option argument starting with a dash use '--profile=-XYZ'; see seam canon --help",
      ),
    );
  });

  it('a missing required option says which flag to give and what it is', async () => {
    // why: command.ts:68:55 (the `give FLAG WHAT` message → ''), card.ts:40:51 and :40:60.
    const r = await seam(workdir({ 'c.json': '{}' }), ['card', 'verify', 'c.json']);
    expect(r).toMatchObject(usage('give --did DID: the DID you expect the card to belong to'));
  });
});

describe('box.ts', () => {
  const seal = (dir: string, extra: string[], json = false) =>
    seam(
      dir,
      ['box', 'seal', '-', '--seed-file', 'alice.seed', ...extra, ...(json ? ['--json'] : [])],
      'lunch at noon?',
    );
  const open = (dir: string, extra: string[]) =>
    seam(dir, ['box', 'open', 'box.txt', '--seed-file', 'bob.seed', ...extra]);
  const opensTo = (blob: string) =>
    openBox({ recipientSeed: BOB, senderPub: encPublicKey(ALICE), blob, ad: utf8('m1') });
  const isV2 = (blob: string) => {
    const b = base64Strict.decode(blob);
    return b.ok && new TextDecoder().decode(b.value.subarray(0, 4)) === 'a2b2';
  };

  it('usage errors name the flag and what to give', async () => {
    const dir = seeds();
    // why: box.ts:9:48 (no --to: the `give FLAG BASE64` message → '').
    expect(await seal(dir, ['--ad', 'm1'])).toMatchObject(usage('give --to BASE64: the recipient’s encPub'));
    // why: box.ts:11:37 (not base64 → '').
    expect(await seal(dir, ['--to', 'not base64!', '--ad', 'm1'])).toMatchObject(
      usage('--to wants standard base64 (seam did --seed-file prints encPub so)'),
    );
    // why: box.ts:21:7 (neither --ad nor --ad-file → "").
    expect(await seal(dir, ['--to', bobPub])).toMatchObject(
      usage('give --ad TEXT or --ad-file FILE: the associated data the box is bound to (may be empty)'),
    );
    // why: box.ts:90:51 and :90:61 (box open without --from → "").
    writeBox(dir, 'x');
    expect(await open(dir, ['--ad', 'm1'])).toMatchObject(usage('give --from BASE64: the sender’s encPub'));
  });

  it('--to-pq seals v2 to a raw 1184-byte key and to the key as base64 text with a newline', async () => {
    const dir = seeds();
    const pq = encPublicKeyPq(BOB);
    const raw = workdir({ 'bob.pq': pq });
    const text = workdir({ 'bob.pq': `${base64Strict.encode(pq)}\n` });
    for (const where of [raw, text]) {
      // why: box.ts:54:31 (the --to-pq block emptied), :65:44 ({ recipientPqPub } → {}: a v1 box),
      // :57:24 (raw.length === 1184 → true: the base64 text taken as the key), :56:42 (no trim:
      // the newline makes the text no base64, so the text bytes are taken as the key).
      const r = await seal(dir, ['--to', bobPub, '--to-pq', `${where}/bob.pq`, '--ad', 'm1']);
      expect(r.code, r.stderr).toBe(0);
      expect(isV2(r.stdout.trim())).toBe(true);
      expect(new TextDecoder().decode(opensTo(r.stdout.trim())!)).toBe('lunch at noon?');
    }
  });

  it('a raw 1184-byte ML-KEM key that is also base64 text is taken raw', async () => {
    // why: box.ts:57:24 (raw.length === 1184 → false, and → !==): 1184 'A's is a valid
    // ML-KEM-768 encapsulation key (every 12-bit coefficient 321 or 1044, below q) and also
    // strict base64 of 888 zero bytes; only the length test keeps it raw.
    const dir = seeds();
    const keys = workdir({ 'odd.pq': 'A'.repeat(1184) });
    const r = await seal(dir, ['--to', bobPub, '--to-pq', `${keys}/odd.pq`, '--ad', 'm1']);
    expect(r.code, r.stderr).toBe(0);
    expect(isV2(r.stdout.trim())).toBe(true);
  });

  it('seal --json: the box as {command, ok, value}; a refusal as {command, ok: false, code, detail}', async () => {
    const dir = seeds();
    // why: box.ts:69:41, :69:52, :69:68 (the --json object of a sealed box).
    const ok = await seal(dir, ['--to', bobPub, '--ad', 'm1'], true);
    expect(ok.code).toBe(0);
    const out = JSON.parse(ok.stdout);
    expect(Object.keys(out)).toEqual(['command', 'ok', 'value']);
    expect(out).toMatchObject({ command: 'box seal', ok: true });
    expect(new TextDecoder().decode(opensTo(out.value)!)).toBe('lunch at noon?');
    // A key file that is no ML-KEM key: sealBox refuses (bad-pq-public-key).
    const bad = workdir({ 'bad.pq': 'short' });
    // why: box.ts:68:40 ('box seal' → ""), :68:52 (=== true → false, → !==), :68:68 (true → false).
    const refused = await seal(dir, ['--to', bobPub, '--to-pq', `${bad}/bad.pq`, '--ad', 'm1'], true);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toEqual({
      command: 'box seal',
      ok: false,
      code: 'bad-pq-public-key',
      detail: 'recipientPqPub is not an ML-KEM-768 encapsulation key',
    });
    // why: box.ts:68:52 (=== true → true: the refusal without --json printed as JSON).
    const text = await seal(dir, ['--to', bobPub, '--to-pq', `${bad}/bad.pq`, '--ad', 'm1']);
    expect(text).toMatchObject({
      code: 1,
      stdout: 'cannot sign [bad-pq-public-key]: recipientPqPub is not an ML-KEM-768 encapsulation key\n',
    });
  });

  it('open --json of a box that opens: the plaintext as base64 under value', async () => {
    const dir = seeds();
    const sealed = await seal(dir, ['--to', bobPub, '--ad', 'm1']);
    writeBox(dir, sealed.stdout);
    // why: box.ts:101:29, :101:35 (the ok verdict as {ok, value}), :99:16 ('box open' → "").
    const r = await open(dir, ['--from', alicePub, '--ad', 'm1', '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({
      command: 'box open',
      ok: true,
      value: base64Strict.encode(utf8('lunch at noon?')),
    });
    expect(out.explain.checks.every((c: { outcome: string }) => c.outcome === 'pass')).toBe(true);
  });

  it('open of a box that is refused, without --json, prints the refusal and no plaintext', async () => {
    const dir = seeds();
    const sealed = await seal(dir, ['--to', bobPub, '--ad', 'm1']);
    writeBox(dir, sealed.stdout);
    // why: box.ts:94:9 (verdict.ok && !json → ||: a refusal would be written as plaintext).
    const r = await open(dir, ['--from', alicePub, '--ad', 'm2']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^refused \[[a-z-]+\]: /);
    expect(r.stdout).not.toContain('lunch');
  });
});

describe('canon.ts', () => {
  it('--profile names one of the profiles, all of them in the message', async () => {
    // why: canon.ts:40:9 (the profile test → false: an unknown profile reaches the parser),
    // :41:68 (', ' → "").
    const { profiles } = await import('@agent-seam/canonical');
    const r = await seam(workdir({ 'a.json': '1' }), ['canon', '--profile', 'nope', 'a.json']);
    expect(r).toMatchObject(usage(`--profile names one of ${Object.keys(profiles).join(', ')}`));
    expect(Object.keys(profiles).length).toBeGreaterThan(1);
  });

  it('stdin is named "stdin" in a refusal and in --check', async () => {
    // why: canon.ts:44:18 (path === '-' → false), :44:27 ('-' → ""), :44:33 ('stdin' → "").
    const refused = await seam(workdir(), ['canon', '-'], '{"a":');
    expect(refused.code).toBe(1);
    expect(refused.stdout).toMatch(/^stdin: not JSON the seam profile accepts \[[a-z-]+\]\n/);
    const check = await seam(workdir(), ['canon', '--check', '-'], '{"a":1}');
    expect(check).toMatchObject({ code: 0, stdout: 'stdin: canonical under seam (7 bytes)\n' });
  });

  it('--json: a refusal, the canonical text, and --check each as one object', async () => {
    const dir = workdir({ 'bad.json': '[1,', 'doc.json': '{"b":1, "a":2}' });
    // why: canon.ts:49:20 ('canon' → ""), :51:15 (ok false → true).
    const refused = await seam(dir, ['canon', '--json', 'bad.json']);
    expect(refused.code).toBe(1);
    const r = JSON.parse(refused.stdout);
    expect(r).toMatchObject({ command: 'canon', profile: 'seam', ok: false });
    expect(Object.keys(r)).toEqual(['command', 'profile', 'ok', 'code', 'detail', 'explain']);
    // why: canon.ts:60:11 (=== true → false), :60:27 (true → false), :61:19, :62:20, :64:15.
    const written = await seam(dir, ['canon', '--json', 'doc.json']);
    expect(written.code).toBe(0);
    expect(JSON.parse(written.stdout)).toEqual({
      command: 'canon',
      profile: 'seam',
      ok: true,
      canonical: '{"a":2,"b":1}',
    });
    // why: canon.ts:71:52 ('canon' → "").
    const check = await seam(dir, ['canon', '--json', '--check', 'doc.json']);
    expect(check.code).toBe(1);
    expect(JSON.parse(check.stdout)).toMatchObject({ command: 'canon', profile: 'seam', ok: false });
  });
});

describe('card.ts', () => {
  const NOW = '1784280000';
  const sign = (dir: string, card: string, json = false) =>
    seam(
      dir,
      ['card', 'sign', '-', '--seed-file', 'alice.seed', '--now', NOW, ...(json ? ['--json'] : [])],
      card,
    );

  it('card sign --json: the envelope the library signs, as {command, ok, value}', async () => {
    const dir = seeds();
    const card = { name: 'billing agent', url: 'https://agent.example' };
    const want = signCardEnvelope({ did: didFromSeed(ALICE), ...card }, ALICE, Number(NOW));
    // why: card.ts:90:9 (json → false), :84:18 (=== true → false), :84:34, :90:25, :90:36, :90:53.
    const r = await sign(dir, JSON.stringify(card), true);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ command: 'card sign', ok: true, value: want });
    expect(JSON.parse((await sign(dir, JSON.stringify(card))).stdout)).toEqual(want);
  });

  it('card sign refuses a card that is no JSON object: a string, null, an array, a number', async () => {
    const dir = seeds();
    const refusal = {
      command: 'card sign',
      ok: false,
      code: 'malformed-card',
      detail: 'FILE holds the card as a JSON object',
    };
    // why: card.ts:85:9 (each ConditionalExpression / LogicalOperator of the object test):
    // "x" and 7 are caught only by typeof, null only by === null, [] only by Array.isArray;
    // :86:26, :86:45, :86:63 (the refusal's strings), :84:18 / :84:34 (--json).
    for (const card of ['"x"', 'null', '[]', '7']) {
      const r = await sign(dir, card, true);
      expect({ card, code: r.code, out: JSON.parse(r.stdout) }).toEqual({ card, code: 1, out: refusal });
      expect(await sign(dir, card)).toMatchObject({
        code: 1,
        stdout: 'cannot sign [malformed-card]: FILE holds the card as a JSON object\n',
      });
    }
  });

  it('card sign --json of a card the library will not sign', async () => {
    // why: card.ts:89:40 ('card sign' → ""): a card of another DID than the seed's.
    const dir = seeds();
    const r = await sign(dir, JSON.stringify({ did: didFromSeed(BOB), name: 'x' }), true);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ command: 'card sign', ok: false });
    expect(Object.keys(out)).toEqual(['command', 'ok', 'code', 'detail']);
  });

  it('card verify --expected: whether the signature holds over the other bytes; --json names the command', async () => {
    const dir = seeds();
    const signed = await sign(dir, JSON.stringify({ name: 'n' }));
    writeFileSync(`${dir}/card.json`, signed.stdout);
    writeFileSync(`${dir}/other.bin`, 'other bytes');
    const did = didFromSeed(ALICE);
    // why: card.ts:56:18 (holdsOver → () => undefined: the member would be left out),
    // :50:16 ('card verify' → "").
    const r = await seam(dir, [
      'card',
      'verify',
      'card.json',
      '--did',
      did,
      '--now',
      NOW,
      '--expected',
      'other.bin',
      '--json',
    ]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.command).toBe('card verify');
    expect(out.explain.expected).toMatchObject({ same: false, signatureHoldsOverExpected: false });
  });

  it('linkage verify: each missing option named; --json names the command', async () => {
    const dir = workdir({ 'l.jwt': 'a.b.c\n' });
    const lv = (args: string[]) => seam(dir, ['linkage', 'verify', 'l.jwt', ...args]);
    // why: card.ts:123:43, :123:52 (no --did).
    expect(await lv([])).toMatchObject(usage('give --did DID: the DID whose claim you check'));
    // why: card.ts:124:49, :124:61 (no --origin).
    const did = didFromSeed(ALICE);
    expect(await lv(['--did', did])).toMatchObject(
      usage('give --origin ORIGIN: where you fetched the credential'),
    );
    // why: card.ts:125:52, :125:61 (no --now).
    expect(await lv(['--did', did, '--origin', 'https://a.example'])).toMatchObject(
      usage('give --now TIME: the credential is judged at a time'),
    );
    // why: card.ts:129:16 ('linkage verify' → "").
    const r = await lv(['--did', did, '--origin', 'https://a.example', '--now', NOW, '--json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ command: 'linkage verify', ok: false });
  });
});

describe('cbor.ts', () => {
  const files = () =>
    workdir({
      'map.cbor': new Uint8Array([0xa1, 0x61, 0x61, 0x01]),
      'a0.txt': 'a0',
      'bad.hex': 'a0 zz',
      'cut.cbor': new Uint8Array([0x18]),
      'latin1.txt': new Uint8Array([0x5b, 0xe9, 0x5d]),
    });

  it('decode reads the file as bytes without --hex; a strict item prints its notation and size', async () => {
    // why: cbor.ts:54:62 (values.hex === true → true) and :29:7 (!asHex → false): the bytes would
    // be read as hex text (0xa1 is no UTF-8); :67:15, :67:21 (the ok line → undefined / '').
    const r = await seam(files(), ['cbor', 'decode', 'map.cbor']);
    expect(r.code).toBe(0);
    expect(r.stdout.startsWith('{"a": 1}\nstrict: CoreDet-CBOR (4 bytes)\n')).toBe(true);
  });

  it('decode --hex of text that is no hex: exit 4 and what to do', async () => {
    // why: cbor.ts:31:39 (the message → '').
    expect(await seam(files(), ['cbor', 'decode', '--hex', 'bad.hex'])).toMatchObject({
      code: 4,
      stdout: '',
      stderr: 'seam: bad.hex is not hex; leave out --hex to read the bytes as they are\n',
    });
  });

  it('decode of bytes that are no CBOR says there is no notation; --json names the command', async () => {
    // why: cbor.ts:57:36 (the no-notation line → "").
    const r = await seam(files(), ['cbor', 'decode', 'cut.cbor']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^\(no diagnostic notation: the bytes are not well-formed CBOR\)\nrefused \[/);
    // why: cbor.ts:59:16 ('cbor decode' → "").
    const j = await seam(files(), ['cbor', 'decode', '--json', 'cut.cbor']);
    expect(JSON.parse(j.stdout)).toMatchObject({ command: 'cbor decode', ok: false, diagnostic: null });
  });

  it('encode --from json reads one JSON value (1.0 the integer 1)', async () => {
    // why: cbor.ts:81:37 (the JSON item's verdict ok: true → false).
    expect(await seam(workdir(), ['cbor', 'encode', '--from', 'json', '--hex', '-'], '[1.0]')).toMatchObject({
      code: 0,
      stdout: '8101\n',
    });
  });

  it('encode of bytes that are neither JSON nor UTF-8 names the file, or stdin', async () => {
    // why: cbor.ts:86:38 (the message → ''), :86:41 (path === '-' → true, → false, → !==),
    // :86:50 ('-' → ""), :86:56 ('stdin' → "").
    expect(await seam(files(), ['cbor', 'encode', 'latin1.txt'])).toMatchObject({
      code: 4,
      stderr: 'seam: latin1.txt is neither JSON nor UTF-8 text\n',
    });
    expect(await seam(files(), ['cbor', 'encode', '-'], new Uint8Array([0x5b, 0xe9, 0x5d]))).toMatchObject({
      code: 4,
      stderr: 'seam: stdin is neither JSON nor UTF-8 text\n',
    });
  });

  it('encode --from names one of the sources', async () => {
    // why: cbor.ts:132:28 (the message → ''), :132:64 (', ' → "").
    expect(await seam(workdir(), ['cbor', 'encode', '--from', 'yaml', '-'], '1')).toMatchObject(
      usage('--from names one of auto, diag, json'),
    );
  });

  it('encode --json: a notation refusal, a value CoreDet cannot hold, and the bytes, as objects', async () => {
    // why: cbor.ts:137:18 ('cbor encode' → "").
    const diag = await seam(workdir(), ['cbor', 'encode', '--json', '-'], '[1, 2_1]');
    expect(diag.code).toBe(1);
    expect(JSON.parse(diag.stdout)).toMatchObject({
      command: 'cbor encode',
      ok: false,
      code: 'encoding-indicator',
    });
    // why: cbor.ts:148:9 (!bytes.ok → false: the refused encode would be written), :148:39
    // ('cbor encode' → ""): 2^64 is one JSON value, beyond CoreDet's 64-bit integers.
    const big = ['cbor', 'encode', '--from', 'json', '-'];
    const refused = await seam(workdir(), [...big, '--json'], '18446744073709551616');
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout)).toEqual({
      command: 'cbor encode',
      ok: false,
      code: 'int-out-of-range',
      detail: 'integers are limited to 64 bits',
    });
    expect(await seam(workdir(), big, '18446744073709551616')).toMatchObject({
      code: 1,
      stdout: 'cannot sign [int-out-of-range]: integers are limited to 64 bits\n',
    });
    // why: cbor.ts:149:9 (json → false), :149:25, :149:36, :149:55 (the --json object).
    const ok = await seam(workdir(), ['cbor', 'encode', '--json', '-'], "{1: h'0102'}");
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toEqual({ command: 'cbor encode', ok: true, value: 'a101420102' });
  });

  it('cid hashes the bytes as they are, or the hex they spell with --hex; --json as an object', async () => {
    const dir = files();
    const asText = cid(utf8('a0'), { codec: 'dag-cbor' }).text;
    const asHex = cid(new Uint8Array([0xa0]), { codec: 'dag-cbor' }).text;
    expect(asText).not.toBe(asHex);
    // why: cbor.ts:169:59 (values.hex === true → true, → false, → !==; true → false).
    expect(await seam(dir, ['cbor', 'cid', 'a0.txt'])).toMatchObject({ code: 0, stdout: `${asText}\n` });
    expect(await seam(dir, ['cbor', 'cid', '--hex', 'a0.txt'])).toMatchObject({
      code: 0,
      stdout: `${asHex}\n`,
    });
    // why: cbor.ts:171:9 (=== true → false), :171:25, :171:41, :171:52, :171:68 (the --json object).
    expect(JSON.parse((await seam(dir, ['cbor', 'cid', '--hex', '--json', 'a0.txt'])).stdout)).toEqual({
      command: 'cbor cid',
      ok: true,
      value: asHex,
    });
  });
});

describe('conformance.ts', async () => {
  const { cpSync, readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  const { repoRoot } = await import('@agent-seam/conformance');
  const vectors = join(repoRoot(import.meta.dirname), 'vectors');
  /** A copy of the published vectors with merkle.json changed by `edit`. */
  const vectorsWith = (edit: (doc: Record<string, unknown>) => void) => {
    const dir = workdir();
    cpSync(vectors, dir, { recursive: true });
    const doc = JSON.parse(readFileSync(join(dir, 'merkle.json'), 'utf8'));
    edit(doc);
    writeFileSync(join(dir, 'merkle.json'), JSON.stringify(doc));
    return dir;
  };
  // A group this seam has no replayer for (a newer vector file), and separately one case whose
  // expected code was changed (a disagreement).
  const unreplayed = vectorsWith((doc) => {
    doc['merkle.future'] = [{ name: 'x' }];
  });
  const disagreeing = vectorsWith((doc) => {
    const reject = doc['merkle.reject'] as { name: string; code: string }[];
    reject.find((c) => c.name === 'claim-not-an-object')!.code = 'wrong-proof-length';
  });
  interface Report {
    ok: boolean;
    versions: Record<string, string>;
    groups: {
      pkg: string;
      file: string;
      group: string;
      cases: number;
      passed: number;
      failed: { name: string; why: string }[];
    }[];
    unreplayed: { file: string; group: string }[];
    passed: number;
    failed: number;
  }
  const jsonOf = async (dir: string) => {
    const r = await seam(workdir(), ['conformance', '--vectors', dir, '--json']);
    return { code: r.code, report: JSON.parse(r.stdout) as Report & { command: string } };
  };
  /** The table the text shows: the first three cells padded to their column's widest. */
  const rowsOf = (r: Report) => {
    const cells = r.groups.map((g) => [
      `${g.pkg} ${r.versions[g.pkg]}`,
      g.file,
      g.group,
      `${g.passed}/${g.cases}${g.failed.length > 0 ? '  DISAGREES' : ''}`,
    ]);
    const width = (i: number) => Math.max(...cells.map((c) => c[i]!.length));
    return cells.map((c) =>
      [c[0]!.padEnd(width(0)), c[1]!.padEnd(width(1)), c[2]!.padEnd(width(2)), c[3]].join('  '),
    );
  };

  it('takes no FILE', async () => {
    // why: conformance.ts:36:28 (the message → "").
    expect(await seam(workdir(), ['conformance', 'x'])).toMatchObject(
      usage('seam conformance takes no FILE; see seam conformance --help'),
    );
  });

  it('a group with no replayer is no agreement: exit 1, ok false, and a line saying so', async () => {
    // why: conformance.ts:44:60 (r.unreplayed.length === 0 → true: it would agree), :38:52
    // ('conformance' → "").
    const { code, report } = await jsonOf(unreplayed);
    expect(code).toBe(1);
    expect(report).toMatchObject({
      command: 'conformance',
      ok: false,
      failed: 0,
      unreplayed: [{ file: 'merkle.json', group: 'merkle.future' }],
    });
    // why: conformance.ts:59:7 (the not-replayed line → ''), :62:121 (the summary's count → '').
    const text = await seam(workdir(), ['conformance', '--vectors', unreplayed]);
    expect(text.code).toBe(1);
    expect(text.stdout).toBe(
      [
        ...rowsOf(report),
        'not replayed: merkle.json merkle.future (this seam has no replayer for it: update @agent-seam/cli)',
        `conformance: ${report.passed} cases in ${report.groups.length} groups agree, 0 disagree; groups not replayed: 1`,
      ].join('\n') + '\n',
    );
  });

  it('the text: one aligned row per group, DISAGREES on the group that disagrees only, then the case', async () => {
    const { code, report } = await jsonOf(disagreeing);
    expect(code).toBe(1);
    const bad = report.groups.filter((g) => g.failed.length > 0);
    expect(bad.map((g) => [g.group, g.failed.map((f) => f.name)])).toEqual([
      ['merkle.reject', ['claim-not-an-object']],
    ]);
    expect(report.groups.length).toBeGreaterThan(10);
    const text = await seam(workdir(), ['conformance', '--vectors', disagreeing]);
    expect(text.code).toBe(1);
    const lines = text.stdout.trimEnd().split('\n');
    // why: conformance.ts:48:5 (the package cell → ''), :51:5 (the count cell → ''), :51:30
    // (g.failed.length > 0 → true, → false, → >=, → <=), :51:52 (' DISAGREES' → ""), :51:68
    // ('' → "Stryker was here!"), :53:18 ([0, 1, 2] → []) and :53:32 (the widths → undefined):
    // no padding.
    expect(lines.slice(0, report.groups.length)).toEqual(rowsOf(report));
    const row = lines[report.groups.findIndex((g) => g.group === 'merkle.reject')]!;
    expect(row).toMatch(/^@agent-seam\/merkle \S+ +merkle\.json +merkle\.reject +\d+\/\d+ {2}DISAGREES$/);
    expect(lines.filter((l) => l.endsWith('DISAGREES'))).toEqual([row]);
    // why: conformance.ts:56:42 (the disagreeing case's line → '').
    const why = bad[0]!.failed[0]!.why;
    expect(lines.slice(report.groups.length)).toEqual([
      `disagrees: merkle.reject / claim-not-an-object: ${why}`,
      `conformance: ${report.passed} cases in ${report.groups.length} groups agree, 1 disagree`,
    ]);
  });
});
