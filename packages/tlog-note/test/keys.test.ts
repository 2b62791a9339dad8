import { keyPairFromSeed } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import { cosignatureVerifier, ed25519Verifier, formatVerifierKey, parseVerifierKey } from '../src/index.js';

/**
 * How verifiers are built, and what parseVerifierKey refuses (src/keys.ts). Refusals are
 * asserted whole (code and detail), caller errors by code and message. A `why` names the
 * mutant (file:line:column) a case holds; the equivalent ones are listed in spec/tlog-note.md.
 */
const ORIGIN = 'example.com/log';
const logKey = ed25519Verifier(ORIGIN, keyPairFromSeed(new Uint8Array(32).fill(1)).publicKey);
const VKEY = formatVerifierKey(logKey);

/** Asserts that `call` throws a SeamError with exactly this code and message. */
const expectSeamError = (call: () => unknown, code: string, message: string) =>
  expect(thrown(call)).toEqual({ name: 'SeamError', code, message: `${code}: ${message}` });

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
