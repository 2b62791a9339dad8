import { concatBytes, SeamError, sha256, utf8Strict } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { MAX_SIDECAR_BYTES } from '../src/grader.js';
import { type GraderClaim, graderSigningInput, parseGraderSidecar, signGraderVerdict } from '../src/index.js';
import { GRADER_CLAIM, GRADER_SEED, thrown } from './helpers.js';

// The sign side refuses a claim the reader would refuse, by throwing (a programmer error).
describe('signGraderVerdict refuses a claim it cannot write', () => {
  const seed = GRADER_SEED;
  const claim = GRADER_CLAIM;
  const bad: [string, Record<string, unknown>][] = [
    ['bad-run', { run: 7 }],
    ['bad-last-seq', { last_seq: 0 }],
    ['bad-last-hash', { last_hash: 'AB'.repeat(32) }],
    ['bad-content', { content: 'pass' }],
    ['bad-open', { open: 'false' }],
    ['bad-key-id', {}],
  ];
  for (const [code, change] of bad)
    it(code, () => {
      let thrown: unknown;
      try {
        signGraderVerdict({ ...claim, ...change } as GraderClaim, code === 'bad-key-id' ? '' : 'g', seed);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(SeamError);
      expect((thrown as SeamError).code).toBe(code);
    });
  it('writes the eight members, content as padded base64', () => {
    const sidecar = signGraderVerdict(claim, 'g', seed);
    expect(Object.keys(sidecar).sort()).toEqual(
      ['content', 'kind', 'last_hash', 'last_seq', 'open', 'run', 'signature', 'version'].sort(),
    );
    expect(sidecar).toMatchObject({
      kind: 'agentplane.grader-verdict',
      version: 1,
      content: 'AQID',
      signature: { key_id: 'g' },
    });
  });
});

// What the grader reader refuses in a sidecar line.
// A case that exists for a mutant says in its comment which one it holds (file:line:column of
// the mutation report); equivalent mutants are listed in spec/chain.md.

describe('a grader sidecar line: what the reader refuses', () => {
  const seed = GRADER_SEED;
  const claim = GRADER_CLAIM;
  const sidecar = signGraderVerdict(claim, 'g', seed);
  const text = JSON.stringify(sidecar);
  const read = (value: unknown) =>
    parseGraderSidecar(utf8Strict.encode(typeof value === 'string' ? value : JSON.stringify(value)));
  const refused = (detail: string) => ({ ok: false, code: 'grader-format', detail });

  it('graderSigningInput names a member with no JSON spelling from `sidecar`', () => {
    // why: grader.ts:51:84 'sidecar' → ""
    expect(thrown(() => graderSigningInput({ ...sidecar, run: undefined } as never)).message).toMatch(
      /^[a-z-]+: sidecar\.run /,
    );
  });

  it("a grader verdict is signed under agentplane's grader domain, apart from every other signed thing", () => {
    // why: grader.ts:7 GRADER_DOMAIN → "" (static: applied by hand); the expected input is built here
    // from the format's text (domain ‖ 0x00 ‖ SHA-256 of the canonical sidecar without its signature)
    const domain = utf8Strict.encode('io.github.hupe1980.agentplane/grader-verdict/v1');
    const body = sha256(utf8Strict.encode('{"last_seq":1,"run":"r"}'));
    const expected = sha256(concatBytes([domain, new Uint8Array([0]), body]));
    expect(graderSigningInput({ run: 'r', last_seq: 1, signature: 'not part of the input' })).toEqual(
      expected,
    );
  });

  it('signGraderVerdict refuses a claim that is not an object, and names each bad member', () => {
    // why: grader.ts:59:7 `typeof claim !== 'object'` → false, :60:25 'bad-claim' → "",
    // :63:41, :65:42, :67:40, :68:72 messages → ""
    const cases: [unknown, string][] = [
      ['claim', 'bad-claim: claim is not { run, last_seq, last_hash, open, content }'],
      [{ ...claim, last_seq: 0 }, 'bad-last-seq: claim.last_seq is not an integer >= 1'],
      [
        { ...claim, last_hash: 'AB'.repeat(32) },
        'bad-last-hash: claim.last_hash is not 64 lowercase hex characters',
      ],
      [{ ...claim, content: 'pass' }, 'bad-content: claim.content is not the verdict bytes (a Uint8Array)'],
      [{ ...claim, open: 'false' }, 'bad-open: claim.open is not a boolean'],
    ];
    for (const [bad, message] of cases)
      expect(thrown(() => signGraderVerdict(bad as GraderClaim, 'g', seed)).message).toBe(message);
  });

  it('a sidecar that is not bytes is not-bytes with its detail', () => {
    // why: grader.ts:92:64 message → ""
    expect(parseGraderSidecar(text as never)).toEqual({
      ok: false,
      code: 'not-bytes',
      detail: 'the sidecar file is not a Uint8Array',
    });
  });

  it('the size cap is 1 MiB inclusive, and past it the refusal says so', () => {
    // why: grader.ts:94:7 `bytes.length > MAX_SIDECAR_BYTES` → false and → `>=`, :94:55 message → ""
    const padded = (n: number) => text + ' '.repeat(n - text.length);
    expect(read(padded(MAX_SIDECAR_BYTES)).ok).toBe(true);
    expect(read(padded(MAX_SIDECAR_BYTES + 1))).toEqual(refused('the sidecar exceeds its size cap'));
  });

  it('JSON that is not an object is not one JSON object', () => {
    // why: grader.ts:96:7 `!parsed.ok || !isObject(…)` → `&&`
    expect(read('[1]')).toEqual(refused('the sidecar is not one JSON object'));
  });

  it('the member set is exact: one missing, or one renamed, is refused', () => {
    // why: grader.ts:99:7 `||` → `&&`, `members.length !== MEMBERS.length` → false,
    // :99:44 `some` → `every`, :99:57 `(m) => !MEMBERS.includes(m)` → () => undefined, :100:19 message → ""
    const { open, ...missing } = sidecar;
    const renamed = { ...missing, opened: open };
    for (const value of [missing, renamed])
      expect(read(value)).toEqual(refused('the sidecar must carry exactly the known members'));
  });

  it('each member held to its type names itself', () => {
    // why: grader.ts:101:49, :104:52, :106:54, :108:40, :109:54, :111:34, :113:41 messages → ""
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'other' }, 'kind does not name a grader verdict'],
      [{ run: 7 }, 'run is not a string'],
      [{ last_seq: 0 }, 'last_seq is not an integer >= 1'],
      [{ last_hash: 'AB'.repeat(32) }, 'last_hash is not 64 lowercase hex characters'],
      [{ open: 'true' }, 'open is not a boolean'],
      [{ content: 'AQI' }, 'content is not standard padded base64'],
      [
        { signature: { key_id: 'g', signature: 'AB'.repeat(64) } },
        'signature is not a key_id and 128 lowercase hex characters',
      ],
    ];
    for (const [change, detail] of cases) expect(read({ ...sidecar, ...change })).toEqual(refused(detail));
  });
});
