import {
  canonicalize,
  canonicalString,
  checkListProblems,
  createSha256,
  explainVerdict,
  fail,
  hmacSha256,
  isCanonicalJSON,
  JsonFloat,
  jsonReader,
  type ProfileName,
  parseJSON,
  pythonFloatRepr,
  sha256,
  sha512,
} from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import { canonicalText, expectRefusal, text, utf8 } from './helpers.js';

/**
 * Cases written against the survivors of the Stryker run over src/bytes.ts to src/parser.ts
 * (issue 15, `pnpm mutate --filter canonical --rest`, part 1, continued): each `why` names the
 * mutant(s) the case kills (file:line:col). The survivors no input can tell from the original
 * are listed, with the reason, in spec/canonical.md ("part 1, continued").
 */

/** Member names in order, so a value built by JSON.parse (first position) and by parseJSON differ. */
const keysOf = (v: unknown): string[] => Object.keys(v as object);

describe('jsonReader holds to parseJSON where its JSON.parse path would build something else', () => {
  it('a name repeated with another spelling (an escape) keeps the last position, as parseJSON does', () => {
    // why: json-reader.ts:54:18 `decoded ?? utf8Slice(...)` → `&&` (an escaped name was screened by its
    // raw text `\u0061`, so the plain "a" after it was no repeat, and JSON.parse kept "a" first).
    // parseJSON's last-wins moves a repeated name to its last position: ["b", "a"].
    const doc = utf8('{"\\u0061":1,"\\u0062":2,"a":3}');
    const read = jsonReader()(doc);
    expect(read).toEqual(parseJSON(doc));
    expect(read.ok && keysOf(read.value)).toEqual(['b', 'a']);
  });

  it('a name repeated after the object outgrew its scan (17 names) keeps the last position', () => {
    // why: json-reader.ts:63:10 `names.add(name)` removed (past 16 names the set of names stopped
    // growing, so a later repeat went to JSON.parse, which keeps the first position)
    const first = Array.from({ length: 17 }, (_, i) => `"n${i}":${i}`);
    const doc = utf8(`{${first.join(',')},"x":1,"y":2,"x":3}`);
    const read = jsonReader()(doc);
    expect(read).toEqual(parseJSON(doc));
    expect(read.ok && keysOf(read.value).slice(-2)).toEqual(['y', 'x']);
  });

  it('without options it reads as parseJSON does without options', () => {
    // why: json-reader.ts:86:29, 87:20, 88:20 and 89:38 `options?.x` → `options.x` (a TypeError
    // for a reader made without options)
    const doc = utf8('{"a":[1,2.5,"x",null]}');
    expect(jsonReader()(doc)).toEqual({ ok: true, value: { a: [1, 2.5, 'x', null] } });
  });

  it('maxDepth holds on the JSON.parse path too, and its default is 128', () => {
    // why: json-reader.ts:88:20 `options?.maxDepth ?? DEFAULT_MAX_DEPTH` → `&&` (the screen ran at
    // depth 128 when a depth was given, and with no depth at all when none was)
    const nested = (depth: number) => utf8(`${'['.repeat(depth)}${']'.repeat(depth)}`);
    expect(jsonReader({ maxDepth: 1 })(nested(2))).toEqual(parseJSON(nested(2), { maxDepth: 1 }));
    expect(jsonReader({ maxDepth: 1 })(nested(2))).toMatchObject({ ok: false, code: 'too-deep' });
    expect(jsonReader()(nested(129))).toMatchObject({ ok: false, code: 'too-deep' });
    expect(jsonReader()(nested(128)).ok).toBe(true);
  });

  it('a document that is not bytes is refused as parseJSON refuses it, never thrown', () => {
    // why: json-reader.ts:91:9 `!(bytes instanceof Uint8Array)` → `bytes instanceof Uint8Array`
    // (null reached `bytes.length`: a TypeError)
    const read = jsonReader();
    for (const document of [null, 7, {}]) {
      expect(read(document as never)).toEqual(parseJSON(document as never));
      expect(read(document as never)).toMatchObject({ ok: false, code: 'not-bytes' });
    }
  });
});

/** parseJSON's refusal of `document`, as the fields a case compares whole. */
const refusal = (code: string, detail: string) => ({ ok: false, code, detail });
const badOptions = (message: string) => ({
  name: 'SeamError',
  code: 'bad-options',
  message: `bad-options: ${message}`,
});
const bytes = (...xs: number[]) => new Uint8Array(xs);

describe('parseJSON: the options it refuses, whole, and the edges it admits', () => {
  it('each bad option is named in its message', () => {
    // why: from-json.ts:49:40, 53:40 and 138:40 the messages → ""
    const doc = utf8('1');
    expect(thrown(() => parseJSON(doc, { duplicateKeys: 'first' as 'refuse' }))).toEqual(
      badOptions("duplicateKeys must be 'last-wins' or 'refuse'"),
    );
    expect(thrown(() => parseJSON(doc, { maxDepth: 1.5 }))).toEqual(
      badOptions('maxDepth must be a non-negative integer'),
    );
    expect(thrown(() => parseJSON(doc, { floats: 'bigint' as 'marked' }))).toEqual(
      badOptions("floats must be 'number' or 'marked'"),
    );
  });

  it('maxDepth 0 and maxBytes 0 are caps, not bad options', () => {
    // why: from-json.ts:52:42 `maxDepth < 0` → `<= 0` and 54:42 `maxBytes < 0` → `<= 0` (0 threw);
    // parser.ts:86:40 the too-deep detail → ''
    expect(parseJSON(utf8('1'), { maxDepth: 0 })).toEqual({ ok: true, value: 1 });
    expect(parseJSON(utf8('[]'), { maxDepth: 0 })).toEqual(refusal('too-deep', 'nesting deeper than 0'));
    expect(parseJSON(utf8(''), { maxBytes: 0 })).toMatchObject({ ok: false, code: 'invalid-json' });
    expect(parseJSON(utf8('1'), { maxBytes: 0 })).toEqual(
      refusal('too-large', 'document is larger than 0 bytes'),
    );
  });
});

describe('parseJSON: the encoding gate, code and detail', () => {
  it('a document that is neither bytes nor a string is described by its type, never its value', () => {
    // why: from-json.ts:70:30 the detail → "", and describeType: 81:3 `v === null` → true, → false,
    // → `!==`, 81:16 'null' → "", 81:44 'an array' → "", 81:57 `typeof v === 'object'` → true, →
    // false, → `!==`, 81:70 'object' → "", 81:81 'an object' → "", 81:95 `a ${typeof v}` → ''
    const cases: [unknown, string][] = [
      [null, 'null'],
      [[1], 'an array'],
      [{ a: 1 }, 'an object'],
      [7, 'a number'],
      [undefined, 'undefined'],
    ];
    for (const [document, described] of cases) {
      expect(parseJSON(document as never)).toEqual(
        refusal('not-bytes', `the document is ${described}, not a Uint8Array or a string`),
      );
    }
  });

  it('too large, as a string and as bytes, names the cap', () => {
    // why: from-json.ts:71:60 (a string) and 89:57 (bytes) the detail → ''
    const detail = 'document is larger than 2 bytes';
    expect(parseJSON('123', { maxBytes: 2 })).toEqual(refusal('too-large', detail));
    expect(parseJSON(utf8('123'), { maxBytes: 2 })).toEqual(refusal('too-large', detail));
  });

  it('a string holding an unpaired surrogate has no UTF-8', () => {
    // why: from-json.ts:73:33 the detail → ""
    expect(parseJSON('"\ud800"')).toEqual(
      refusal('invalid-utf8', 'the string holds an unpaired surrogate, which has no UTF-8 encoding'),
    );
  });

  it('only the three bytes EF BB BF are a byte order mark', () => {
    // why: from-json.ts:90:7 `bytes[0] === 0xef && bytes[1] === 0xbb` → `||` and `bytes[0] === 0xef`
    // → true, 90:28 `bytes[1] === 0xbb` → true, 90:49 `bytes[2] === 0xbf` → true (each took a
    // character that shares two of those bytes for a mark), 91:24 the detail → ""
    expect(parseJSON(bytes(0xef, 0xbb, 0xbf, 0x31))).toEqual(
      refusal('bom', 'document starts with a UTF-8 byte order mark'),
    );
    // U+F03F (EF 80 BF), U+1EFF (E1 BB BF), U+FEC0 (EF BB 80): well-formed, and no JSON value
    for (const c of ['\uf03f', '\u1eff', '\ufec0']) {
      expect(parseJSON(c)).toEqual(refusal('invalid-json', 'unexpected character at offset 0'));
    }
  });

  it('UTF-16 is told by its byte order mark or a zero byte among the first four, and only there', () => {
    // why: from-json.ts:95:19 the mark test → false and its `||` → `&&`, 95:20 `FE FF` → false,
    // 95:64 `FF FE` → false (a mark followed by no zero byte was called invalid UTF-8), 95:41
    // `bytes[1] === 0xff` → true and → `!==` (FE then another byte was called UTF-16), 97:48 the
    // detail → ""; 94:16 `Math.min` → `Math.max` and 96:19 `i < head` → `<=` (a zero byte at
    // offset 4, inside a string, was called UTF-16: it is a raw control character)
    const utf16 = refusal('utf16-or-utf32', 'document is UTF-16 or UTF-32, not UTF-8');
    expect(parseJSON(bytes(0xfe, 0xff, 0x41, 0x42))).toEqual(utf16);
    expect(parseJSON(bytes(0xff, 0xfe, 0x41, 0x42))).toEqual(utf16);
    expect(parseJSON(bytes(0x31, 0x00))).toEqual(utf16);
    // why: 98:68 the detail → ""
    const notUtf8 = refusal('invalid-utf8', 'document is not well-formed UTF-8');
    expect(parseJSON(bytes(0xfe, 0x41, 0x42, 0x43))).toEqual(notUtf8);
    expect(parseJSON(bytes(0x22, 0x61, 0x62, 0x63, 0x00, 0x22))).toEqual(
      refusal('invalid-json', 'raw control character in a string at offset 4'),
    );
  });
});

/** Enough integers that the writer's text passes 2048 characters and canonicalString asks native-text.ts. */
const PAD = Array.from({ length: 600 }, (_, i) => i * 7);

/**
 * Which path wrote `root` (given `pad` and two getters, `zb` defined before `za`): the writer reads
 * an object's members in its own order (Object.values: zb, za), JSON.stringify in the order of its
 * sorted name list (za, zb), and whichever path writes the text reads them last (module comments
 * of native-text.ts and canonicalize.ts).
 */
function pathOf(root: Record<string, unknown>, profile: ProfileName): 'native' | 'writer' {
  const reads: string[] = [];
  root.pad = PAD;
  for (const name of ['zb', 'za']) {
    const get = () => {
      reads.push(name);
      return 0;
    };
    Object.defineProperty(root, name, { enumerable: true, get });
  }
  canonicalString(root, { profile });
  const last = reads.slice(-2).join();
  if (last !== 'za,zb' && last !== 'zb,za') throw new Error(`the getters were read ${reads.join()}`);
  return last === 'za,zb' ? 'native' : 'writer';
}

describe('canonicalString hands a large value to JSON.stringify exactly when native-text.ts admits it', () => {
  it('a plain object, also one without a prototype, with every kind of leaf JSON.stringify writes alike', () => {
    // why: native-text.ts:30:40 `proto === null` → false (a null-prototype object went to the writer);
    // 53:7 `case 'boolean'` emptied (fell into the object case), 53:12 'boolean' → "" and 54:16
    // `true` → false (booleans refused); 56:32 `true` → false (null refused)
    expect(pathOf(Object.create(null), 'jcs')).toBe('native');
    expect(pathOf({ t: true, f: false, n: null, s: 'x' }, 'jcs')).toBe('native');
  });

  it('a float goes to JSON.stringify under an ECMAScript profile only', () => {
    // why: native-text.ts:40:33 the constructor emptied, 41:22 `profile.numbers === 'ecmascript'`
    // → false and 41:42 'ecmascript' → "" (a float under jcs went to the writer)
    expect(pathOf({ f: 0.5 }, 'jcs')).toBe('native');
    expect(pathOf({ f: 0.5 }, 'seam')).toBe('writer');
  });

  it('safe integers go to JSON.stringify under seam, -0 does not (seam refuses it)', () => {
    // why: native-text.ts:52:54 `Number.isSafeInteger(v) && !Object.is(v, -0)` → false (every
    // integer under seam went to the writer), 52:81 `!Object.is(v, -0)` → `Object.is(v, -0)` and
    // 52:95 `-0` → `+0` (-0 was admitted, and JSON.stringify wrote it "0": seam refuses -0 as a
    // number a Python reader would write differently)
    expect(pathOf({ i: -12 }, 'seam')).toBe('native');
    expect(thrown(() => pathOf({ i: -0 }, 'seam'))).toMatchObject({ code: 'number-hazard' });
  });

  it('a lone surrogate goes to JSON.stringify where the profile escapes it, and is refused elsewhere', () => {
    // why: native-text.ts:42:22 `profile.loneSurrogates === 'escape'` → false and 42:49 'escape'
    // → "" (swarmrelay-v1 sent it to the writer)
    expect(pathOf({ s: '\udc00' }, 'swarmrelay-v1')).toBe('native');
    // why: 79:42 `this.anyString || wellFormed(key)` → true (a member name holding one reached
    // JSON.stringify under jcs, which escaped it instead of refusing). The name sits in an object
    // the small writer never opened, so only the survey sees it first.
    const lone = { pad: PAD, zz: { '\ud800': 1 } };
    expect(thrown(() => canonicalString(lone, { profile: 'jcs' }))).toMatchObject({ code: 'lone-surrogate' });
  });

  it('a container 200 levels down goes to the writer, 199 to JSON.stringify', () => {
    // why: native-text.ts:57:13 `depth >= MAX_DEPTH` → `>` (a container at depth 200 was admitted)
    const nest = (levels: number) => {
      let v: unknown = [];
      for (let i = 1; i < levels; i++) v = [v];
      return v; // as a member of the root, its innermost array is at depth `levels`
    };
    expect(pathOf({ deep: nest(199) }, 'jcs')).toBe('native');
    expect(pathOf({ deep: nest(200) }, 'jcs')).toBe('writer');
  });

  it('the name-list bound: objects x names at most 4 x members + 64 goes to JSON.stringify', () => {
    // Each root below has pad, za, zb and the names shown. One object, 103 names and members:
    // 103 <= 476. why: native-text.ts:73:5 `members +=` → `-=` and 96:30 `4 * members` → `4 /
    // members` (the bound fell below 103)
    const wide: Record<string, unknown> = {};
    for (let i = 0; i < 100; i++) wide[`m${i}`] = i;
    expect(pathOf(wide, 'jcs')).toBe('native');
    // 8 objects (the root, 7 in `list`), 16 names, 16 members: 128 = 4 x 16 + 64, inside.
    // why: 96:7 `>` → `>=`
    const edge: Record<string, unknown> = { list: Array.from({ length: 7 }, (_, i) => ({ [`o${i}`]: i })) };
    for (let i = 0; i < 5; i++) edge[`r${i}`] = i;
    expect(pathOf(edge, 'jcs')).toBe('native');
    // 41 objects, 44 names, 44 members: 1804 > 240, outside. why: 72:5 `objects++` → `--`, 96:7
    // the test → false and `objects * names.size` → `/` (each admitted it)
    const many = { list: Array.from({ length: 40 }, (_, i) => ({ [`o${i}`]: i })) };
    expect(pathOf(many, 'jcs')).toBe('writer');
  });
});

describe('number spellings at their edges', () => {
  it('pythonFloatRepr names what it refuses, and pads a two-digit exponent to two digits only', () => {
    // why: numbers.ts:34:49 the message → ""; 42:69 `magnitude < 10` → `<= 10` (1e-10 was "1e-010").
    // CPython: repr(1e-10) == '1e-10', repr(1e-09) == '1e-09'
    expect(thrown(() => pythonFloatRepr(Number.NaN))).toEqual({
      name: 'RangeError',
      code: undefined,
      message: 'pythonFloatRepr: not a finite number',
    });
    expect(pythonFloatRepr(1e-10)).toBe('1e-10');
    expect(pythonFloatRepr(1e-9)).toBe('1e-09');
  });

  it('-(2^53 - 1) is the last integer read as a number, -(2^53) the first read as a bigint', () => {
    // why: numbers.ts:58:56 `n >= -MAX_EXACT_INTEGER` → `>`
    const edge = -(2 ** 53 - 1);
    expect(parseJSON(String(edge))).toEqual({ ok: true, value: edge });
    expect(parseJSON(String(edge - 1))).toEqual({ ok: true, value: -(2n ** 53n) });
  });

  it('agentplane-v1 writes -0 as 0 and a float as ECMAScript does, not as CPython', () => {
    // why: numbers.ts:81:9 `numbers === 'python'` → true (-0 refused as a number hazard), 84:7
    // `numbers === 'ecmascript-exact-i64'` → false and 84:19 the name → "" (a float went through
    // the CPython comparison: 1e-7 is "1e-07" there, so it was refused)
    const written = (v: unknown) => text(canonicalize(v, { profile: 'agentplane-v1' }));
    expect(written(-0)).toBe('0');
    expect(written(1e-7)).toBe(String(1e-7));
    expect(written(new JsonFloat(1e-7))).toBe(String(1e-7));
  });

  it('a 16-digit float literal that is not its shortest spelling is re-spelled', () => {
    // why: numbers.ts:109:7 the leading-zero test → true and its `&&` → `||`; 114:10 the digit
    // count → true, `<= 15` → `> 15` and `+ fraction` → `- fraction` (each let a 16-digit literal
    // through as its own spelling). The double nearest 8.348298115261161 is spelled with 15 digits;
    // RFC 8785 writes Number::toString, and CPython's repr has the same digits in this range.
    const literal = '8.348298115261161';
    const shortest = String(Number(literal));
    expect(shortest).not.toBe(literal);
    expect(canonicalText(literal, 'jcs')).toBe(shortest);
    expect(canonicalText(literal, 'seam')).toBe(shortest);
  });

  it('seam keeps integer literals of up to 4300 digits, signed or not, as CPython reads them', () => {
    // why: numbers.ts:130:38 the sign test → true, → false and → `!==` (the sign counted as a digit,
    // or a digit not counted), 132:38 `digits <= PYTHON_MAX_INT_DIGITS` → true and → `<`
    const digits = (n: number) => '9'.repeat(n);
    for (const sign of ['', '-']) {
      expect(canonicalText(`${sign}${digits(4300)}`, 'seam')).toBe(`${sign}${digits(4300)}`);
      expectRefusal(`${sign}${digits(4301)}`, 'seam', 'number-hazard');
    }
  });
});

describe("the writer's outputs: UTF-8 at the edges of each encoding length, and buffer growth", () => {
  const bytesOf = (v: unknown, profile: ProfileName) => canonicalize(v, { profile });

  it('U+0800 is three bytes, and a lone U+DFFF is a lone surrogate', () => {
    // why: output.ts:149:18 `c < 0x800` → `<=` (U+0800 written in two bytes, E0 80), 152:32
    // `c > 0xdfff` → `>=` (U+DFFF written as the three bytes ED BF BF)
    expect(bytesOf(['\u0800'], 'jcs')).toEqual(utf8('["\u0800"]'));
    expect(text(bytesOf(['\udfff'], 'swarmrelay-v1'))).toBe('["\\udfff"]');
    expect(thrown(() => bytesOf(['\udfff'], 'jcs'))).toMatchObject({ code: 'lone-surrogate' });
  });

  it('a pair is a high surrogate then a low one; any other neighbours are two lone surrogates', () => {
    // why: output.ts:158:13 `c <= 0xdbff` → true (two low surrogates made a character) and
    // 158:43 `d <= 0xdfff` → true (a high surrogate and U+E000 made one)
    expect(text(bytesOf(['\udc00\udc00'], 'swarmrelay-v1'))).toBe('["\\udc00\\udc00"]');
    expect(text(bytesOf(['\ud800\ue000'], 'swarmrelay-v1'))).toBe('["\\ud800\ue000"]');
  });

  it('a string far larger than the buffer, and one that fills a fresh buffer with escapes, are whole', () => {
    // why: output.ts:59:12 `size < need` → false (the buffer only doubled once, and the bytes
    // past it were dropped)
    const long = 'x'.repeat(300_000);
    expect(bytesOf(long, 'jcs')).toEqual(utf8(`"${long}"`));
    // why: 134:17 `n * 6 + 2` → `- 2` (4 bytes short: 85 escapes fill a fresh 512-byte buffer
    // but its closing quote, which was dropped). The large value above leaves no spare buffer
    // (output.ts keeps none above 64 KiB), so this output starts with a fresh one.
    const controls = '\u0001'.repeat(85);
    expect(bytesOf([controls], 'jcs')).toEqual(utf8(JSON.stringify([controls])));
  });
});

describe('canonicalString: the small writer and the text it lets through', () => {
  it("a text of exactly 2048 characters at a check is still the small writer's", () => {
    // why: output.ts:243:12 `this.text.length > this.limit` → `>=` (the writer gave up at 2048
    // characters, and the value was surveyed and written again: its getter read three times).
    // Before the member zz the text is {"a":"<s>" : 7 characters and s.
    const readsAt = (length: number) => {
      let reads = 0;
      const value = {
        a: 'x'.repeat(length),
        get zz() {
          reads++;
          return 0;
        },
      };
      expect(canonicalString(value, { profile: 'jcs' })).toBe(`{"a":"${value.a}","zz":0}`);
      return reads;
    };
    expect(readsAt(2048 - 7)).toBe(1);
    expect(readsAt(2048 - 6)).toBe(3);
  });

  it('text with surrogates: a pair passes, a lone one anywhere is refused or escaped', () => {
    // why: output.ts:286:29 `c <= 0xdfff` → `<` (a lone U+DFFF passed as plain text), 288:11
    // `c > 0xdbff` → false (two low surrogates passed as a pair), 288:39 `d > 0xdfff` → false (a
    // high surrogate and U+E000 passed as a pair)
    for (const lone of ['\udfff', '\udc00\udc00', '\ud800\ue000']) {
      expect(thrown(() => canonicalString([lone], { profile: 'jcs' }))).toMatchObject({
        code: 'lone-surrogate',
      });
      expect(canonicalString([lone], { profile: 'swarmrelay-v1' })).toBe(JSON.stringify([lone]));
    }
    // why: 288:25 `d < 0xdc00` → `<=` and 288:39 `d > 0xdfff` → `>=` (U+10000 and U+103FF, the
    // pairs ending in the first and the last low surrogate, were refused)
    for (const pair of ['\u{10000}', '\u{103ff}']) {
      expect(canonicalString([pair], { profile: 'jcs' })).toBe(`["${pair}"]`);
    }
  });
});

describe('the parser: each refusal with its detail', () => {
  const refused = (doc: string, code: string, detail: string, options = {}) =>
    expect(parseJSON(utf8(doc), options)).toEqual(refusal(code, detail));

  it('where the document ends, and what comes after it', () => {
    // why: parser.ts:82:11 `this.pos >= n` → false and → `>` (an empty document "ended inside a
    // value"), 82:59 its detail → ""; 138:12 the end test → true, → false, → `>` and → `<`, 139:19
    // the code → "", 139:35 and 140:35 the details → ""; 114:41 the detail → ''
    refused('', 'invalid-json', 'document ends where a value was expected');
    refused('[1', 'invalid-json', 'document ends inside a value');
    refused('[1}', 'invalid-json', 'unexpected character at offset 2');
    refused('1 2', 'invalid-json', 'unexpected text after the document at offset 2');
  });

  it('a repeated name under refuse, and the faults inside a string', () => {
    // why: parser.ts:171:32 the detail → ""; 238:11 `p >= n` → false and → `>`, 238:19 its block
    // emptied, 240:19 the code → "" and 240:35 the detail → "" (an unclosed string read past its
    // end: "raw control character"); 247:35, 264:37 and 279:35 the details → ''; 264:21 the code →
    // ""; 265:18 `return false` → true (an unknown escape was read on, then refused elsewhere)
    refused('{"a":1,"a":2}', 'duplicate-key', 'an object repeats a member name', { duplicateKeys: 'refuse' });
    refused('"abc', 'invalid-json', 'document ends inside a string');
    refused('"a\\nbc', 'invalid-json', 'document ends inside a string');
    refused('"a\u0001"', 'invalid-json', 'raw control character in a string at offset 2');
    refused('"\\x"', 'invalid-json', 'unknown escape at offset 1');
    // the string's closing quote is at offset 7: " \ u d 8 0 0 "
    refused('"\\ud800"', 'lone-surrogate', 'string ending at offset 7 escapes an unpaired surrogate');
  });
});

describe('jsonReader: a string value its screen skips ends at its closing quote, no sooner or later', () => {
  // Both documents are valid JSON whose member ":1," is -0, which parseJSON reads as 0 and
  // JSON.parse as -0. A skip that loses the string's bounds reads the rest out of step: a member
  // name then runs from a closing quote to the next opening one, over `:-0,`, so the screen never
  // sees the -0 and hands the document to JSON.parse.
  const holdsTo0 = (doc: string) => {
    const read = jsonReader()(utf8(doc));
    expect(read).toEqual(parseJSON(utf8(doc)));
    expect(read.ok && Object.is((read.value as Record<string, unknown>)[':1,'], 0)).toBe(true);
  };

  it('a skip that starts one byte early', () => {
    // why: parser.ts:207:13 `this.pos + 1` → `- 1` (every string value was its opening quote alone)
    holdsTo0('{"k":",",":1,":-0,":2,":":"}');
  });

  it('a skip that ends one byte early', () => {
    // why: parser.ts:211:20 `p + 1` → `p - 1` (the parse went on at the last byte inside the quotes)
    holdsTo0('{"k":",",":1,":-0,":":2,"z":3}');
  });
});

describe('the small remainder: explain, hashes, JsonFloat, the writer without options', () => {
  it('a refusal without a detail gives the refusing check no detail at all', () => {
    // why: explain.ts:68:9 `verdict.detail !== undefined` → true (a `detail: undefined` member)
    const [result] = explainVerdict([{ id: 'only', title: 'Only', codes: ['x'] }], fail('x'));
    expect(Object.keys(result!)).toEqual(['id', 'title', 'outcome', 'code']);
  });

  it('of checks sharing a code, the detail picks the one with any of its prefixes at its start', () => {
    // why: explain.ts:77:37 `.some` → `.every` and 77:78 `startsWith` → `endsWith` (the first
    // check, whose first prefix starts the detail, was not picked: nothing was, which threw)
    const checks = [
      { id: 'first', title: 'First', codes: ['x'], detailStarts: ['A ', 'B '] },
      { id: 'second', title: 'Second', codes: ['x'], detailStarts: ['C '] },
    ];
    expect(explainVerdict(checks, fail('x', 'A is wrong')).map((r) => r.outcome)).toEqual([
      'refuse',
      'not-checked',
    ]);
  });

  it('a refusal without a detail goes to the sharing check that names no prefix', () => {
    // why: explain.ts:74:77 the default detail '' → "Stryker was here!" (which starts with "S")
    const checks = [
      { id: 'named', title: 'Named', codes: ['x'], detailStarts: ['S'] },
      { id: 'plain', title: 'Plain', codes: ['x'] },
    ];
    expect(explainVerdict(checks, fail('x')).map((r) => r.outcome)).toEqual(['pass', 'refuse']);
  });

  it('two checks may share a code when one of them names its prefixes', () => {
    // why: explain.ts:99:20 `other.detailStarts === undefined` → true (a clash was reported)
    const checks = [
      { id: 'a', title: 'A', codes: ['x'], detailStarts: ['A'] },
      { id: 'b', title: 'B', codes: ['x'] },
    ];
    expect(checkListProblems(checks, ['x'])).toEqual([]);
  });

  it('the hashing door names the argument that is not bytes, and a digest taken twice', () => {
    // why: hashes.ts:32:93, 35:93 and 73:45 'the input' → "", 39:40 'the key' → "", 39:74 'the
    // message' → "", 84:66 the message → ""
    const bad = (what: string) => ({
      name: 'SeamError',
      code: 'bad-argument',
      message: `bad-argument: ${what} must be a Uint8Array`,
    });
    const notBytes = 'x' as unknown as Uint8Array;
    const bytes0 = new Uint8Array(0);
    expect(thrown(() => sha256(notBytes))).toEqual(bad('the input'));
    expect(thrown(() => sha512(notBytes))).toEqual(bad('the input'));
    expect(thrown(() => createSha256().update(notBytes))).toEqual(bad('the input'));
    expect(thrown(() => hmacSha256(notBytes, bytes0))).toEqual(bad('the key'));
    expect(thrown(() => hmacSha256(bytes0, notBytes))).toEqual(bad('the message'));
    const hasher = createSha256();
    hasher.digest();
    expect(thrown(() => hasher.digest())).toEqual({
      name: 'SeamError',
      code: 'finished',
      message: 'finished: the digest was already taken',
    });
  });

  it('a JsonFloat is frozen', () => {
    // why: json-value.ts:18:5 `Object.freeze(this)` removed
    expect(Object.isFrozen(new JsonFloat(1.5))).toBe(true);
  });

  it('canonicalize, canonicalString and isCanonicalJSON without options refuse with unknown-profile', () => {
    // why: canonicalize.ts:291:31 and 304:29 `options?.profile` → `options.profile` (a TypeError)
    const unknown = {
      name: 'SeamError',
      code: 'unknown-profile',
      message: 'unknown-profile: profile must be one of: seam, jcs, swarmrelay-v1, agentplane-v1, rfc004',
    };
    expect(thrown(() => canonicalize(1, undefined as never))).toEqual(unknown);
    expect(thrown(() => canonicalString(1, undefined as never))).toEqual(unknown);
    // why: canonical-check.ts:212:29 `options?.profile` → `options.profile`, listed as equivalent in
    // spec/canonical.md (part 1) on the belief that `options.maxBytes` throws the same TypeError
    // next; but profileOf(undefined) throws this SeamError first, and the mutant a TypeError
    expect(thrown(() => isCanonicalJSON(utf8('1'), undefined as never))).toEqual(unknown);
  });
});
