import { readFileSync } from 'node:fs';
import { base64Strict, unwrap } from '@agent-seam/canonical';
import { interopPath, openLedger } from '@agent-seam/conformance';
import { MerkleTree } from '@agent-seam/merkle';
import { parseCheckpoint } from '@agent-seam/tlog-note';
import { formatTilePath, parseTilePath, parseTlogProof, tileFiles } from '@agent-seam/tlog-tiles';
import { describe, expect, it } from 'vitest';

/**
 * The examples printed in the C2SP tlog-proof and tlog-tiles specifications, read in
 * place from the markdown: the proof file (its signatures are elided in the spec, so its
 * lines are read and its checkpoint parsed, nothing verified), the tiles of a tree of
 * 70,000 and of 256 leaves as the spec lists them, and the spelling of index 1234067.
 */
const ledger = openLedger();
const G = 'tlog-tiles.c2sp';
const SPEC = interopPath('standards/c2sp-tlog/spec');
const interop = { interop: true };
const entry = (i: number) => new TextEncoder().encode(`entry ${i}`);

/** Tiles of a tree of `n` leaves by kind: full tiles per level and partial widths per level. */
function tally(n: number) {
  const tree = MerkleTree.fromLeaves(Array.from({ length: n }, (_, i) => entry(i)));
  const full: Record<number, number> = {};
  const partial: Record<number, number> = {};
  for (const { path } of tileFiles(tree)) {
    const tile = unwrap(parseTilePath(path));
    const level = tile.level as number;
    if (tile.width === 256) full[level] = (full[level] ?? 0) + 1;
    else partial[level] = tile.width;
  }
  return { full, partial };
}

describe('tlog-tiles.c2sp (examples in the C2SP specs)', () => {
  if (SPEC === null) {
    it('interop data absent', () => ledger.interopMissing(G));
    return;
  }
  const read = (f: string) => readFileSync(`${SPEC}/${f}`, 'utf8');
  const proofSpec = read('tlog-proof.md');
  const tilesSpec = read('tlog-tiles.md');

  it('tlog-proof example: its lines read, its checkpoint parsed', () =>
    ledger.accept(
      G,
      'tlog-proof-example',
      () => {
        const example = proofSpec.match(/```\n(c2sp\.org\/tlog-proof@v1\n[\s\S]*?)```/)![1]!;
        const proof = unwrap(parseTlogProof(example));
        const hashLines = example.split('\n\n')[0]!.split('\n').slice(3);
        expect(proof.index).toBe(BigInt(example.match(/^index (\d+)$/m)![1]!));
        expect(proof.proof.map((h) => base64Strict.encode(h))).toEqual(hashLines);
        expect(proof.extra).toEqual(unwrap(base64Strict.decode(example.match(/^extra (\S+)$/m)![1]!)));
        const note = new TextDecoder().decode(proof.note);
        const checkpoint = unwrap(parseCheckpoint(`${note.split('\n\n')[0]}\n`));
        expect([checkpoint.origin, String(checkpoint.size)]).toEqual(note.split('\n').slice(0, 2));
      },
      interop,
    ));

  it('a tree of 70,000 leaves has the tiles the spec lists', () =>
    ledger.accept(
      G,
      'tiles-of-70000',
      () => {
        const sentence = tilesSpec
          .match(/a tree of size 70,000 will be represented by[^.]*\./)![0]
          .replace(/\s+/g, ' ');
        const numbers = [
          ...sentence.matchAll(
            /(\d+) full level 0 tiles, one partial level 0 tile of width (\d+), one full level 1 tile, one partial level 1 tile of width (\d+), and one partial level 2 tile of width (\d+)/g,
          ),
        ][0]!;
        expect(tally(70_000)).toEqual({
          full: { 0: Number(numbers[1]), 1: 1 },
          partial: { 0: Number(numbers[2]), 1: Number(numbers[3]), 2: Number(numbers[4]) },
        });
      },
      interop,
    ));

  it('a tree of 256 leaves has a full level-0 tile and a partial level-1 tile of width 1', () =>
    ledger.accept(
      G,
      'tiles-of-256',
      () => {
        expect(tilesSpec.replace(/\s+/g, ' ')).toContain(
          'a tree of size 256 will be represented by a full level 0 tile and a partial level 1 tile of width 1',
        );
        expect(tally(256)).toEqual({ full: { 0: 1 }, partial: { 1: 1 } });
      },
      interop,
    ));

  it('index 1234067 is spelled x001/x234/067', () =>
    ledger.accept(
      G,
      'index-1234067',
      () => {
        const [, index, spelled] = tilesSpec
          .replace(/\s+/g, ' ')
          .match(/index (\d+) will be encoded as `([^`]+)`/)!;
        const path = formatTilePath({ level: 0, index: Number(index) });
        expect(path).toBe(`tile/0/${spelled}`);
        expect(unwrap(parseTilePath(path)).index).toBe(BigInt(index!));
      },
      interop,
    ));
});
