import {
  base64Strict,
  base64urlStrict,
  canonicalFromJSON,
  canonicalize,
  canonicalString,
  durationSeconds,
  escapeBytes,
  fail,
  hex,
  ok,
  parseJSON,
  profiles,
  unixSeconds,
  utf8Strict,
} from '@agent-seam/canonical';
import { x25519PublicKey, x25519SharedSecret } from '@agent-seam/canonical/x25519';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import { canonicalText, expectRefusal, text, utf8 } from './helpers.js';

/**
 * Cases written against the survivors of the third stretch of the Stryker run over the rest of
 * the package (issue 15, `pnpm mutate --filter canonical --rest`, part 3: profiles, the byte
 * spellings, strings, time, UTF-8, sinks, show-bytes, verdict and the X25519 door's checks).
 * Each `why` names the mutant(s) the case kills. Many of them are decided when the module
 * loads (a module constant, an exported arrow function): the run reported them as survivors,
 * but applied to the source each one gives wrong answers, which these cases see.
 */

describe('profiles: the exported records are the contract tables', () => {
  // Transcribed from spec/canonical.md "## Profiles" (the README's table says the same): member
  // order, lone surrogate, numbers, not finite, undefined member, repeated name (default).
  const table = {
    seam: ['code point', 'refused', 'python', 'refused', 'refused', 'last wins'],
    jcs: ['UTF-16 unit', 'refused', 'ecmascript', 'refused', 'refused', 'refused'],
    'swarmrelay-v1': ['UTF-16 unit', '\\udxxx lowercase', 'ecmascript', 'refused', 'refused', 'last wins'],
    'agentplane-v1': ['UTF-16 unit', 'refused', 'ecmascript-exact-i64', 'refused', 'refused', 'refused'],
    rfc004: ['UTF-16 unit', '\\udxxx lowercase', 'ecmascript', 'null', 'dropped', 'last wins'],
  } as const;
  // The record's value for each word of the table (the field comments of `Profile`).
  const word: Record<string, string> = {
    'code point': 'code-point',
    'UTF-16 unit': 'utf16',
    refused: 'refuse',
    '\\udxxx lowercase': 'escape',
    null: 'null',
    dropped: 'drop',
    'last wins': 'last-wins',
  };
  // The "defined by" column, the words the spec names each definition with.
  const definedBy = {
    seam: ['agent-seam wire contract', 'CPython json.dumps(sort_keys=True', 'ensure_ascii=False'],
    jcs: ['RFC 8785'],
    'swarmrelay-v1': ['OpenAgentForum', 'swarmrelay-canonical-json-v1'],
    'agentplane-v1': ['agentplane canon v1'],
    rfc004: ['ar-agents RFC-004', 'canonical()'],
  } as const;

  it('each profile holds the rules of its row and names the definition it comes from', () => {
    // why: profiles.ts:48:17, 59:16, 69:28, 80:28 and 90:19 each record → `{}`; every string
    // literal of the five records → "" (49:11 to 57:20, 60:11 to 67:20, 70:11 to 78:20, 81:11 to
    // 88:20, 91:11 to 99:20), the `source` texts (51:7, 61:13, 72:7, 82:13, 93:7) among them
    expect(Object.keys(profiles)).toEqual(Object.keys(table));
    for (const [name, row] of Object.entries(table)) {
      const p = profiles[name as keyof typeof table];
      const [keyOrder, loneSurrogates, numbers, nonFinite, undefinedMembers, duplicateKeys] = row.map(
        (w) => word[w] ?? w,
      );
      expect({ ...p, source: undefined }).toEqual({
        name,
        source: undefined,
        keyOrder,
        loneSurrogates,
        numbers,
        nonFinite,
        undefinedMembers,
        duplicateKeys,
      });
      for (const words of definedBy[name as keyof typeof table]) expect(p.source).toContain(words);
    }
  });
});

describe('profileOf: a name or one of the records, nothing else', () => {
  const unknown = {
    name: 'SeamError',
    code: 'unknown-profile',
    // The names the README lists ("`profile` is one of ..."), in its order.
    message: 'unknown-profile: profile must be one of: seam, jcs, swarmrelay-v1, agentplane-v1, rfc004',
  };

  it('an array holding a profile name is not that name', () => {
    // why: profiles.ts:105:7 `typeof profile === 'string'` → true (`Object.hasOwn` turns ['seam']
    // into the key 'seam', so the array was taken for the name); 109:42 the message → "", 109:98
    // the separator → ""
    expect(thrown(() => canonicalize(1, { profile: ['seam'] as never }))).toEqual(unknown);
  });

  it('a copy of a profile record is not the record', () => {
    // why: profiles.ts:107:7 `… && profile !== null && includes(…)` → `… && profile !== null ||
    // includes(…)` (any object was taken as a profile)
    expect(thrown(() => canonicalString(1, { profile: { ...profiles.jcs } as never }))).toEqual(unknown);
    expect(canonicalString(1, { profile: profiles.jcs as never })).toBe('1');
  });
});

describe('escapeBytes: every byte shown, none hidden', () => {
  it('the printable range runs from space to tilde, both shown as themselves', () => {
    // why: show-bytes.ts:17:16 `b >= 0x20` → `b > 0x20`, 17:29 `b <= 0x7e` → `b < 0x7e`, and
    // 16:20 escapeByte → `() => undefined` (the text read "undefined")
    expect(escapeBytes(Uint8Array.of(0x1f, 0x20, 0x7e, 0x7f))).toBe('0  \\x1f ~\\x7f');
  });

  it('tab, return and backslash go by name, and no empty line follows a line that ended', () => {
    // why: show-bytes.ts:13:39 the names → `{}`, 13:44 '\\t', 13:55 '\\n', 13:66 '\\r', 13:77 '\\\\'
    // each → "" (a byte vanished), 41:7 `text !== '' || lines.length === 0` → true and 41:16 ''
    // → "Stryker was here!" (an empty last line was added after a newline or a full line)
    expect(escapeBytes(Uint8Array.of(9, 13, 92, 10))).toBe('0  \\t\\r\\\\\\n');
    expect(escapeBytes(utf8('abcd'), { width: 2 })).toBe('0  ab\n2  cd');
    expect(escapeBytes(new Uint8Array(0))).toBe('0  ');
  });
});

describe('the verify side refuses a repeated name in a large object', () => {
  it('a name repeated after the object outgrew a scan is still a repeat', () => {
    // why: sinks.ts:36:5 `this.index.add(name)` removed (the index held only the first 16 names,
    // so a repeat of the 17th was accepted)
    const names = Array.from({ length: 17 }, (_, i) => `"k${String(i).padStart(2, '0')}":${i}`);
    expectRefusal(`{${names.join(',')},"k16":0}`, 'jcs', 'duplicate-key');
    expectRefusal(`{${names.join(',')},"k00":0}`, 'jcs', 'duplicate-key');
  });
});

describe('parseJSON builds members as JSON.parse does', () => {
  it('every member is a configurable, writable, enumerable data property', () => {
    // why: sinks.ts:201:82 `configurable: true` → false (a caller could not delete a member, and
    // a repeated name could not replace the first)
    const doc = '{"a":1,"b":{"c":[2]}}';
    const v = parseJSON(doc);
    if (!v.ok) throw new Error(v.code);
    const value = v.value as { b: object };
    const native = JSON.parse(doc) as { b: object };
    expect(Object.getOwnPropertyDescriptors(value)).toEqual(Object.getOwnPropertyDescriptors(native));
    expect(Object.getOwnPropertyDescriptors(value.b)).toEqual(Object.getOwnPropertyDescriptors(native.b));
    expect(parseJSON('{"a":1,"a":2}')).toEqual({ ok: true, value: { a: 2 } });
  });
});

describe('member names in code point order and lone surrogates in names', () => {
  it('U+D7FF, U+E000 and U+10000 are in code point order under seam, whatever the document order', () => {
    // why: strings.ts:39:9 `x >= 0xd800 && y >= 0xd800` → true and `&&` → `||`, 39:9 `x >= 0xd800`
    // → true and → `x > 0xd800`, 39:24 `y >= 0xd800` → true and → `y > 0xd800`. U+D7FF is below
    // every surrogate and must not be shifted; U+10000 is written \ud800\udc00, the first unit
    // exactly 0xD800, and must be, or it sorts before U+E000.
    const ordered = '{"\ud7ff":1,"\ue000":2,"\u{10000}":3}';
    expect(canonicalText(ordered, 'seam')).toBe(ordered);
    expect(canonicalText('{"\u{10000}":3,"\ue000":2,"\ud7ff":1}', 'seam')).toBe(ordered);
    expect(canonicalText('{"\ue000":2,"\ud7ff":1}', 'seam')).toBe('{"\ud7ff":1,"\ue000":2}');
    expect(canonicalText('{"\u{10000}":3,"\ue000":2}', 'seam')).toBe('{"\ue000":2,"\u{10000}":3}');
  });

  it('a member name with a lone surrogate is escaped under a profile that escapes them', () => {
    // why: strings.ts:24:7 `profile.loneSurrogates === 'refuse'` → true (the name was refused)
    expect(canonicalString({ '\ud800': 1 }, { profile: 'rfc004' })).toBe('{"\\ud800":1}');
    expect(text(canonicalize({ '\udfff': 1 }, { profile: 'swarmrelay-v1' }))).toBe('{"\\udfff":1}');
  });

  it('a string made only of characters that need escaping is escaped', () => {
    // why: strings.ts:12:20 NEEDS_CARE → its complement (a string of a quote alone was written bare)
    expect(canonicalString('"', { profile: 'jcs' })).toBe('"\\""');
    expect(canonicalString({ '\\': '\n' }, { profile: 'seam' })).toBe('{"\\\\":"\\n"}');
  });
});

describe('strict byte spellings', () => {
  // RFC 4648 section 10.
  const vectors = [
    ['', ''],
    ['f', 'Zg=='],
    ['fo', 'Zm8='],
    ['foo', 'Zm9v'],
    ['foob', 'Zm9vYg=='],
    ['fooba', 'Zm9vYmE='],
    ['foobar', 'Zm9vYmFy'],
  ] as const;

  it('base64 and base64url spell the RFC 4648 vectors and read them back', () => {
    // why: spellings.ts:18:13 B64 → "", 19:16 B64URL → "", 21:50 makeTable's body emptied, 23:19
    // `i < alphabet.length` → false and → `>=` (empty tables), 90:29 base64Strict → `{}`, 91:11
    // its encode → `() => undefined`, 104:32 base64urlStrict → `{}`, 105:11 its encode → `() =>
    // undefined`
    for (const [plain, b64] of vectors) {
      const bytes = utf8(plain);
      const url = b64.replace(/=+$/, '');
      expect(base64Strict.encode(bytes)).toBe(b64);
      expect(base64urlStrict.encode(bytes)).toBe(url);
      expect(base64Strict.decode(b64)).toEqual(ok(bytes));
      expect(base64urlStrict.decode(url)).toEqual(ok(bytes));
    }
    // The two alphabets part at sextets 62 and 63: FB FF is 111110 111111 1111(00).
    expect(base64Strict.encode(Uint8Array.of(0xfb, 0xff))).toBe('+/8=');
    expect(base64urlStrict.encode(Uint8Array.of(0xfb, 0xff))).toBe('-_8');
    expect(base64Strict.decode('+/8=')).toEqual(ok(Uint8Array.of(0xfb, 0xff)));
    expect(base64urlStrict.decode('-_8')).toEqual(ok(Uint8Array.of(0xfb, 0xff)));
  });

  it('a character outside the alphabet is refused, zero sextets are not', () => {
    // why: spellings.ts:22:42 the table's `-1` → `+1` (every other ASCII character read as 1),
    // 50:10 `c < 128` → `c <= 128` (U+0080 read past the table as undefined, that is 0), 70:9
    // `(a | b | c | d) < 0` → `<= 0` (a group of four zero sextets, "AAAA", refused)
    const refused = { ok: false, code: 'bad-base64', detail: 'not the canonical spelling' };
    expect(base64Strict.decode('AA!A')).toEqual(refused);
    expect(base64Strict.decode('AA-A')).toEqual(refused);
    expect(base64urlStrict.decode('AA+A')).toEqual({ ...refused, code: 'bad-base64url' });
    expect(base64Strict.decode('\u0080AAA')).toEqual(refused);
    expect(base64urlStrict.decode('AAA\u0080')).toEqual({ ...refused, code: 'bad-base64url' });
    expect(base64Strict.decode('AAAA')).toEqual(ok(new Uint8Array(3)));
    expect(base64urlStrict.decode('AAAAAA')).toEqual(ok(new Uint8Array(4)));
  });

  it('each refusal says which rule the text broke', () => {
    // why: spellings.ts:94:58 'length is not a multiple of 4' → "", 98:51 and 109:54 'not the
    // canonical spelling' → "", 125:55 and 130:52 'expected lowercase hex pairs' → ""
    expect(base64Strict.decode('Zg=')).toEqual(fail('bad-base64', 'length is not a multiple of 4'));
    // "Zh==" leaves nonzero residual bits: "Zg==" is the one spelling of "f".
    expect(base64Strict.decode('Zh==')).toEqual(fail('bad-base64', 'not the canonical spelling'));
    expect(base64urlStrict.decode('Zh')).toEqual(fail('bad-base64url', 'not the canonical spelling'));
    expect(hex.decode('abc')).toEqual(fail('bad-hex', 'expected lowercase hex pairs'));
    expect(hex.decode('AB')).toEqual(fail('bad-hex', 'expected lowercase hex pairs'));
  });

  it('hex is two lowercase digits per byte, both ways', () => {
    // why: spellings.ts:114:20 HEX_DIGITS → "", 117:20 hex → `{}`, 138:34 `{ length: 128 }` →
    // `{}` (no digit had a value), 138:51 the digit values → `() => undefined` (every character 0)
    const bytes = Uint8Array.of(0x00, 0x19, 0xab, 0xef, 0xff);
    expect(hex.encode(bytes)).toBe('0019abefff');
    expect(hex.decode('0019abefff')).toEqual(ok(bytes));
    expect(hex.decode('0g')).toEqual(fail('bad-hex', 'expected lowercase hex pairs'));
    expect(hex.decode('zz')).toEqual(fail('bad-hex', 'expected lowercase hex pairs'));
  });

  it('utf8Strict refuses what it cannot decode exactly and keeps a leading U+FEFF', () => {
    // why: spellings.ts:140:45 the decoder's options → `{}`, 140:54 `fatal: true` → false (bad
    // bytes became U+FFFD), 140:71 `ignoreBOM: true` → false (the mark was stripped), 144:27
    // utf8Strict → `{}`, 145:11 its encode → `() => undefined`
    expect(utf8Strict.encode('é\u{1F600}')).toEqual(Uint8Array.of(0xc3, 0xa9, 0xf0, 0x9f, 0x98, 0x80));
    expect(utf8Strict.decode(Uint8Array.of(0xef, 0xbb, 0xbf, 0x61))).toEqual(ok('\ufeffa'));
    expect(utf8Strict.decode(Uint8Array.of(0x61, 0xff))).toEqual(fail('invalid-utf8'));
  });
});

describe('instants and durations: the refusals name the option and the fix', () => {
  const badInstant = (value: unknown) => thrown(() => unixSeconds(value as never, 'now')).message;
  const badDuration = (value: unknown) => thrown(() => durationSeconds(value as never, 'maxAge')).message;

  it('an instant that is not a number says what it is', () => {
    // why: time.ts:26:7 `typeof value !== 'number'` → false (a string was echoed), 27:12 the
    // message → '', 27:18 `value === null` → true, → false and → `!==`, 27:35 'null' → ""
    expect(badInstant(null)).toBe('bad-instant: now is null, not a Date or Unix seconds');
    expect(badInstant('1700000000')).toBe('bad-instant: now is string, not a Date or Unix seconds');
    expect(badInstant({})).toBe('bad-instant: now is object, not a Date or Unix seconds');
  });

  it('a number that is not finite, negative, or milliseconds says so', () => {
    // why: time.ts:28:39 the not-finite message → '', 29:25 the before-1970 message → '', 31:89
    // `value / 1000` → `* 1000` (the suggested seconds were a thousand times the milliseconds)
    expect(badInstant(Number.NaN)).toBe('bad-instant: now is NaN, not a Date or Unix seconds');
    expect(badInstant(-1)).toBe('bad-instant: now is -1: Unix seconds before 1970 are not accepted');
    expect(badInstant(1_700_000_000_123)).toBe(
      'bad-instant: now is 1700000000123, which looks like milliseconds; pass Unix seconds (1700000000) or a Date',
    );
  });

  it('a duration is refused with its reason, and 10^11 seconds is still one', () => {
    // why: time.ts:51:41 the message → '', 52:7 `value > MAX_PLAUSIBLE_SECONDS` → `>=`, 53:41 the
    // milliseconds message → ''
    expect(badDuration(-1)).toBe('bad-duration: maxAge must be a non-negative number of seconds');
    expect(badDuration(1e11 + 1)).toBe(
      'bad-duration: maxAge is 100000000001, which looks like milliseconds; pass seconds',
    );
    expect(durationSeconds(1e11, 'maxAge')).toBe(1e11);
  });
});

describe('the UTF-8 gate of the parse boundary', () => {
  const doc = (...inner: number[]) => Uint8Array.of(0x22, ...inner, 0x22);
  const truncated = (...tail: number[]) => Uint8Array.of(0x22, ...tail);

  it('takes the last two-byte lead and the first and last four-byte sequences', () => {
    // why: utf8-check.ts:19:22 `b <= 0xdf` → `b < 0xdf` (U+07FF, DF BF, refused)
    for (const ok of [doc(0xdf, 0xbf), doc(0xf0, 0x90, 0x80, 0x80), doc(0xf4, 0x8f, 0xbf, 0xbf)]) {
      const v = canonicalFromJSON(ok, { profile: 'seam' });
      expect(v.ok && text(v.value)).toBe(text(ok));
    }
  });

  it('refuses an overlong four-byte form and one above U+10FFFF', () => {
    // why: utf8-check.ts:27:11 `b === 0xf0` → false (F0 8F BF BF, U+FFFF overlong, accepted),
    // 29:16 `b === 0xf4` → false (F4 90 80 80, U+110000, accepted)
    expectRefusal(doc(0xf0, 0x8f, 0xbf, 0xbf), 'seam', 'invalid-utf8');
    expectRefusal(doc(0xf4, 0x90, 0x80, 0x80), 'seam', 'invalid-utf8');
  });

  it('refuses a sequence cut off by the end of the document as UTF-8, not as JSON', () => {
    // why: utf8-check.ts:32:9 `second === undefined` → false and 35:11 `c === undefined` →
    // false (a missing byte compares neither below nor above the range, so the cut sequence
    // passed and the parser answered invalid-json)
    expectRefusal(truncated(0xc2), 'seam', 'invalid-utf8');
    expectRefusal(truncated(0xe2, 0x82), 'seam', 'invalid-utf8');
    expectRefusal(truncated(0xf0, 0x9f, 0x98), 'seam', 'invalid-utf8');
  });
});

describe('ok and fail', () => {
  it('build exactly the documented shapes; fail without a detail has no detail member', () => {
    // why: verdict.ts:10:19 ok → `() => undefined`, 12:21 fail → `() => undefined`, 13:3
    // `detail === undefined` → false (a `detail: undefined` member was added)
    expect(ok(1)).toStrictEqual({ ok: true, value: 1 });
    expect(fail('stale', '3 s old')).toStrictEqual({ ok: false, code: 'stale', detail: '3 s old' });
    expect(fail('stale')).toStrictEqual({ ok: false, code: 'stale' });
    expect('detail' in fail('stale')).toBe(false);
  });
});

describe('the X25519 door: a wrong key names which key and what it must be', () => {
  it('the private and the public key are told apart in the message', () => {
    // why: x25519-agreement.ts:19:41 the message → '', 32:47 'the private key' → "", 32:89 'the
    // public key' → "", 39:44 'the private key' → ""
    const key = new Uint8Array(32);
    const short = new Uint8Array(31);
    const bad = (what: string) => ({
      name: 'SeamError',
      code: 'bad-argument',
      message: `bad-argument: ${what} must be a Uint8Array of 32 bytes`,
    });
    expect(thrown(() => x25519SharedSecret(short, key))).toEqual(bad('the private key'));
    expect(thrown(() => x25519SharedSecret(key, short))).toEqual(bad('the public key'));
    expect(thrown(() => x25519PublicKey(short))).toEqual(bad('the private key'));
  });
});
