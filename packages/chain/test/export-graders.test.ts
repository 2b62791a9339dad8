import { fail, utf8Strict } from '@agent-seam/canonical';
import { keyPairFromSeed } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { judgeGraders, type RunSummary } from '../src/export/graders.js';
import { parseGraderSidecar, signGraderVerdict } from '../src/index.js';
import { GRADER_CLAIM, GRADER_SEED } from './helpers.js';

// judgeGraders: the graders' sidecar of an export, each refusal whole.
// A case that exists for a mutant says in its comment which one it holds (file:line:column of
// the mutation report); equivalent mutants are listed in spec/chain.md.

describe('graders.ts: judgeGraders, each refusal whole', () => {
  const RUN = GRADER_CLAIM.run;
  const OTHER = 'run_01J80000000000000000000002';
  const head = new Uint8Array(32).fill(0xab); // GRADER_CLAIM's last_hash
  const graderKeys = new Map([['g1', keyPairFromSeed(GRADER_SEED).publicKey]]);
  /** A sidecar of GRADER_CLAIM with `change`, signed by g1 and parsed back. */
  const sidecar = (change: Partial<typeof GRADER_CLAIM> = {}) =>
    parseGraderSidecar(
      utf8Strict.encode(JSON.stringify(signGraderVerdict({ ...GRADER_CLAIM, ...change }, 'g1', GRADER_SEED))),
    );
  /** RUN of 2 records, sealed at its last (seq 2), head being record 1's chain hash; seq 2 not wanted. */
  const judge = (
    sidecars: ReturnType<typeof sidecar>[],
    change: Partial<Parameters<typeof judgeGraders>[0]> = {},
  ) =>
    judgeGraders({
      sidecars,
      keys: undefined,
      runs: new Map<string, RunSummary>([[RUN, { id: RUN, lastSeq: 1, sealedAtEnd: true }]]),
      hashes: new Map([[RUN, new Map([[1, head]])]]),
      unsound: new Set(),
      ...change,
    });
  /** What a refused sidecar at index 0 gives: one finding, no not-checked item, one outcome. */
  const refused = (component: string, code: string, message: string, run?: string, lastSeq?: number) => ({
    findings: [{ code, sidecar: 0, message, ...(run === undefined ? {} : { run }) }],
    notChecked: [],
    outcomes: [
      {
        sidecar: 0,
        holds: false,
        component,
        signature: component === 'signature' ? 'refused' : 'not-checked',
        ...(run === undefined ? {} : { run, lastSeq }),
      },
    ],
  });

  it('a sidecar that did not parse: format, with its parser detail, and no run', () => {
    // why: graders.ts:48:21 ('format' emptied), :48:48 (the message emptied), :48:75
    // (`detail ?? 'malformed'` -> `detail && 'malformed'`: the detail replaced by 'malformed'),
    // :39:21 (the outcome emptied), :41:16 (holds: false -> true), :43:20 (-> true: the
    // signature 'refused'), :43:60 ('not-checked' emptied).
    expect(judge([fail('grader-format', 'kind does not name a grader verdict')])).toStrictEqual(
      refused('format', 'grader-format', 'the sidecar is refused: kind does not name a grader verdict'),
    );
  });

  it('a sidecar naming a run the export does not carry: run, naming the run and last_seq', () => {
    // why: graders.ts:52:21 and :52:42 ('run' and the message emptied), :38:64 (the finding's
    // `{ run }` emptied), :44:23 (the outcome's `{ run, lastSeq }` emptied).
    expect(judge([sidecar({ run: OTHER })])).toStrictEqual(
      refused('run', 'grader-run', 'the sidecar names a run the export does not carry', OTHER, 1),
    );
  });

  it('a sidecar naming a run that does not verify: soundness', () => {
    // why: graders.ts:54:21 and :54:54 ('soundness' and the message emptied).
    expect(judge([sidecar()], { unsound: new Set([RUN]) })).toStrictEqual(
      refused('soundness', 'grader-soundness', 'the sidecar names a run that does not verify', RUN, 1),
    );
  });

  it('last_seq naming no record: its hash not taken (null), not wanted (undefined), or no map for the run', () => {
    // why: graders.ts:57:21 and :57:52 ('last_seq' and the message emptied); :56:9
    // (`hash === undefined` -> false: an unwanted seq's undefined is compared as a hash and
    // refused as last_hash instead); :55:18 (`?.get` -> `.get`: throws when the run has no
    // map of wanted seqs).
    const expected = refused(
      'last_seq',
      'grader-last-seq',
      'last_seq names no record present in the run',
      RUN,
      1,
    );
    expect(judge([sidecar()], { hashes: new Map([[RUN, new Map([[1, null]])]]) })).toStrictEqual(expected);
    expect(judge([sidecar()], { hashes: new Map([[RUN, new Map()]]) })).toStrictEqual(expected);
    expect(judge([sidecar()], { hashes: new Map() })).toStrictEqual(expected);
  });

  it("last_hash other than the record's chain hash: last_hash", () => {
    // why: graders.ts:59:21 and :59:54 ('last_hash' and the message emptied).
    expect(judge([sidecar({ last_hash: 'cd'.repeat(32) })])).toStrictEqual(
      refused('last_hash', 'grader-last-hash', "last_hash differs from that record's chain hash", RUN, 1),
    );
  });

  it('open: false for a run not sealed at last_seq: open', () => {
    // why: graders.ts:62:9 and :64:9 ('open' and the message emptied).
    const runs = new Map<string, RunSummary>([[RUN, { id: RUN, lastSeq: 2, sealedAtEnd: true }]]);
    expect(judge([sidecar({ open: false })], { runs })).toStrictEqual(
      refused(
        'open',
        'grader-open',
        'the sidecar claims open: false for a run the export does not show sealed at last_seq',
        RUN,
        1,
      ),
    );
  });

  it('without grader keys a bound sidecar holds, its signature not checked', () => {
    // why: graders.ts:72:21 (the outcome emptied), :72:74 (holds: true -> false), :72:91
    // ('not-checked' emptied).
    expect(judge([sidecar({ open: false })])).toStrictEqual({
      findings: [],
      notChecked: [
        {
          code: 'grader-signature',
          message: 'grader verdict 0: its signature was not checked, no grader key was supplied',
        },
      ],
      outcomes: [{ sidecar: 0, run: RUN, lastSeq: 1, holds: true, signature: 'not-checked' }],
    });
  });

  it('a signature under a key not supplied: signature, refused; under the grader key: verified', () => {
    // why: graders.ts:77:21 and :77:54 ('signature' and the message emptied), :43:20 (-> false
    // and `!==`: the signature 'not-checked'), :43:34 ('signature' emptied: the same),
    // :43:48 ('refused' emptied).
    const otherKeys = new Map([['g2', graderKeys.get('g1')!]]);
    expect(judge([sidecar()], { keys: otherKeys })).toStrictEqual(
      refused(
        'signature',
        'grader-signature',
        'the grader signature is refused (signature-unknown-key)',
        RUN,
        1,
      ),
    );
    expect(judge([sidecar()], { keys: graderKeys })).toStrictEqual({
      findings: [],
      notChecked: [],
      outcomes: [{ sidecar: 0, run: RUN, lastSeq: 1, holds: true, signature: 'verified' }],
    });
  });
});
