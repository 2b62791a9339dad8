import { base64Strict, explainVerdict, hex } from '@agent-seam/canonical';
import { verifyEd25519 } from '@agent-seam/did';
import {
  CHECKPOINT_CHECKS,
  CHECKPOINT_CODES,
  COSIGNATURE_V1,
  computeKeyId,
  cosign,
  cosignatureMessage,
  describeNote,
  ED25519_NOTE,
  ed25519Verifier,
  NOTE_CHECKS,
  NOTE_CODES,
  type OpenOptions,
  openNote,
  parseCheckpoint,
  parseVerifierKey,
  signNote,
  splitNote,
  VERIFIER_KEY_CHECKS,
  VERIFIER_KEY_CODES,
} from '@agent-seam/tlog-note';
import { expect, it } from 'vitest';
import { holdChecksToVerifier } from '../../../tools/check-order.ts';
import { body, log, logKey, pub, seed, w1, w1Key } from './fixture.ts';

const T = 1_700_000_000;
const signed = signNote(body, [log]);
const cosigned = cosign(signed, w1, T);

/** A signature line for `key` carrying `payload` after the key id, signed or not. */
const line = (key: { name: string; keyId: Uint8Array }, payload: Uint8Array) =>
  `\u2014 ${key.name} ${base64Strict.encode(new Uint8Array([...key.keyId, ...payload]))}\n`;
/** The note text with only `lines` as its signatures. */
const noteWith = (...lines: string[]) => `${body}\n${lines.join('')}`;
/** A cosignature payload dated `t` with a signature of zeros. */
const cosignaturePayload = (t: bigint, length = 72) => {
  const payload = new Uint8Array(length);
  new DataView(payload.buffer).setBigUint64(0, t, false);
  return payload;
};
const open = (note: string, options: OpenOptions) => openNote(note, { now: 'off', ...options });

it('the note the order cases start from opens, with the quorum met', () => {
  const quorum = { log: logKey, witnesses: [w1Key], atLeast: 1 };
  expect(open(cosigned, { quorum, now: T, maxAge: 60 }).ok).toBe(true);
});

holdChecksToVerifier('openNote', NOTE_CHECKS, NOTE_CODES, {
  'text > shape': () => open('no newline, a control character \u0001', { verifiers: [logKey] }),
  'shape > key-match': () => open(`${signed}\u2014 not-a-line\n`, { verifiers: [logKey, logKey] }),
  'key-match > signature-length': () =>
    open(noteWith(line(logKey, new Uint8Array(10))), { verifiers: [logKey, logKey] }),
  // 71 bytes whose first eight (where a cosignature's time would be) are zero.
  'signature-length > timestamp': () =>
    open(noteWith(line(w1Key, cosignaturePayload(0n, 71))), { verifiers: [w1Key] }),
  // A time past 2^63 - 1 is also after now.
  'timestamp > not-future': () =>
    open(noteWith(line(w1Key, cosignaturePayload(1n << 63n))), { verifiers: [w1Key], now: T }),
  'not-future > signature': () =>
    open(noteWith(line(w1Key, cosignaturePayload(BigInt(T + 10)))), { verifiers: [w1Key], now: T }),
  // The only trusted line does not verify, so no key verified either.
  'signature > verified': () => open(noteWith(line(logKey, new Uint8Array(64))), { verifiers: [logKey] }),
  'verified > freshness':
    'freshness is judged on the cosignatures that verified; with none verified there is nothing to be stale',
  'freshness > quorum': () => {
    const otherLog = ed25519Verifier('other.example/log', pub({ seed: seed(3) }));
    const quorum = { log: otherLog, witnesses: [w1Key], atLeast: 1 };
    return open(cosigned, { quorum, now: T + 1000, maxAge: 60 });
  },
});

holdChecksToVerifier('parseCheckpoint', CHECKPOINT_CHECKS, CHECKPOINT_CODES, {
  'text > lines': () => parseCheckpoint('origin\u0001'),
  'lines > origin': () => parseCheckpoint('\n'),
  'origin > size': () => parseCheckpoint('\nx\ny\n'),
  'size > root': () => parseCheckpoint('o\n01\ny\n'),
  'root > extensions': () => parseCheckpoint('o\n1\ny\n\n'),
  'extensions > empty-tree': () => parseCheckpoint(`o\n0\n${base64Strict.encode(new Uint8Array(32))}\n\n`),
});

const material = (type: number, keyLength: number) =>
  base64Strict.encode(new Uint8Array([type, ...new Uint8Array(keyLength)]));
holdChecksToVerifier('parseVerifierKey', VERIFIER_KEY_CHECKS, VERIFIER_KEY_CODES, {
  'text > parts': () => parseVerifierKey(5 as never),
  'parts > name': () => parseVerifierKey('a b+x'),
  'name > key-id': () => parseVerifierKey('a b+xyz+AAAA'),
  'key-id > base64': () => parseVerifierKey('n+xyz+!!'),
  // "Ag" is 0x02 to a lenient reader, and not canonical (unpadded).
  'base64 > key-type': () => parseVerifierKey('n+00000000+Ag'),
  'key-type > key-length': () => parseVerifierKey(`n+00000000+${material(2, 1)}`),
  'key-length > key-id-match': () => parseVerifierKey(`n+00000000+${material(ED25519_NOTE, 31)}`),
});

it('describeNote decodes each line, and its signed bytes are what the door is fed', () => {
  const described = describeNote(cosigned);
  if (!described.ok) throw new Error(described.code);
  const { body: text, lines } = described.value;
  expect(new TextDecoder().decode(text)).toBe(body);
  expect(lines.map(({ signed: _s, ...rest }) => rest)).toEqual([
    { name: log.name, keyId: hex.encode(computeKeyId(log.name, ED25519_NOTE, pub(log))), type: 'ed25519' },
    {
      name: w1.name,
      keyId: hex.encode(computeKeyId(w1.name, COSIGNATURE_V1, pub(w1))),
      type: 'cosignature/v1',
      timestamp: BigInt(T),
    },
  ]);
  expect(lines[1]?.signed).toEqual(cosignatureMessage(text, BigInt(T)));
  // The signatures on the received lines verify over exactly these bytes.
  const parts = splitNote(new TextEncoder().encode(cosigned));
  if (!parts.ok) throw new Error(parts.code);
  const signatureOf = (i: number, skip: number) => parts.value.lines[i]!.payload.subarray(skip);
  expect(verifyEd25519(pub(log), lines[0]!.signed!, signatureOf(0, 0)).ok).toBe(true);
  expect(verifyEd25519(pub(w1), lines[1]!.signed!, signatureOf(1, 8)).ok).toBe(true);
});

it('describeNote: a line of another length is other, with nothing to sign; a broken note is refused', () => {
  const described = describeNote(noteWith(line(logKey, new Uint8Array(10))));
  expect(described.ok && described.value.lines[0]).toMatchObject({ type: 'other', signed: null });
  expect(describeNote('no blank line\n')).toMatchObject({ ok: false, code: 'malformed-note' });
  expect(describeNote(new Uint8Array([0xff, 0x0a]))).toMatchObject({ ok: false, code: 'invalid-utf8' });
});

it('explainVerdict over NOTE_CHECKS: an unmet quorum refuses last, and unasked checks are not checked', () => {
  const quorum = { log: logKey, witnesses: [w1Key], atLeast: 1 };
  const options = { quorum };
  const results = explainVerdict(NOTE_CHECKS, open(signed, options), options);
  expect(results.map((r) => r.outcome)).toEqual([
    'pass',
    'pass',
    'pass',
    'pass',
    'pass',
    'not-checked',
    'pass',
    'pass',
    'not-checked',
    'refuse',
  ]);
  expect(results.at(-1)?.code).toBe('witness-quorum-not-met');
});
