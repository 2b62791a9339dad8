import { keyPairFromSeed } from '@agent-seam/did';
import * as tlogNote from '@agent-seam/tlog-note';
import {
  cosign,
  cosignatureVerifier,
  ed25519Verifier,
  formatCheckpoint,
  openNote,
  openNoteAsync,
  signNote,
} from '@agent-seam/tlog-note';
import { describe, expect, it } from 'vitest';
import { holdFailClosed } from '../../../tools/required-options.ts';
import { thrownSeamError } from '../../../tools/thrown.ts';

const log = { name: 'example.com/log', seed: new Uint8Array(32).fill(1) };
const w1 = { name: 'witness.example/w1', seed: new Uint8Array(32).fill(2) };
const NOW = 1_700_000_000;
const body = formatCheckpoint({
  origin: 'example.com/log',
  size: 13n,
  root: new Uint8Array(32).fill(0x5a),
  extensions: [],
});
const note = cosign(signNote(body, [log]), w1, NOW - 5);
const logKey = ed25519Verifier(log.name, keyPairFromSeed(log.seed).publicKey);
const witnessKey = cosignatureVerifier(w1.name, keyPairFromSeed(w1.seed).publicKey);

holdFailClosed(tlogNote, {
  // Trusting a witness key: its lines carry a time, so the clock is required.
  openNote: {
    call: (o) => openNote(note, o as never),
    given: () => ({ verifiers: [logKey, witnessKey] }),
    required: () => ({ now: NOW }),
    optOut: { now: ['time'] },
  },
  openNoteAsync: {
    call: (o) => openNoteAsync(note, o as never),
    given: () => ({ verifiers: [logKey, witnessKey] }),
    required: () => ({ now: NOW }),
    optOut: { now: ['time'] },
  },
});

describe('a note judged by note keys only has no time to judge', () => {
  it('no now is needed, and the value says there were no timed keys', () => {
    expect(openNote(note, { verifiers: [logKey] })).toMatchObject({
      ok: true,
      value: { time: 'no-timed-keys' },
    });
    expect(openNote(note, { verifiers: [logKey, witnessKey], now: NOW })).toMatchObject({
      ok: true,
      value: { time: 'judged' },
    });
  });
  it('a now given though no key is timed must still be an instant, and its refusal names openNote now', () => {
    // why: open.ts:227:26 'openNote now' → ""
    expect(
      thrownSeamError(() => openNote(note, { verifiers: [logKey], now: 1_700_000_000_000 })).message,
    ).toContain(
      'bad-instant: openNote now is 1700000000000, which looks like milliseconds; pass Unix seconds (1700000000) or a Date',
    );
  });
  it('a quorum names witness keys: the clock is required there too', () => {
    expect(
      thrownSeamError(() => openNote(note, { quorum: { log: logKey, witnesses: [witnessKey], atLeast: 1 } }))
        .message,
    ).toContain(
      "missing-option: openNote needs now (a Date or Unix seconds) to judge the witness cosignatures' times; to leave that unjudged, pass now: 'off'",
    );
  });
});
