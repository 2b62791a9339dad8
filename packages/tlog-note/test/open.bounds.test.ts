import { COSIGNATURE_V1, computeKeyId, cosign, openNote, signNote } from '@agent-seam/tlog-note';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import { body, log, logKey, pub, w1, w1Key } from './fixture.ts';

/**
 * openNote's edges found by mutation testing (reports/mutation/tlog-note.md): each case
 * here failed to tell a mutant of src/open.ts from the original before it was written.
 */
const signed = signNote(body, [log]);
const NEW = 1_700_000_000;
const OLD = NEW - 1000;

describe('a witness that signed twice is judged by its newest cosignature', () => {
  const options = { verifiers: [logKey, w1Key], now: NEW + 10, maxAge: 100 };
  it('an older line after a newer one is not judged, so it cannot make the witness stale', () => {
    const v = openNote(cosign(cosign(signed, w1, NEW), w1, OLD), options);
    expect(v.ok && v.value.verifiedBy.map((s) => s.timestamp)).toEqual([undefined, BigInt(NEW)]);
  });
  it('a newer line after an older one is judged and counts', () => {
    const v = openNote(cosign(cosign(signed, w1, OLD), w1, NEW), options);
    expect(v.ok && v.value.verifiedBy.map((s) => s.timestamp)).toEqual([undefined, BigInt(NEW)]);
  });
  it('a repeated line too short to hold a timestamp is skipped, not read past its end', () => {
    const keyId = computeKeyId(w1.name, COSIGNATURE_V1, pub(w1));
    const short = btoa(String.fromCharCode(...keyId, 0));
    const note = `${cosign(signed, w1, NEW)}\u2014 ${w1.name} ${short}\n`;
    const v = openNote(note, options);
    expect(v.ok).toBe(true);
  });
  it('a quorum not met says how many witnesses signed of how many required', () => {
    const v = openNote(signed, { quorum: { log: logKey, witnesses: [w1Key], atLeast: 1 }, now: 'off' });
    expect(v).toEqual({ ok: false, code: 'witness-quorum-not-met', detail: '0 of the 1 witnesses required' });
  });
});

describe("the caller's options are checked before the note, and a wrong one throws naming it", () => {
  const quorum = { log: logKey, witnesses: [w1Key], atLeast: 1 };
  it.each([
    [
      'options null',
      () => openNote(signed, null as never),
      'invalid-argument',
      'openNote options are not an object',
    ],
    [
      'verifiers not an array',
      () => openNote(signed, { verifiers: 'x' as never }),
      'invalid-argument',
      'verifiers is not an array',
    ],
    [
      'maxAge without now',
      () => openNote(signed, { maxAge: 10 }),
      'invalid-argument',
      'openNote maxAge needs now',
    ],
    [
      'maxAge negative',
      () => openNote(signed, { now: NEW, maxAge: -1 }),
      'bad-duration',
      'openNote maxAge must be',
    ],
    ['quorum null', () => openNote(signed, { quorum: null as never }), 'invalid-quorum', 'quorum is not'],
    [
      'quorum.log not a verifier',
      () => openNote(signed, { quorum: { ...quorum, log: {} as never } }),
      'bad-key-name',
      'quorum.log.name',
    ],
    [
      'quorum.log a witness key',
      () => openNote(signed, { quorum: { ...quorum, log: w1Key } }),
      'invalid-quorum',
      'quorum.log must be a note key (ed25519Verifier)',
    ],
    [
      'witnesses not an array',
      () => openNote(signed, { quorum: { ...quorum, witnesses: 'x' as never } }),
      'invalid-quorum',
      'quorum.witnesses is not an array',
    ],
    [
      'one witness a note key',
      () => openNote(signed, { quorum: { ...quorum, witnesses: [w1Key, logKey] } }),
      'invalid-quorum',
      'quorum.witnesses must be cosignature keys (cosignatureVerifier)',
    ],
    [
      'atLeast past the witnesses',
      () => openNote(signed, { quorum: { ...quorum, atLeast: 2 } }),
      'invalid-quorum',
      'quorum.atLeast must be an integer from 0 to witnesses.length',
    ],
  ])('%s', (_name, call, code, message) => {
    const error = thrown(call);
    expect(error.code).toBe(code);
    expect(error.message).toContain(message);
  });
});
