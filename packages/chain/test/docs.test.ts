import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AUDIT_CODES,
  FINDING_CODES,
  GRADER_SIDECAR_CODES,
  LINK_CODES,
  NOT_CHECKED_CODES,
  SIGNATURE_CODES,
} from '../src/index.js';

const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
const spec = readFileSync(join(import.meta.dirname, '..', '..', '..', 'spec', 'chain.md'), 'utf8');
const codes = [
  ...FINDING_CODES,
  ...NOT_CHECKED_CODES,
  ...SIGNATURE_CODES,
  ...AUDIT_CODES,
  ...LINK_CODES,
  ...GRADER_SIDECAR_CODES,
  'bad-anchor',
];

describe('every refusal code is documented', () => {
  it('in the README', () => expect(codes.filter((c) => !readme.includes(`\`${c}\``))).toEqual([]));
  it('in spec/chain.md', () => expect(codes.filter((c) => !spec.includes(`\`${c}\``))).toEqual([]));
});
