import { base64Strict, SeamError } from '@agent-seam/canonical';
import { keyPairFromSeed } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import {
  type Checkpoint,
  cosignatureVerifier,
  ed25519Verifier,
  formatCheckpoint,
  formatVerifierKey,
  parseCheckpoint,
  parseVerifierKey,
} from '../src/index.js';

/**
 * Cases written for the mutants `pnpm mutate --filter tlog-note --mutate
 * src/keys.ts,src/checkpoint.ts,src/text.ts` left alive (issue 15). Refusals are asserted
 * whole (code and detail), caller errors by class, code and message, because the details
 * are part of the contract. Every `why` names the mutant(s) the case kills (file:line:column
 * as the report gives them); the equivalent ones are listed in spec/tlog-note.md.
 */
const ORIGIN = 'example.com/log';
const ROOT = new Uint8Array(32).fill(9);
const ROOT_TEXT = base64Strict.encode(ROOT);
const logKey = ed25519Verifier(ORIGIN, keyPairFromSeed(new Uint8Array(32).fill(1)).publicKey);
const VKEY = formatVerifierKey(logKey);

/** A checkpoint body of three lines: origin, size and root. */
const body = (size: string, root = ROOT_TEXT, origin = ORIGIN) => `${origin}\n${size}\n${root}\n`;
/** formatCheckpoint of a valid checkpoint with `change` applied. */
const format = (change: Record<string, unknown>) =>
  formatCheckpoint({ origin: ORIGIN, size: 5n, root: ROOT, extensions: [], ...change } as Checkpoint);

/** Asserts that `call` throws a SeamError with exactly this code and message. */
const expectSeamError = (call: () => unknown, code: string, message: string) => {
  let error: unknown;
  try {
    call();
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(SeamError);
  expect(error).toMatchObject({ code, message: `${code}: ${message}` });
};

describe('parseCheckpoint refusal details', () => {
  it('a body that is not a string is not-a-string, said so', () => {
    // why: checkpoint.ts:38:61 the detail → "".
    expect(parseCheckpoint(null as never)).toEqual({
      ok: false,
      code: 'not-a-string',
      detail: 'a checkpoint body is a string',
    });
  });

  it('a lone surrogate is invalid-utf8 "lone surrogate"', () => {
    // why: text.ts:19:62 the detail → "".
    expect(parseCheckpoint(body('5', ROOT_TEXT, 'a\uD800'))).toEqual({
      ok: false,
      code: 'invalid-utf8',
      detail: 'lone surrogate',
    });
  });

  it('a size with a leading zero is bad-size "not a canonical decimal", 2^64 is "larger than uint64"', () => {
    // why: checkpoint.ts:46:56 and 48:48 the details → "".
    expect(parseCheckpoint(body('05'))).toEqual({
      ok: false,
      code: 'bad-size',
      detail: 'not a canonical decimal',
    });
    expect(parseCheckpoint(body('18446744073709551616'))).toEqual({
      ok: false,
      code: 'bad-size',
      detail: 'larger than uint64',
    });
  });

  it('a root that is not canonical base64 or not 32 bytes is bad-root-hash, said which', () => {
    // why: checkpoint.ts:50:46 and 51:62 the details → "".
    expect(parseCheckpoint(body('5', `${ROOT_TEXT.slice(0, -2)}l=`))).toEqual({
      ok: false,
      code: 'bad-root-hash',
      detail: 'not canonical base64',
    });
    expect(parseCheckpoint(body('5', 'CQkJ'))).toEqual({
      ok: false,
      code: 'bad-root-hash',
      detail: 'not 32 bytes',
    });
  });
});

describe('formatCheckpoint', () => {
  it('extensions may be left out: three lines, and they parse back with no extensions', () => {
    // why: checkpoint.ts:66:44 the default `[]` → ["Stryker was here"] (no test left them out).
    const text = formatCheckpoint({ origin: ORIGIN, size: 5n, root: ROOT } as Checkpoint);
    expect(text).toBe(body('5'));
    expect(parseCheckpoint(text)).toEqual({
      ok: true,
      value: { origin: ORIGIN, size: 5n, root: ROOT, extensions: [] },
    });
  });

  it('null is invalid-field, not a TypeError', () => {
    // why: checkpoint.ts:64:41 `checkpoint === null` → false (null would be destructured), 65:25 the code → "".
    expectSeamError(() => formatCheckpoint(null as never), 'invalid-field', 'checkpoint is not an object');
  });

  it('extensions that are not an array are invalid-field, not a TypeError', () => {
    // why: checkpoint.ts:67:7 `!Array.isArray(extensions)` → false (a string or object has no map),
    // 67:55 and 67:72 the code and message → "" (these two uncovered before).
    for (const extensions of ['x', {}])
      expectSeamError(() => format({ extensions }), 'invalid-field', 'extensions is not an array');
  });

  it('an origin that is not a string is invalid-field, an empty extension line empty-extension-line', () => {
    // why: checkpoint.ts:78:55 the code → "", 74:7 the empty code of an extension → "".
    expectSeamError(() => format({ origin: 7 }), 'invalid-field', 'origin is not a string');
    expectSeamError(
      () => format({ extensions: ['x', ''] }),
      'empty-extension-line',
      'extensions[1] is empty',
    );
  });

  it('a line without a note spelling throws its text code, naming the field', () => {
    // why: checkpoint.ts:82:9 `!text.ok` → false (the line would be written), 82:50 the message → ""
    // (uncovered before).
    expectSeamError(
      () => format({ origin: 'a\tb' }),
      'control-character',
      'origin has no note spelling (control-character)',
    );
    expectSeamError(
      () => format({ extensions: ['\uDC00'] }),
      'invalid-utf8',
      'extensions[0] has no note spelling (invalid-utf8)',
    );
  });

  it('a size below 0 or above 2^64 - 1 is bad-size; 2^64 - 1 itself is written', () => {
    // why: checkpoint.ts:84:35 `size < 0n` → false, 84:48 `size > MAX_SIZE` → false, 85:25 the code → "".
    for (const size of [-1n, 1n << 64n])
      expectSeamError(() => format({ size }), 'bad-size', 'size is not a bigint from 0 to 2^64 - 1');
    expect(format({ size: (1n << 64n) - 1n })).toBe(body('18446744073709551615'));
  });

  it('a root of 31 bytes is bad-root-hash; size 0 beside another root names the empty tree', () => {
    // why: checkpoint.ts:87:25 the code → "", 91:7 the message → "".
    expectSeamError(() => format({ root: ROOT.subarray(1) }), 'bad-root-hash', 'root is not 32 bytes');
    expectSeamError(
      () => format({ size: 0n }),
      'size-zero-with-nonempty-root',
      'size is 0 but root is not the empty tree\'s, SHA-256("")',
    );
  });
});

describe('verifier construction and formatVerifierKey', () => {
  it('a public key that is not 32 bytes is bad-public-key-length', () => {
    // why: keys.ts:60:25 the code → "".
    for (const make of [ed25519Verifier, cosignatureVerifier])
      expectSeamError(
        () => make(ORIGIN, new Uint8Array(31)),
        'bad-public-key-length',
        'publicKey is not a 32-byte Ed25519 public key',
      );
  });

  it('a verifier that is not an object (a string, null) is bad-verifier, not bad-key-name', () => {
    // why: keys.ts:70:7 `typeof v !== 'object'` → false (a string's missing name would answer), 71:25 the code → "".
    for (const verifier of ['example.com/log', null])
      expectSeamError(
        () => formatVerifierKey(verifier as never),
        'bad-verifier',
        'verifier is not a verifier (ed25519Verifier, cosignatureVerifier)',
      );
  });

  it('a wrong type, key id or public key is bad-verifier, naming the member', () => {
    // why: keys.ts:74:25 and 75:49 the codes → "", 76:7 `!isBytes(v.publicKey, 32)` → false
    // (31 bytes would be written), 76:54 and 76:70 its code and message → "" (these two uncovered before).
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 2 }, 'verifier.type is neither 0x01 (note) nor 0x04 (cosignature/v1)'],
      [{ keyId: new Uint8Array(3) }, 'verifier.keyId is not 4 bytes'],
      [{ publicKey: new Uint8Array(31) }, 'verifier.publicKey is not 32 bytes'],
    ];
    for (const [change, message] of cases)
      expectSeamError(() => formatVerifierKey({ ...logKey, ...change } as never), 'bad-verifier', message);
  });
});

describe('parseVerifierKey refusal details', () => {
  it('a vkey that is not a string is not-a-string, said so', () => {
    // why: keys.ts:97:61 the detail → "".
    expect(parseVerifierKey(5 as never)).toEqual({
      ok: false,
      code: 'not-a-string',
      detail: 'a vkey is a string',
    });
  });

  it('a vkey with no "+" or one "+" is malformed-vkey, said so', () => {
    // why: keys.ts:100:49 the detail → "" (both); and 99:30 `-1` → `+1` of the reported code, whose
    // `first < 0 ? -1 : …` is gone (with no "+", the name would be all but the last character and
    // the key id the first: bad-key-id).
    for (const vkey of ['abcdef', `${ORIGIN}+01234567`])
      expect(parseVerifierKey(vkey)).toEqual({
        ok: false,
        code: 'malformed-vkey',
        detail: 'expected name+keyid+key',
      });
  });

  it('a vkey that starts with "+" has an empty name: bad-key-name', () => {
    // why: keys.ts:99:18 `first < 0` → `first <= 0` of the reported code, whose `first < 0 ? -1 : …`
    // is gone (a "+" at 0 would be taken for no "+": malformed-vkey).
    expect(parseVerifierKey(`+${VKEY.split('+').slice(1).join('+')}`)).toEqual({
      ok: false,
      code: 'bad-key-name',
    });
  });

  it('a key id with a ninth character before or after its eight hex digits is bad-key-id', () => {
    // why: keys.ts:87:20 the key id pattern without `^`, or without `$` (static mutants, run by
    // `pnpm mutate --filter tlog-note --static`): a ninth character then passed the pattern and
    // the vkey was refused later, as key-id-mismatch. Each mutant applied by hand turns this red.
    const [name, id, ...key] = VKEY.split('+');
    for (const spelled of [`0${id}`, `${id}0`])
      expect(parseVerifierKey([name, spelled, ...key].join('+')), spelled).toEqual({
        ok: false,
        code: 'bad-key-id',
        detail: 'expected 8 lowercase hex digits',
      });
  });

  it('a key id in upper case is bad-key-id, said so', () => {
    // why: keys.ts:104:59 the detail → "".
    const [name, id, ...key] = VKEY.split('+');
    expect(parseVerifierKey([name, id!.toUpperCase(), ...key].join('+'))).toEqual({
      ok: false,
      code: 'bad-key-id',
      detail: 'expected 8 lowercase hex digits',
    });
  });
});
