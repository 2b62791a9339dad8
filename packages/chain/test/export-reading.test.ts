import { concatBytes, hex, sha256, utf8Strict } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { LineReader } from '../src/export/reading.js';
import { notWellFormed } from './helpers.js';

// Reading an export line by line (src/export/reading.ts).
// Each case that exists for a mutant of the verify path says in its comment which one it holds
// (file:line:column of the mutation report); equivalent mutants are listed in spec/chain.md.

describe('LineReader: an export read line by line', () => {
  const prev = new Uint8Array(32).fill(1);
  /** A record line whose hash links `raw` to prev (or `hash` when given), with `extra` members over the usual ones. */
  const recordLine = (raw: unknown, body: unknown, extra: Record<string, unknown> = {}) => {
    const linked = sha256(concatBytes([prev, utf8Strict.encode(String(raw))]));
    const line = { seq: 0, body, prev_hash: hex.encode(prev), hash: hex.encode(linked), raw, ...extra };
    return utf8Strict.encode(JSON.stringify(line));
  };
  const readRecord = (bytes: Uint8Array, maxLine = 1 << 20) => {
    const reading = new LineReader(maxLine, undefined).read(bytes);
    if (reading.type !== 'record') throw new Error(`expected a record reading, got ${reading.type}`);
    return reading.record;
  };

  it('a line of exactly maxLine bytes is read; one byte more is line-too-long', () => {
    // why: reading.ts:101 `bytes.length > this.maxLine` → `>=`
    const frame = utf8Strict.encode('{"kind":1}');
    expect(new LineReader(frame.length, undefined).read(frame)).toEqual({
      type: 'frame',
      frame: { kind: 1 },
    });
    expect(new LineReader(frame.length - 1, undefined).read(frame)).toEqual({
      type: 'refused',
      code: 'line-too-long',
      message: `the line exceeds ${frame.length - 1} bytes`,
    });
  });

  it('a sound record line is well formed and linked', () => {
    // the baseline the cases below change one member of
    const record = readRecord(recordLine('{"a":1}', { a: 1 }));
    expect(record).toMatchObject({ wellFormed: true, linked: true, rawFinding: null, signature: 'missing' });
  });

  it('a record carrying all six of its members leaves none of them unaccounted', () => {
    // why: reading.ts:55 RECORD_MEMBERS → [], or any one of its six names → "" (static: applied by hand)
    const record = readRecord(recordLine('{"a":1}', { a: 1 }, { signature: null }));
    expect(record).toMatchObject({ unknown: [], wellFormed: true, linked: true, signature: 'null' });
  });

  it('a conclusion seals its run under each of the eight closing outcomes, and under no other', () => {
    // why: reading.ts:62 SEALING_OUTCOMES → empty, or any one of its eight outcomes → "" (static: applied by hand)
    const concluded = (outcome: string) => {
      const body = { chain_head: hex.encode(prev), kind: 'RunConcluded', outcome };
      return readRecord(recordLine(JSON.stringify(body), body)).hashed?.concluded;
    };
    const closing = [
      'succeeded',
      'cancelled',
      'abandoned',
      'swept',
      'broke-glass',
      'halt-lifted',
      'hold-released',
      'observed',
    ];
    for (const outcome of closing) expect(concluded(outcome)).toEqual({ seals: true, headMatches: true });
    for (const outcome of ['', 'running', 'Succeeded'])
      expect(concluded(outcome)).toEqual({ seals: false, headMatches: true });
  });

  it('a record with only a body is neither well formed nor linked', () => {
    // why: reading.ts:124 wellFormed `false` → `true`, :125 linked `false` → `true`
    expect(readRecord(utf8Strict.encode('{"body":{}}'))).toEqual(notWellFormed(null));
  });

  it('a misspelt seq alone leaves the record not well formed', () => {
    // why: reading.ts:132 whole condition → false, `reading.seq === null` → false, `||` → `&&`
    const record = readRecord(recordLine('{"a":1}', { a: 1 }, { seq: -1 }));
    expect(record).toMatchObject({ seq: null, wellFormed: false, linked: false });
  });

  it('a misspelt prev_hash alone leaves the record not well formed', () => {
    // why: reading.ts:133 `prev === null` → false (the mutant reads a null prefix and throws)
    const record = readRecord(recordLine('{"a":1}', { a: 1 }, { prev_hash: 'ab' }));
    expect(record).toMatchObject({ prev: null, wellFormed: false, linked: false });
  });

  it('a raw that is a number is not well formed even when its digits would link', () => {
    // why: reading.ts:135 `typeof line.raw !== 'string'` → false (encodeInto would spell 5 as "5" and link)
    const record = readRecord(recordLine(5, { a: 1 }));
    expect(record).toMatchObject({ wellFormed: false, linked: false, hashed: null });
  });

  it('a raw longer than the first scratch buffer still links', () => {
    // why: reading.ts:162 `+ text.length * 3` → `-`, `* 3` → `/ 3`; :163 `scratch.length < need` → false, → `>=`
    // (each leaves the 4096-byte buffer in place and cuts raw off, so the hash no longer matches)
    const text = 'x'.repeat(6000);
    const record = readRecord(recordLine(`{"a":"${text}"}`, { a: text }));
    expect(record).toMatchObject({ wellFormed: true, linked: true, rawFinding: null });
    expect(record.hashed).toEqual({ seq: null, run: null, concluded: null, case: null });
  });

  it('a canonical raw that is not an object is record-not-canonical with its message', () => {
    // why: reading.ts:184 `raw[0] !== 0x7b` → false, and the no-coverage block and strings at :184-185
    const record = readRecord(recordLine('1', { a: 1 }));
    expect(record).toMatchObject({
      wellFormed: true,
      linked: true,
      rawFinding: { code: 'record-not-canonical', message: 'the wire bytes are not a canonical JSON object' },
      hashed: null,
    });
  });

  it('a hashed body whose run is not a string reads as no run', () => {
    // why: reading.ts:199 `typeof value.run === 'string'` → true
    const record = readRecord(recordLine('{"case":"c","run":5}', { case: 'c', run: 5 }));
    expect(record.hashed).toEqual({ seq: null, run: null, concluded: null, case: 'c' });
    const named = readRecord(recordLine('{"run":"r"}', { run: 'r' }));
    expect(named.hashed).toEqual({ seq: null, run: 'r', concluded: null, case: null });
  });
});
