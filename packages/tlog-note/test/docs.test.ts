import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CHECKPOINT_CODES, NOTE_CODES, VERIFIER_KEY_CODES } from '@agent-seam/tlog-note';
import { describe, expect, it } from 'vitest';

// tools/doc-examples.ts runs the README's blocks; this holds the README and the spec to
// the code lists, and keeps the witness-policy task among the README's examples.
const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
const spec = readFileSync(join(import.meta.dirname, '..', '..', '..', 'spec', 'tlog-note.md'), 'utf8');
const codes = [...new Set([...NOTE_CODES, ...CHECKPOINT_CODES, ...VERIFIER_KEY_CODES])];

describe('documentation', () => {
  it('every refusal code is in the README', () =>
    expect(codes.filter((c) => !readme.includes(`\`${c}\``))).toEqual([]));
  it('every refusal code is in spec/tlog-note.md', () =>
    expect(codes.filter((c) => !spec.includes(`\`${c}\``))).toEqual([]));
  it('the README shows a checkpoint accepted only with the log and 1 of 2 witnesses', () => {
    const blocks = [...readme.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
    expect(blocks.some((b) => b.includes('atLeast: 1') && b.includes('witness-quorum-not-met'))).toBe(true);
  });
});
