import { describe, expect, it } from 'vitest';
import { type DecodeOptions, decode } from '../src/index.js';
import { fromHex } from './helpers.js';

/**
 * Cases written for the mutants `pnpm mutate --filter coredet-cbor` left alive in
 * src/decode.ts (reports/mutation/coredet-cbor.md). Each `why` names the mutant(s) it
 * kills; the survivors no input can tell apart are listed in spec/coredet-cbor.md
 * ("Equivalent mutants").
 */

const lenient: DecodeOptions = { lenient: true };

describe('map keys', () => {
  it('refuses the float -0.0 as a map key, strict and lenient', () => {
    // why: a bug this campaign found. isKey took -0.0 for the integer 0 (Number.isSafeInteger(-0)
    // is true), so a1f9800000 was read as the map {0: 0}, and a2 00 00 f98000 01 passed the
    // sort check and lost its first entry when the Map normalised -0 to 0.
    const floatKey = {
      ok: false,
      code: 'unsupported-key',
      detail: 'map keys must be integers, text or byte strings (at byte 1)',
      offset: 1,
    };
    expect(decode(fromHex('a1f9800000'))).toEqual(floatKey);
    expect(decode(fromHex('a1f9800000'), lenient)).toEqual(floatKey);
    expect(decode(fromHex('a20000f9800001'))).toEqual({
      ...floatKey,
      detail: 'map keys must be integers, text or byte strings (at byte 3)',
      offset: 3,
    });
  });
});
