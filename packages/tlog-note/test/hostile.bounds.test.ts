import {
  DEFAULT_MAX_NOTE_BYTES,
  DEFAULT_MAX_SIGNATURES,
  openNote,
  parseVerifierKey,
} from '@agent-seam/tlog-note';
import { describe, expect, it } from 'vitest';

/**
 * A note with 10^4 signature lines (issue 15, resource bounds). At the default size cap
 * it is too large; under a raised cap the signature count is judged before any line is
 * verified, and every line here names a trusted key so each one would cost a verification.
 */
const vkey = 'example.com/log+9be5d3c6+AYqI4910CfGV/VLbLTy6XXLKZwm/HZQSG/N0iAG0D29c';
const body = 'example.com/log\n13\nWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlpaWlo=\n';
// 4-byte key id 9be5d3c6 and a 64-byte signature that does not verify.
const line = `\u2014 example.com/log m+XTxg${'A'.repeat(86)}=`;
const verifiers = [parseVerifierKey(vkey)].flatMap((v) => (v.ok ? [v.value] : []));
const noteWith = (lines: number) => `${body}\n${Array.from({ length: lines }, () => line).join('\n')}\n`;

describe('a note with 10^4 signature lines is refused before its signatures are checked', () => {
  it('the trusted key parses', () => expect(verifiers).toHaveLength(1));
  it('at the default cap it is note-too-large (DEFAULT_MAX_NOTE_BYTES = 256 KiB), configurable', () => {
    const note = noteWith(10_000);
    expect(note.length).toBeGreaterThan(DEFAULT_MAX_NOTE_BYTES);
    expect(openNote(note, { verifiers })).toMatchObject({ ok: false, code: 'note-too-large' });
    expect(openNote(note, { verifiers, maxBytes: 2 * note.length })).toMatchObject({
      ok: false,
      code: 'too-many-signatures',
    });
  });
  it('the line limit is DEFAULT_MAX_SIGNATURES (100): one more is refused, at the limit lines are verified', () => {
    expect(openNote(noteWith(DEFAULT_MAX_SIGNATURES + 1), { verifiers })).toMatchObject({
      ok: false,
      code: 'too-many-signatures',
    });
    const atLimit = openNote(noteWith(DEFAULT_MAX_SIGNATURES), { verifiers });
    expect(atLimit.ok).toBe(false);
    expect(atLimit).not.toMatchObject({ code: 'too-many-signatures' });
  });
});
