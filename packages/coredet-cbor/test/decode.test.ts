import { SeamError } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { type DecodeOptions, decode, decodeEntries } from '../src/index.js';
import { fromHex } from './helpers.js';

// The decoder's rules, each refusal whole. Each `why` names the mutant of src/decode.ts the case
// holds; the survivors no input can tell apart are listed in spec/coredet-cbor.md
// ("Equivalent mutants").

const lenient: DecodeOptions = { lenient: true };

interface Refused {
  hex: string;
  options?: DecodeOptions;
  code: string;
  /** The detail but its ` (at byte N)` suffix, which names the offset. */
  message: string;
  offset: number;
}

// The whole refusal is asserted: code, detail text and offset (the detail ends by naming it).
const refusals: [name: string, Refused][] = [
  // why: decode.ts:220 'bytes follow the item' → ""
  ['trailing bytes', { hex: '0000', code: 'trailing-bytes', message: 'bytes follow the item', offset: 1 }],
  // why: decode.ts:240 'map keys must be integers, text or byte strings' → ""
  [
    'an array as a map key',
    {
      hex: 'a18000',
      code: 'unsupported-key',
      message: 'map keys must be integers, text or byte strings',
      offset: 1,
    },
  ],
  // why: decode.ts:243 'a map key appears twice' → "" (the lenient, seen-set path)
  [
    'a duplicate key, lenient',
    {
      hex: 'a200000000',
      options: lenient,
      code: 'duplicate-key',
      message: 'a map key appears twice',
      offset: 3,
    },
  ],
  // why: decode.ts:247 'a map key appears twice' → "" (the strict, adjacent-key path)
  [
    'a duplicate key, strict',
    { hex: 'a200000000', code: 'duplicate-key', message: 'a map key appears twice', offset: 3 },
  ],
  // why: decode.ts:249 'map keys are not in bytewise order of their encodings' → ""
  [
    'unsorted keys',
    {
      hex: 'a201000000',
      code: 'unsorted-keys',
      message: 'map keys are not in bytewise order of their encodings',
      offset: 3,
    },
  ],
  // why: decode.ts:306 'input is over ${maxBytes} bytes' → ''
  [
    'an input over maxBytes',
    {
      hex: '0000',
      options: { maxBytes: 1 },
      code: 'too-large',
      message: 'input is over 1 bytes',
      offset: 1,
    },
  ],
  // why: decode.ts:314 'input ends before an item' → ""
  ['an empty input', { hex: '', code: 'truncated', message: 'input ends before an item', offset: 0 }],
  // why: decode.ts:324 'indefinite string chunk of the wrong kind' → ""
  [
    'a text chunk inside an indefinite byte string',
    {
      hex: '5f60ff',
      options: lenient,
      code: 'malformed',
      message: 'indefinite string chunk of the wrong kind',
      offset: 1,
    },
  ],
  // why: decode.ts:323 ai === 31 → false (an indefinite chunk of the right major type would
  // open a nested indefinite string and the whole would read as h'')
  [
    'an indefinite chunk inside an indefinite byte string',
    {
      hex: '5f5fffff',
      options: lenient,
      code: 'malformed',
      message: 'indefinite string chunk of the wrong kind',
      offset: 1,
    },
  ],
  // why: decode.ts:334 'input ends inside an item head' → ""
  [
    'a head cut short',
    { hex: '18', code: 'truncated', message: 'input ends inside an item head', offset: 0 },
  ],
  // why: decode.ts:363 'an integer or length is not in its shortest form' → ""
  [
    'a non-shortest integer',
    {
      hex: '1800',
      code: 'non-minimal-int',
      message: 'an integer or length is not in its shortest form',
      offset: 0,
    },
  ],
  // why: decode.ts:369 'break outside an indefinite container' → ""
  [
    'a lone break',
    {
      hex: 'ff',
      code: 'malformed',
      message: 'break outside an indefinite container',
      offset: 0,
    },
  ],
  // why: decode.ts:379 'reserved additional information 28-30' → "", and decode.ts:365
  // ai === 31 → true (fc would be read as a break, 1c as an indefinite integer)
  [
    'reserved additional information on a simple value',
    { hex: 'fc', code: 'malformed', message: 'reserved additional information 28-30', offset: 0 },
  ],
  [
    'reserved additional information on an integer',
    { hex: '1c', code: 'malformed', message: 'reserved additional information 28-30', offset: 0 },
  ],
  // why: decode.ts:376 'indefinite length on a type that has none' → ""
  [
    'an indefinite integer',
    {
      hex: '1f',
      code: 'malformed',
      message: 'indefinite length on a type that has none',
      offset: 0,
    },
  ],
  // why: decode.ts:375 major === 6 → false (df would be indefinite-length, not malformed)
  [
    'an indefinite tag',
    {
      hex: 'df',
      code: 'malformed',
      message: 'indefinite length on a type that has none',
      offset: 0,
    },
  ],
  // why: decode.ts:377 'indefinite-length items are not CoreDet' → ""
  [
    'an indefinite byte string, strict',
    {
      hex: '5fff',
      code: 'indefinite-length',
      message: 'indefinite-length items are not CoreDet',
      offset: 0,
    },
  ],
  // why: decode.ts:392 'nesting beyond maxDepth' → "" (an indefinite string's frame)
  [
    'an indefinite byte string beyond maxDepth',
    {
      hex: '5fff',
      options: { lenient: true, maxDepth: 0 },
      code: 'too-deep',
      message: 'nesting beyond maxDepth',
      offset: 0,
    },
  ],
  // why: decode.ts:396 'a string is longer than the input' → ""
  [
    'a byte string longer than the input',
    { hex: '41', code: 'truncated', message: 'a string is longer than the input', offset: 0 },
  ],
  // why: decode.ts:400 'text is not valid UTF-8' → "", and decode.ts:127 c >= 0x80 → c > 0x80
  // (the short-text loop would take a lone continuation byte 0x80 for U+0080)
  [
    'short text holding a lone continuation byte 0x80',
    { hex: '6180', code: 'invalid-utf8', message: 'text is not valid UTF-8', offset: 0 },
  ],
  // why: decode.ts:410 'a container holds more than ${maxItems} items' → '', and decode.ts:408
  // arg !== -1 → arg !== +1 (a one-item array would skip the maxItems check)
  [
    'a one-item array over maxItems 0',
    {
      hex: '8100',
      options: { maxItems: 0 },
      code: 'too-large',
      message: 'a container holds more than 0 items',
      offset: 0,
    },
  ],
  // why: decode.ts:413 'a container is longer than the input' → "", and decode.ts:408
  // arg !== -1 → arg !== +1 (the array would open and fail later: at byte 1, another detail)
  [
    'a one-item array with nothing after its head',
    {
      hex: '81',
      code: 'truncated',
      message: 'a container is longer than the input',
      offset: 0,
    },
  ],
  // why: decode.ts:412 arg * (major === 5 ? 2 : 1) → arg / (...), and major === 5 → false
  // (a one-entry map needs two bytes; with one byte left it would open and fail at byte 2)
  [
    'a one-entry map with room for one item only',
    {
      hex: 'a100',
      code: 'truncated',
      message: 'a container is longer than the input',
      offset: 0,
    },
  ],
  // why: decode.ts:419 'nesting beyond maxDepth' → "" (an array's frame)
  [
    'an array beyond maxDepth',
    {
      hex: '8100',
      options: { maxDepth: 0 },
      code: 'too-deep',
      message: 'nesting beyond maxDepth',
      offset: 0,
    },
  ],
  // why: decode.ts:430 'tags are not allowed' → ""
  ['a tag', { hex: 'c000', code: 'tag', message: 'tags are not allowed', offset: 0 }],
  // why: decode.ts:455 'simple value below 32 in two-byte form' → ""
  [
    'a two-byte simple value below 32',
    {
      hex: 'f818',
      code: 'malformed',
      message: 'simple value below 32 in two-byte form',
      offset: 0,
    },
  ],
  // why: decode.ts:456 'only false, true and null are allowed' → ""
  [
    'undefined, strict',
    {
      hex: 'f7',
      code: 'bad-simple',
      message: 'only false, true and null are allowed',
      offset: 0,
    },
  ],
  // why: decode.ts:462 'NaN and ±Infinity are not allowed' → ""
  [
    'Infinity',
    {
      hex: 'f97c00',
      code: 'nan-or-infinity',
      message: 'NaN and ±Infinity are not allowed',
      offset: 0,
    },
  ],
  // why: decode.ts:464 'a float is wider than its value needs' → ""
  [
    '1.0 as binary32',
    {
      hex: 'fa3f800000',
      code: 'non-minimal-float',
      message: 'a float is wider than its value needs',
      offset: 0,
    },
  ],
];

describe('every decoder refusal carries its code, detail and offset', () => {
  it.each(refusals)('%s', (_name, c) => {
    expect(decode(fromHex(c.hex), c.options)).toEqual({
      ok: false,
      code: c.code,
      detail: `${c.message} (at byte ${c.offset})`,
      offset: c.offset,
    });
  });

  it('an item that is not a map has no entries, and the refusal says so', () => {
    // why: decode.ts:493 'the item is not a map' → ""
    expect(decodeEntries(fromHex('80'))).toEqual({
      ok: false,
      code: 'not-a-map',
      detail: 'the item is not a map',
      offset: 0,
    });
  });
});

describe('the bounds a caller sets', () => {
  it('accepts 0 for every bound', () => {
    // why: decode.ts:277 value < 0 → value <= 0 (0 is a count; the mutant throws for it)
    expect(decode(fromHex('00'), { maxDepth: 0 })).toEqual({ ok: true, value: 0 });
    expect(decode(fromHex('00'), { maxItems: 0 })).toEqual({ ok: true, value: 0 });
    expect(decode(fromHex(''), { maxBytes: 0 })).toMatchObject({ ok: false, code: 'truncated' });
  });

  it('throws a SeamError naming the bound that is not a count', () => {
    // why: decode.ts:278 '${name} must be a non-negative integer' → ''
    const thrown = (options: DecodeOptions) => {
      try {
        decode(fromHex('00'), options);
      } catch (e) {
        return e;
      }
      return undefined;
    };
    for (const [name, options] of [
      ['maxDepth', { maxDepth: -1 }],
      ['maxBytes', { maxBytes: Number.NaN }],
      ['maxItems', { maxItems: 1.5 }],
    ] as const) {
      const e = thrown(options);
      expect(e).toBeInstanceOf(SeamError);
      expect((e as SeamError).code).toBe('bad-argument');
      expect((e as SeamError).message).toBe(`bad-argument: ${name} must be a non-negative integer`);
    }
  });
});

describe('map keys', () => {
  it('reads integer keys beyond 2^53 as bigints', () => {
    // why: decode.ts:158 typeof v === 'bigint' → false, and 'bigint' → "" (a bigint key
    // would be refused as unsupported-key)
    expect(decode(fromHex('a11bffffffffffffffff00'))).toEqual({
      ok: true,
      value: new Map([[2n ** 64n - 1n, 0]]),
    });
    expect(decode(fromHex('a13bffffffffffffffff00'))).toEqual({
      ok: true,
      value: new Map([[-(2n ** 64n), 0]]),
    });
  });

  it('refuses float map keys, -0.0 included, strict and lenient', () => {
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
    // and 1.5, which only the safe-integer test refuses (Number.isSafeInteger(v) → true)
    expect(decode(fromHex('a1f93e0000'))).toEqual(floatKey);
    expect(decode(fromHex('a1f9800000'), lenient)).toEqual(floatKey);
    expect(decode(fromHex('a20000f9800001'))).toEqual({
      ...floatKey,
      detail: 'map keys must be integers, text or byte strings (at byte 3)',
      offset: 3,
    });
  });

  it('lenient duplicate detection tells keys of different types apart', () => {
    // Each pair is two different keys whose identities a mutant of keyIdentity makes equal.
    const both = (a: string, b: string) => decode(fromHex(`a2${a}00${b}00`), lenient);
    // why: decode.ts:146 typeof k === 'string' → true (text "1" and integer 1 both t1)
    // and → false, and 'string' → "" (both i1)
    expect(both('01', '6131')).toMatchObject({ ok: true });
    // why: decode.ts:146 typeof k === 'string' → typeof k !== 'string' (integer 1 and h'01'
    // both t1); decode.ts:147 k instanceof Uint8Array → false, and its block → {} (h'01'
    // and integer 1 both i1)
    expect(both('01', '4101')).toMatchObject({ ok: true });
    // why: decode.ts:148 'b' → "" (h'7461' would be "ta", the identity of the text "a")
    expect(both('6161', '427461')).toMatchObject({ ok: true });
    // why: decode.ts:149 s += ... → s -= ... (every non-empty byte string would be NaN)
    expect(both('4101', '4102')).toMatchObject({ ok: true });
  });

  it('keeps the text entries read before a lenient map turns into a Map', () => {
    // why: decode.ts:173 frame.obj === null → true (the entries gathered in the object so
    // far would be dropped). Only lenient maps can put a text key before an integer key.
    expect(decode(fromHex('a2616101016161'), lenient)).toEqual({
      ok: true,
      value: new Map<string | number, number | string>([
        ['a', 1],
        [1, 'a'],
      ]),
    });
  });

  it('makes a __proto__ key an ordinary own property', () => {
    // why: decode.ts:168 writable: true → false, and configurable: true → false
    const verdict = decode(fromHex('a1695f5f70726f746f5f5f01'));
    if (!verdict.ok) throw new Error(verdict.detail);
    const value = verdict.value as object;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(value, '__proto__')).toEqual({
      value: 1,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  });
});

describe('the input', () => {
  it('reads a plain Uint8Array through its own indices', () => {
    // why: decode.ts:299 input.constructor === Uint8Array → false. Only a subclass is
    // re-viewed through buffer, byteOffset and byteLength; a plain array is read as it is,
    // so an own property shadowing one of those does not change what is read.
    const input = fromHex('820102');
    Object.defineProperty(input, 'byteLength', { value: 0 });
    expect(decode(input)).toEqual({ ok: true, value: [1, 2] });
  });
});
