import { base64Strict, hex, unwrap } from '@agent-seam/canonical';
import { loadVectors, openLedger } from '@agent-seam/conformance';
import {
  formatCheckpoint,
  formatVerifierKey,
  openNote,
  parseCheckpoint,
  parseVerifierKey,
} from '@agent-seam/tlog-note';
import { describe, expect, it } from 'vitest';

const ledger = openLedger();
const doc = loadVectors('tlog_note.json');

type NoteCase = Record<string, any>;
// Each vkey is parsed on its own, so a key listed twice is two trusted verifiers.
const key = (vkey: string) => unwrap(parseVerifierKey(vkey));
const open = (c: NoteCase) =>
  openNote(c.noteBase64 !== undefined ? unwrap(base64Strict.decode(c.noteBase64)) : c.note, {
    verifiers: c.verifiers?.map(key),
    quorum:
      c.quorum === undefined
        ? undefined
        : { log: key(c.quorum.log), witnesses: c.quorum.witnesses.map(key), atLeast: c.quorum.atLeast },
    // A case without a clock is judged with time off by name: only its one check can refuse it.
    now: c.now ?? 'off',
    maxAge: c.maxAge,
    maxBytes: c.maxBytes,
    maxSignatures: c.maxSignatures,
  });

/** Opens an accepting case and compares body, verifiedBy and (when the case states it) unverified. */
function expectOpens(c: NoteCase): void {
  const v = open(c);
  expect(v.ok ? 'opened' : v.code).toBe('opened');
  if (!v.ok) return;
  expect(v.value.body).toBe(c.body);
  const got = v.value.verifiedBy.map((s) => ({
    name: s.name,
    type: s.type,
    ...(s.timestamp === undefined ? {} : { timestamp: String(s.timestamp) }),
  }));
  expect(got).toEqual(c.verifiedBy);
  if (c.unverified !== undefined)
    expect(v.value.unverified.map(({ name, base64 }) => ({ name, base64 }))).toEqual(c.unverified);
}

const expectRefused = (c: NoteCase) => expect(open(c)).toMatchObject({ ok: false, code: c.code });

describe('tlog.note', () => {
  for (const c of doc['tlog.note'])
    it(c.name, () => ledger.accept('tlog.note', c.name, () => expectOpens(c)));
});

describe('tlog.reject.note', () => {
  for (const c of doc['tlog.reject.note'])
    it(`${c.name} -> ${c.code}`, () => ledger.refuse('tlog.reject.note', c.name, () => expectRefused(c)));
});

for (const group of ['tlog.go-rules', 'tlog.quorum'])
  describe(group, () => {
    for (const c of doc[group].accept) it(c.name, () => ledger.accept(group, c.name, () => expectOpens(c)));
    for (const c of doc[group].refuse)
      it(`${c.name} -> ${c.code}`, () => ledger.refuse(group, c.name, () => expectRefused(c)));
  });

describe('tlog.checkpoint', () => {
  for (const c of doc['tlog.checkpoint'])
    it(c.name, () =>
      ledger.accept('tlog.checkpoint', c.name, () => {
        const parsed = unwrap(parseCheckpoint(c.body));
        expect(parsed.origin).toBe(c.origin);
        expect(parsed.size).toBe(BigInt(c.size));
        expect(base64Strict.encode(parsed.root)).toBe(c.root);
        expect(parsed.extensions).toEqual(c.extensions);
        expect(formatCheckpoint(parsed)).toBe(c.body);
      }),
    );
});

describe('tlog.reject.checkpoint', () => {
  for (const c of doc['tlog.reject.checkpoint'])
    it(`${c.name} -> ${c.code}`, () =>
      ledger.refuse('tlog.reject.checkpoint', c.name, () =>
        expect(parseCheckpoint(c.body)).toMatchObject({ ok: false, code: c.code }),
      ));
});

describe('tlog.vkey', () => {
  for (const c of doc['tlog.vkey'])
    it(c.name, () =>
      ledger.accept('tlog.vkey', c.name, () => {
        const key = unwrap(parseVerifierKey(c.vkey));
        expect(key.name).toBe(c.keyName);
        expect(hex.encode(key.keyId)).toBe(c.keyId);
        expect(key.type).toBe(c.type);
        expect(hex.encode(key.publicKey)).toBe(c.publicKey);
        expect(formatVerifierKey(key)).toBe(c.vkey);
      }),
    );
});

describe('tlog.reject.vkey', () => {
  for (const c of doc['tlog.reject.vkey'])
    it(`${c.name} -> ${c.code}`, () =>
      ledger.refuse('tlog.reject.vkey', c.name, () =>
        expect(parseVerifierKey(c.vkey)).toMatchObject({ ok: false, code: c.code }),
      ));
});
