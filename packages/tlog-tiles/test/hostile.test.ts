import { base64Strict, ok } from '@agent-seam/canonical';
import { MerkleTree } from '@agent-seam/merkle';
import {
  makeTlogProof,
  parseTilePath,
  parseTlogProof,
  TILE_CHECKPOINT_CODES,
  TILE_PATH_CODES,
  TILE_PROOF_CODES,
  TileLog,
  TLOG_PROOF_CODES,
  TLOG_PROOF_TEXT_CODES,
  verifyTlogProof,
} from '@agent-seam/tlog-tiles';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type EntryPoint, expectVerdict, holdVerdictShaped } from '../../../tools/wrong-types.ts';
import { AT, checkpointOf, entries, NOW, ORIGIN, QUORUM, writtenLog } from './support.js';

// Judging functions return a Verdict for whatever they are handed; they never throw, and
// every code they return is in their exported list.

const tree = MerkleTree.fromLeaves(entries(40));
const FILE = makeTlogProof(tree, checkpointOf(tree), 9);
const policy = { origin: ORIGIN, quorum: QUORUM, leafHash: tree.leafHash(9), now: NOW };

describe('wire arguments of any JavaScript type are refused, never thrown on', () => {
  const anyValue = fc.oneof(fc.anything(), fc.uint8Array({ maxLength: 200 }), fc.string({ maxLength: 200 }));
  const entries: EntryPoint[] = [
    ['verifyTlogProof(file)', (x) => verifyTlogProof(x as never, policy), TLOG_PROOF_CODES],
    ['parseTlogProof(file)', (x) => parseTlogProof(x as never), TLOG_PROOF_TEXT_CODES],
    ['parseTilePath(path)', (x) => parseTilePath(x as never), TILE_PATH_CODES],
  ];
  holdVerdictShaped(entries, anyValue, 300);
});

describe('a proof file changed anywhere is refused with a listed code or still verifies', () => {
  const bytes = new TextEncoder().encode(FILE);
  it('one byte changed, inserted or removed', () =>
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: bytes.length - 1 }),
        fc.integer({ min: 0, max: 255 }),
        fc.constantFrom('set', 'insert', 'remove'),
        (at, byte, how) => {
          const changed =
            how === 'set'
              ? Uint8Array.from(bytes, (b, i) => (i === at ? byte : b))
              : how === 'insert'
                ? new Uint8Array([...bytes.subarray(0, at), byte, ...bytes.subarray(at)])
                : new Uint8Array([...bytes.subarray(0, at), ...bytes.subarray(at + 1)]);
          expectVerdict(verifyTlogProof(changed, policy), TLOG_PROOF_CODES);
        },
      ),
      { numRuns: 400 },
    ));

  it('lines recombined: every line of the file kept, dropped or repeated', () => {
    const lines = FILE.split('\n');
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: lines.length - 1 }), { maxLength: 30 }), (picks) =>
        expectVerdict(verifyTlogProof(picks.map((i) => lines[i]).join('\n'), policy), TLOG_PROOF_CODES),
      ),
      { numRuns: 300 },
    );
  });
});

describe('a log serving anything is refused with a listed code, never thrown on', () => {
  it('any bytes (or none) for any resource', async () => {
    const { store } = await writtenLog(300);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('checkpoint', 'tile/0/000', 'tile/0/001.p/44', 'tile/1/000.p/1', 'tile/entries/000'),
        fc.option(fc.uint8Array({ maxLength: 9000 })),
        fc.constantFrom('inclusion', 'consistency', 'entry'),
        async (path, served, ask) => {
          const source = async (p: string, max: number) =>
            ok(
              p === path
                ? served === null
                  ? null
                  : served.subarray(0, max + 1)
                : (store.files.get(p) ?? null),
            );
          const reader = new TileLog({ source, origin: ORIGIN, quorum: QUORUM });
          const fresh = await reader.refresh(AT);
          expectVerdict(fresh, TILE_CHECKPOINT_CODES);
          if (!fresh.ok) return;
          const answer =
            ask === 'inclusion'
              ? await reader.inclusionProof(7)
              : ask === 'consistency'
                ? await reader.consistencyProof(100)
                : await reader.entry(7);
          expectVerdict(answer, TILE_PROOF_CODES);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('a source that throws is a refusal', async () => {
    const reader = new TileLog({
      source: async () => {
        throw new Error('broken store');
      },
      origin: ORIGIN,
      quorum: QUORUM,
    });
    expect(await reader.refresh(AT)).toMatchObject({ ok: false, code: 'fetch-failed' });
  });
});

it('the example file reads back to its fields', () => {
  const proof = parseTlogProof(FILE);
  expect(proof.ok && [proof.value.index, proof.value.proof.length, proof.value.extra]).toEqual([9n, 6, null]);
  expect(proof.ok && base64Strict.encode(proof.value.proof[0]!)).toBe(
    base64Strict.encode(tree.inclusionProof(9)[0]!),
  );
});
