import { concatBytes, hex, sha256, utf8Strict } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { LineReader } from '../src/export/reading.js';
import { parseGraderSidecar, signAuditEntry, signGraderVerdict, verifyAuditEntry } from '../src/index.js';

// The strict JSON a record line is read with.
// Each case that exists for a mutant of the verify path says in its comment which one it holds
// (file:line:column of the mutation report); equivalent mutants are listed in spec/chain.md.

describe('the strict JSON of a record line', () => {
  it('an audit entry with a null prototype is an object like any other', () => {
    // why: json.ts:26 `proto === null` → false
    const entry = { action: 'read' };
    const bare = Object.assign(Object.create(null), { ...entry, hmac: signAuditEntry(entry, 's') });
    expect(verifyAuditEntry(bare, ['s'])).toEqual({ ok: true, value: { secretIndex: 0 } });
  });

  it('an error that is not a SeamError passes through signing unchanged', () => {
    // why: json.ts:47 `!(error instanceof SeamError)` → false (the mutant reads error.code of a RangeError and throws a TypeError)
    // (nested, so that canonicalize reads the getter, not the spread that drops hmac and signature)
    const entry = {
      nested: {
        get action(): string {
          throw new RangeError('the getter refuses');
        },
      },
    };
    let caught: unknown;
    try {
      signAuditEntry(entry, 's');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RangeError);
    expect((caught as Error).message).toBe('the getter refuses');
  });

  const prev = new Uint8Array(32).fill(1);
  /** A sound record line (raw `{}`), its seq spelt as `seq` is, read on its own. */
  const readSeq = (seq: string) => {
    const hash = hex.encode(sha256(concatBytes([prev, utf8Strict.encode('{}')])));
    const line = `{"seq":${seq},"body":{},"prev_hash":"${hex.encode(prev)}","hash":"${hash}","raw":"{}"}`;
    const reading = new LineReader(1 << 20, undefined).read(utf8Strict.encode(line));
    if (reading.type !== 'record') throw new Error(`expected a record reading, got ${reading.type}`);
    return { seq: reading.record.seq, wellFormed: reading.record.wellFormed };
  };

  it('a seq is a non-negative safe integer; past 2^53 - 1, negative or a string it is misspelt', () => {
    // why: json.ts:58 (safeInt) whole condition → true, `typeof … && isSafeInteger` → true,
    // `(…) && value >= 0` → `(…) || value >= 0`, `value >= 0` → true (integers beyond 2^53 reach it as bigints)
    expect(readSeq('9007199254740991')).toEqual({ seq: 9007199254740991, wellFormed: true });
    expect(readSeq('0')).toEqual({ seq: 0, wellFormed: true });
    for (const misspelt of ['9007199254740992', '-9007199254740993', '-1', '"5"'])
      expect(readSeq(misspelt)).toEqual({ seq: null, wellFormed: false });
  });

  it('a grader sidecar is read under the wire rules: floats marked, duplicate members refused', () => {
    // why: json.ts:30 parseWire's options → {} (1.0 would read as the integer 1, a repeated member as its last value)
    const seed = new Uint8Array(32).fill(0x47);
    const claim = {
      run: 'r',
      last_seq: 1,
      last_hash: 'ab'.repeat(32),
      open: true,
      content: new Uint8Array([1]),
    };
    const text = JSON.stringify(signGraderVerdict(claim, 'g', seed));
    expect(parseGraderSidecar(utf8Strict.encode(text)).ok).toBe(true);
    expect(parseGraderSidecar(utf8Strict.encode(text.replace('"version":1', '"version":1.0')))).toEqual({
      ok: false,
      code: 'grader-format',
      detail: 'the sidecar version is not one this reader implements',
    });
    expect(
      parseGraderSidecar(utf8Strict.encode(text.replace('"open":true', '"open":false,"open":true'))),
    ).toEqual({
      ok: false,
      code: 'grader-format',
      detail: 'the sidecar is not one JSON object',
    });
  });
});
