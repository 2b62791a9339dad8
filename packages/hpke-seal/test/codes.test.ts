import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  DACK_CODES,
  type DackCode,
  ENVELOPE_CODES,
  ENVELOPE_V1_CODES,
  type EnvelopeCode,
  type EnvelopeV1Code,
  HPKE_OPEN_CODES,
  type HpkeOpenCode,
} from '../src/index.js';

// Compile-time: each exported list names every member of its union (tsc fails otherwise;
// `satisfies` in src/ already keeps other codes out of the lists).
type Unlisted<U, L extends readonly unknown[]> = [Exclude<U, L[number]>] extends [never]
  ? true
  : Exclude<U, L[number]>;
const complete: [
  Unlisted<EnvelopeCode, typeof ENVELOPE_CODES>,
  Unlisted<EnvelopeV1Code, typeof ENVELOPE_V1_CODES>,
  Unlisted<DackCode, typeof DACK_CODES>,
  Unlisted<HpkeOpenCode, typeof HPKE_OPEN_CODES>,
] = [true, true, true, true];

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const spec = readFileSync(new URL('../../../spec/hpke-seal.md', import.meta.url), 'utf8');

describe('refusal codes', () => {
  it('every list is complete (checked by tsc) and has no repeats', () => {
    expect(complete).toEqual([true, true, true, true]);
    for (const list of [ENVELOPE_CODES, ENVELOPE_V1_CODES, DACK_CODES, HPKE_OPEN_CODES])
      expect(new Set(list).size).toBe(list.length);
  });
  it('every code is in the README and the spec', () => {
    for (const code of new Set([...ENVELOPE_CODES, ...DACK_CODES, ...HPKE_OPEN_CODES])) {
      expect(readme, code).toContain(`\`${code}\``);
      expect(spec, code).toContain(`\`${code}\``);
    }
  });
});
