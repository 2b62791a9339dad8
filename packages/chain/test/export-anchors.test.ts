// How an export's anchors are read and judged: checkpoint anchors, witness cosignatures
// (src/export/anchors.ts, src/export/witness.ts) and freshness.
// A case that exists for a mutant says in its comment which one it holds (file:line:column of
// the mutation report); equivalent mutants are listed in spec/chain.md.
import { base64Strict } from '@agent-seam/canonical';
import { keyPairFromSeed } from '@agent-seam/did';
import { emptyRoot, rootHash } from '@agent-seam/merkle';
import { cosign, cosignatureVerifier, signNote } from '@agent-seam/tlog-note';
import { describe, expect, it } from 'vitest';
import { type Anchor, judgeAnchors, readAnchor } from '../src/export/anchors.js';
import type { Checkpoint } from '../src/export/frames.js';
import { checkpointOfNote, cosignaturesOf } from '../src/export/witness.js';

const origin = 'example.com/log';
const seals = [1, 2, 3].map((n) => new Uint8Array(32).fill(n));
const header: Checkpoint = { origin, size: 3, root: rootHash(seals) };
const leaves = seals.map((seal, index) => ({ index, seal, run: `run-${index}`, line: index + 2 }));

const logSigner = { name: origin, seed: new Uint8Array(32).fill(5) };
const witness = { name: 'test-witness', seed: new Uint8Array(32).fill(6) };
const witnessKey = cosignatureVerifier(witness.name, keyPairFromSeed(witness.seed).publicKey);

/** A checkpoint note body (origin, size, base64 root), signed by the log's key. */
const noteOf = (size: number | bigint, root: Uint8Array, name = origin) =>
  signNote(`${name}\n${size}\n${base64Strict.encode(root)}\n`, [logSigner]);
const headerNote = noteOf(header.size, header.root);
const cosignedAt = (t: number) => cosign(headerNote, witness, t);

type Input = Parameters<typeof judgeAnchors>[0];
/** judgeAnchors over the three-leaf file above, with the anchors read as the verifier reads them. */
function judge(anchors: Anchor[], over: Partial<Input> = {}) {
  return judgeAnchors({
    anchors: anchors.map((anchor) => {
      const read = readAnchor(anchor);
      if (!read.ok) throw new Error(`a test anchor is bad: ${read.detail}`);
      return { anchor, checkpoint: read.value };
    }),
    witnessKeys: [],
    maxAge: undefined,
    now: undefined,
    checkpoint: header,
    leaves,
    disclosure: false,
    ...over,
  });
}
const at = (size: number, root: Uint8Array, o?: string): Anchor => ({
  checkpoint: o === undefined ? { size, root } : { origin: o, size, root },
});

describe('anchors.ts readAnchor', () => {
  const bad = (detail: string) => ({ ok: false, code: 'bad-anchor', detail });
  const root = header.root;

  it('an anchor that is not an object is bad-anchor with its detail', () => {
    // why: anchors.ts:31:52 detail → ""
    expect(readAnchor(null as never)).toEqual(bad('the anchor is not { checkpoint } or { note }'));
  });

  it('a note that is not a string, or has no checkpoint body, is bad-anchor (no TypeError)', () => {
    // why: anchors.ts:33:24 `typeof anchor.note === 'string'` → true (5.indexOf throws), :34:39 'bad-anchor' → "", :34:53 detail → ""
    const notCheckpoint = bad('the note body is not a checkpoint');
    expect(readAnchor({ note: 5 } as never)).toEqual(notCheckpoint);
    expect(readAnchor({ note: 'example.com/log\n3\n' })).toEqual(notCheckpoint);
  });

  it('a checkpoint that is not an object is bad-anchor with its detail', () => {
    // why: anchors.ts:37:56 detail → ""
    expect(readAnchor({ checkpoint: null } as never)).toEqual(
      bad('the checkpoint is not { origin?, size, root }'),
    );
  });

  it('an origin that is no log origin is bad-anchor with its detail', () => {
    // why: anchors.ts:39:17 'bad-anchor' → "", :39:31 detail → ""
    expect(readAnchor(at(3, root, 'a+b'))).toEqual(bad('the origin is not a log origin'));
  });

  it('size 0 beside the empty root is read; a negative size is bad-anchor with its detail', () => {
    // why: anchors.ts:40:49 `checkpoint.size < 0` → `<= 0`, :41:17 'bad-anchor' → "", :41:31 detail → ""
    expect(readAnchor(at(0, emptyRoot()))).toEqual({ ok: true, value: { size: 0, root: emptyRoot() } });
    expect(readAnchor(at(-1, root))).toEqual(bad('the size is not a whole number'));
  });

  it('a root of 31 bytes is bad-anchor with its detail', () => {
    // why: anchors.ts:43:17 'bad-anchor' → "", :43:31 detail → ""
    expect(readAnchor(at(3, new Uint8Array(31)))).toEqual(bad('the root is not 32 bytes'));
  });

  it('size 0 beside a root the empty log cannot have is bad-anchor with its detail', () => {
    // why: anchors.ts:45:17 'bad-anchor' → "", :45:31 detail → ""
    expect(readAnchor(at(0, root))).toEqual(
      bad('a size-0 checkpoint beside a root the empty log cannot have'),
    );
  });
});

describe('witness.ts: a witness cosignature line', () => {
  it('a note size of 2^53 - 1 is read; 2^53 is not a checkpoint this reader can hold', () => {
    // why: witness.ts:34:21 `size > BigInt(Number.MAX_SAFE_INTEGER)` → false, and → `>=`
    // (readAnchor's refusal of such a note also goes red under anchors.ts:34:39 and :34:53)
    const max = Number.MAX_SAFE_INTEGER;
    expect(checkpointOfNote(noteOf(max, header.root))).toEqual({ origin, size: max, root: header.root });
    expect(checkpointOfNote(noteOf(BigInt(max) + 1n, header.root))).toBeNull();
    expect(readAnchor({ note: noteOf(BigInt(max) + 1n, header.root) })).toEqual({
      ok: false,
      code: 'bad-anchor',
      detail: 'the note body is not a checkpoint',
    });
  });

  it('no witness keys: no cosignatures, and the anchor names no cosigner', () => {
    // why: witness.ts:48:38 `[]` → `["Stryker was here"]`
    const note = cosignedAt(1_700_000_000);
    expect(cosignaturesOf(note, [])).toEqual([]);
    expect(cosignaturesOf(note, [witnessKey])).toEqual([{ name: witness.name, timestamp: 1_700_000_000 }]);
    expect(judge([{ note }]).outcomes).toEqual([
      { anchor: 0, origin, size: 3, status: 'matched', cosignedBy: [] },
    ]);
  });
});

describe('anchors.ts judgeAnchors', () => {
  it('a note anchor without witness keys is not checked for cosignatures, with its message', () => {
    // why: anchors.ts:92:20 message → ""
    expect(judge([{ note: cosignedAt(1_700_000_000) }]).notChecked).toEqual([
      {
        code: 'witness-cosignatures',
        anchor: 0,
        message: 'no witness keys were supplied: the note could be the operator’s own',
      },
    ]);
  });

  it('a note no supplied witness cosigned is anchor-not-cosigned with its message', () => {
    // why: anchors.ts:98:11 message → ""
    expect(judge([{ note: headerNote }], { witnessKeys: [witnessKey] }).findings).toEqual([
      {
        code: 'anchor-not-cosigned',
        anchor: 0,
        message: 'no line of the anchor note is a cosignature by a supplied witness key',
      },
    ]);
  });

  it('an outcome names the anchor’s own origin, or the header’s when the anchor names none', () => {
    // why: anchors.ts:104:15 `checkpoint.origin ?? input.checkpoint?.origin` → `&&`
    const { outcomes } = judge([at(3, header.root), at(3, header.root, 'other.example/log')]);
    expect(outcomes.map((o) => o.origin)).toEqual([origin, 'other.example/log']);
  });

  it('without a usable header checkpoint an anchor is not compared, with its message', () => {
    // why: anchors.ts:130:7 `header === null` → false, :130:24 block → {}, :131:21 object → {},
    // :132:13 'anchor-not-compared' → "", :134:16 message → "", :136:12 'not-compared' → "",
    // :104:36 `input.checkpoint?.origin` → `.origin` (a TypeError on a null header)
    const report = judge([at(3, header.root)], { checkpoint: null });
    expect(report.notChecked).toEqual([
      {
        code: 'anchor-not-compared',
        anchor: 0,
        message: 'the file has no usable header checkpoint to compare with',
      },
      {
        code: 'deletion',
        message:
          'no checkpoint from outside the file could be compared: deletion of whole runs was not checked, only internal consistency',
      },
    ]);
    expect(report.outcomes).toEqual([
      { anchor: 0, origin: undefined, size: 3, status: 'not-compared', cosignedBy: [] },
    ]);
    expect(report.findings).toEqual([]);
  });

  it('an anchor of another origin is anchor-origin-mismatch, status finding', () => {
    // why: anchors.ts:142:7 message → "", :144:12 'finding' → ""
    const report = judge([at(3, header.root, 'other.example/log')]);
    expect(report.findings).toEqual([
      {
        code: 'anchor-origin-mismatch',
        anchor: 0,
        message: 'the anchor names a history of another origin, which this file cannot be part of',
      },
    ]);
    expect(report.outcomes[0]!.status).toBe('finding');
  });

  it('the same size with another root is anchor-root-mismatch, status finding', () => {
    // why: anchors.ts:151:7 message → "", :153:12 'finding' → ""
    const report = judge([at(3, seals[0]!)]);
    expect(report.findings).toEqual([
      {
        code: 'anchor-root-mismatch',
        anchor: 0,
        message: 'at the same size the anchor has a different root than the checkpoint: two histories',
      },
    ]);
    expect(report.outcomes[0]!.status).toBe('finding');
  });

  it('a package against an anchor of another size: not compared, with its message', () => {
    // why: anchors.ts:159:16 message → ""
    expect(judge([at(2, rootHash(seals.slice(0, 2)))], { disclosure: true }).notChecked).toEqual([
      {
        code: 'anchor-not-compared',
        anchor: 0,
        message: 'a package carries no consistency proof to another size',
      },
      {
        code: 'deletion',
        message:
          'no checkpoint from outside the file could be compared: the paths were proved against the file’s own header',
      },
    ]);
  });

  it('deletion is not checked while no anchor was compared, and is once one was', () => {
    // why: anchors.ts, the deletion item when every anchor is not-compared (an uncompared
    // anchor settles nothing); one compared anchor beside an uncompared one settles it.
    const codes = (anchors: Parameters<typeof judge>[0], over = {}) =>
      judge(anchors, over).notChecked.map((n) => n.code);
    expect(codes([])).toEqual(['deletion']);
    expect(codes([at(3, header.root)], { checkpoint: null })).toContain('deletion');
    expect(codes([at(3, header.root)])).toEqual([]);
    expect(codes([at(2, rootHash(seals.slice(0, 2))), at(3, header.root)], { disclosure: true })).toEqual([
      'anchor-not-compared',
    ]);
  });

  it('an anchor larger than the file is anchor-beyond-file, status finding', () => {
    // why: anchors.ts:167:7 message → "", :169:12 'finding' → ""
    const report = judge([at(4, rootHash([...seals, seals[0]!]))]);
    expect(report.findings).toEqual([
      {
        code: 'anchor-beyond-file',
        anchor: 0,
        message: 'the anchor is larger than the file’s log: this file cannot be part of that history',
      },
    ]);
    expect(report.outcomes[0]!.status).toBe('finding');
  });

  const prefixMismatch = {
    code: 'anchor-prefix-mismatch',
    anchor: 0,
    message:
      'the file’s first leaves do not rebuild to the anchor: a run inside the prefix was removed, replaced or moved',
  };

  it('first leaves that rebuild to another root are anchor-prefix-mismatch, status finding', () => {
    // why: anchors.ts:176:7 message → "", :178:12 'finding' → ""
    const report = judge([at(2, rootHash([seals[1]!, seals[0]!]))]);
    expect(report.findings).toEqual([prefixMismatch]);
    expect(report.outcomes[0]!.status).toBe('finding');
  });

  it('a leaf missing from the prefix is anchor-prefix-mismatch (no TypeError)', () => {
    // why: anchors.ts:172:7 `prefix === null` → false (bytesEqual(null, root) throws)
    const report = judge([at(2, rootHash(seals.slice(0, 2)))], { leaves: leaves.slice(1) });
    expect(report.findings).toEqual([prefixMismatch]);
  });

  it('a matching prefix says which leaves the anchor holds', () => {
    // why: anchors.ts:183:14 message → ''
    const report = judge([at(2, rootHash(seals.slice(0, 2)))]);
    expect(report.findings).toEqual([]);
    expect(report.notChecked).toEqual([
      {
        code: 'anchor-prefix-only',
        anchor: 0,
        message: 'the anchor holds leaves 0..2; the rest are held only to the file’s own header',
      },
    ]);
    expect(report.outcomes[0]!.status).toBe('prefix-matched');
  });

  it('a package with no anchors says its paths were proved against its own header', () => {
    // why: anchors.ts:115:11 message → ""
    expect(judge([], { disclosure: true }).notChecked).toEqual([
      {
        code: 'deletion',
        message: 'no checkpoint from outside the file: the paths were proved against the file’s own header',
      },
    ]);
  });
});

describe('anchors.ts judgeFreshness', () => {
  const t = 1_700_000_000;
  const cosigned = [{ note: cosignedAt(t) }];
  const witnessKeys = [witnessKey];

  it('a maximum age without a clock judges no freshness', () => {
    // why: anchors.ts:195:37 `input.now === undefined` → false (the verifier's constructor refuses
    // maxCheckpointAge without now, so only judgeAnchors itself can be handed this)
    expect(judge([at(3, header.root)], { maxAge: 3600 }).notChecked).toEqual([]);
  });

  it('a clock without a maximum age judges no freshness', () => {
    // why: anchors.ts:195:7 `input.maxAge === undefined` → false (a "not checked" entry would
    // appear for a caller who asked for no freshness check)
    expect(judge([at(3, header.root)], { now: t }).notChecked).toEqual([]);
  });

  it('no verified cosignature: freshness is not checked, with its message', () => {
    // why: anchors.ts:199:16 message → ""
    expect(judge([at(3, header.root)], { maxAge: 3600, now: t }).notChecked).toEqual([
      { code: 'witness-freshness', message: 'no verified cosignature was available to judge freshness by' },
    ]);
  });

  it('a cosignature exactly maxAge old or exactly maxAge ahead is neither stale nor ahead', () => {
    // why: anchors.ts:205:9 `now - t > maxAge` → `>=`, :210:14 `t - now > maxAge` → `>=`
    for (const now of [t + 3600, t - 3600])
      expect(judge(cosigned, { witnessKeys, maxAge: 3600, now }).findings).toEqual([]);
    expect(judge(cosigned, { witnessKeys, maxAge: 3600, now: t + 3601 }).findings).toEqual([
      {
        code: 'witness-stale',
        message:
          'witness test-witness is stale: its latest cosignature is 3601 s old, 1 s past the maximum age of 3600 s',
      },
    ]);
    expect(judge(cosigned, { witnessKeys, maxAge: 3600, now: t - 3601 }).findings).toEqual([
      {
        code: 'witness-ahead',
        message:
          "witness test-witness is ahead of this reader's clock: its latest cosignature is 3601 s in the future (allowed skew 3600 s)",
      },
    ]);
  });
});
