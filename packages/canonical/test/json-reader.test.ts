import { jsonReader, parseJSON } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { utf8 } from './helpers.js';

// Each `why` names the mutant(s) of src/ the case holds (file:line:col of the mutation run that
// found it); survivors no input can tell from the original are listed in spec/canonical.md.

describe('the JSON reader holds to parseJSON where its JSON.parse path would build something else', () => {
  /** Member names in order, so a value built by JSON.parse (first position) and by parseJSON differ. */
  const keysOf = (v: unknown): string[] => Object.keys(v as object);

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

describe("a string value the reader's screen skips ends at its closing quote, no sooner or later", () => {
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
