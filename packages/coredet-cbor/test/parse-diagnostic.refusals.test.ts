import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import { type ParseDiagnosticOptions, parseDiagnostic } from '../src/index.js';

// What the diagnostic notation reader refuses (code, detail and offset) and how it reads values
// at the edges. Each `why` names the mutant of src/parse-diagnostic.ts the case holds; the
// survivors no input can tell apart are listed in spec/coredet-cbor.md ("Outside the verify path
// …: diagnostic notation reader (b)").

interface Refused {
  text: string;
  options?: ParseDiagnosticOptions;
  code: string;
  /** The detail but its ` (at character N)` suffix, which names the offset. */
  message: string;
  offset: number;
}

const EXPECTED_ITEM = "expected an item: a number, a string, h'…', [ ], { }, true, false or null";
const TRAILING = 'text follows the item: give one item (wrap several in [ ])';
const LONE = 'a lone surrogate has no UTF-8 form: pair it or remove it';
const UNKNOWN_ESCAPE = 'an unknown escape: use \\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX';

// The whole refusal is asserted: code, detail text and offset (the detail ends by naming it).
const refusals: [name: string, Refused][] = [
  // why: parse-diagnostic.ts:382:25, 382:35 (NoCoverage: a radix integer with a fraction), 381:9 → false,
  // 381:24 ?? → &&, 381:54 !== → ===
  [
    'a hex integer with a fraction',
    {
      text: '0x1.5',
      code: 'syntax',
      message: 'only decimal numbers may have a fraction or an exponent',
      offset: 3,
    },
  ],
  // why: parse-diagnostic.ts:381:54 radix !== 10 → true, 381:54 → === (a decimal integer before a lone '.')
  ['a decimal integer and a dot', { text: '1.', code: 'trailing-text', message: `${TRAILING}`, offset: 1 }],
  // why: parse-diagnostic.ts:407:25, 407:35 (NoCoverage), 370:27 refuseTag(start, false) → true
  [
    'a float followed by (',
    { text: '1.5(', code: 'syntax', message: 'a number cannot be followed by (', offset: 3 },
  ],
  // why: parse-diagnostic.ts:405:11 couldBeTag → true (a negative integer cannot be a tag number)
  [
    'a negative integer followed by (',
    { text: '-1(', code: 'syntax', message: 'a number cannot be followed by (', offset: 2 },
  ],
  // why: parse-diagnostic.ts:403:5 this.space() → ; in refuseTag (white space before the ()
  [
    'a negative integer, a space, (',
    { text: '-1 (', code: 'syntax', message: 'a number cannot be followed by (', offset: 3 },
  ],
  // why: parse-diagnostic.ts:406:34 (the tag message)
  [
    'a tag',
    {
      text: '6(1)',
      code: 'tag',
      message: 'a tag has no CoreDet form: write the tagged item alone',
      offset: 0,
    },
  ],
  // why: parse-diagnostic.ts:395:33 refuseIndicator(start, false) → true, 192:9 indefinite → true, 194:33
  [
    'an integer followed by _',
    { text: '1_', code: 'syntax', message: 'a number cannot be followed by _', offset: 1 },
  ],
  // why: parse-diagnostic.ts:369:33 refuseIndicator(start, false) → true (the float path)
  [
    'a float followed by _',
    { text: '1.5_', code: 'syntax', message: 'a number cannot be followed by _', offset: 3 },
  ],
  // why: parse-diagnostic.ts:161:9 c === '<' → true, 161:9 && → || (a number before <)
  ['a number before <', { text: '1<', code: 'trailing-text', message: `${TRAILING}`, offset: 1 }],
  // why: parse-diagnostic.ts:161:22 this.text[start + 1] === '<' → true (a single <)
  ['a single <', { text: '<1', code: 'syntax', message: `${EXPECTED_ITEM}`, offset: 0 }],
  // why: parse-diagnostic.ts:162:22 this.text[start + 1] === '_' → true (a ( without _)
  ['a ( without _', { text: '(1', code: 'syntax', message: `${EXPECTED_ITEM}`, offset: 0 }],
  // why: parse-diagnostic.ts:168:23 c >= '0' → true, 168:28 '0' → "", 172:7 (a + sorts before 0)
  ['a plus sign', { text: '+1', code: 'syntax', message: `${EXPECTED_ITEM}`, offset: 0 }],
  // why: parse-diagnostic.ts:165:9 (the indefinite-length string message)
  [
    'an indefinite-length string',
    {
      text: "(_ h'00')",
      code: 'indefinite-length',
      message: 'an indefinite-length string has no CoreDet form: write one string',
      offset: 0,
    },
  ],
  // why: parse-diagnostic.ts:189:9 (the encoding indicator message)
  [
    'an encoding indicator on a string',
    {
      text: '"a"_1',
      code: 'encoding-indicator',
      message:
        'an encoding indicator asks for a non-preferred encoding, which CoreDet never writes: remove it',
      offset: 3,
    },
  ],
  // why: parse-diagnostic.ts:193:46 (the indefinite length message)
  [
    'an indefinite string',
    {
      text: '"a"_',
      code: 'indefinite-length',
      message: 'an indefinite length has no CoreDet form: remove the _',
      offset: 0,
    },
  ],
  // why: parse-diagnostic.ts:200:5 this.space() → ; in openContainer (white space before the _)
  [
    'an indefinite array written [ _',
    {
      text: '[ _]',
      code: 'indefinite-length',
      message: 'an indefinite length has no CoreDet form: remove the _',
      offset: 0,
    },
  ],
  // why: parse-diagnostic.ts:63:79 (not-text detail) is below; 65:33 (the too-large message)
  [
    'a text over maxLength',
    {
      text: '12',
      options: { maxLength: 1 },
      code: 'too-large',
      message: 'the text is over 1 characters',
      offset: 1,
    },
  ],
  // why: parse-diagnostic.ts:85:39 value < 0 → value <= 0 (maxLength 0 is a bound, not an error), 156:54
  [
    'the empty text under maxLength 0',
    {
      text: '',
      options: { maxLength: 0 },
      code: 'syntax',
      message: 'the text ends where an item was expected',
      offset: 0,
    },
  ],
  // why: parse-diagnostic.ts:73:9 (the trailing-text message)
  ['two items', { text: '1 2', code: 'trailing-text', message: `${TRAILING}`, offset: 2 }],
  // why: parse-diagnostic.ts:146:50 (the open comment message)
  [
    'an open comment',
    {
      text: '/x',
      code: 'syntax',
      message: 'a comment is not closed: end it with /',
      offset: 0,
    },
  ],
  // why: parse-diagnostic.ts:215:70 (the too-deep message)
  [
    'an array under maxDepth 0',
    {
      text: '[1]',
      options: { maxDepth: 0 },
      code: 'too-deep',
      message: 'nesting beyond maxDepth',
      offset: 0,
    },
  ],
  // why: parse-diagnostic.ts:219:40, 238:37 (the too-large message of an array)
  [
    'two elements under maxItems 1',
    {
      text: '[1,2]',
      options: { maxItems: 1 },
      code: 'too-large',
      message: 'an array holds more than 1 items',
      offset: 0,
    },
  ],
  // why: parse-diagnostic.ts:226:11 this.text[this.pos] !== ',' → false, 227:37
  [
    'array elements without a comma',
    {
      text: '[1 2]',
      code: 'syntax',
      message: 'expected , or ] after an element of an array',
      offset: 3,
    },
  ],
  // why: parse-diagnostic.ts:229:7 this.space() → ; after the comma, 231:37
  [
    'a trailing comma before white space',
    {
      text: '[1, ]',
      code: 'syntax',
      message: 'a comma before ]: remove this trailing comma',
      offset: 2,
    },
  ],
  // why: parse-diagnostic.ts:247:37 'a map' → ""
  [
    'map entries without a comma',
    {
      text: '{1:1 2}',
      code: 'syntax',
      message: 'expected , or } after an element of a map',
      offset: 5,
    },
  ],
  // why: parse-diagnostic.ts:250:29 depth + 1 → depth - 1 (a key is one level deeper than its map)
  [
    'an array key beyond maxDepth',
    {
      text: '{[1]:1}',
      options: { maxDepth: 1 },
      code: 'too-deep',
      message: 'nesting beyond maxDepth',
      offset: 1,
    },
  ],
  // why: parse-diagnostic.ts:263:31 depth + 1 → depth - 1 (a value is one level deeper than its map)
  [
    'an array value beyond maxDepth',
    {
      text: '{1:[1]}',
      options: { maxDepth: 1 },
      code: 'too-deep',
      message: 'nesting beyond maxDepth',
      offset: 3,
    },
  ],
  // why: parse-diagnostic.ts:284:92 depth + 1 → depth - 1 (an embedded item is one level deeper)
  [
    'an array inside << >> beyond maxDepth',
    {
      text: '<<[1]>>',
      options: { maxDepth: 1 },
      code: 'too-deep',
      message: 'nesting beyond maxDepth',
      offset: 2,
    },
  ],
  // why: parse-diagnostic.ts:254:11 (the unsupported-key message)
  [
    'an array as a key',
    {
      text: '{[]:1}',
      code: 'unsupported-key',
      message: 'a map key must be an integer, a text string or a byte string',
      offset: 1,
    },
  ],
  // why: parse-diagnostic.ts:258:60 (the duplicate-key message)
  [
    'a key twice',
    {
      text: '{1:1,1:2}',
      code: 'duplicate-key',
      message: 'the same map key twice: keep one',
      offset: 5,
    },
  ],
  // why: parse-diagnostic.ts:261:68 (the missing colon message)
  ['a key without :', { text: '{1 2}', code: 'syntax', message: 'expected : after a map key', offset: 3 }],
  // why: parse-diagnostic.ts:284:38 'an embedded item' → ""
  [
    'embedded items without a comma',
    {
      text: '<<1 2>>',
      code: 'syntax',
      message: 'expected , or >> after an element of an embedded item',
      offset: 4,
    },
  ],
  // why: parse-diagnostic.ts:296:44 code > 0xdfff → false (a high surrogate before U+E000), 502:31
  [
    'a high surrogate before U+E000',
    { text: '"\\ud800\\ue000"', code: 'invalid-utf8', message: `${LONE}`, offset: 1 },
  ],
  // why: parse-diagnostic.ts:297:43 code <= 0xdfff → code < 0xdfff (the last low surrogate alone)
  ['a lone U+DFFF', { text: '"\\udfff"', code: 'invalid-utf8', message: `${LONE}`, offset: 1 }],
  // why: parse-diagnostic.ts:340:9 unit(plain.charCodeAt(0), at) → ; (an escape between the halves of a pair)
  [
    'a high surrogate, \\n, a low surrogate',
    { text: '"\\ud800\\n\\udc00"', code: 'invalid-utf8', message: `${LONE}`, offset: 1 },
  ],
  // why: parse-diagnostic.ts:304:37 (the open string message)
  [
    'an open string',
    {
      text: '"abc',
      code: 'syntax',
      message: 'a string is not closed: end it with "',
      offset: 0,
    },
  ],
  // why: parse-diagnostic.ts:314:11 (the control character message)
  [
    'a raw line feed in a string',
    {
      text: '"a\nb"',
      code: 'syntax',
      message: 'a control character inside a string: write it as an escape such as \\n',
      offset: 2,
    },
  ],
  // why: parse-diagnostic.ts:326:13 the four-hex-digit test → false, 327:39
  [
    'a short \\u escape',
    {
      text: '"\\u12"',
      code: 'syntax',
      message: 'a \\u escape takes four hex digits',
      offset: 1,
    },
  ],
  // why: parse-diagnostic.ts:334:37 → false, 334:43 "'" → "", 334:60 '"' → "", 337:13 (\' inside "…")
  ["\\' in double quotes", { text: `"\\'"`, code: 'syntax', message: `${UNKNOWN_ESCAPE}`, offset: 1 }],
  // why: parse-diagnostic.ts:334:69 → false, 334:75 '"' → "", 334:92 "'" → "" (\" inside '…')
  ['\\" in single quotes', { text: `'\\"'`, code: 'syntax', message: `${UNKNOWN_ESCAPE}`, offset: 1 }],
  // why: parse-diagnostic.ts:357:19 t[body] === '0' → true (a radix letter after a non-zero digit)
  ['1x5', { text: '1x5', code: 'trailing-text', message: `${TRAILING}`, offset: 1 }],
  // why: parse-diagnostic.ts:361:49 (the no-digits message)
  ['a minus sign alone', { text: '-x', code: 'syntax', message: 'expected digits after -', offset: 1 }],
  // why: parse-diagnostic.ts:363:35 (the leading zero message)
  [
    'a leading zero',
    {
      text: '01',
      code: 'syntax',
      message: 'a leading zero: write the number without it (0x… for hex)',
      offset: 0,
    },
  ],
  // why: parse-diagnostic.ts:368:44 (the overflow message)
  [
    'a float beyond binary64',
    {
      text: '1e400',
      code: 'nan-or-infinity',
      message: 'the number is beyond binary64 and would be Infinity',
      offset: 0,
    },
  ],
  // why: parse-diagnostic.ts:504:34 (the NaN message)
  [
    'NaN',
    {
      text: 'NaN',
      code: 'nan-or-infinity',
      message: 'NaN and Infinity have no CoreDet form',
      offset: 0,
    },
  ],
  // why: parse-diagnostic.ts:379:49 (the empty radix message)
  [
    '0x alone',
    {
      text: '0x',
      code: 'syntax',
      message: 'expected digits after the radix prefix',
      offset: 2,
    },
  ],
  // why: parse-diagnostic.ts:392:9 (the out-of-range message)
  [
    '2^64',
    {
      text: '18446744073709551616',
      code: 'int-out-of-range',
      message: 'an integer outside -2^64..2^64-1 needs a bignum tag, which CoreDet refuses',
      offset: 0,
    },
  ],
  // why: parse-diagnostic.ts:419:11 w === 'b64' → true, 422:9 (another prefix)
  [
    "x'…'",
    {
      text: "x'00'",
      code: 'bad-byte-string',
      message: "only h'…' and b64'…' byte strings are read: write it in hex",
      offset: 0,
    },
  ],
  // why: parse-diagnostic.ts:433:7 case 'undefined' body removed (falls into simple), 434:41
  [
    'undefined',
    {
      text: 'undefined',
      code: 'bad-simple',
      message: 'undefined has no CoreDet form: use null',
      offset: 0,
    },
  ],
  // why: parse-diagnostic.ts:438:11 (the simple message)
  [
    'simple(1)',
    {
      text: 'simple(1)',
      code: 'bad-simple',
      message: 'simple values other than false, true and null have no CoreDet form',
      offset: 0,
    },
  ],
  // why: parse-diagnostic.ts:447:11 (the unknown word message)
  [
    'an unknown word',
    {
      text: 'foo',
      code: 'syntax',
      message: "an unknown word: items are numbers, strings, h'…', [ ], { }, true, false, null",
      offset: 0,
    },
  ],
  // why: parse-diagnostic.ts:462:56 (the open byte string message)
  [
    "an open h'…'",
    {
      text: "h'00",
      code: 'syntax',
      message: "a byte string is not closed: end it with '",
      offset: 1,
    },
  ],
  // why: parse-diagnostic.ts:479:9 (the odd hex message)
  [
    "an odd h'…'",
    {
      text: "h'0'",
      code: 'bad-byte-string',
      message: "h'…' holds pairs of hex digits (white space and /comments/ between them)",
      offset: 0,
    },
  ],
  // why: parse-diagnostic.ts:488:32 /=+$/ → /=+/ (an = inside the body), 494:9
  [
    "an = inside b64'…'",
    {
      text: "b64'AA=A'",
      code: 'bad-byte-string',
      message: "b64'…' holds base64 or base64url, padding optional, unused bits zero",
      offset: 0,
    },
  ],
];

describe('every diagnostic notation refusal carries its code, detail and offset', () => {
  it.each(refusals)('%s', (_name, { text, options, code, message, offset }) => {
    const detail = `${message} (at character ${offset})`;
    expect(parseDiagnostic(text, options)).toEqual({ ok: false, code, detail, offset });
  });

  // why: parse-diagnostic.ts:63:79 (the not-text detail)
  it('a non-string input', () => {
    expect(parseDiagnostic(5 as never)).toEqual({
      ok: false,
      code: 'not-text',
      detail: 'the input is not a string',
    });
  });
});

describe('diagnostic notation values at the edges', () => {
  // why: parse-diagnostic.ts:381:47 '' → "Stryker was here!" (its 'e' would read as an exponent at the end)
  it('a hex integer at the end of the text', () => {
    expect(parseDiagnostic('0x1')).toEqual({ ok: true, value: 1 });
  });

  // why: parse-diagnostic.ts:383:38 /^0+(?=.)/ → /^0+(?!.)/ (all zeros stripped leaves BigInt('0x'), which throws)
  it('0x0 is zero', () => {
    expect(parseDiagnostic('0x0')).toEqual({ ok: true, value: 0 });
  });

  // why: parse-diagnostic.ts:383:38 /^0+(?=.)/ → /^0(?=.)/ (three leading zeros before 2^64-1: only one
  // stripped would leave 18 digits, over the 17 a hex integer in range can have)
  it('leading zeros do not count as digits', () => {
    expect(parseDiagnostic(`0x000${'f'.repeat(16)}`)).toEqual({ ok: true, value: 2n ** 64n - 1n });
  });

  // why: parse-diagnostic.ts:210:5 this.space() → ; in elements (white space inside an empty << >>)
  it('<< >> is the empty byte string', () => {
    expect(parseDiagnostic('<< >>')).toEqual({ ok: true, value: new Uint8Array(0) });
  });

  // why: parse-diagnostic.ts:85:39 value < 0 → value <= 0 and 218:11 > → >= (one element under maxItems 1)
  it('one element under maxItems 1, and bounds of 0', () => {
    expect(parseDiagnostic('[1]', { maxItems: 1 })).toEqual({ ok: true, value: [1] });
    expect(parseDiagnostic('[]', { maxItems: 0, maxDepth: 0 })).toEqual({ ok: true, value: [] });
  });

  // why: parse-diagnostic.ts:397:12 n >= -SAFE → n > -SAFE, 397:26 n <= SAFE → n < SAFE (the safe ends stay numbers)
  it('the safe integer ends are numbers, one past them bigints', () => {
    expect(parseDiagnostic('9007199254740991')).toEqual({ ok: true, value: 9007199254740991 });
    expect(parseDiagnostic('-9007199254740991')).toEqual({ ok: true, value: -9007199254740991 });
    expect(parseDiagnostic('9007199254740992')).toEqual({ ok: true, value: 9007199254740992n });
  });

  // why: parse-diagnostic.ts:268:80, 268:100 true → false (a __proto__ key is an ordinary, writable, configurable own property)
  it('a __proto__ key is a plain own property', () => {
    const v = parseDiagnostic('{"__proto__": 1}');
    if (!v.ok) throw new Error(v.code);
    expect(Object.getOwnPropertyDescriptor(v.value, '__proto__')).toEqual({
      value: 1,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  });
});

describe('a bound of the diagnostic reader that is not a count', () => {
  // why: parse-diagnostic.ts:57:41 'maxLength' → "", 86:41 (the bound message)
  it('a maxLength that is not a count is named in the error', () => {
    expect(thrown(() => parseDiagnostic('1', { maxLength: -1 }))).toEqual({
      name: 'SeamError',
      code: 'bad-argument',
      message: 'bad-argument: maxLength must be a non-negative integer',
    });
  });
  // why: parse-diagnostic.ts:59:39 'maxItems' → ""
  it('a maxItems that is not a count is named in the error', () => {
    expect(thrown(() => parseDiagnostic('1', { maxItems: 1.5 }))).toEqual({
      name: 'SeamError',
      code: 'bad-argument',
      message: 'bad-argument: maxItems must be a non-negative integer',
    });
  });
  // why: parse-diagnostic.ts:62:41 (the maxDepth ceiling message)
  it('a maxDepth above 256 is named in the error', () => {
    expect(thrown(() => parseDiagnostic('1', { maxDepth: 257 }))).toEqual({
      name: 'SeamError',
      code: 'bad-argument',
      message: 'bad-argument: maxDepth above 256 cannot be encoded',
    });
  });
});

describe('the escapes of diagnostic notation', () => {
  it('each one-character escape reads as its character', () => {
    // why: parse-diagnostic.ts:121:8 ESCAPES '/' → "" and :123:6 '\f' → "" (module-level, found by
    // `pnpm mutate --filter coredet-cbor --rest --static`): `\/` and `\f` were never read by a case,
    // and with either mutant the character vanished from the text. Each applied by hand turns this red.
    const escapes: [string, string][] = [
      ['\\"', '"'],
      ['\\\\', '\\'],
      ['\\/', '/'],
      ['\\b', '\b'],
      ['\\f', '\f'],
      ['\\n', '\n'],
      ['\\r', '\r'],
      ['\\t', '\t'],
    ];
    for (const [spelled, char] of escapes)
      expect(parseDiagnostic(`"a${spelled}b"`), spelled).toEqual({ ok: true, value: `a${char}b` });
    expect(parseDiagnostic("'a\\'b'")).toEqual({ ok: true, value: new TextEncoder().encode("a'b") });
  });
});
