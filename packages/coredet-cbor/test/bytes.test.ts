import { describe, expect, it } from 'vitest';
import { compareRanges } from '../src/bytes.js';
import { fromHex } from './helpers.js';

// Each `why` names the mutant(s) of src/ the case holds; the survivors no input can tell apart
// are listed in spec/coredet-cbor.md ("Outside the verify path ... (a)").

describe('comparing byte ranges', () => {
  // why: bytes.ts:10:13 Math.min → Math.max, bytes.ts:10:22 aEnd - aStart → aEnd + aStart and
  // bytes.ts:10:37 bEnd - bStart → bEnd + bStart: each compares past a range's end (NaN)
  // where a prefix orders first.
  it('orders a prefix first, ranges starting inside their arrays', () => {
    expect(compareRanges(fromHex('01'), 0, 1, fromHex('0102'), 0, 2)).toBe(-1);
    expect(compareRanges(fromHex('0901'), 1, 2, fromHex('0102'), 0, 2)).toBe(-1);
    expect(compareRanges(fromHex('0102'), 0, 2, fromHex('0901'), 1, 2)).toBe(1);
  });
});
