// Cases that kill the Stryker survivors listed in the mutation report of the verifier
// (signature, export reading, rfc3339, audit, json, lines). Each `it` names the mutants it
// kills; equivalent mutants are listed in spec/chain.md ("Equivalent mutants").
import { concatBytes, hex, SeamError, sha256, utf8Strict } from '@agent-seam/canonical';
import { keyPairFromSeed } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { LineReader } from '../src/export/reading.js';
import { recordSigningInput, signRecord, verifyKeyed, verifyRecordSignature } from '../src/index.js';

/** The SeamError `run` throws, for asserting its code and message. */
function thrown(run: () => unknown): SeamError {
  try {
    run();
  } catch (error) {
    if (error instanceof SeamError) return error;
    throw error;
  }
  throw new Error('expected a SeamError');
}

describe('signature.ts', () => {
  const seed = new Uint8Array(32).fill(3);
  const keys = new Map([['k1', keyPairFromSeed(seed).publicKey]]);
  const hash = new Uint8Array(32).fill(7);
  const signed = signRecord(hash, 'k1', seed);
  const input = recordSigningInput(hash);

  it('refuses a hash, seed or key id of the wrong kind with its own code', () => {
    // why: signature.ts:37 'bad-hash' → "", :52 'bad-seed' → "", :49 typeof keyId !== 'string' → false
    expect(thrown(() => recordSigningInput(new Uint8Array(31))).message).toBe(
      'bad-hash: hash is not a 32-byte chain hash',
    );
    expect(thrown(() => signRecord(hash, 'k1', new Uint8Array(31))).message).toBe(
      'bad-seed: seed is not a 32-byte Ed25519 seed',
    );
    expect(thrown(() => signRecord(hash, 5 as never, seed)).message).toBe(
      'bad-key-id: keyId is not a non-empty string',
    );
  });

  it('refuses a trust set that is not a Map, null included, with bad-keys', () => {
    // why: signature.ts:43 `?.get` → `.get` (null would throw a TypeError), :101 requireKeys removed from verifyKeyed
    const badKeys = 'bad-keys: keys is not a Map from key_id to an Ed25519 public key';
    expect(thrown(() => verifyRecordSignature(signed, hash, null as never)).message).toBe(badKeys);
    expect(thrown(() => verifyKeyed(null, input, {} as never)).message).toBe(badKeys);
  });

  it('verifyKeyed accepts a good signature over bytes and names non-bytes input', () => {
    // why: signature.ts:102 `!(input instanceof Uint8Array)` → true, :102 detail → ""
    expect(verifyKeyed(signed, input, keys)).toEqual({ ok: true, value: { keyId: 'k1' } });
    expect(verifyKeyed(signed, 'input' as never, keys)).toMatchObject({
      ok: false,
      code: 'not-bytes',
      detail: 'the signing input is not a Uint8Array',
    });
  });

  it('a hash that is not bytes is not-bytes with its detail', () => {
    // why: signature.ts:117 'the hash is not a Uint8Array' → ""
    expect(verifyRecordSignature(signed, [7] as never, keys)).toMatchObject({
      ok: false,
      code: 'not-bytes',
      detail: 'the hash is not a Uint8Array',
    });
  });

  it('an undefined signature is absent, not malformed', () => {
    // why: signature.ts:80 `value === undefined` → false
    expect(verifyRecordSignature(undefined, hash, keys)).toEqual({ ok: false, code: 'signature-absent' });
  });

  const malformed = {
    ok: false,
    code: 'signature-malformed',
    detail: 'not exactly a key_id and 128 lowercase hex characters',
  };

  it('a function carrying key_id and signature is malformed, not verified', () => {
    // why: signature.ts:63 `typeof value !== 'object'` → false (the function's own keys would verify)
    const fn = Object.assign(() => 0, { ...signed });
    expect(verifyRecordSignature(fn, hash, keys)).toEqual(malformed);
  });

  it('a key_id that is not a string is malformed, with its detail', () => {
    // why: signature.ts:66 whole condition → false, `typeof keyId !== 'string'` → false, `||` → `&&`; :83 detail → ""
    expect(verifyRecordSignature({ key_id: 5, signature: signed.signature }, hash, keys)).toEqual(malformed);
  });

  it('a null signature member is malformed (no TypeError)', () => {
    // why: signature.ts:66 `typeof signature !== 'string'` → false (null.length would throw)
    expect(verifyRecordSignature({ key_id: 'k1', signature: null }, hash, keys)).toEqual(malformed);
  });

  it('hex of 65 bytes is malformed, not an Ed25519 refusal', () => {
    // why: signature.ts:66 `signature.length !== 128` → false
    expect(verifyRecordSignature({ key_id: 'k1', signature: `${signed.signature}00` }, hash, keys)).toEqual(
      malformed,
    );
  });

  it('an unknown key and a wrong signature carry their details', () => {
    // why: signature.ts:85 'the named key was not supplied' → "", :89 `Ed25519 refused: ${code}` → ''
    expect(verifyRecordSignature({ key_id: 'k9', signature: signed.signature }, hash, keys)).toEqual({
      ok: false,
      code: 'signature-unknown-key',
      detail: 'the named key was not supplied',
    });
    const other = signRecord(new Uint8Array(32).fill(8), 'k1', seed);
    expect(verifyRecordSignature(other, hash, keys)).toEqual({
      ok: false,
      code: 'signature-invalid',
      detail: 'Ed25519 refused: bad-signature',
    });
  });
});

describe('export/reading.ts', () => {
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

  it('a record with only a body is neither well formed nor linked', () => {
    // why: reading.ts:124 wellFormed `false` → `true`, :125 linked `false` → `true`
    expect(readRecord(utf8Strict.encode('{"body":{}}'))).toEqual({
      unknown: [],
      seq: null,
      prev: null,
      hash: null,
      wellFormed: false,
      linked: false,
      rawFinding: null,
      hashed: null,
      signature: 'missing',
    });
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
