// The frames of an export (src/export/frames.ts): origin, checkpoint, run block, trailer and
// case block; and the sealed runs' places in the log (src/export/log.ts).
// A case that exists for a mutant says in its comment which one it holds (file:line:column of
// the mutation report); equivalent mutants are listed in spec/chain.md.
import { hex } from '@agent-seam/canonical';
import { IncrementalTree, leafHash } from '@agent-seam/merkle';
import { describe, expect, it } from 'vitest';
import { caseBlockOf, checkpointOf, isOrigin, runBlockOf, trailerOf } from '../src/export/frames.js';
import { judgeLog, prefixRootOf, type SealedLeaf } from '../src/export/log.js';
import type { UnaccountedMember } from '../src/export/report.js';

const seal = (n: number) => new Uint8Array(32).fill(n);
const sealHex = (n: number) => hex.encode(seal(n));

/** Runs a frame reader with a fresh unaccounted list and returns both. */
function read<T>(run: (out: UnaccountedMember[]) => T): { value: T; out: UnaccountedMember[] } {
  const out: UnaccountedMember[] = [];
  return { value: run(out), out };
}

describe('frames.ts isOrigin', () => {
  it('a non-string and the empty string are not origins (no TypeError)', () => {
    // why: frames.ts:37:7 whole condition → false, `||` → `&&`, `typeof value !== 'string'` → false
    // (5.includes would throw); :37:36 `value === ''` → false ('' would be an origin)
    expect(isOrigin(5)).toBe(false);
    expect(isOrigin('')).toBe(false);
  });

  it('a control character or DEL anywhere makes a string no origin', () => {
    // why: frames.ts:39:19 `i < value.length` → false (no character is looked at), :40:76 `false` → `true`
    expect(isOrigin('log\u0001a')).toBe(false);
    expect(isOrigin('log\u007f')).toBe(false);
    expect(isOrigin('example.com/log')).toBe(true);
  });

  it('an origin is at most 255 UTF-8 bytes', () => {
    // why: frames.ts:41:10 `length <= 255` → true (256 bytes accepted), → `< 255` (255 refused)
    expect(isOrigin('o'.repeat(255))).toBe(true);
    expect(isOrigin('o'.repeat(256))).toBe(false);
    expect(isOrigin('é'.repeat(128))).toBe(false); // 128 characters, 256 bytes
  });
});

describe('frames.ts checkpointOf', () => {
  const good = { origin: 'example.com/log', size: 2, root: sealHex(1) };

  it('a value that is not an object is no checkpoint (no TypeError)', () => {
    // why: frames.ts:51:7 `!isObject(value)` → false (reading null.size would throw)
    expect(read((out) => checkpointOf(null, 1, 'checkpoint', out)).value).toBeNull();
    expect(read((out) => checkpointOf([good], 1, 'checkpoint', out)).value).toBeNull();
  });

  it('a size that is not an integer is no checkpoint', () => {
    // why: frames.ts:54:34 `size === null` → false (a checkpoint with size null would be returned)
    expect(read((out) => checkpointOf({ ...good, size: '2' }, 1, 'checkpoint', out)).value).toBeNull();
  });

  it('an unknown member inside the checkpoint is named under its path', () => {
    // why: frames.ts:24:59 `path === ''` → true (named 'extra'), :24:82 `${path}.${member}` → ''
    const { value, out } = read((o) => checkpointOf({ ...good, extra: 1 }, 4, 'checkpoint', o));
    expect(value).toEqual({ origin: 'example.com/log', size: 2, root: seal(1) });
    expect(out).toEqual([{ line: 4, member: 'checkpoint.extra' }]);
  });
});

describe('frames.ts runBlockOf', () => {
  it('a run that is not a string is no run block', () => {
    // why: frames.ts:75:7 `typeof frame.run !== 'string'` → false (a numeric run would name the block)
    expect(
      read((out) => runBlockOf({ kind: 'agentplane.export.run', run: 7 }, 2, false, out)).value,
    ).toBeNull();
  });

  it('a run block of a whole export has no proof, present or not', () => {
    // why: frames.ts:85:7 `disclosure && Object.hasOwn(frame, 'proof')` → true, and `&&` → `||`
    // (each would give the block a 'malformed' proof)
    expect(
      read((out) => runBlockOf({ kind: 'agentplane.export.run', run: 'r1' }, 2, false, out)).value,
    ).toStrictEqual({ run: 'r1', position: 'open' });
    const withProof = read((out) =>
      runBlockOf({ kind: 'agentplane.export.run', run: 'r1', proof: [] }, 2, false, out),
    );
    expect(withProof.value).toStrictEqual({ run: 'r1', position: 'open' });
    expect(withProof.out).toEqual([{ line: 2, member: 'proof' }]);
  });

  it('a package run block without proof has none; with a proof that is not a list it is malformed', () => {
    // why: frames.ts:85:7 `&&` → `||` (no proof member would read as malformed); :87:19 whole → false,
    // `||` → `&&`, `proof === null` → false (a non-list proof would be null or throw); :87:69 'malformed' → ""
    expect(read((out) => runBlockOf({ run: 'r1' }, 2, true, out)).value).toStrictEqual({
      run: 'r1',
      position: 'open',
    });
    expect(read((out) => runBlockOf({ run: 'r1', proof: 'x' }, 2, true, out)).value).toStrictEqual({
      run: 'r1',
      position: 'open',
      proof: 'malformed',
    });
  });

  it('a proof list with one bad hash among good ones is malformed', () => {
    // why: frames.ts:87:37 some → every, :87:48 `(p) => p === null` → `() => undefined`,
    // :87:55 `p === null` → false; :87:69 'malformed' → ""
    const frame = { run: 'r1', index: 0, seal: sealHex(1), proof: [sealHex(2), 'not hex'] };
    expect(read((out) => runBlockOf(frame, 2, true, out)).value).toStrictEqual({
      run: 'r1',
      position: { index: 0, seal: seal(1) },
      proof: 'malformed',
    });
  });
});

describe('frames.ts trailerOf', () => {
  const good = {
    kind: 'agentplane.export.end',
    runs_requested: 1,
    runs_exported: 1,
    records: 3,
    cases: 0,
    unreadable: [],
  };
  const trailer = (frame: Record<string, unknown>) => read((out) => trailerOf(frame, 9, out));

  it('a count that is not an integer is no trailer', () => {
    // why: frames.ts:111:7 whole condition → false, the first three tests `(…) && cases === null`;
    // :111:58 `records === null` → false; :111:78 `cases === null` → false
    expect(trailer({ ...good, records: '3' }).value).toBeNull();
    expect(trailer({ ...good, cases: null }).value).toBeNull();
  });

  it('a missing run count, requested or exported, is no trailer', () => {
    // why: frames.ts:111:7 the whole condition → false, `runsRequested === null || runsExported === null`
    // → `&&`, `runsRequested === null` → false, :111:33 `runsExported === null` → false
    const { runs_requested: _r, ...noRequested } = good;
    const { runs_exported: _e, ...noExported } = good;
    expect(trailer(noRequested).value).toBeNull();
    expect(trailer(noExported).value).toBeNull();
  });

  it('a missing unreadable list is no trailer (no TypeError)', () => {
    // why: frames.ts:113:7 `!Array.isArray(entries)` → false (iterating undefined would throw)
    const { unreadable: _, ...rest } = good;
    expect(trailer(rest).value).toBeNull();
  });

  it('an unreadable entry that is not an object, or whose run is not a string, is no trailer', () => {
    // why: frames.ts:116:9 whole condition → false, `||` → `&&`, :116:29 `typeof entry.run !== 'string'` → false
    expect(trailer({ ...good, unreadable: [5] }).value).toBeNull();
    expect(trailer({ ...good, unreadable: [{ run: 5, reason: 'gone' }] }).value).toBeNull();
  });

  it('unknown members of the trailer and of an unreadable entry are named by their paths', () => {
    // why: frames.ts:123:5 '' → "Stryker was here!", :127:5 the entry's noteUnknown call removed,
    // :127:63 `unreadable.${i}` → ''
    const { value, out } = trailer({
      ...good,
      extra: true,
      unreadable: [
        { run: 'r1', reason: 'gone' },
        { run: 'r2', reason: 'torn', note: 'x' },
      ],
    });
    expect(value).toEqual({
      runsRequested: 1,
      runsExported: 1,
      records: 3,
      cases: 0,
      unreadable: [
        { run: 'r1', reason: 'gone' },
        { run: 'r2', reason: 'torn' },
      ],
    });
    expect(out).toEqual([
      { line: 9, member: 'extra' },
      { line: 9, member: 'unreadable.1.note' },
    ]);
  });
});

describe('frames.ts caseBlockOf', () => {
  const hold = {
    placed_at: '2026-01-02T03:04:05Z',
    reason: 'litigation',
    by: { actor: 'ops', basis: 'authenticated' },
  };
  const good = { kind: 'agentplane.export.case', case: { id: 'c1' }, deadlines: [], blobs: [], hold };
  const block = (frame: Record<string, unknown>) => read((out) => caseBlockOf(frame, 7, out));

  it('a well-formed hold is placed, a null hold is none', () => {
    // why: frames.ts:172:60 'placed' → "", :171:56 'none' → ""
    expect(block(good).value).toEqual({ id: 'c1', hold: 'placed' });
    expect(block({ ...good, hold: null }).value).toEqual({ id: 'c1', hold: 'none' });
  });

  it('an empty case id is no case block', () => {
    // why: frames.ts:166:57 `body.id === ''` → false, :166:69 '' → "Stryker was here!"
    expect(block({ ...good, case: { id: '' } }).value).toBeNull();
  });

  it('deadlines without blobs is no case block', () => {
    // why: frames.ts:167:7 `||` → `&&`, whole condition → false
    const { blobs: _, ...rest } = good;
    expect(block(rest).value).toBeNull();
  });

  it('unknown members of the block and of its case are named by their paths', () => {
    // why: frames.ts:168:48 '' → "Stryker was here!", :169:41 'case' → ""
    const { value, out } = block({ ...good, extra: 1, case: { id: 'c1', note: 'x' } });
    expect(value).toEqual({ id: 'c1', hold: 'placed' });
    expect(out).toEqual([
      { line: 7, member: 'extra' },
      { line: 7, member: 'case.note' },
    ]);
  });

  it('a case carrying every member the format knows leaves none of them unaccounted', () => {
    // why: frames.ts:138 CASE_MEMBERS → [], or any one of its eight names → "" (static: applied by hand)
    const known = {
      id: 'c1',
      kind: 'incident',
      status: 'open',
      correlation: 'k',
      state: {},
      version: 3,
      opened_at: '2026-01-02T03:04:05Z',
      runs: [],
    };
    expect(block({ ...good, case: known })).toEqual({ value: { id: 'c1', hold: 'placed' }, out: [] });
  });

  it('a hold placed by an operator known as asserted or connected is placed; an unknown basis is malformed', () => {
    // why: frames.ts:142 HOLD_BASES 'asserted' → "", 'connected' → "" (static: applied by hand)
    const placedBy = (basis: string) =>
      block({ ...good, hold: { ...hold, by: { actor: 'ops', basis } } }).value;
    expect(placedBy('asserted')).toEqual({ id: 'c1', hold: 'placed' });
    expect(placedBy('connected')).toEqual({ id: 'c1', hold: 'placed' });
    expect(placedBy('')).toEqual({ id: 'c1', hold: 'malformed' });
  });

  it('a placed_at that is a list holding an instant is malformed', () => {
    // why: frames.ts:155:7 `typeof hold.placed_at !== 'string'` → false (the list would stringify to an instant)
    expect(block({ ...good, hold: { ...hold, placed_at: [hold.placed_at] } }).value).toEqual({
      id: 'c1',
      hold: 'malformed',
    });
  });

  it('an actor that is not a string is malformed (no TypeError)', () => {
    // why: frames.ts:159:7 `typeof by.actor !== 'string'` → false (5.trim would throw)
    expect(block({ ...good, hold: { ...hold, by: { actor: 5, basis: 'authenticated' } } }).value).toEqual({
      id: 'c1',
      hold: 'malformed',
    });
  });
});

describe('log.ts: sealed runs placed in the log and proven against the checkpoint', () => {
  const leaf = (index: number, n: number, proof?: SealedLeaf['proof']): SealedLeaf => ({
    index,
    seal: seal(n),
    run: `r${index}`,
    line: 10 + index,
    ...(proof === undefined ? {} : { proof }),
  });
  const rootOf = (...ns: number[]) => {
    const tree = new IncrementalTree();
    for (const n of ns) tree.appendLeafHash(leafHash(seal(n)));
    return tree.root();
  };
  const checkpoint = (size: number, root: Uint8Array) => ({ origin: 'example.com/log', size, root });

  it('prefixRootOf is null when a position below m is missing (no hash of undefined)', () => {
    // why: log.ts:42:9 `seal === undefined` → false
    expect(prefixRootOf([leaf(1, 2)], 2)).toBeNull();
    expect(prefixRootOf([leaf(0, 1), leaf(1, 2), leaf(2, 3)], 2)).toEqual(rootOf(1, 2));
  });

  it('a package leaf without a well-formed path is proof-missing at its run and line', () => {
    // why: log.ts:64:21 `{ run, line }` → {}, :65:39 `leaf.proof === 'malformed'` → false,
    // :65:54 'malformed' → "", :68:20 the message → ""
    const missing = (run: string, line: number) => ({
      code: 'proof-missing',
      message: 'the sealed run carries no well-formed inclusion path',
      run,
      line,
    });
    expect(
      judgeLog({
        checkpoint: checkpoint(2, rootOf(1, 2)),
        leaves: [leaf(0, 1), leaf(1, 2, 'malformed')],
        disclosure: true,
      }),
    ).toEqual({ findings: [missing('r0', 10), missing('r1', 11)], provenLeaves: 0 });
  });

  it('a package leaf whose path proves another root is proof-invalid, naming the Merkle code', () => {
    // why: log.ts:84:20 `its path does not prove its leaf (${verdict.code})` → ''
    expect(
      judgeLog({ checkpoint: checkpoint(1, rootOf(9)), leaves: [leaf(0, 1, [])], disclosure: true }),
    ).toEqual({
      findings: [
        {
          code: 'proof-invalid',
          message: 'its path does not prove its leaf (root-mismatch)',
          run: 'r0',
          line: 10,
        },
      ],
      provenLeaves: 0,
    });
  });

  it('two leaves at one position leave a gap: positions-not-contiguous, not a TypeError', () => {
    // why: log.ts:32:31 `l !== undefined` → true, :32:10 every → some. Before the array was
    // filled these could not be killed (every skips holes, so the duplicate's gap passed and
    // the root loop read an undefined leaf); the verifier itself never hands judgeLog two
    // leaves at one index (index-duplicate), so this is judgeLog's own contract.
    const twin = { ...leaf(0, 2), run: 'r0b' };
    expect(
      judgeLog({ checkpoint: checkpoint(2, rootOf(1, 2)), leaves: [leaf(0, 1), twin], disclosure: false }),
    ).toEqual({
      findings: [
        {
          code: 'positions-not-contiguous',
          message: "the sealed positions are not contiguous from 0 within the checkpoint's 2",
        },
      ],
    });
  });

  it('a sealed run past the checkpoint is positions-not-contiguous, even when the root covers it', () => {
    // why: export/log.ts contiguousLeaves `leaf.index >= byIndex.length` → false, and → `>` (the
    // third leaf would be placed after the first two, and a header root over all three accepted
    // as a checkpoint of size 2)
    expect(
      judgeLog({
        checkpoint: checkpoint(2, rootOf(1, 2, 3)),
        leaves: [leaf(0, 1), leaf(1, 2), leaf(2, 3)],
        disclosure: false,
      }),
    ).toEqual({
      findings: [
        {
          code: 'positions-not-contiguous',
          message: "the sealed positions are not contiguous from 0 within the checkpoint's 2",
        },
      ],
    });
  });

  it('a whole export names a gap, a short log and a wrong root in its own words', () => {
    // why: log.ts:94:16, :99:16 and :107:18 messages → ''
    expect(
      judgeLog({ checkpoint: checkpoint(3, rootOf(1, 2, 3)), leaves: [leaf(1, 2)], disclosure: false }),
    ).toEqual({
      findings: [
        {
          code: 'positions-not-contiguous',
          message: "the sealed positions are not contiguous from 0 within the checkpoint's 3",
        },
      ],
    });
    expect(
      judgeLog({ checkpoint: checkpoint(3, rootOf(1, 2, 3)), leaves: [leaf(0, 1)], disclosure: false }),
    ).toEqual({
      findings: [
        {
          code: 'log-incomplete',
          message:
            'the file carries 1 sealed run(s) and its checkpoint commits to 3: the set cannot be checked',
        },
      ],
    });
    expect(
      judgeLog({
        checkpoint: checkpoint(2, rootOf(1, 3)),
        leaves: [leaf(0, 1), leaf(1, 2)],
        disclosure: false,
      }),
    ).toEqual({
      findings: [
        {
          code: 'root-mismatch',
          message: 'the Merkle root rebuilt from this export does not match its header',
        },
      ],
    });
    expect(
      judgeLog({
        checkpoint: checkpoint(2, rootOf(1, 2)),
        leaves: [leaf(1, 2), leaf(0, 1)],
        disclosure: false,
      }),
    ).toEqual({ findings: [] });
  });
});
