// Cases that kill the Stryker survivors listed in the mutation report of the verifier
// (signature, export reading, rfc3339, audit, json, lines). Each `it` names the mutants it
// kills; equivalent mutants are listed in spec/chain.md ("Equivalent mutants").
import { concatBytes, hex, hmacSha256, sha256, utf8Strict } from '@agent-seam/canonical';
import { keyPairFromSeed } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { LineReader } from '../src/export/reading.js';
import {
  auditSigningBytes,
  parseGraderSidecar,
  recordSigningInput,
  rfc3339Seconds,
  signAuditEntry,
  signGraderVerdict,
  signRecord,
  splitLines,
  verifyAuditEntry,
  verifyKeyed,
  verifyRecordSignature,
} from '../src/index.js';
import { notWellFormed, thrown } from './helpers.js';

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
    expect(verifyRecordSignature(undefined, hash, keys)).toEqual({
      ok: false,
      code: 'signature-absent',
      detail: 'the signature is absent',
    });
    expect(verifyRecordSignature(null, hash, keys)).toEqual({
      ok: false,
      code: 'signature-absent',
      detail: 'the signature is null: unsigned',
    });
  });

  const malformed = (detail: string) => ({ ok: false, code: 'signature-malformed', detail });

  it('a function carrying key_id and signature is malformed, not verified', () => {
    // why: signature.ts:63 `typeof value !== 'object'` → false (the function's own keys would verify)
    const fn = Object.assign(() => 0, { ...signed });
    expect(verifyRecordSignature(fn, hash, keys)).toEqual(
      malformed('the signature is a function, not {key_id, signature}'),
    );
    expect(verifyRecordSignature([1], hash, keys)).toEqual(
      malformed('the signature is an array, not {key_id, signature}'),
    );
    expect(verifyRecordSignature({ ...signed, key: 'x' }, hash, keys)).toEqual(
      malformed('the signature object has other members than exactly key_id and signature'),
    );
    expect(verifyRecordSignature({ key_id: 'k1', sig: signed.signature }, hash, keys)).toEqual(
      malformed('the signature object has other members than exactly key_id and signature'),
    );
  });

  it('a key_id that is not a string is malformed, with its detail', () => {
    // why: signature.ts:66 whole condition → false, `typeof keyId !== 'string'` → false, `||` → `&&`; :83 detail → ""
    expect(verifyRecordSignature({ key_id: 5, signature: signed.signature }, hash, keys)).toEqual(
      malformed('its key_id is not a string'),
    );
  });

  it('a null signature member is malformed (no TypeError)', () => {
    // why: signature.ts:66 `typeof signature !== 'string'` → false (null.length would throw)
    expect(verifyRecordSignature({ key_id: 'k1', signature: null }, hash, keys)).toEqual(
      malformed('its signature is not 128 lowercase hex characters'),
    );
  });

  it('hex of 65 bytes is malformed, not an Ed25519 refusal', () => {
    // why: signature.ts:66 `signature.length !== 128` → false
    expect(verifyRecordSignature({ key_id: 'k1', signature: `${signed.signature}00` }, hash, keys)).toEqual(
      malformed('its signature is not 128 lowercase hex characters'),
    );
    expect(
      verifyRecordSignature({ key_id: 'k1', signature: signed.signature.toUpperCase() }, hash, keys),
    ).toEqual(malformed('its signature is not 128 lowercase hex characters'));
  });

  it('an unknown key and a wrong signature carry their details', () => {
    // why: signature.ts, the unknown-key and invalid details (the key id named, printable and
    // cut at 64 characters).
    expect(verifyRecordSignature({ key_id: 'k9', signature: signed.signature }, hash, keys)).toEqual({
      ok: false,
      code: 'signature-unknown-key',
      detail: 'the signature names key_id k9, which is none of the keys you gave',
    });
    expect(verifyRecordSignature({ key_id: 'a b', signature: signed.signature }, hash, keys)).toMatchObject({
      detail: 'the signature names key_id "a b", which is none of the keys you gave',
    });
    expect(
      verifyRecordSignature({ key_id: 'k'.repeat(65), signature: signed.signature }, hash, keys),
    ).toMatchObject({
      detail: `the signature names key_id "${'k'.repeat(64)}…", which is none of the keys you gave`,
    });
    const other = signRecord(new Uint8Array(32).fill(8), 'k1', seed);
    expect(verifyRecordSignature(other, hash, keys)).toEqual({
      ok: false,
      code: 'signature-invalid',
      detail: 'the signature does not verify under the key you gave for key_id k1 (bad-signature)',
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

describe('rfc3339.ts', () => {
  /** The oracle: the same instant as Date.UTC computes it (no clock is read), in whole seconds. */
  const utc = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) =>
    Date.UTC(y, mo - 1, d, h, mi, s) / 1000;

  it('counts days from the epoch, February and the centuries included', () => {
    // why: rfc3339.ts:15 `m <= 2` → `m < 2`, :18 `m > 2` → `m >= 2` (February dates),
    // :19 `- Math.floor(yoe / 100)` → `+` (every date in an era past its first century, 1970 among them)
    expect(rfc3339Seconds('1970-01-01T00:00:00Z')).toBe(0);
    expect(rfc3339Seconds('2024-02-15T00:00:00Z')).toBe(utc(2024, 2, 15));
    expect(rfc3339Seconds('1999-02-01T00:00:00Z')).toBe(utc(1999, 2, 1));
    expect(rfc3339Seconds('2150-06-30T00:00:00Z')).toBe(utc(2150, 6, 30));
  });

  it('adds minutes and seconds, and applies an offset with minutes in its sign', () => {
    // why: rfc3339.ts:39 `+ s` → `- s`, `+ mi * 60` → `- mi * 60`, `mi * 60` → `mi / 60`;
    // :37 `m[7] === '-'` → false, '-' → "", -1 → +1, `oh * 3600 + om * 60` → `-`, `om * 60` → `om / 60`
    expect(rfc3339Seconds('2026-03-04T05:06:07Z')).toBe(utc(2026, 3, 4, 5, 6, 7));
    expect(rfc3339Seconds('2026-03-04T05:06:07+05:30')).toBe(utc(2026, 3, 4, 5, 6, 7) - (5 * 3600 + 30 * 60));
    expect(rfc3339Seconds('2026-03-04T05:06:07-05:30')).toBe(utc(2026, 3, 4, 5, 6, 7) + (5 * 3600 + 30 * 60));
  });

  it('February 29 exists in leap years only: every 4th, not every 100th, but every 400th', () => {
    // why: rfc3339.ts:9 `y % 100 !== 0` → true, `y % 100` → `y * 100` (1900, 2100 would be leap);
    // :9 `y % 400 === 0` → false, `y % 400` → `y * 400` (2000 would not be)
    expect(rfc3339Seconds('2024-02-29T00:00:00Z')).toBe(utc(2024, 2, 29));
    expect(rfc3339Seconds('2000-02-29T00:00:00Z')).toBe(utc(2000, 2, 29));
    expect(rfc3339Seconds('1900-02-29T00:00:00Z')).toBeNull();
    expect(rfc3339Seconds('2100-02-29T00:00:00Z')).toBeNull();
    expect(rfc3339Seconds('2023-02-29T00:00:00Z')).toBeNull();
  });

  it('only February gains a day in a leap year', () => {
    // why: rfc3339.ts:11 `m === 2` → true (every month of 2024 would have 29 days)
    expect(rfc3339Seconds('2024-01-31T00:00:00Z')).toBe(utc(2024, 1, 31));
    expect(rfc3339Seconds('2024-04-30T00:00:00Z')).toBe(utc(2024, 4, 30));
  });

  it('month 00 and day 00 name nothing', () => {
    // why: rfc3339.ts:28 `mo < 1` → false, :29 `d < 1` → false
    expect(rfc3339Seconds('2026-00-10T00:00:00Z')).toBeNull();
    expect(rfc3339Seconds('2026-01-00T00:00:00Z')).toBeNull();
    expect(rfc3339Seconds('2026-01-01T00:00:00Z')).toBe(utc(2026, 1, 1));
  });

  it('second 60 is the leap second; 61 names nothing', () => {
    // why: rfc3339.ts:32 `s > 60` → `s >= 60`
    expect(rfc3339Seconds('2016-12-31T23:59:60Z')).toBe(utc(2017, 1, 1));
    expect(rfc3339Seconds('2016-12-31T23:59:61Z')).toBeNull();
  });

  it('offsets run to +23:59 exactly', () => {
    // why: rfc3339.ts:36 `oh > 23` → `oh >= 23`, `om > 59` → false, `om > 59` → `om >= 59`
    expect(rfc3339Seconds('2026-01-02T00:00:00+23:59')).toBe(utc(2026, 1, 2) - (23 * 3600 + 59 * 60));
    expect(rfc3339Seconds('2026-01-02T00:00:00+24:00')).toBeNull();
    expect(rfc3339Seconds('2026-01-02T00:00:00+00:60')).toBeNull();
  });
});

describe('audit.ts', () => {
  const entry = { action: 'read', who: 'a' };
  const malformed = {
    ok: false,
    code: 'audit-hmac-malformed',
    detail: "the entry's hmac is not sha256: and 64 lowercase hex characters",
  };

  it('signing refuses an empty secret, a secret of the wrong kind and an entry that is no object', () => {
    // why: audit.ts:47 `key.length === 0` → false and its no-coverage code and message; :31 'audit-bad-secret' → "";
    // :45 'audit-not-object' → ""
    expect(thrown(() => signAuditEntry(entry, '')).message).toBe('audit-no-secret: secret is empty');
    expect(thrown(() => signAuditEntry(entry, new Uint8Array(0))).message).toBe(
      'audit-no-secret: secret is empty',
    );
    expect(thrown(() => signAuditEntry(entry, 5 as never)).message).toBe(
      'audit-bad-secret: secret is not a string or a Uint8Array',
    );
    expect(thrown(() => signAuditEntry([] as never, 's')).message).toBe(
      'audit-not-object: entry is not a JSON object',
    );
  });

  it('a secret given as bytes is the same key as its UTF-8 text', () => {
    // why: audit.ts:30 `secret instanceof Uint8Array` → false
    const hmac = signAuditEntry(entry, utf8Strict.encode('s3cret'));
    expect(hmac).toBe(signAuditEntry(entry, 's3cret'));
    expect(verifyAuditEntry({ ...entry, hmac }, [utf8Strict.encode('s3cret')])).toEqual({
      ok: true,
      value: { secretIndex: 0 },
    });
  });

  it('verifying refuses secrets that are not an array, or hold a non-secret, naming the field', () => {
    // why: audit.ts:59 'audit-bad-secret' → "" (and :31 through secrets[i])
    expect(thrown(() => verifyAuditEntry(entry, 's' as never)).message).toBe(
      'audit-bad-secret: secrets is not an array',
    );
    expect(thrown(() => verifyAuditEntry(entry, ['s', 5 as never])).message).toBe(
      'audit-bad-secret: secrets[1] is not a string or a Uint8Array',
    );
  });

  it('an entry without hmac is audit-hmac-missing, not malformed', () => {
    // why: audit.ts:64 `claim === undefined` → false
    expect(verifyAuditEntry(entry, ['s'])).toEqual({
      ok: false,
      code: 'audit-hmac-missing',
      detail: "the entry's hmac is absent",
    });
    expect(verifyAuditEntry({ ...entry, hmac: null }, ['s'])).toEqual({
      ok: false,
      code: 'audit-hmac-missing',
      detail: "the entry's hmac is null",
    });
  });

  it('an hmac that is no string, or has another prefix, is malformed with its detail', () => {
    // why: audit.ts:65 whole condition → false, `typeof claim !== 'string'` → false, `||` → `&&`
    // (a number would reach claim.startsWith or claim.slice and throw; sha512: would be read as sha256:);
    // :66 detail → ""
    expect(verifyAuditEntry({ ...entry, hmac: 5 }, ['s'])).toEqual(malformed);
    const sha512 = signAuditEntry(entry, 's').replace('sha256:', 'sha512:');
    expect(verifyAuditEntry({ ...entry, hmac: sha512 }, ['s'])).toEqual(malformed);
    expect(verifyAuditEntry({ ...entry, hmac: 'sha256:00' }, ['s'])).toEqual(malformed);
  });

  it('an hmac of uppercase hex is malformed with its detail', () => {
    // why: audit.ts:68 detail → ""
    const upper = `sha256:${signAuditEntry(entry, 's').slice(7).toUpperCase()}`;
    expect(verifyAuditEntry({ ...entry, hmac: upper }, ['s'])).toEqual(malformed);
  });

  it('an entry rfc004 cannot write is audit-not-canonical with its detail', () => {
    // why: audit.ts:73 'the entry has no rfc004 canonical form' → ""
    const hmac = signAuditEntry(entry, 's');
    expect(verifyAuditEntry({ ...entry, extra: 10n ** 30n, hmac }, ['s'])).toEqual({
      ok: false,
      code: 'audit-not-canonical',
      detail: 'the entry has no rfc004 canonical form',
    });
  });

  it('an empty secret among others never verifies, even an HMAC made under the empty key', () => {
    // why: audit.ts:76 `key.length > 0` → true, → `key.length >= 0`
    const hmac = `sha256:${hex.encode(hmacSha256(new Uint8Array(0), auditSigningBytes(entry)))}`;
    expect(verifyAuditEntry({ ...entry, hmac }, ['', 's'])).toEqual({
      ok: false,
      code: 'audit-hmac-mismatch',
      detail: "the entry's hmac is the HMAC under none of the 2 secrets given",
    });
    expect(verifyAuditEntry({ ...entry, hmac }, ['', new Uint8Array(0)])).toEqual({
      ok: false,
      code: 'audit-no-secret',
      detail: 'none of the 2 secrets given holds a byte: no HMAC can be checked',
    });
    for (const [value, kind] of [
      [null, 'null'],
      [[], 'an array'],
      ['e', 'a string'],
    ] as const)
      expect(verifyAuditEntry(value, ['s'])).toEqual({
        ok: false,
        code: 'audit-not-object',
        detail: `the entry is ${kind}, not a JSON object`,
      });
    expect(verifyAuditEntry({ ...entry, hmac: signAuditEntry(entry, 's') }, ['', 's'])).toEqual({
      ok: true,
      value: { secretIndex: 1 },
    });
  });
});

describe('json.ts', () => {
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

describe('lines.ts', () => {
  const read = (bytes: number[]) => new LineReader(1 << 20, undefined).read(new Uint8Array(bytes)).type;

  it('U+001C..U+001F, tab to CR, space and Unicode white space are blank; other control bytes are not', () => {
    // why: lines.ts:55 `b >= 0x1c && b <= 0x1f` → false, `b >= 0x1c` → true, → `b > 0x1c`, → `b < 0x1c`,
    // `b <= 0x1f` → `b < 0x1f`; `b >= 0x09` → true (0x00..0x08 would be blank)
    for (const b of [0x09, 0x0d, 0x1c, 0x1d, 0x1f, 0x20]) expect(read([b])).toBe('blank');
    for (const b of [0x00, 0x08, 0x0e, 0x1b]) expect(read([b])).toBe('refused');
    expect(new LineReader(1 << 20, undefined).read(new Uint8Array([0x00]))).toEqual({
      type: 'refused',
      code: 'line-not-json',
      message: expect.stringContaining('the line is not JSON this format admits'),
    });
    expect(read([0x20, 0xc2, 0xa0])).toBe('blank');
  });

  it('a line of a non-ASCII character that is not white space is not blank', () => {
    // why: lines.ts:58 `text.ok && WHITE_SPACE_ONLY.test(…)` → true, `&&` → `||`
    expect(read([0x20, 0xc3, 0xa9])).toBe('refused');
  });

  it('a line wholly inside one chunk is yielded as a view of that chunk, not a copy', async () => {
    // why: lines.ts:27 `parts.length === 1` → false; :40 `start < chunk.length` → true, → `<=`
    // (the chunk before ends in LF; an empty tail pushed from it would make the next line a copy).
    // A source must therefore not reuse a chunk's buffer before the lines cut from it are read.
    const first = utf8Strict.encode('a\n');
    const second = utf8Strict.encode('bc\n');
    const lines: Uint8Array[] = [];
    for await (const line of splitLines([first, second], 10)) lines.push(line);
    expect(lines.map((l) => utf8Strict.decode(l))).toEqual([
      { ok: true, value: 'a' },
      { ok: true, value: 'bc' },
    ]);
    expect(lines[0]!.buffer).toBe(first.buffer);
    expect(lines[1]!.buffer).toBe(second.buffer);
  });

  it('a line cut at the limit stays a view of its chunk while the rest of it is skipped', async () => {
    // why: lines.ts:15 `if (overflow)` → false, :20 `overflow = true` → false, :17 `piece.length >= room` → `>`
    // (each pushes an empty piece from the skipped rest, so the kept bytes would come back as a copy)
    for (const [head, rest] of [
      ['abcdefgh', 'ij\nk\n'], // the cut falls inside the first chunk
      ['abcdef', 'gh\nk\n'], // the first chunk is exactly maxLineBytes + 1 bytes
    ]) {
      const first = utf8Strict.encode(head!);
      const lines: Uint8Array[] = [];
      for await (const line of splitLines([first, utf8Strict.encode(rest!)], 5)) lines.push(line);
      expect(lines.map((l) => utf8Strict.decode(l))).toEqual([
        { ok: true, value: 'abcdef' },
        { ok: true, value: 'k' },
      ]);
      expect(lines[0]!.buffer).toBe(first.buffer);
    }
  });
});
