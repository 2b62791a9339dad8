import { MAX_PLAUSIBLE_SECONDS, SeamError } from '@agent-seam/canonical';
import {
  cosign,
  cosignatureVerifier,
  ed25519Verifier,
  formatCheckpoint,
  formatVerifierKey,
  openNote,
  signNote,
} from '@agent-seam/tlog-note';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkpointBody, log, pub, w1 as witness } from './fixture.ts';

const body = checkpointBody(5n, 9, ['x']);

const thrown = (f: () => unknown): SeamError => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(SeamError);
    return e as SeamError;
  }
  throw new Error('expected a SeamError');
};
const thrownCode = (f: () => unknown) => thrown(f).code;
const thrownMessage = (f: () => unknown) => thrown(f).message;

describe('signing paths refuse to produce what opening would refuse', () => {
  it('signNote', () => {
    expect(thrownCode(() => signNote('no newline', [log]))).toBe('malformed-note');
    expect(thrownCode(() => signNote('tab\there\n', [log]))).toBe('control-character');
    expect(thrownCode(() => signNote('ok\n', [{ ...log, name: 'a b' }]))).toBe('bad-key-name');
    expect(thrownCode(() => signNote('ok\n', [{ ...log, name: 'a+b' }]))).toBe('bad-key-name');
    expect(thrownCode(() => signNote('ok\n', []))).toBe('no-signers');
  });
  it('cosign', () => {
    const note = signNote(body, [log]);
    expect(thrownCode(() => cosign(note, witness, 0))).toBe('bad-timestamp');
    expect(thrownCode(() => cosign(note, witness, new Date(0)))).toBe('bad-timestamp');
    expect(thrownCode(() => cosign(signNote('not a checkpoint\n', [log]), witness, 1))).toBe(
      'not-a-checkpoint',
    );
    expect(thrownCode(() => cosign(body, witness, 1))).toBe('malformed-note');
  });
  it('formatCheckpoint', () => {
    const root = new Uint8Array(32);
    expect(thrownCode(() => formatCheckpoint({ origin: 'a\nb', size: 1n, root, extensions: [] }))).toBe(
      'invalid-field',
    );
    expect(thrownCode(() => formatCheckpoint({ origin: 'a', size: 0n, root, extensions: [] }))).toBe(
      'size-zero-with-nonempty-root',
    );
    expect(thrownCode(() => formatCheckpoint({ origin: '', size: 1n, root, extensions: [] }))).toBe(
      'empty-origin',
    );
  });
});

describe('round trips', () => {
  const verifiers = [ed25519Verifier(log.name, pub(log)), cosignatureVerifier(witness.name, pub(witness))];
  // Any text without control characters but newline, ending in a newline, blank lines included.
  const noteText = fc
    .array(
      fc.string({ unit: 'grapheme' }).map((s) => s.replace(/[\u0000-\u001f]/g, '')),
      { minLength: 1, maxLength: 6 },
    )
    .map((lines) => `${lines.join('\n')}\n`);

  it('signNote then openNote gives back the exact text', () =>
    fc.assert(
      fc.property(noteText, (text) => {
        const opened = openNote(signNote(text, [log]), { verifiers, now: 'off' });
        expect(opened).toMatchObject({ ok: true, value: { body: text } });
      }),
      { numRuns: 200 },
    ));

  it('a cosignature verifies at any timestamp in range and is fresh exactly within maxAge', () =>
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_PLAUSIBLE_SECONDS - 1000 }), fc.nat(1000), (t, age) => {
        const note = cosign(signNote(body, [log]), witness, t);
        const now = t + age;
        expect(openNote(note, { verifiers, now, maxAge: age }).ok).toBe(true);
        if (age > 0)
          expect(openNote(note, { verifiers, now, maxAge: age - 1 })).toMatchObject({
            code: 'stale-cosignature',
          });
      }),
      { numRuns: 100 },
    ));
});

describe('caller options', () => {
  it('openNote refuses a clock that is not an instant or a duration (a programming error, thrown)', () => {
    const note = cosign(signNote(body, [log]), witness, 10);
    const verifiers = [cosignatureVerifier(witness.name, pub(witness))];
    expect(thrownCode(() => openNote(note, { verifiers, now: Number.NaN }))).toBe('bad-instant');
    expect(thrownCode(() => openNote(note, { verifiers, now: 20, maxAge: -1 }))).toBe('bad-duration');
    expect(thrownCode(() => openNote(note, { verifiers, now: 20, maxAge: Number.NaN }))).toBe('bad-duration');
    expect(openNote(note, { verifiers, now: 20.9, maxAge: 10 }).ok).toBe(true);
  });

  it("openNote maxAge without now is a programming error: freshness needs the caller's clock", () => {
    const note = cosign(signNote(body, [log]), witness, 10);
    const verifiers = [cosignatureVerifier(witness.name, pub(witness))];
    expect(thrownMessage(() => openNote(note, { verifiers, now: 'off', maxAge: 60 }))).toMatch(
      /maxAge needs now/,
    );
  });

  it('a millisecond count is refused by name, for openNote now and for the cosign timestamp', () => {
    const note = cosign(signNote(body, [log]), witness, 1_700_000_000);
    const verifiers = [cosignatureVerifier(witness.name, pub(witness))];
    const ms = 1_700_000_600_000;
    expect(thrownCode(() => openNote(note, { verifiers, now: ms }))).toBe('bad-instant');
    expect(thrownMessage(() => openNote(note, { verifiers, now: ms }))).toMatch(
      /openNote now .*milliseconds/,
    );
    expect(thrownCode(() => cosign(signNote(body, [log]), witness, ms))).toBe('bad-instant');
    expect(thrownMessage(() => cosign(signNote(body, [log]), witness, ms))).toMatch(
      /bad-instant: cosign timestamp /,
    );
  });

  it('a Date and the same Unix seconds give the same note and the same verdicts', () => {
    const signed = signNote(body, [log]);
    const at = new Date(1_700_000_000_000);
    expect(cosign(signed, witness, at)).toBe(cosign(signed, witness, 1_700_000_000));
    const note = cosign(signed, witness, at);
    const verifiers = [cosignatureVerifier(witness.name, pub(witness))];
    for (const [seconds, maxAge] of [
      [1_700_000_600, 3600], // fresh
      [1_700_000_600, 599], // stale
      [1_699_999_999, 0], // one second ahead, no skew allowed
    ] as const) {
      const bySeconds = openNote(note, { verifiers, now: seconds, maxAge });
      expect(openNote(note, { verifiers, now: new Date(seconds * 1000), maxAge })).toEqual(bySeconds);
    }
  });

  it('time refusals say by how much', () => {
    const note = cosign(signNote(body, [log]), witness, 1_700_000_000);
    const verifiers = [cosignatureVerifier(witness.name, pub(witness))];
    expect(openNote(note, { verifiers, now: 1_699_999_988 })).toEqual({
      ok: false,
      code: 'cosignature-in-future',
      detail: '12 s in the future (allowed skew 0 s)',
    });
    expect(openNote(note, { verifiers, now: 1_699_999_000, maxAge: 300 })).toMatchObject({
      code: 'cosignature-in-future',
      detail: '1000 s in the future (allowed skew 300 s)',
    });
    expect(openNote(note, { verifiers, now: 1_700_000_412, maxAge: 300 })).toEqual({
      ok: false,
      code: 'stale-cosignature',
      detail: "a witness's newest cosignature is 412 s old, 112 s past maxAge 300 s",
    });
  });

  it("openNote refuses a line cap above Go's 100 or below 1 (thrown); 1 and 100 are taken", () => {
    const note = signNote(body, [log]);
    const verifiers = [ed25519Verifier(log.name, pub(log))];
    for (const maxSignatures of [0, 101, 1.5])
      expect(thrownCode(() => openNote(note, { verifiers, maxSignatures, now: 'off' }))).toBe(
        'invalid-argument',
      );
    for (const maxSignatures of [1, 100])
      expect(openNote(note, { verifiers, maxSignatures, now: 'off' }).ok).toBe(true);
  });

  it('openNote refuses a quorum that cannot mean what it says (thrown)', () => {
    const note = cosign(signNote(body, [log]), witness, 10);
    const logKey = ed25519Verifier(log.name, pub(log));
    const w = cosignatureVerifier(witness.name, pub(witness));
    const bad = [
      { log: w, witnesses: [w], atLeast: 1 }, // the log as a cosigner key
      { log: logKey, witnesses: [logKey], atLeast: 1 }, // a note key as a witness
      { log: logKey, witnesses: [w], atLeast: 2 }, // more than it lists
      { log: logKey, witnesses: [w], atLeast: -1 },
      { log: logKey, witnesses: [w], atLeast: 0.5 },
    ];
    for (const quorum of bad)
      expect(thrownCode(() => openNote(note, { quorum, now: 'off' }))).toBe('invalid-quorum');
    expect(openNote(note, { quorum: { log: logKey, witnesses: [w], atLeast: 1 }, now: 'off' }).ok).toBe(true);
  });
});

describe('SeamError messages name the offending field', () => {
  const root = new Uint8Array(32);
  const cases: [string, () => unknown, string][] = [
    ['signNote body', () => signNote(undefined as never, [log]), 'body is not a string'],
    ['signNote body text', () => signNote('tab\there\n', [log]), 'body is not a valid note text'],
    ['signNote signers', () => signNote('ok\n', 'log' as never), 'signers is not a non-empty array'],
    [
      'signer name',
      () => signNote('ok\n', [log, { ...log, name: 'a b' }]),
      'signers[1].name is not a key name',
    ],
    ['signer seed', () => signNote('ok\n', [{ ...log, seed: new Uint8Array(31) }]), 'signers[0].seed is not'],
    ['signer', () => signNote('ok\n', [null as never]), 'signers[0] is not { name, seed }'],
    ['cosign note', () => cosign(body, witness, 1), 'note is not a signed note'],
    ['cosigner name', () => cosign(signNote(body, [log]), { ...witness, name: '' }, 1), 'cosigner.name'],
    [
      'cosigner seed',
      () => cosign(signNote(body, [log]), { ...witness, seed: 'x' as never }, 1),
      'cosigner.seed',
    ],
    ['checkpoint', () => formatCheckpoint(undefined as never), 'checkpoint is not an object'],
    ['origin', () => formatCheckpoint({ origin: 'a\nb', size: 1n, root, extensions: [] }), 'origin contains'],
    [
      'origin type',
      () => formatCheckpoint({ origin: 7 as never, size: 1n, root, extensions: [] }),
      'origin is not',
    ],
    [
      'extension',
      () => formatCheckpoint({ origin: 'a', size: 1n, root, extensions: ['x', ''] }),
      'extensions[1]',
    ],
    [
      'size',
      () => formatCheckpoint({ origin: 'a', size: 1 as never, root, extensions: [] }),
      'size is not a bigint',
    ],
    [
      'root',
      () => formatCheckpoint({ origin: 'a', size: 1n, root: new Uint8Array(31), extensions: [] }),
      'root is',
    ],
    ['verifier name', () => ed25519Verifier('a+b', pub(log)), 'name is not a key name'],
    ['verifier key', () => cosignatureVerifier('w', new Uint8Array(33)), 'publicKey is not'],
    [
      'vkey of',
      () => formatVerifierKey({ ...ed25519Verifier('w', pub(log)), keyId: new Uint8Array(3) }),
      'verifier.keyId',
    ],
  ];
  for (const [name, f, words] of cases) it(name, () => expect(thrownMessage(f)).toContain(words));
});

describe('openNote options are checked as configuration (SeamError, never a TypeError)', () => {
  const note = signNote(body, [log]);
  const logKey = ed25519Verifier(log.name, pub(log));
  const cases: [string, unknown, string][] = [
    ['no options', undefined, 'options are not an object'],
    ['verifiers not an array', { verifiers: logKey }, 'verifiers is not an array'],
    ['a verifier of the wrong shape', { verifiers: [logKey, { name: 'x' }] }, 'verifiers[1].type'],
    ['a null verifier', { verifiers: [null] }, 'verifiers[0] is not a verifier'],
    ['a quorum that is not an object', { quorum: 3 }, 'quorum is not'],
    [
      'a quorum witness of the wrong shape',
      { quorum: { log: logKey, witnesses: [{}], atLeast: 0 } },
      'quorum.witnesses[0].name',
    ],
    ['maxBytes not a count', { verifiers: [logKey], maxBytes: '9' }, 'maxBytes must be'],
  ];
  for (const [name, options, words] of cases)
    it(name, () => expect(thrownMessage(() => openNote(note, options as never))).toContain(words));
});
