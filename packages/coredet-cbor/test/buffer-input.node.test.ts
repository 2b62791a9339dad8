import { describe, expect, it } from 'vitest';
import { decode, decodeEntries } from '../src/index.js';
import { toHex } from './helpers.js';

// Node's Buffer (pooled, a Uint8Array subclass) as decoder input: Node-only by nature.
describe('decode', () => {
  it('copies byte strings out of a Buffer input instead of aliasing it', () => {
    const input = Buffer.from('a1014201020000', 'hex').subarray(0, 5);
    const v = decode(input);
    expect(v.ok).toBe(true);
    if (!v.ok) return;
    const got = (v.value as Map<number, Uint8Array>).get(1)!;
    expect(got.constructor).toBe(Uint8Array);
    input[3] = 9;
    expect(toHex(got)).toBe('0102');
    const entries = decodeEntries(input);
    expect(entries.ok && entries.value[0]!.valueBytes.constructor).toBe(Uint8Array);
  });
});
