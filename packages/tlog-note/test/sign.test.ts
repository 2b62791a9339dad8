import { SeamError } from '@agent-seam/canonical';
import { keyPairFromSeed } from '@agent-seam/did';
import {
  cosign,
  cosignatureVerifier,
  ed25519Verifier,
  formatCheckpoint,
  openNote,
  signNote,
} from '@agent-seam/tlog-note';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const seed = (n: number) => new Uint8Array(32).fill(n);
const log = { name: 'example.com/log', seed: seed(1) };
const witness = { name: 'witness.example/w1', seed: seed(2) };
const pub = (s: { seed: Uint8Array }) => keyPairFromSeed(s.seed).publicKey;
const body = formatCheckpoint({
  origin: log.name,
  size: 5n,
  root: new Uint8Array(32).fill(9),
  extensions: ['x'],
});

const thrownCode = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(SeamError);
    return (e as SeamError).code;
  }
  throw new Error('expected a SeamError');
};

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
    expect(thrownCode(() => cosign(note, witness, 1n << 63n))).toBe('bad-timestamp');
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
        const opened = openNote(signNote(text, [log]), { verifiers });
        expect(opened).toMatchObject({ ok: true, value: { body: text } });
      }),
      { numRuns: 200 },
    ));

  it('a cosignature verifies at any timestamp in range and is fresh exactly within maxAge', () =>
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: (1n << 53n) - 1001n }), fc.nat(1000), (t, age) => {
        const note = cosign(signNote(body, [log]), witness, t);
        const now = Number(t) + age;
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
  it('openNote refuses a clock that is not a number of seconds (a programming error, thrown)', () => {
    const note = cosign(signNote(body, [log]), witness, 10);
    const verifiers = [cosignatureVerifier(witness.name, pub(witness))];
    expect(thrownCode(() => openNote(note, { verifiers, now: Number.NaN }))).toBe('invalid-argument');
    expect(thrownCode(() => openNote(note, { verifiers, now: 20, maxAge: -1 }))).toBe('invalid-argument');
    expect(openNote(note, { verifiers, now: 20.9, maxAge: 10 }).ok).toBe(true);
  });

  it("openNote refuses a line cap above Go's 100 or below 1 (thrown); 1 and 100 are taken", () => {
    const note = signNote(body, [log]);
    const verifiers = [ed25519Verifier(log.name, pub(log))];
    for (const maxSignatures of [0, 101, 1.5])
      expect(thrownCode(() => openNote(note, { verifiers, maxSignatures }))).toBe('invalid-argument');
    for (const maxSignatures of [1, 100]) expect(openNote(note, { verifiers, maxSignatures }).ok).toBe(true);
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
    for (const quorum of bad) expect(thrownCode(() => openNote(note, { quorum }))).toBe('invalid-quorum');
    expect(openNote(note, { quorum: { log: logKey, witnesses: [w], atLeast: 1 } }).ok).toBe(true);
  });
});
