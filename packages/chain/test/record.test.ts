import { createSha256, hex } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import { chainHash, verifyExport, verifyLink, writeExport, ZERO_HASH } from '../src/index.js';
import { sealedRun, unhex } from './helpers.js';

// chainHash and verifyLink: how a record is linked to the one before, and each refusal whole.
// A case that exists for a mutant says in its comment which one it holds (file:line:column of
// the mutation report); equivalent mutants are listed in spec/chain.md.

describe('record.ts: chainHash and verifyLink, each refusal whole', () => {
  it('chainHash: a raw that is not bytes', () => {
    // why: record.ts:11:57 ('bad-raw' emptied).
    expect(thrown(() => chainHash(ZERO_HASH, 'raw' as never))).toEqual({
      name: 'SeamError',
      code: 'bad-raw',
      message: 'bad-raw: raw is not a Uint8Array',
    });
  });

  it('verifyLink: an argument that is not bytes', () => {
    // why: record.ts:25:30 (the detail emptied).
    expect(verifyLink(ZERO_HASH, 'raw' as never, ZERO_HASH)).toEqual({
      ok: false,
      code: 'not-bytes',
      detail: 'raw is not a Uint8Array',
    });
    expect(verifyLink([0] as never, new Uint8Array(1), ZERO_HASH)).toMatchObject({
      detail: 'prev is not a Uint8Array',
    });
    expect(verifyLink(ZERO_HASH, new Uint8Array(1), null as never)).toMatchObject({
      detail: 'hash is not a Uint8Array',
    });
  });

  it('verifyLink: a hash that is not 32 bytes, with its detail', () => {
    // why: record.ts:26:38 (`hash.length !== DIGEST_SIZE` -> `false`: the mismatch then has no
    // detail), :27:41 (the detail emptied).
    expect(verifyLink(ZERO_HASH, new Uint8Array(0), new Uint8Array(31))).toEqual({
      ok: false,
      code: 'record-hash-mismatch',
      detail: 'hash is 31 bytes, not a 32-byte digest',
    });
    expect(verifyLink(new Uint8Array(33), new Uint8Array(0), ZERO_HASH)).toMatchObject({
      detail: 'prev is 33 bytes, not a 32-byte digest',
    });
    // A hash that does not link: the detail names what was computed, over how many bytes.
    expect(verifyLink(ZERO_HASH, new Uint8Array(3), ZERO_HASH)).toEqual({
      ok: false,
      code: 'record-hash-mismatch',
      detail: `SHA-256(prev ‖ raw) over these 3 bytes is ${hex.encode(chainHash(ZERO_HASH, new Uint8Array(3)).subarray(0, 8))}…, not the hash given`,
    });
  });
});

// chainHash's and the disclosure writer's remaining cases.
// A case that exists for a mutant says in its comment which one it holds (file:line:column of
// the mutation report); equivalent mutants are listed in spec/chain.md.

describe("chainHash's prev, and the inclusion paths a disclosure package carries", () => {
  it('chainHash refuses a prev that is not 32 bytes, naming it', () => {
    // why: record.ts:10:25 ('bad-prev' -> "") and record.ts:10:37 (the message emptied).
    expect(thrown(() => chainHash(new Uint8Array(31), new Uint8Array(0)))).toEqual({
      name: 'SeamError',
      code: 'bad-prev',
      message: 'bad-prev: prev is not a 32-byte digest',
    });
  });

  it('a disclosure package carries each sealed run its inclusion path in hex, and verifies', async () => {
    // why: writer.ts:76:76 (the proof's hex.encode -> undefined).
    const runs = ['run_01J80000000000000000000001', 'run_01J80000000000000000000002'];
    const written = writeExport({
      origin: 'example.com/agentplane',
      runs: runs.map(sealedRun),
      cases: [],
      disclosure: { cases: [], runs },
    });
    const blocks = written.lines.map((line) => JSON.parse(line)).filter((frame) => 'seal' in frame);
    // A two-leaf log: each leaf's path is the other's leaf hash, SHA-256(0x00 ‖ seal).
    const leafHash = (seal: string) =>
      hex.encode(
        createSha256()
          .update(new Uint8Array([0]))
          .update(unhex(seal))
          .digest(),
      );
    expect(blocks.map((b) => b.proof)).toEqual([[leafHash(blocks[1].seal)], [leafHash(blocks[0].seal)]]);
    const report = await verifyExport(written.lines, {
      anchors: [
        {
          checkpoint: {
            ...written.checkpoint,
            root: unhex(written.checkpoint.root),
          },
        },
      ],
    });
    expect(report.findings).toEqual([]);
  });
});
