import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seam, workdir } from './run.js';

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
