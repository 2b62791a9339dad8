import { utf8Strict } from '@agent-seam/canonical';
import { keyPairFromSeed } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import { describeNote, ed25519Verifier, openNote, signNote } from '../src/index.js';

/**
 * How a note is split into its text and signature lines (src/note.ts's `splitNote`, the first
 * step of `openNote`): its caps and its shape refusals. Refusals are asserted whole (code and
 * detail), caller errors by name, code and message; a `why` names the mutant a case holds.
 */
const log = { name: 'example.com/log', seed: new Uint8Array(32).fill(1) };
const verifiers = [ed25519Verifier(log.name, keyPairFromSeed(log.seed).publicKey)];
const note = utf8Strict.encode(signNote('hello\n', [log]));

describe('a note is split into text and signatures within its caps', () => {
  it('a note of exactly maxBytes is read; one byte over is note-too-large', () => {
    // why: note.ts:74:7 `bytes.length > maxBytes` → `>=`
    expect(openNote(note, { verifiers, maxBytes: note.length }).ok).toBe(true);
    expect(openNote(note, { verifiers, maxBytes: note.length - 1 })).toEqual({
      ok: false,
      code: 'note-too-large',
    });
  });

  it('maxBytes 0 is a cap (every note is too large); a negative one is a caller error', () => {
    // why: note.ts:58:42 `maxBytes < 0` → false and → `<= 0`, :59:25 'invalid-argument' → ""
    expect(openNote(note, { verifiers, maxBytes: 0 })).toEqual({ ok: false, code: 'note-too-large' });
    expect(thrown(() => openNote(note, { verifiers, maxBytes: -1 }))).toEqual({
      name: 'SeamError',
      code: 'invalid-argument',
      message: 'invalid-argument: maxBytes must be a non-negative integer',
    });
  });

  it('maxSignatures outside 1..100 names the range', () => {
    // why: note.ts:64:7 the message template → ''
    expect(thrown(() => openNote(note, { verifiers, maxSignatures: 0 }))).toEqual({
      name: 'SeamError',
      code: 'invalid-argument',
      message: 'invalid-argument: maxSignatures must be an integer from 1 to 100',
    });
  });

  it('each shape refusal says what a note must be', () => {
    // why: note.ts:73:30, :78:74 and :89:35 (the details of not-bytes and malformed-note) → ""
    expect(openNote(5 as never, { verifiers })).toEqual({
      ok: false,
      code: 'not-bytes',
      detail: 'a note is a Uint8Array (or, to openNote, a string)',
    });
    expect(openNote('hello\n\n— x', { verifiers })).toEqual({
      ok: false,
      code: 'malformed-note',
      detail: 'a note ends with a newline',
    });
    expect(openNote('hello\n', { verifiers })).toEqual({
      ok: false,
      code: 'malformed-note',
      detail: 'no signature lines after a blank line',
    });
  });

  it('describeNote hands its limits to splitNote, which refuses a null or a number as a caller error', () => {
    // why: note.ts:55:7 (the whole test → false, `||` → `&&`, `typeof limits !== 'object'` → false),
    // :55:37 `limits === null` → false, :56:25 'invalid-argument' → "", :56:45 the message → ""
    const refusal = {
      name: 'SeamError',
      code: 'invalid-argument',
      message: 'invalid-argument: the options are not an object',
    };
    expect(thrown(() => describeNote(note, null as never))).toEqual(refusal);
    expect(thrown(() => describeNote(note, 5 as never))).toEqual(refusal);
    expect(describeNote(note).ok).toBe(true);
  });
});
