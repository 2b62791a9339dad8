import * as canonical from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { codeBlocks, runBlock } from '../../../tools/readme-examples.js';

// The README's examples run as written.
const blocks = codeBlocks(new URL('../README.md', import.meta.url));

describe('README examples', () => {
  it('the README has its examples', () => expect(blocks.length).toBe(3));
  for (const [i, block] of blocks.entries())
    it(`example ${i + 1} runs`, () => runBlock(block, { '@agent-seam/canonical': canonical }));
});
