import * as canonical from '@agent-seam/canonical';
import * as did from '@agent-seam/did';
import * as tlogNote from '@agent-seam/tlog-note';
import { describe, expect, it } from 'vitest';
import { codeBlocks, runBlock } from '../../../tools/readme-examples.js';

// The README's examples run as written.
const modules = {
  '@agent-seam/canonical': canonical,
  '@agent-seam/did': did,
  '@agent-seam/tlog-note': tlogNote,
};
const blocks = codeBlocks(new URL('../README.md', import.meta.url));

describe('README examples', () => {
  it('the README has its example', () => expect(blocks.length).toBe(1));
  for (const [i, block] of blocks.entries()) it(`example ${i + 1} runs`, () => runBlock(block, modules));
});
