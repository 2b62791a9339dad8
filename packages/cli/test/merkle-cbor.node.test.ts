import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt, seam, workdir } from './run.js';

beforeAll(assertBuilt);

// RFC 6962 by hand, with node:crypto: leaf = H(0x00 ‖ d), node = H(0x01 ‖ l ‖ r).
const h = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const leaf = (d: string) => h(Buffer.from([0]), Buffer.from(d));
const node = (l: Buffer, r: Buffer) => h(Buffer.from([1]), l, r);
const root3 = node(node(leaf('a'), leaf('b')), leaf('c')).toString('hex');

describe('seam merkle', () => {
  const dir = workdir({ 'leaves.txt': 'a\nb\nc\n', 'hex.txt': '61\n62\n63\n' });

  it('root: RFC 6962 over text lines and over hex lines alike', () => {
    expect(seam(dir, ['merkle', 'root', 'leaves.txt', '--text']).stdout.trim()).toBe(root3);
    expect(seam(dir, ['merkle', 'root', '-'], '61\n62\n63\n').stdout.trim()).toBe(root3);
  });

  it('prove then verify: the proof of leaf 1 is [leaf a, leaf c]; an altered root is refused at its check', () => {
    const proved = seam(dir, ['merkle', 'prove', 'hex.txt', '--index', '1']);
    expect(proved.code).toBe(0);
    const claim = JSON.parse(proved.stdout);
    expect(claim).toEqual({
      leafHash: leaf('b').toString('hex'),
      index: 1,
      size: 3,
      proof: [leaf('a').toString('hex'), leaf('c').toString('hex')],
      root: root3,
    });
    expect(seam(dir, ['merkle', 'verify', '-'], proved.stdout).code).toBe(0);
    const wrong = seam(
      dir,
      ['merkle', 'verify', '-', '--json'],
      JSON.stringify({ ...claim, root: '00'.repeat(32) }),
    );
    expect(wrong.code).toBe(1);
    expect(JSON.parse(wrong.stdout).code).toBe('root-mismatch');
  });

  it('usage errors exit 2 (an index outside the tree); a leaf that is not hex and a missing file exit 4', () => {
    expect(seam(dir, ['merkle', 'prove', 'hex.txt', '--index', '3']).code).toBe(2);
    expect(seam(dir, ['merkle', 'root', 'leaves.txt']).code).toBe(4);
    expect(seam(dir, ['merkle', 'verify', 'none.json']).code).toBe(4);
  });
});

describe('seam cbor', () => {
  // {"b": 1, "a": 1}: keys out of CoreDet order (a sorts before b).
  const unsorted = 'a2616201616101';
  const dir = workdir({ 'unsorted.hex': unsorted, 'doc.json': '{"b":1,"a":[1.5,"x"]}' });

  it('encode writes CoreDet-CBOR (keys sorted, shortest float); decode reads it back as strict', () => {
    const enc = seam(dir, ['cbor', 'encode', 'doc.json', '--hex']);
    expect(enc.code).toBe(0);
    // a2 | 61 61 | 82 f9 3e00 61 78 | 61 62 | 01 : {"a": [1.5 as half, "x"], "b": 1}
    expect(enc.stdout.trim()).toBe('a2616182f93e0061786162' + '01');
    const dec = seam(dir, ['cbor', 'decode', '-', '--hex'], enc.stdout);
    expect(dec.code).toBe(0);
    expect(dec.stdout.split('\n')[0]).toBe('{"a": [1.5, "x"], "b": 1}');
  });

  it('decode shows unsorted keys in wire order and refuses them strictly, with the byte offset', () => {
    const r = seam(dir, ['cbor', 'decode', 'unsorted.hex', '--hex', '--json']);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out.diagnostic).toBe('{"b": 1, "a": 1}');
    expect(out.detail).toContain('at byte 4');
  });

  it('cid: the CIDv1 of the bytes, dag-cbor and raw', () => {
    const r = seam(dir, ['cbor', 'cid', 'unsorted.hex', '--hex']);
    expect(r.stdout).toMatch(/^bafyrei[a-z2-7]{52}\n$/);
    expect(seam(dir, ['cbor', 'cid', 'unsorted.hex', '--hex', '--raw']).stdout).toMatch(/^bafkrei/);
  });

  it('a file that is not hex under --hex, or missing, exits 4; an unknown option exits 2', () => {
    expect(seam(dir, ['cbor', 'decode', 'doc.json', '--hex']).code).toBe(4);
    expect(seam(dir, ['cbor', 'cid', 'none.cbor']).code).toBe(4);
    expect(seam(dir, ['cbor', 'decode', 'doc.json', '--diag']).code).toBe(2);
  });
});
