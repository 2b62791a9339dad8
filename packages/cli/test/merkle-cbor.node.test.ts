import { createHash } from 'node:crypto';
import { cid } from '@agent-seam/coredet-cbor';
import { describe, expect, it } from 'vitest';
import { seam, usage, workdir } from './run.js';

// RFC 6962 by hand, with node:crypto: leaf = H(0x00 ‖ d), node = H(0x01 ‖ l ‖ r).
const h = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const leaf = (d: string) => h(Buffer.from([0]), Buffer.from(d));
const node = (l: Buffer, r: Buffer) => h(Buffer.from([1]), l, r);
const root3 = node(node(leaf('a'), leaf('b')), leaf('c')).toString('hex');

describe('seam merkle', () => {
  const dir = workdir({ 'leaves.txt': 'a\nb\nc\n', 'hex.txt': '61\n62\n63\n' });

  it('root: RFC 6962 over text lines and over hex lines alike', async () => {
    expect((await seam(dir, ['merkle', 'root', 'leaves.txt', '--text'])).stdout.trim()).toBe(root3);
    expect((await seam(dir, ['merkle', 'root', '-'], '61\n62\n63\n')).stdout.trim()).toBe(root3);
  });

  it('prove then verify: the proof of leaf 1 is [leaf a, leaf c]; an altered root is refused at its check', async () => {
    const proved = await seam(dir, ['merkle', 'prove', 'hex.txt', '--index', '1']);
    expect(proved.code).toBe(0);
    const claim = JSON.parse(proved.stdout);
    expect(claim).toEqual({
      leafHash: leaf('b').toString('hex'),
      index: 1,
      size: 3,
      proof: [leaf('a').toString('hex'), leaf('c').toString('hex')],
      root: root3,
    });
    expect((await seam(dir, ['merkle', 'verify', '-'], proved.stdout)).code).toBe(0);
    const wrong = await seam(
      dir,
      ['merkle', 'verify', '-', '--json'],
      JSON.stringify({ ...claim, root: '00'.repeat(32) }),
    );
    expect(wrong.code).toBe(1);
    expect(JSON.parse(wrong.stdout).code).toBe('root-mismatch');
  });

  it('usage errors exit 2 (an index outside the tree); a leaf that is not hex and a missing file exit 4', async () => {
    expect((await seam(dir, ['merkle', 'prove', 'hex.txt', '--index', '3'])).code).toBe(2);
    expect((await seam(dir, ['merkle', 'root', 'leaves.txt'])).code).toBe(4);
    expect((await seam(dir, ['merkle', 'verify', 'none.json'])).code).toBe(4);
  });
});

describe('seam cbor', () => {
  // {"b": 1, "a": 1}: keys out of CoreDet order (a sorts before b).
  const unsorted = 'a2616201616101';
  const dir = workdir({ 'unsorted.hex': unsorted, 'doc.json': '{"b":1,"a":[1.5,"x"]}' });

  it('encode writes CoreDet-CBOR (keys sorted, shortest float); decode reads it back as strict', async () => {
    const enc = await seam(dir, ['cbor', 'encode', 'doc.json', '--hex']);
    expect(enc.code).toBe(0);
    // a2 | 61 61 | 82 f9 3e00 61 78 | 61 62 | 01 : {"a": [1.5 as half, "x"], "b": 1}
    expect(enc.stdout.trim()).toBe('a2616182f93e0061786162' + '01');
    const dec = await seam(dir, ['cbor', 'decode', '-', '--hex'], enc.stdout);
    expect(dec.code).toBe(0);
    expect(dec.stdout.split('\n')[0]).toBe('{"a": [1.5, "x"], "b": 1}');
  });

  it('decode shows unsorted keys in wire order and refuses them strictly, with the byte offset', async () => {
    const r = await seam(dir, ['cbor', 'decode', 'unsorted.hex', '--hex', '--json']);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out.diagnostic).toBe('{"b": 1, "a": 1}');
    expect(out.detail).toContain('at byte 4');
  });

  it('cid: the CIDv1 of the bytes, dag-cbor and raw', async () => {
    const r = await seam(dir, ['cbor', 'cid', 'unsorted.hex', '--hex']);
    expect(r.stdout).toMatch(/^bafyrei[a-z2-7]{52}\n$/);
    expect((await seam(dir, ['cbor', 'cid', 'unsorted.hex', '--hex', '--raw'])).stdout).toMatch(/^bafkrei/);
  });

  it('a file that is not hex under --hex, or missing, exits 4; an unknown option exits 2', async () => {
    expect((await seam(dir, ['cbor', 'decode', 'doc.json', '--hex'])).code).toBe(4);
    expect((await seam(dir, ['cbor', 'cid', 'none.cbor'])).code).toBe(4);
    expect((await seam(dir, ['cbor', 'decode', 'doc.json', '--diag'])).code).toBe(2);
  });

  describe('encode reads diagnostic notation', () => {
    const notation = "{2: [1.0, 'ab'], 1: h'01 02' /two bytes/}";
    // a2 | 01 42 0102 | 02 82 f93c00 42 6162: keys sorted, 1.0 a half float, 'ab' a byte string
    const expected = 'a2014201020282f93c00426162';
    const files = workdir({
      'item.diag': notation,
      'bad.diag': "[1, 2(h'00')]",
      'latin1.diag': Buffer.from([0x22, 0xe9, 0x22]),
    });

    it('from a file and from stdin (-): the CoreDet bytes, as hex or as they are', async () => {
      const fromFile = await seam(files, ['cbor', 'encode', 'item.diag', '--hex']);
      expect(fromFile).toMatchObject({ code: 0, stdout: `${expected}\n`, stderr: '' });
      expect((await seam(files, ['cbor', 'encode', '-', '--hex', '--from', 'diag'], notation)).stdout).toBe(
        `${expected}\n`,
      );
      const raw = await seam(files, ['cbor', 'encode', 'item.diag']);
      expect(raw.code).toBe(0);
      expect(Buffer.from(raw.bytes!).toString('hex')).toBe(expected);
      // What decode prints, encode reads back to the same bytes.
      const printed = await seam(files, ['cbor', 'decode', '-', '--hex', '--json'], expected);
      const again = await seam(
        files,
        ['cbor', 'encode', '-', '--hex'],
        JSON.parse(printed.stdout).diagnostic,
      );
      expect(again.stdout).toBe(`${expected}\n`);
    });

    it('auto reads JSON as JSON (1.0 the integer 1) and says so when notation would differ; --from diag keeps the float', async () => {
      const auto = await seam(files, ['cbor', 'encode', '-', '--hex'], '[1.0]');
      expect(auto).toMatchObject({ code: 0, stdout: '8101\n' });
      expect(auto.stderr).toContain('--from diag');
      expect((await seam(files, ['cbor', 'encode', '-', '--hex', '--from', 'diag'], '[1.0]')).stdout).toBe(
        '81f93c00\n',
      );
      // Text valid as both with one meaning gets no note.
      expect(await seam(files, ['cbor', 'encode', '-', '--hex'], '[1, "a"]')).toMatchObject({
        stdout: '82016161\n',
        stderr: '',
      });
    });

    it('what CoreDet cannot hold is refused, exit 1, with the code and the character offset', async () => {
      const human = await seam(files, ['cbor', 'encode', 'bad.diag', '--hex']);
      expect(human.code).toBe(1);
      expect(human.stdout.split('\n')[0]).toMatch(/^refused \[tag\]: .*\(at character 4\)$/);
      const json = await seam(files, ['cbor', 'encode', '-', '--json'], '[1, 2_1]');
      expect(json.code).toBe(1);
      expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, code: 'encoding-indicator', offset: 5 });
    });

    it('--help names --from and shows a real example', async () => {
      const help = await seam(files, ['cbor', 'encode', '--help']);
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('--from auto|diag|json');
      // The example's command and output, run as shown.
      const shown = help.stdout.match(/\$ echo "(.*)" \| seam cbor encode - --hex\n {2}([0-9a-f]+)\n/);
      expect(shown).not.toBeNull();
      expect((await seam(files, ['cbor', 'encode', '-', '--hex'], shown![1])).stdout).toBe(`${shown![2]}\n`);
    });

    it('usage errors exit 2; a missing file, text that is not UTF-8, and notation under --from json exit 4', async () => {
      expect((await seam(files, ['cbor', 'encode', 'item.diag', '--from', 'yaml'])).code).toBe(2);
      expect((await seam(files, ['cbor', 'encode', 'item.diag', 'bad.diag'])).code).toBe(2);
      expect((await seam(files, ['cbor', 'encode', 'none.diag'])).code).toBe(4);
      expect((await seam(files, ['cbor', 'encode', 'latin1.diag'])).code).toBe(4);
      expect((await seam(files, ['cbor', 'encode', 'latin1.diag', '--from', 'diag'])).code).toBe(4);
      const notJson = await seam(files, ['cbor', 'encode', 'item.diag', '--from', 'json']);
      expect(notJson.code).toBe(4);
      expect(notJson.stderr).toContain('not one strict JSON value');
    });
  });
});

// A case that exists for a mutant says in its comment which one it holds (file.ts:line:column of
// the mutation report of the command layer); the equivalent ones are listed in spec/cli.md.

describe('seam cbor: the options and refusals each compared whole', () => {
  const utf8 = (text: string) => new TextEncoder().encode(text);

  describe('seam cbor: encode, decode, cid and their refusals', () => {
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
      expect(
        await seam(workdir(), ['cbor', 'encode', '--from', 'json', '--hex', '-'], '[1.0]'),
      ).toMatchObject({
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
        usage('--from names one of auto, diag, json; see seam cbor encode --help'),
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
});

// A case that exists for a mutant says in its comment which one it holds (file.ts:line:column of
// the mutation report of the command layer); the equivalent ones are listed in spec/cli.md.

describe('seam merkle: every option and refusal, compared whole (--json, string numbers, consistency claims)', () => {
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
});

// A case that exists for a mutant says in its comment which one it holds (file.ts:line:column of
// the mutation report of the command layer); the equivalent ones are listed in spec/cli.md.

describe('seam merkle: every option and refusal, compared whole (leaves files, --index, claims of other shapes)', () => {
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
      const refused = usage('--index wants a leaf number from 0 to 2; see seam merkle prove --help');
      for (const more of [[], ['--index', 'x1'], ['--index', '1x'], ['--index', '3']])
        expect(await seam(dir, ['merkle', 'prove', 'leaves.txt', '--text', ...more])).toMatchObject(refused);
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
        expect(await seam(dir, ['merkle', 'verify', '-'], text)).toMatchObject({
          code: 4,
          stdout: '',
          stderr,
        });
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
});
