import { SeamError } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { type GraderClaim, signGraderVerdict } from '../src/index.js';
import { GRADER_CLAIM, GRADER_SEED } from './helpers.js';

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
