import { readFileSync } from 'node:fs';
import { base64Strict, unwrap } from '@agent-seam/canonical';
import { interopPath, loadVectors } from '@agent-seam/conformance';
import { ed25519AsyncBackend } from '@agent-seam/did';
import {
  cosignatureVerifier,
  NOTE_CODES,
  type OpenOptions,
  openNote,
  openNoteAsync,
  parseVerifierKey,
} from '@agent-seam/tlog-note';
import { describe, expect, it } from 'vitest';
import { rejectedSeamError, thrownSeamError } from '../../../tools/thrown.ts';

// Runs in Node and in Chromium (the browser suite): openNoteAsync asks the asynchronous
// door (WebCrypto in both) and must give openNote's verdict, value, code and detail
// included, on every note the repository's vectors open, and on the C2SP examples.
type NoteCase = Record<string, any>;
const doc = loadVectors('tlog_note.json');
const key = (vkey: string) => unwrap(parseVerifierKey(vkey));
const fromVector = (group: string, c: NoteCase) => ({
  name: `${group}/${c.name}`,
  note: c.noteBase64 !== undefined ? unwrap(base64Strict.decode(c.noteBase64)) : (c.note as string),
  options: {
    verifiers: c.verifiers?.map(key),
    quorum:
      c.quorum === undefined
        ? undefined
        : { log: key(c.quorum.log), witnesses: c.quorum.witnesses.map(key), atLeast: c.quorum.atLeast },
    now: c.now ?? 'off',
    maxAge: c.maxAge,
    maxBytes: c.maxBytes,
    maxSignatures: c.maxSignatures,
  } as OpenOptions,
});
const groups: Record<string, NoteCase[]> = {
  'tlog.note': doc['tlog.note'],
  'tlog.reject.note': doc['tlog.reject.note'],
  'tlog.go-rules': [...doc['tlog.go-rules'].accept, ...doc['tlog.go-rules'].refuse],
  'tlog.quorum': [...doc['tlog.quorum'].accept, ...doc['tlog.quorum'].refuse],
};
const cases = Object.entries(groups).flatMap(([group, list]) => list.map((c) => fromVector(group, c)));

// The signed-note example of the C2SP spec, read in place (when the interop data is there).
const spec = interopPath('standards/c2sp-tlog/spec');
if (spec !== null) {
  const md = readFileSync(`${spec}/signed-note.md`, 'utf8');
  const vkey = key(md.match(/^ {4}(example\.com\/foo\+\S+)$/m)![1]!);
  const example = [...md.matchAll(/```\n([\s\S]*?)```/g)][1]![1]!;
  cases.push(
    { name: 'c2sp/example', note: example, options: { verifiers: [vkey] } },
    {
      name: 'c2sp/example-altered',
      note: example.replace('example message', 'example massage'),
      options: { verifiers: [vkey] },
    },
    {
      name: 'c2sp/example-key-as-cosigner',
      note: example,
      options: { verifiers: [cosignatureVerifier(vkey.name, vkey.publicKey)], now: 'off' as const },
    },
  );
}

describe('openNoteAsync gives openNote’s verdict', () => {
  it('asks WebCrypto here (Node and Chromium both verify Ed25519 in crypto.subtle)', async () =>
    expect(await ed25519AsyncBackend()).toBe('webcrypto'));

  it('on every note vector: all 63 of the four groups (and the 3 C2SP examples when present)', () => {
    expect(cases.length).toBe(63 + (spec === null ? 0 : 3));
    const verdicts = cases.map((c) => openNote(c.note, c.options));
    // Accepting and refusing notes, and every refusal that a signature decides.
    expect(new Set(verdicts.map((v) => v.ok))).toEqual(new Set([true, false]));
    const codes = new Set(verdicts.flatMap((v) => (v.ok ? [] : [v.code])));
    for (const code of ['signature-invalid', 'no-verified-signature', 'witness-quorum-not-met'] as const)
      expect(codes).toContain(code);
    for (const code of codes) expect(NOTE_CODES).toContain(code);
  });

  for (const c of cases)
    it(c.name, async () =>
      expect(await openNoteAsync(c.note, c.options)).toEqual(openNote(c.note, c.options)),
    );

  it('a configuration error rejects as openNote throws', async () => {
    const options = { verifiers: [], maxAge: 60 };
    expect(thrownSeamError(() => openNote('x\n', options)).message).toMatch(
      /^invalid-argument: openNote maxAge needs now/,
    );
    expect((await rejectedSeamError(openNoteAsync('x\n', options))).message).toMatch(
      /^invalid-argument: openNote maxAge needs now/,
    );
  });
});
