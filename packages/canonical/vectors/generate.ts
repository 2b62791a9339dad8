import { createHash } from 'node:crypto';
import {
  canonicalFromJSON,
  canonicalize,
  canonicalString,
  hex,
  type ParseCode,
  type ParseOptions,
  type ProfileName,
  parseJSON,
  SeamError,
} from '../src/index.ts';
import { signSideValue } from '../test/constructs.ts';

/**
 * Vectors of @agent-seam/canonical. Every expected value below is computed here by
 * the reference functions (canonicalString for values, canonicalFromJSON for bytes)
 * from fixed inputs, and each case asserts the property it exists for (a contrast
 * profile or rule really does give different bytes), so a vector cannot be vacuous.
 */

const utf8 = (s: string) => new TextEncoder().encode(s);
const text = (b: Uint8Array) => new TextDecoder().decode(b);
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

function assert(cond: boolean, message: string): asserts cond {
  if (!cond) throw new Error(`canonical vectors: ${message}`);
}

/** canonicalFromJSON, as text or as the refusal code. */
export function fromBytes(
  bytes: Uint8Array | string,
  profile: ProfileName,
  options: ParseOptions = {},
): { canonical: string } | { code: ParseCode } {
  const v = canonicalFromJSON(bytes, { ...options, profile });
  return v.ok ? { canonical: text(v.value) } : { code: v.code };
}

function accepted(bytes: Uint8Array | string, profile: ProfileName, options: ParseOptions = {}): string {
  const r = fromBytes(bytes, profile, options);
  assert('canonical' in r, `expected acceptance, got ${'code' in r ? r.code : ''}`);
  return r.canonical;
}

function refused(bytes: Uint8Array | string, profile: ProfileName, options: ParseOptions = {}): ParseCode {
  const r = fromBytes(bytes, profile, options);
  assert('code' in r, `expected refusal, got ${'canonical' in r ? r.canonical : ''}`);
  return r.code;
}

// ---------------------------------------------------------------- canonical (seam)

const canonicalInputs: { name: string; payload: unknown; why: string }[] = [
  {
    name: 'sorted-keys',
    payload: { b: 1, a: 'x' },
    why: 'members are written in sorted order whatever order the writer inserted them',
  },
  {
    name: 'no-whitespace',
    payload: { a: 1, b: 2 },
    why: 'no space after "," or ":" (the compact separators)',
  },
  {
    name: 'non-ascii-literal',
    payload: { text: '群れたい' },
    why: 'non-ASCII text is written as UTF-8 bytes, never as \\u escapes',
  },
  {
    name: 'escape-shorthands',
    payload: { k: '"\\\b\f\n\r\t' },
    why: 'quote, backslash and the five control shorthands use their two-character escapes',
  },
  {
    name: 'control-chars',
    payload: { k: '\u0000\u0001\u001f' },
    why: 'the remaining C0 controls use \\u00xx with lowercase hex',
  },
  {
    name: 'slash-and-del-unescaped',
    payload: { k: 'a/b\u007f' },
    why: 'a solidus is written as itself; so is DEL (U+007F)',
  },
  { name: 'null-value', payload: { contextId: null }, why: 'null is a value and is written, not dropped' },
  { name: 'empty-string', payload: { text: '' }, why: 'the empty string stays a string' },
  {
    name: 'surrogate-pair',
    payload: { text: '🐦' },
    why: 'an astral character is one character: four UTF-8 bytes, not two escapes',
  },
  {
    name: 'combining-marks',
    payload: { text: '\u304c' },
    why: 'text is written exactly as given, with no Unicode normalisation step',
  },
  {
    name: 'combining-marks-decomposed',
    payload: { text: '\u304b\u3099' },
    why: 'KA followed by a combining voiced mark stays two code points: NFC would fold them into one and change the bytes',
  },
  {
    name: 'key-ordering-unicode',
    payload: { z: 1, a: 2, 群: 3, A: 4 },
    why: 'member names compare by code point: upper case, lower case, then CJK',
  },
  {
    name: 'negative-and-zero',
    payload: { a: 0, b: -1 },
    why: 'integers are bare decimal: no plus sign, no leading zero, no fraction',
  },
  {
    name: 'large-int-within-double',
    payload: { a: 9007199254740991 },
    why: '2^53 - 1 is the largest integer every reader holds exactly; signed integers stay within +/-(2^53 - 1)',
  },
  {
    name: 'fractional-float-agrees',
    payload: { a: 0.1, b: 1785937682.845164 },
    why: 'a fractional float with a positional spelling is written the same by Python and JavaScript (contrast with numberHazards)',
  },
  {
    name: 'key-ordering-astral',
    payload: { '\u{1F600}': 1, '\uFFFD': 2 },
    why: 'code point order puts U+FFFD before U+1F600; UTF-16 order (a surrogate 0xD83D is below 0xFFFD) would put it after',
  },
];

const canonical = canonicalInputs.map(({ name, payload, why }) => {
  const c = canonicalString(payload, { profile: 'seam' });
  assert(accepted(utf8(JSON.stringify(payload)), 'seam') === c, `${name}: the parse boundary disagrees`);
  if (name === 'key-ordering-astral') {
    assert(canonicalString(payload, { profile: 'jcs' }) !== c, 'a UTF-16 sort must give different bytes');
  }
  return { name, payload, why, canonical: c };
});

// ---------------------------------------------------------------- numberHazards

/** Each document is spelled as CPython's json.dumps spells it. */
const hazardInputs: { name: string; document: string; why: string }[] = [
  {
    name: 'integral-float',
    document: '{"a":1.0}',
    why: 'Python writes a whole float as 1.0, JavaScript as 1, and JSON.parse cannot tell them apart afterwards',
  },
  {
    name: 'integral-float-zero',
    document: '{"a":0.0}',
    why: 'the zero default of a float field: 0.0 in Python, 0 in JavaScript',
  },
  { name: 'integral-float-negative', document: '{"a":-1.0}', why: 'a negative whole float is no safer' },
  {
    name: 'negative-zero',
    document: '{"a":-0.0}',
    why: 'Python keeps the sign of zero; JavaScript writes 0',
  },
  {
    name: 'exponent-small',
    document: '{"a":1e-07}',
    why: 'Python pads the exponent to two digits and signs it; JavaScript writes 1e-7',
  },
  {
    name: 'exponent-threshold',
    document: '{"a":1e+16}',
    why: 'Python switches to exponent form at 1e16, JavaScript only at 1e21',
  },
  {
    name: 'int-beyond-2exp53',
    document: '{"a":9007199254740993}',
    why: 'not a spelling difference: a double cannot hold 2^53 + 1, so a JavaScript reader changes the integer',
  },
  {
    name: 'nested-float',
    document: '{"credentialSubject":{"trustLevel":1.0}}',
    why: 'the same hazard two levels down, where a top-level check would miss it',
  },
];

const numberHazards = hazardInputs.map(({ name, document, why }) => {
  const bytes = utf8(document);
  const pythonCanonical = accepted(bytes, 'seam');
  const javascriptWouldWrite = canonicalString(JSON.parse(document), { profile: 'jcs' });
  const marked = parseJSON(bytes, { floats: 'marked' });
  assert(marked.ok, `${name}: parseJSON refused`);
  let signRefusal = '';
  try {
    canonicalize(marked.value, { profile: 'seam' });
  } catch (e) {
    if (e instanceof SeamError) signRefusal = e.code;
  }
  assert(signRefusal === 'number-hazard', `${name}: the sign side must refuse with number-hazard`);
  assert(pythonCanonical !== javascriptWouldWrite, `${name}: not a hazard`);
  return {
    name,
    // Marked floats and exact bigints: the file spells the payload as Python did.
    payload: marked.value,
    pythonCanonical,
    javascriptWouldWrite,
    signMustNotEmit: true,
    verifyNeedsPythonRepr: true,
    why,
  };
});

// ---------------------------------------------------------------- reject.encoding

const encodingAccept: {
  name: string;
  bytes: Uint8Array;
  why: string;
  differsFrom?: (canonical: string) => void;
}[] = [
  {
    name: 'literal-replacement-char',
    bytes: utf8('{"s":"\uFFFD"}'),
    why: 'U+FFFD sent on purpose is an ordinary character; without this case a boundary that refuses everything would pass',
  },
  {
    name: 'astral-pair-escape',
    bytes: utf8('{"s":"\\ud83d\\udc26"}'),
    why: 'a high escape followed by a low escape is one character and comes out as raw UTF-8',
  },
  {
    name: 'astral-literal',
    bytes: utf8('{"s":"🐦"}'),
    why: 'the same character as raw UTF-8: both spellings give identical canonical bytes',
  },
  {
    name: 'same-document-unmarked',
    bytes: utf8('{"a":"b"}'),
    why: 'the twin of leading-utf8-bom without the mark: proves that the mark alone is what is refused',
  },
  {
    name: 'duplicate-key-last-wins',
    bytes: utf8('{"a":1,"b":2,"a":3}'),
    why: 'a repeated name keeps its LAST value, as every reference reader does; a reader keeping the first signs different bytes',
    differsFrom: (c) =>
      assert(c !== canonicalString({ a: 1, b: 2 }, { profile: 'seam' }), 'first-wins must differ'),
  },
];

const encodingRefuse: { name: string; bytes: Uint8Array; why: string }[] = [
  {
    name: 'lone-high-surrogate-escape',
    bytes: utf8('{"s":"\\ud800"}'),
    why: 'the surrogate check on decoded strings: a high surrogate escape with nothing after it names no character',
  },
  {
    name: 'lone-low-surrogate-escape',
    bytes: utf8('{"s":"\\udfff"}'),
    why: 'the surrogate check on decoded strings: a low surrogate escape with no high one before it',
  },
  {
    name: 'lone-surrogate-in-key',
    bytes: utf8('{"\\ud800":"x"}'),
    why: 'the surrogate check applied to member names too, not only to values',
  },
  {
    name: 'reversed-surrogate-pair',
    bytes: utf8('{"s":"\\udc00\\ud800"}'),
    why: 'the surrogate check pairs by order: low then high is two lone surrogates',
  },
  {
    name: 'truncated-utf8-sequence',
    bytes: hexBytes('7b2273223a22e697227d'),
    why: 'fatal UTF-8 decoding: two bytes of a three-byte sequence must not become U+FFFD',
  },
  {
    name: 'stray-continuation-byte',
    bytes: hexBytes('7b2273223a2280227d'),
    why: 'fatal UTF-8 decoding: a continuation byte with no lead byte',
  },
  {
    name: 'surrogate-encoded-as-utf8',
    bytes: hexBytes('7b2273223a22eda080227d'),
    why: 'fatal UTF-8 decoding: U+D800 written as three UTF-8-shaped bytes (CESU-8) is not UTF-8',
  },
  {
    name: 'leading-utf8-bom',
    bytes: hexBytes('efbbbf7b2261223a2262227d'),
    why: 'the BOM check: EF BB BF before the document is refused, not stripped (a decoder that strips it accepts)',
  },
  {
    name: 'utf16le-no-bom',
    bytes: utf16le('{"a":"b"}'),
    why: 'the UTF-16/32 check: an unmarked UTF-16LE document has zero bytes among its first four',
  },
];

function hexBytes(h: string): Uint8Array {
  const v = hex.decode(h);
  assert(v.ok, 'bad hex literal');
  return v.value;
}

function utf16le(s: string): Uint8Array {
  const out = new Uint8Array(s.length * 2);
  for (let i = 0; i < s.length; i++) {
    out[2 * i] = s.charCodeAt(i) & 0xff;
    out[2 * i + 1] = s.charCodeAt(i) >> 8;
  }
  return out;
}

const encoding = {
  note: '`documentHex` is the hex of the raw document bytes. Decode the hex and give the bytes to the parse boundary (canonicalFromJSON with the seam profile): an `accept` case must give `canonical` exactly; a `refuse` case must be refused, and `category` names the refusal code of this implementation. Never pass the bytes through a decoder that repairs invalid UTF-8 or strips a byte order mark.',
  accept: encodingAccept.map(({ name, bytes, why, differsFrom }) => {
    const c = accepted(bytes, 'seam');
    differsFrom?.(c);
    return { name, documentHex: hex.encode(bytes), canonical: c, why };
  }),
  refuse: encodingRefuse.map(({ name, bytes, why }) => ({
    name,
    category: refused(bytes, 'seam'),
    mustReject: true,
    documentHex: hex.encode(bytes),
    why,
  })),
};
assert(
  encoding.accept.find((c) => c.name === 'astral-pair-escape')?.canonical ===
    encoding.accept.find((c) => c.name === 'astral-literal')?.canonical,
  'the two spellings of U+1F426 must agree',
);

export const parts = [
  {
    file: 'wire_vectors.json',
    content: {
      canonical,
      numberHazards,
      numberHazardNote:
        'pythonCanonical is the byte truth: give its UTF-8 to the parse boundary and the seam profile must return it unchanged. `payload` is spelled in this file exactly as Python wrote it (1.0, 1e-07, 9007199254740993); a reader that parses it into binary64 numbers has already lost what was signed, which is the hazard. signMustNotEmit: canonicalize refuses these values (code number-hazard) when given them as parsed with floats marked.',
      reject: { encoding },
    },
  },
];

// ---------------------------------------------------------------- canonical_profiles.json

interface BoundaryInput {
  name: string;
  profile: ProfileName;
  options?: ParseOptions;
  /** The document argument: bytes (written as documentHex), a string (documentText), or another JSON value (documentValue). */
  bytes: Uint8Array | string | DocumentValue;
  why: string;
}

/** A document argument of the wrong JavaScript type, as the vector file carries it. */
class DocumentValue {
  constructor(readonly value: unknown) {}
}

/** How a case's document argument is written in the file. */
function documentMembers(document: BoundaryInput['bytes']) {
  if (document instanceof Uint8Array) return { documentHex: hex.encode(document) };
  if (typeof document === 'string') return { documentText: document };
  return { documentValue: document.value };
}

const nested = (depth: number) => utf8('['.repeat(depth) + ']'.repeat(depth));

const boundaryAccept: BoundaryInput[] = [
  {
    name: 'python-repr-respelled',
    profile: 'seam',
    bytes: utf8(
      '[1e-7,10000000000000000.0,0.00001,1E+2,-0.0,1.5e300,0.1e1,-0,123456789012345678901234567890]',
    ),
    why: 'seam writes each float literal as CPython repr writes the double (exponent from 1e16 up and below 1e-4, two-digit signed exponent, whole floats keep .0) and integer literals exactly',
  },
  {
    name: 'python-repr-boundaries',
    profile: 'seam',
    bytes: utf8(
      '[1e15,9999999999999998.0,0.0001,0.00009999,123456789.0,5e-324,1.7976931348623157e308,0.1,1785937682.845164]',
    ),
    why: 'the edges of the positional range of CPython repr, and the extreme doubles',
  },
  {
    name: 'ecmascript-numbers',
    profile: 'jcs',
    bytes: utf8('[1e15,1e16,1e21,0.000001,1e-7,-0.0,1.0,333333333.33333329,9007199254740993]'),
    why: 'jcs writes every number as the double ECMAScript Number::toString would print (positional up to 1e21 and down to 1e-6)',
  },
  {
    name: 'agentplane-exact-integers',
    profile: 'agentplane-v1',
    bytes: utf8('[9007199254740993,-9223372036854775808,18446744073709551615,1.0,1e30,-0]'),
    why: 'agentplane-v1 keeps integer literals within i64/u64 exact and writes every other number as ECMAScript does',
  },
  {
    name: 'agentplane-u64-max',
    profile: 'agentplane-v1',
    bytes: utf8('18446744073709551615'),
    why: 'the twin of integer-beyond-u64: the largest u64 is still exact',
  },
  {
    name: 'agentplane-i64-min',
    profile: 'agentplane-v1',
    bytes: utf8('-9223372036854775808'),
    why: 'the twin of integer-below-i64: the smallest i64 is still exact',
  },
  {
    name: 'whitespace-between-tokens',
    profile: 'seam',
    bytes: utf8(' \t\n\r{ "b" : [ 1 , 2 ] , "a" : null } \n'),
    why: 'the four JSON whitespace characters are allowed between tokens and never reach the canonical bytes',
  },
  {
    name: 'escapes-decoded',
    profile: 'seam',
    bytes: utf8('"\\u0041\\/\\u00e9\\u001F"'),
    why: 'escapes are decoded and the text re-spelled: letters and / raw, controls as lowercase \\u00xx',
  },
  {
    name: 'lone-surrogate-escaped',
    profile: 'swarmrelay-v1',
    bytes: utf8('"\\uD800"'),
    why: 'the twin of lone-surrogate-agentplane: swarmrelay-v1 keeps a lone surrogate and writes it as a lowercase escape',
  },
  {
    name: 'depth-at-default-cap',
    profile: 'seam',
    bytes: nested(128),
    why: 'the twin of too-deep-default: exactly the default depth is accepted',
  },
  {
    name: 'depth-at-option-cap',
    profile: 'jcs',
    options: { maxDepth: 2 },
    bytes: utf8('[[]]'),
    why: 'the twin of too-deep-option',
  },
  {
    name: 'size-at-cap',
    profile: 'seam',
    options: { maxBytes: 8 },
    bytes: utf8('[1,2,34]'),
    why: 'the twin of too-large: a document of exactly maxBytes is accepted',
  },
  {
    name: 'distinct-keys-under-refuse',
    profile: 'seam',
    options: { duplicateKeys: 'refuse' },
    bytes: utf8('{"b":1,"a":{"b":2}}'),
    why: 'the twin of duplicate-key-refused: the same name in different objects is not a repeat',
  },
  {
    name: 'proto-member-is-data',
    profile: 'jcs',
    bytes: utf8('{"__proto__":{"x":1},"a":2}'),
    why: 'a member named __proto__ is an ordinary member',
  },
  {
    name: 'document-as-string',
    profile: 'seam',
    bytes: '{"b":"群れ\u{1F426}","a":"\uFEFF"}',
    why: 'a string document stands for its UTF-8: non-ASCII and astral characters, and a U+FEFF that is not the first character, come out as the bytes would',
  },
  {
    name: 'name-starting-with-u-feff-seam',
    profile: 'seam',
    bytes: '{"\uFEFFa":1,"a":2}',
    why: 'a member name that starts with U+FEFF keeps it: two members (found by the mutation triage: the text decoder behind member names dropped a leading U+FEFF, and the first member was lost as a repeat of "a"; the default TextDecoder in utf8-slice.ts turns this case red)',
  },
  {
    name: 'name-starting-with-u-feff-jcs',
    profile: 'jcs',
    bytes: '{"\uFEFFa":1,"a":2}',
    why: 'the twin under a profile that refuses repeated names: two distinct names, not a duplicate-key (the default TextDecoder in utf8-slice.ts turns this case red)',
  },
];

const boundaryRefuse: BoundaryInput[] = [
  {
    name: 'string-starting-with-bom',
    profile: 'seam',
    bytes: '\uFEFF{}',
    why: 'DECIDED: a string is its UTF-8, so a leading U+FEFF is a byte order mark, refused as the bytes EF BB BF are, never stripped (deleting the BOM check turns this case red with utf8-bom-jcs; stripping U+FEFF from strings turns only this one red)',
  },
  {
    name: 'string-with-lone-surrogate',
    profile: 'swarmrelay-v1',
    bytes: '"a\ud800"',
    why: 'a raw unpaired surrogate in a string has no UTF-8; encoding it would repair it to U+FFFD, so it is refused even under a profile that keeps lone surrogates written as escapes (deleting the surrogate check accepts this case as "a\ufffd")',
  },
  {
    name: 'document-is-a-number',
    profile: 'seam',
    bytes: new DocumentValue(7),
    why: 'the type check of the document: a number is neither bytes nor a string (deleting the check accepts it, encoded as the text 7)',
  },
  {
    name: 'document-is-null',
    profile: 'jcs',
    bytes: new DocumentValue(null),
    why: 'the type check of the document: null (deleting the check throws a TypeError)',
  },
  {
    name: 'document-is-an-array-of-byte-values',
    profile: 'seam',
    bytes: new DocumentValue([123, 125]),
    why: 'the type check of the document: an array of numbers is not a Uint8Array, even when its values are the bytes of {} (deleting the check reads it as the text 123,125: invalid-json)',
  },
  {
    name: 'empty-document',
    profile: 'seam',
    bytes: utf8(''),
    why: 'the grammar check: zero bytes hold no JSON value',
  },
  {
    name: 'trailing-comma',
    profile: 'seam',
    bytes: utf8('[1,2,]'),
    why: 'the grammar check: a comma must be followed by a value',
  },
  {
    name: 'nan-literal',
    profile: 'jcs',
    bytes: utf8('[NaN]'),
    why: 'the grammar check: NaN is not a JSON literal',
  },
  { name: 'leading-zero', profile: 'seam', bytes: utf8('[01]'), why: 'the number grammar: no leading zeros' },
  {
    name: 'raw-tab-in-string',
    profile: 'seam',
    bytes: utf8('"a\tb"'),
    why: 'the string grammar: control characters must be escaped',
  },
  {
    name: 'text-after-document',
    profile: 'seam',
    bytes: utf8('{} {}'),
    why: 'the end-of-document check: one value per document',
  },
  {
    name: 'duplicate-key-refused',
    profile: 'seam',
    options: { duplicateKeys: 'refuse' },
    bytes: utf8('{"a":1,"a":2}'),
    why: "the duplicate check, enabled by duplicateKeys: 'refuse'",
  },
  {
    name: 'too-deep-default',
    profile: 'seam',
    bytes: nested(129),
    why: 'the depth cap: one level past the default of 128',
  },
  {
    name: 'too-deep-option',
    profile: 'jcs',
    options: { maxDepth: 2 },
    bytes: utf8('[[[]]]'),
    why: 'the depth cap taken from the maxDepth option',
  },
  {
    name: 'too-large',
    profile: 'seam',
    options: { maxBytes: 8 },
    bytes: utf8('[1,2,345]'),
    why: 'the size cap, checked before decoding: one byte over maxBytes',
  },
  {
    name: 'float-overflow-seam',
    profile: 'seam',
    bytes: utf8('[1e400]'),
    why: 'the number reproduction check: a literal beyond the double range has no repr',
  },
  {
    name: 'float-overflow-jcs',
    profile: 'jcs',
    bytes: utf8('[-1e400]'),
    why: 'the number reproduction check under an ECMAScript profile',
  },
  {
    name: 'integer-beyond-u64',
    profile: 'agentplane-v1',
    bytes: utf8('18446744073709551616'),
    why: 'the i64/u64 domain check: 2^64 is outside it, and the two agentplane readers disagree there',
  },
  {
    name: 'integer-below-i64',
    profile: 'agentplane-v1',
    bytes: utf8('-9223372036854775809'),
    why: 'the i64/u64 domain check on the negative side',
  },
  {
    name: 'integer-spelling-of-double-beyond-u64',
    profile: 'agentplane-v1',
    bytes: utf8('100000000000000000000'),
    why: 'found by the fuzzer: the canonical text of the double 1e20 (pinned by the agentplane interop vectors) is this integer literal, which the i64/u64 domain check refuses on reading, so canonicalFromJSON under agentplane-v1 is not a fixed point for whole doubles from 2^64 up to 1e21 (spec/canonical.md)',
  },
  {
    name: 'lone-surrogate-agentplane',
    profile: 'agentplane-v1',
    bytes: utf8('"\\uD800"'),
    why: 'the surrogate check under a profile that refuses them (serde_json does)',
  },
  {
    name: 'utf16be-with-bom',
    profile: 'seam',
    bytes: hexBytes('feff005b005d'),
    why: 'the UTF-16/32 check: a UTF-16BE mark is not stripped or transcoded',
  },
  {
    name: 'utf32le-with-bom',
    profile: 'jcs',
    bytes: hexBytes('fffe00005b0000005d000000'),
    why: 'the UTF-16/32 check: a UTF-32LE document',
  },
  {
    name: 'utf8-bom-jcs',
    profile: 'jcs',
    bytes: hexBytes('efbbbf5b5d'),
    why: 'the BOM check applies under every profile',
  },
  {
    name: 'invalid-utf8-overlong',
    profile: 'jcs',
    bytes: hexBytes('22c0af22'),
    why: 'fatal UTF-8 decoding: an overlong encoding of "/"',
  },
];

const withOptions = (o?: ParseOptions) => (o === undefined ? {} : { options: o });

const argument = (document: BoundaryInput['bytes']) =>
  (document instanceof DocumentValue ? document.value : document) as Uint8Array | string;

/** One case of a boundary group: the input as written, then what `expected` says of it, then why. */
const boundaryCase =
  (expected: (bytes: Uint8Array | string, profile: ProfileName, options?: ParseOptions) => object) =>
  ({ name, profile, options, bytes, why }: BoundaryInput) => ({
    name,
    profile,
    ...withOptions(options),
    ...documentMembers(bytes),
    ...expected(argument(bytes), profile, options),
    why,
  });

const boundaryCases = (accept: BoundaryInput[], refuse: BoundaryInput[]) => ({
  accept: accept.map(boundaryCase((...input) => ({ canonical: accepted(...input) }))),
  refuse: refuse.map(boundaryCase((...input) => ({ code: refused(...input) }))),
});

const parseBoundary = {
  note: 'Give the bytes of documentHex to canonicalFromJSON with `profile` (and `options` when present). accept: the result is `canonical` exactly. refuse: the refusal code is `code`.',
  ...boundaryCases(boundaryAccept, boundaryRefuse),
};

/** canonicalString of a construct, as text or as the SeamError code and message. */
export function signSide(
  construct: string,
  profile: ProfileName,
): { canonical: string } | { code: string; message: string } {
  try {
    return { canonical: canonicalString(signSideValue(construct), { profile }) };
  } catch (e) {
    if (e instanceof SeamError) return { code: e.code, message: e.message };
    throw e;
  }
}

type SignInput = {
  name: string;
  profile: ProfileName;
  construct: string;
  why: string;
  /** Refusals: the JSON path the SeamError message must name. */
  path?: string;
};

const signAccept: SignInput[] = [
  {
    name: 'undefined-member-dropped',
    profile: 'rfc004',
    construct: 'undefined-member',
    why: 'rfc004 leaves out a member whose value is undefined (twin of undefined-member-refused)',
  },
  {
    name: 'lone-surrogate-escaped',
    profile: 'swarmrelay-v1',
    construct: 'json:"\\ud800"',
    why: 'swarmrelay-v1 writes a lone surrogate as a lowercase escape (twin of lone-surrogate-value)',
  },
  {
    name: 'exponent-ecmascript',
    profile: 'jcs',
    construct: 'number:1e-7',
    why: 'jcs writes 1e-7 as ECMAScript does (twin of number-hazard-exponent)',
  },
  {
    name: 'whole-float-ecmascript',
    profile: 'jcs',
    construct: 'float:1.0',
    why: 'jcs writes a whole float as an integer (twin of number-hazard-whole-float)',
  },
  {
    name: 'fraction-agrees',
    profile: 'seam',
    construct: 'float:0.5',
    why: 'seam signs a float whose Python and JavaScript spellings agree',
  },
  {
    name: 'bigint-within-double',
    profile: 'seam',
    construct: 'bigint:9007199254740991',
    why: 'a bigint inside +/-(2^53 - 1) is an ordinary integer (twin of number-hazard-big-integer)',
  },
  {
    name: 'bigint-exact-agentplane',
    profile: 'agentplane-v1',
    construct: 'bigint:18446744073709551615',
    why: 'agentplane-v1 writes any i64/u64 bigint exactly (twin of bigint-beyond-u64-agentplane)',
  },
  {
    name: 'unsafe-number-jcs',
    profile: 'jcs',
    construct: 'number:1152921504606846976',
    why: 'under jcs a large whole double is just a double (twin of unsafe-integer-number)',
  },
  {
    name: 'shared-reference',
    profile: 'seam',
    construct: 'shared-reference',
    why: 'an object reached twice without a loop is written twice (twin of cycle)',
  },
  {
    name: 'negative-zero-ecmascript',
    profile: 'rfc004',
    construct: 'number:-0',
    why: 'ECMAScript profiles write -0 as 0 (twin of number-hazard-negative-zero)',
  },
];

const signRefuse: SignInput[] = [
  {
    name: 'nan',
    profile: 'jcs',
    construct: 'number:NaN',
    path: '$',
    why: 'the finiteness check: NaN has no JSON spelling',
  },
  {
    name: 'infinity',
    profile: 'seam',
    construct: 'number:-Infinity',
    path: '$',
    why: 'the finiteness check: neither has -Infinity',
  },
  {
    name: 'lone-surrogate-value',
    profile: 'seam',
    construct: 'json:"\\ud800"',
    path: '$',
    why: 'the surrogate check on string values',
  },
  {
    name: 'lone-surrogate-key',
    profile: 'jcs',
    construct: 'json:{"\\udc00":1}',
    path: '$',
    why: 'the surrogate check on member names',
  },
  {
    name: 'unsafe-integer-number',
    profile: 'seam',
    construct: 'number:1152921504606846976',
    path: '$',
    why: 'the safe-integer check: a whole double beyond 2^53 - 1 may already be a rounded integer',
  },
  {
    name: 'unsafe-integer-agentplane',
    profile: 'agentplane-v1',
    construct: 'number:9007199254740994',
    path: '$',
    why: 'the safe-integer check under agentplane-v1, whose integers are exact',
  },
  {
    name: 'bigint-beyond-double-jcs',
    profile: 'jcs',
    construct: 'bigint:9007199254740993',
    path: '$',
    why: 'the exact-in-double check for a bigint under a double profile',
  },
  {
    name: 'bigint-beyond-u64-agentplane',
    profile: 'agentplane-v1',
    construct: 'bigint:18446744073709551616',
    path: '$',
    why: 'the i64/u64 domain check for a bigint',
  },
  {
    name: 'number-hazard-whole-float',
    profile: 'seam',
    construct: 'float:1.0',
    path: '$',
    why: 'signMustNotEmit: Python writes 1.0, JavaScript 1',
  },
  {
    name: 'number-hazard-exponent',
    profile: 'seam',
    construct: 'number:1e-7',
    path: '$',
    why: 'signMustNotEmit: Python writes 1e-07, JavaScript 1e-7',
  },
  {
    name: 'number-hazard-negative-zero',
    profile: 'seam',
    construct: 'number:-0',
    path: '$',
    why: 'signMustNotEmit: -0 is -0.0 in Python and 0 in JavaScript',
  },
  {
    name: 'number-hazard-big-integer',
    profile: 'seam',
    construct: 'bigint:9007199254740993',
    path: '$',
    why: 'signMustNotEmit: a JavaScript reader rounds 2^53 + 1',
  },
  {
    name: 'undefined-member-refused',
    profile: 'jcs',
    construct: 'undefined-member',
    path: '$.a',
    why: 'the undefined check on members, under a profile that does not drop them',
  },
  {
    name: 'undefined-element',
    profile: 'rfc004',
    construct: 'undefined-element',
    path: '$[1]',
    why: 'the undefined check on array elements (rfc004 drops members only)',
  },
  {
    name: 'cycle',
    profile: 'seam',
    construct: 'cycle',
    path: '$.self',
    why: 'the cycle check: an object that contains itself',
  },
  {
    name: 'function',
    profile: 'seam',
    construct: 'function',
    path: '$.f',
    why: 'the type check: functions are not JSON',
  },
  {
    name: 'date',
    profile: 'rfc004',
    construct: 'date',
    path: '$.d',
    why: 'the plain-object check: a Date is not walked as {}',
  },
  {
    name: 'undefined-deep',
    profile: 'seam',
    construct: 'undefined-deep',
    path: '$.list[1]["odd key"][0]',
    why: 'the refusal names where the value sits: array positions, identifier names and other names each in their own spelling (deleting the path from the message turns every refuse case red)',
  },
];

const signCases = (accept: SignInput[], refuse: SignInput[]) => ({
  accept: accept.map(({ name, profile, construct, why }) => {
    const r = signSide(construct, profile);
    assert('canonical' in r, `${name}: expected acceptance`);
    return { name, profile, construct, canonical: r.canonical, why };
  }),
  refuse: refuse.map(({ name, profile, construct, path, why }) => {
    const r = signSide(construct, profile);
    assert('code' in r, `${name}: expected refusal`);
    assert(r.message.startsWith(`${r.code}: ${path} `), `${name}: the message names ${path}`);
    return { name, profile, construct, code: r.code, path, why };
  }),
});

const signSideGroup = {
  note: 'Give signSideValue(construct) (see packages/canonical/test/constructs.ts) to canonicalString with `profile`. accept: the result is `canonical`. refuse: a SeamError with `code` is thrown, its message naming the JSON path of the refused value (`<code>: <path> ...`).',
  ...signCases(signAccept, signRefuse),
};

// ---------------------------------------------------------------- duplicate member names

// Each profile's default for a repeated name, and the option that overrides it.
/** An object of `n` members k0..k(n-1), then the extra members given (raw JSON text). */
const wideObject = (n: number, ...extra: string[]) =>
  utf8(`{${[...Array.from({ length: n }, (_, i) => `"k${i}":${i}`), ...extra].join(',')}}`);

const duplicateAccept: BoundaryInput[] = [
  {
    name: 'seam-last-wins',
    profile: 'seam',
    bytes: utf8('{"a":1,"b":0,"a":2}'),
    why: 'seam keeps last-wins by default, the contract the upstream vector duplicate-key-last-wins pins (mutation: a refusing seam default turns it red)',
  },
  {
    name: 'swarmrelay-v1-last-wins',
    profile: 'swarmrelay-v1',
    bytes: utf8('{"b":1,"a":1,"b":2}'),
    why: 'swarmrelay-v1 keeps last-wins by default: its reference readers (json.loads in seed 001, JSON.parse at the hub) take the last occurrence (mutation: a refusing default turns it red)',
  },
  {
    name: 'rfc004-last-wins',
    profile: 'rfc004',
    bytes: utf8('{"x":{"a":1,"a":[2]}}'),
    why: 'rfc004 keeps last-wins by default: the reference reads entries back with JSON.parse (mutation: a refusing default turns it red)',
  },
  {
    name: 'jcs-last-wins-on-request',
    profile: 'jcs',
    options: { duplicateKeys: 'last-wins' },
    bytes: utf8('{"a":1,"a":2}'),
    why: "the option overrides the profile default: jcs with duplicateKeys: 'last-wins' reads the last occurrence (twin of jcs-default-refuses; mutation: ignoring the option turns it red)",
  },
  {
    name: 'agentplane-v1-last-wins-on-request',
    profile: 'agentplane-v1',
    options: { duplicateKeys: 'last-wins' },
    bytes: utf8('{"id":1,"id":18446744073709551615}'),
    why: 'the option overrides the profile default under agentplane-v1 too (twin of agentplane-v1-default-refuses; mutation: ignoring the option turns it red)',
  },
  {
    name: 'jcs-same-name-in-sibling-objects',
    profile: 'jcs',
    bytes: utf8('{"a":{"k":1},"b":{"k":2}}'),
    why: 'the same name in two different objects is not a repeat, so the refusing default accepts it',
  },
  {
    name: 'jcs-wide-object-distinct-names',
    profile: 'jcs',
    bytes: wideObject(40),
    why: 'forty distinct names, past the size where names are indexed rather than scanned: no repeat is found (twin of jcs-repeat-in-a-wide-object)',
  },
  {
    name: 'jcs-names-equal-only-after-normalisation',
    profile: 'jcs',
    bytes: utf8('{"\u00e9":1,"e\u0301":2}'),
    why: 'names are compared as written, never normalised: a composed and a decomposed e-acute are two names',
  },
];

const duplicateRefuse: BoundaryInput[] = [
  {
    name: 'jcs-default-refuses',
    profile: 'jcs',
    bytes: utf8('{"a":1,"a":2}'),
    why: 'jcs reads I-JSON (RFC 8785 input is I-JSON; RFC 7493 section 2.3): a repeated name is refused by default (mutation: a last-wins jcs default turns it red)',
  },
  {
    name: 'jcs-duplicate-spelled-with-escape',
    profile: 'jcs',
    bytes: utf8('{"a":1,"\\u0061":1}'),
    why: 'names are compared after their escapes are decoded: "a" and "\\u0061" are one name, repeated even with an equal value (mutation: a last-wins jcs default turns it red)',
  },
  {
    name: 'jcs-repeat-in-a-wide-object',
    profile: 'jcs',
    bytes: wideObject(20, '"k3":3'),
    why: 'a name repeated after the object has outgrown a scan is found in the index, which holds the names seen before it was built (mutation: an index that never reports a repeat turns it red)',
  },
  {
    name: 'agentplane-v1-default-refuses',
    profile: 'agentplane-v1',
    bytes: utf8('[{"id":1,"id":1}]'),
    why: 'agentplane-v1 is JCS with exact integers and reads I-JSON too: a repeated name inside an array element is refused by default (mutation: a last-wins agentplane-v1 default turns it red)',
  },
  {
    name: 'swarmrelay-v1-refuses-on-request',
    profile: 'swarmrelay-v1',
    options: { duplicateKeys: 'refuse' },
    bytes: utf8('{"b":1,"a":1,"b":2}'),
    why: "duplicateKeys: 'refuse' applies under a last-wins profile (twin of swarmrelay-v1-last-wins; mutation: ignoring the option turns it red)",
  },
  {
    name: 'rfc004-refuses-on-request',
    profile: 'rfc004',
    options: { duplicateKeys: 'refuse' },
    bytes: utf8('{"x":{"a":1,"a":[2]}}'),
    why: "duplicateKeys: 'refuse' applies under rfc004 (twin of rfc004-last-wins; mutation: ignoring the option turns it red)",
  },
];

const duplicateKeys = {
  note: "A repeated member name under each profile's default and under the duplicateKeys option. Give the bytes of documentHex to canonicalFromJSON (and parseJSON) with `profile` and `options`. accept: the canonical text is `canonical`. refuse: the code is `code`.",
  ...boundaryCases(duplicateAccept, duplicateRefuse),
};

// ---------------------------------------------------------------- non-finite numbers

// A 400-digit integer literal: beyond the double range like 1e400, without an exponent.
const OVERFLOWING_INTEGER = utf8(`[${'9'.repeat(400)}]`);

// rfc004 writes a number that is not finite as JSON.stringify does: null. Both sides.
const nonFiniteDocAccept: BoundaryInput[] = [
  {
    name: 'rfc004-overflowing-literals-are-null',
    profile: 'rfc004',
    bytes: utf8('{"n":1e400,"m":-1e400,"k":[1E999,0.5e309]}'),
    why: 'the RFC-004 reference reads 1e400 as Infinity (JSON.parse) and writes it null (JSON.stringify), so an entry holding one has an HMAC; rfc004 reproduces those bytes (mutation: refusing non-finite numbers on the verify side turns it red)',
  },
  {
    name: 'rfc004-overflowing-integer-is-null',
    profile: 'rfc004',
    bytes: OVERFLOWING_INTEGER,
    why: 'a 400-digit integer literal overflows a double just as 1e400 does, and is null too (mutation: refusing non-finite numbers on the verify side turns it red)',
  },
];

const nonFiniteDocRefuse: BoundaryInput[] = [
  {
    name: 'agentplane-v1-overflowing-literal',
    profile: 'agentplane-v1',
    bytes: utf8('{"n":1e400}'),
    why: 'the null rule is rfc004 only: agentplane-v1 still refuses a literal beyond the double range (mutation: writing null under every profile turns it red)',
  },
  {
    name: 'jcs-overflowing-integer',
    profile: 'jcs',
    bytes: OVERFLOWING_INTEGER,
    why: 'the null rule is rfc004 only: jcs refuses the overflowing integer rfc004 writes null (mutation: writing null under every profile turns it red)',
  },
];

const nonFiniteSignAccept: SignInput[] = [
  {
    name: 'rfc004-nan-is-null',
    profile: 'rfc004',
    construct: 'number:NaN',
    why: 'the sign side follows the reference too: NaN is written null (mutation: refusing non-finite numbers on the sign side turns it red)',
  },
  {
    name: 'rfc004-negative-infinity-is-null',
    profile: 'rfc004',
    construct: 'number:-Infinity',
    why: 'the sign side: -Infinity is written null, the bytes the reference HMACs (mutation: refusing non-finite numbers on the sign side turns it red)',
  },
];

const nonFiniteSignRefuse: SignInput[] = [
  {
    name: 'agentplane-v1-infinity',
    profile: 'agentplane-v1',
    construct: 'number:Infinity',
    path: '$',
    why: 'the null rule is rfc004 only: agentplane-v1 refuses to sign Infinity (mutation: writing null under every profile turns it red)',
  },
];

const nonFiniteDocs = boundaryCases(nonFiniteDocAccept, nonFiniteDocRefuse);
const nonFiniteSigns = signCases(nonFiniteSignAccept, nonFiniteSignRefuse);
const nonFinite = {
  note: 'Numbers that are not finite. Cases with documentHex: canonicalFromJSON with `profile` (accept: the canonical text is `canonical`; refuse: the code is `code`). Cases with construct: canonicalString of signSideValue(construct) (accept: the text is `canonical`; refuse: a SeamError with `code`).',
  accept: [...nonFiniteDocs.accept, ...nonFiniteSigns.accept],
  refuse: [...nonFiniteDocs.refuse, ...nonFiniteSigns.refuse],
};

// ---------------------------------------------------------------- swarmrelay-v1

const swarmAccept: { name: string; rule: string; payloadJson: string; contrast?: ProfileName }[] = [
  {
    name: 'utf16-key-order',
    rule: 'members sort by UTF-16 code unit, so an astral name sorts before U+E000',
    payloadJson: '{"\\ue000":1,"\\ud83d\\ude00":2,"a":3}',
    contrast: 'seam',
  },
  {
    name: 'numeric-looking-keys',
    rule: 'names that look like numbers still sort as text',
    payloadJson: '{"10":1,"2":2,"01":3,"a":4,"B":5}',
  },
  {
    name: 'lone-surrogates-lowercase',
    rule: 'a lone surrogate is written as a lowercase \\udxxx escape; a pair is one character',
    payloadJson: '["\\uD800","x\\uDC00","\\uD83D\\uDE00"]',
    contrast: 'seam',
  },
  {
    name: 'ecmascript-numbers',
    rule: 'numbers are doubles written by Number::toString: -0 is 0, 1.0 is 1, exponents like 1e-7 and 1e+21',
    payloadJson: '[1.0,-0.0,1e-7,1e21,0.000001,333333333.33333329,9007199254740993,4.5]',
    contrast: 'seam',
  },
  {
    name: 'no-normalisation',
    rule: 'text is never normalised: decomposed and composed forms stay distinct',
    payloadJson: '["e\\u0301","\\u00e9"]',
  },
  {
    name: 'line-separators-raw',
    rule: 'U+2028 and U+2029 are written raw',
    payloadJson: '"a\\u2028b\\u2029c"',
  },
  {
    name: 'controls-and-slash',
    rule: 'short escapes for \\b \\t \\n \\f \\r, \\u00xx for other controls, / unescaped',
    payloadJson: '"\\/\\u0007\\u001F\\"\\\\\\b\\t\\n\\f\\r\\u007f"',
  },
  {
    name: 'top-level-string',
    rule: 'a top-level string payload is allowed and keeps its quotes',
    payloadJson: '"café"',
  },
  {
    name: 'nested-order',
    rule: 'sorting is recursive and arrays keep their order',
    payloadJson: '{"b":[3,1,{"z":0,"y":1}],"a":{"d":1,"c":2}}',
  },
];

const swarmRefuse: { name: string; bytes: Uint8Array; why: string }[] = [
  {
    name: 'raw-surrogate-bytes',
    bytes: hexBytes('22eda08022'),
    why: 'fatal UTF-8 decoding still applies: only \\u escapes may carry a lone surrogate',
  },
  {
    name: 'float-overflow',
    bytes: utf8('[1e999]'),
    why: 'the number reproduction check: JSON.parse would give Infinity, which has no spelling',
  },
  { name: 'utf8-bom', bytes: hexBytes('efbbbf2261'), why: 'the BOM check applies to this profile too' },
];

const swarmrelay = {
  note: 'Own vectors for swarmrelay-canonical-json-v1 (rules from the OpenAgentForum article and the hub reference). accept: canonicalFromJSON(UTF-8 of payloadJson) gives `canonical`, whose UTF-8 is utf8Hex and whose SHA-256 is sha256 (the hub checksum); `contrast` is what another profile gives for the same bytes. refuse: the bytes of documentHex are refused with `code`.',
  accept: swarmAccept.map(({ name, rule, payloadJson, contrast }) => {
    const bytes = utf8(payloadJson);
    const c = accepted(bytes, 'swarmrelay-v1');
    const out: Record<string, unknown> = {
      name,
      rule,
      payloadJson,
      canonical: c,
      utf8Hex: hex.encode(utf8(c)),
      sha256: sha256(utf8(c)),
    };
    if (contrast !== undefined) {
      const other = fromBytes(bytes, contrast);
      assert(!('canonical' in other) || other.canonical !== c, `${name}: the contrast profile must differ`);
      out.contrast = { profile: contrast, ...other };
    }
    return out;
  }),
  refuse: swarmRefuse.map(({ name, bytes, why }) => ({
    name,
    documentHex: hex.encode(bytes),
    code: refused(bytes, 'swarmrelay-v1'),
    why,
  })),
};

parts.push({
  file: 'canonical_profiles.json',
  content: {
    note: 'Vectors of @agent-seam/canonical beyond the upstream seam groups, generated by packages/canonical/vectors/generate.ts. Each top-level key is a group.',
    'canonical.parseBoundary': parseBoundary,
    'canonical.signSide': signSideGroup,
    'profile.swarmrelay-v1': swarmrelay,
    'canonical.duplicateKeys': duplicateKeys,
    'canonical.nonFinite': nonFinite,
  } as never,
});
