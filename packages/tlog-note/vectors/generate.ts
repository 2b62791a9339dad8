// vectors/tlog_note.json: signed notes, checkpoints, cosignatures and vkeys from
// fixed seeds. Accepting notes come from signNote/cosign; refusal notes are built
// line by line here so that each one is valid except for the single property its
// `why` names (a malformed body still carries a genuine signature over it).
import { base64Strict, concatBytes, hex } from '../../canonical/src/index.ts';
import { signEd25519 } from '../../did/src/index.ts';
import {
  COSIGNATURE_V1,
  computeKeyId,
  cosign,
  cosignatureMessage,
  cosignatureVerifier,
  ED25519_NOTE,
  ed25519Verifier,
  formatCheckpoint,
  formatVerifierKey,
  signNote,
} from '../src/index.ts';
import { log as LOG, pub, seed, w1 as W1, w2 as W2 } from '../test/fixture.ts';

const OTHER = { name: 'example.com/other', seed: seed(4) };
const W3 = { name: 'witness.example/w3', seed: seed(5) };
const VKEYS = {
  log: formatVerifierKey(ed25519Verifier(LOG.name, pub(LOG))),
  other: formatVerifierKey(ed25519Verifier(OTHER.name, pub(OTHER))),
  w1: formatVerifierKey(cosignatureVerifier(W1.name, pub(W1))),
  w2: formatVerifierKey(cosignatureVerifier(W2.name, pub(W2))),
};

const utf8 = (s: string) => new TextEncoder().encode(s);
const line = (name: string, keyId: Uint8Array, payload: Uint8Array) =>
  `\u2014 ${name} ${base64Strict.encode(concatBytes([keyId, payload]))}\n`;
/** An Ed25519 note signature line over any text, bypassing signNote's checks on purpose (tlog-tiles' generator uses it too). */
export const noteLine = (text: string, s = LOG, name = s.name) =>
  line(name, computeKeyId(s.name, ED25519_NOTE, pub(s)), signEd25519(s.seed, utf8(text)));
/** A cosignature/v1 line with any timestamp, including ones cosign refuses to produce. */
export const cosigLine = (
  text: string,
  s: { name: string; seed: Uint8Array },
  t: bigint,
  mutate = (p: Uint8Array) => p,
) => {
  const payload = new Uint8Array(72);
  new DataView(payload.buffer).setBigUint64(0, t, false);
  payload.set(signEd25519(s.seed, cosignatureMessage(utf8(text), t)), 8);
  return line(s.name, computeKeyId(s.name, COSIGNATURE_V1, pub(s)), mutate(payload));
};

const NOW = 1_700_000_600;
const MAX_AGE = 3600;
const T = 1_700_000_000n;
const ROOT = new Uint8Array(32).fill(0x5a);
const BODY = formatCheckpoint({ origin: 'example.com/log', size: 13n, root: ROOT, extensions: [] });
const SIGNED = signNote(BODY, [LOG]);
const COSIGNED = cosign(cosign(SIGNED, W1, Number(T)), W2, Number(T + 60n));
const TEXT = 'A plain note.\n';
// What an opened note reports per verified key: an Ed25519 line, or a witness's cosignature at time t.
const signedBy = (s: { name: string }) => ({ name: s.name, type: 'ed25519' });
const cosignedBy = (w: { name: string }, t: bigint | number) => ({
  name: w.name,
  type: 'cosignature/v1',
  timestamp: String(t),
});
// Opened at NOW, with MAX_AGE as both the freshness and the skew window.
const FRESH = { now: NOW, maxAge: MAX_AGE };

// ---- accepted notes ----------------------------------------------------------
const acceptNotes = [
  {
    name: 'log-signed-checkpoint',
    note: SIGNED,
    verifiers: ['log'],
    body: BODY,
    verifiedBy: [signedBy(LOG)],
  },
  {
    name: 'unknown-signer-ignored',
    note: signNote(TEXT, [OTHER, LOG]),
    verifiers: ['log'],
    body: TEXT,
    verifiedBy: [signedBy(LOG)],
  },
  {
    name: 'both-signers-trusted',
    note: signNote(TEXT, [OTHER, LOG]),
    verifiers: ['log', 'other'],
    body: TEXT,
    verifiedBy: [signedBy(OTHER), signedBy(LOG)],
  },
  {
    name: 'blank-lines-in-text',
    note: signNote('first\n\nsecond\n\n', [LOG]),
    verifiers: ['log'],
    body: 'first\n\nsecond\n\n',
    verifiedBy: [signedBy(LOG)],
  },
  {
    name: 'unicode-text',
    note: signNote('Ognuno sta solo — ed è subito sera.\n', [LOG]),
    verifiers: ['log'],
    body: 'Ognuno sta solo — ed è subito sera.\n',
    verifiedBy: [signedBy(LOG)],
  },
  {
    name: 'cosigned-checkpoint',
    note: COSIGNED,
    verifiers: ['log', 'w1', 'w2'],
    ...FRESH,
    body: BODY,
    verifiedBy: [signedBy(LOG), cosignedBy(W1, T), cosignedBy(W2, T + 60n)],
  },
  {
    name: 'witness-only-trust',
    note: COSIGNED,
    verifiers: ['w2'],
    ...FRESH,
    body: BODY,
    verifiedBy: [cosignedBy(W2, T + 60n)],
  },
  {
    name: 'newest-cosignature-per-witness-counts',
    note: SIGNED + cosigLine(BODY, W1, T - 10_000n) + cosigLine(BODY, W1, T),
    verifiers: ['w1'],
    ...FRESH,
    body: BODY,
    verifiedBy: [cosignedBy(W1, T)],
    why: "freshness is judged on each witness's newest cosignature: the stale one comes first and a later, fresh one from the same witness replaces it (mutation: without the later-line branch this case is refused stale-cosignature)",
  },
  {
    name: 'cosignature-ahead-within-max-age',
    note: SIGNED + cosigLine(BODY, W1, BigInt(NOW + MAX_AGE)),
    verifiers: ['w1'],
    ...FRESH,
    body: BODY,
    verifiedBy: [cosignedBy(W1, NOW + MAX_AGE)],
  },
  {
    name: 'sixteen-signatures',
    note: signNote(TEXT, [
      ...Array.from({ length: 15 }, (_, i) => ({ name: `example.com/k${i}`, seed: seed(10 + i) })),
      LOG,
    ]),
    verifiers: ['log'],
    body: TEXT,
    verifiedBy: [signedBy(LOG)],
  },
  {
    name: 'largest-timestamp',
    note: SIGNED + cosigLine(BODY, W1, (1n << 63n) - 1n),
    verifiers: ['w1'],
    body: BODY,
    verifiedBy: [cosignedBy(W1, (1n << 63n) - 1n)],
  },
];

// ---- refused notes -----------------------------------------------------------
const flipLast = (p: Uint8Array) => {
  const q = p.slice();
  q[q.length - 1]! ^= 1;
  return q;
};
const logPayload = signEd25519(LOG.seed, utf8(TEXT));
const logId = computeKeyId(LOG.name, ED25519_NOTE, pub(LOG));
const SIGNED_TEXT = `${TEXT}\n${noteLine(TEXT)}`;
const withLine = (extra: string) => SIGNED_TEXT + extra;
const b64 = (bytes: Uint8Array) => base64Strict.encode(bytes);
// "A \xff note.\n": not UTF-8, yet genuinely signed as bytes by the log.
const badText = concatBytes([utf8('A '), new Uint8Array([0xff]), utf8(' note.\n')]);
const badUtf8Note = concatBytes([
  badText,
  utf8('\n'),
  utf8(line(LOG.name, logId, signEd25519(LOG.seed, badText))),
]);

const rejectNotes = [
  {
    name: 'note-not-text',
    note: 42,
    verifiers: ['log'],
    code: 'not-bytes',
    why: 'a note is text or bytes: a JSON number in its place is refused, not thrown on (the type check before any parsing)',
  },
  {
    name: 'larger-than-max-bytes',
    note: SIGNED_TEXT,
    maxBytes: utf8(SIGNED_TEXT).length - 1,
    verifiers: ['log'],
    code: 'note-too-large',
    why: 'the size cap: one byte over maxBytes, checked before any parsing',
  },
  {
    name: 'invalid-utf8-byte',
    noteBase64: b64(badUtf8Note),
    verifiers: ['log'],
    code: 'invalid-utf8',
    why: 'strict UTF-8: a 0xff byte in the text (raw bytes, the signature is irrelevant)',
  },
  {
    name: 'lone-surrogate',
    note: `A \ud800 note.\n\n${noteLine('A \ufffd note.\n')}`,
    verifiers: ['log'],
    code: 'invalid-utf8',
    why: 'a string with a lone surrogate has no UTF-8 bytes; encoding it as U+FFFD would verify against the signature made here',
  },
  {
    name: 'carriage-return-in-text',
    note: `A\r note.\n\n${noteLine('A\r note.\n')}`,
    verifiers: ['log'],
    code: 'control-character',
    why: 'no control characters but newline; the signature over the text is genuine',
  },
  {
    name: 'tab-in-signature-block',
    note: SIGNED_TEXT.replace(`${LOG.name} `, `${LOG.name}\t`),
    verifiers: ['log'],
    code: 'control-character',
    why: 'control characters are refused anywhere in the note, the signature block included',
  },
  {
    name: 'no-final-newline',
    note: SIGNED_TEXT.slice(0, -1),
    verifiers: ['log'],
    code: 'malformed-note',
    why: 'a note ends with a newline; only the last one is missing',
  },
  {
    name: 'no-blank-line',
    note: `${TEXT}${noteLine(TEXT)}`,
    verifiers: ['log'],
    code: 'malformed-note',
    why: 'the blank line between text and signatures is missing',
  },
  {
    name: 'blank-line-but-no-signatures',
    note: `${TEXT}\n`,
    verifiers: ['log'],
    code: 'malformed-note',
    why: 'a note has at least one signature line after the blank line',
  },
  {
    name: 'seventeen-lines-over-limit-16',
    note: signNote(TEXT, [
      ...Array.from({ length: 16 }, (_, i) => ({ name: `example.com/k${i}`, seed: seed(10 + i) })),
      LOG,
    ]),
    maxSignatures: 16,
    verifiers: ['log'],
    code: 'too-many-signatures',
    why: 'the signature-line cap, counted before lines are parsed',
  },
  {
    name: 'hyphen-instead-of-em-dash',
    note: withLine(`- ${OTHER.name} ${b64(concatBytes([logId, logPayload]))}\n`),
    verifiers: ['log'],
    code: 'malformed-signature-line',
    why: 'a signature line starts with U+2014 and a space',
  },
  {
    name: 'no-space-after-name',
    note: withLine('\u2014 AAAAAAAA\n'),
    verifiers: ['log'],
    code: 'malformed-signature-line',
    why: 'name and signature are separated by a space; without it "AAAAAAAA" would read as name "AAAAAAA" and a base64 signature',
  },
  {
    name: 'plus-in-key-name',
    note: withLine(`\u2014 example.com/a+b ${b64(concatBytes([logId, logPayload]))}\n`),
    verifiers: ['log'],
    code: 'malformed-signature-line',
    why: 'key names contain no "+" (they would break the vkey form)',
  },
  {
    name: 'empty-key-name',
    note: withLine(`\u2014  ${b64(concatBytes([logId, logPayload]))}\n`),
    verifiers: ['log'],
    code: 'malformed-signature-line',
    why: 'key names are non-empty',
  },
  {
    name: 'unpadded-base64',
    note: withLine(`\u2014 ${OTHER.name} ${b64(concatBytes([logId, logPayload])).replace(/=+$/, '')}\n`),
    verifiers: ['log'],
    code: 'malformed-signature-line',
    why: 'the signature is canonical padded base64',
  },
  {
    name: 'key-id-only',
    note: withLine(`\u2014 ${OTHER.name} ${b64(logId)}\n`),
    verifiers: ['log'],
    code: 'malformed-signature-line',
    why: 'at least one signature byte follows the 4-byte key id',
  },
  {
    name: 'ed25519-payload-65-bytes',
    note: `${TEXT}\n${line(LOG.name, logId, concatBytes([logPayload, new Uint8Array(1)]))}`,
    verifiers: ['log'],
    code: 'bad-signature-length',
    why: 'a trusted Ed25519 line carries exactly 64 signature bytes',
  },
  {
    name: 'cosignature-payload-71-bytes',
    note: SIGNED + cosigLine(BODY, W1, T, (p) => p.subarray(0, 71)),
    verifiers: ['w1'],
    code: 'bad-signature-length',
    why: 'a trusted cosignature line carries exactly 72 bytes (timestamp and signature)',
  },
  {
    name: 'cosignature-timestamp-zero',
    note: SIGNED + cosigLine(BODY, W1, 0n),
    verifiers: ['w1'],
    code: 'bad-timestamp',
    why: 'timestamps start at 1; this one is signed correctly over "time 0"',
  },
  {
    name: 'cosignature-timestamp-2-to-the-63',
    note: SIGNED + cosigLine(BODY, W1, 1n << 63n),
    verifiers: ['w1'],
    code: 'bad-timestamp',
    why: 'timestamps end at 2^63-1; this one is signed correctly',
  },
  {
    name: 'forged-cosignature',
    note: SIGNED + cosigLine(BODY, W1, T, flipLast),
    verifiers: ['log', 'w1'],
    code: 'signature-invalid',
    why: 'a trusted witness line whose signature does not verify refuses the whole note',
  },
  {
    name: 'cosignature-over-other-time',
    note:
      SIGNED +
      cosigLine(BODY, W1, T).replace(/ (\S+)\n$/, (_m, s: string) => {
        const bytes = base64Strict.decode(s);
        if (!bytes.ok) throw new Error('unreachable');
        const b = bytes.value.slice();
        b[11]! ^= 1;
        return ` ${b64(b)}\n`;
      }),
    verifiers: ['w1'],
    code: 'signature-invalid',
    why: 'the timestamp is signed: changing it breaks the signature',
  },
  {
    name: 'text-changed-after-signing',
    note: `A plain note!\n\n${noteLine(TEXT)}`,
    verifiers: ['log'],
    code: 'signature-invalid',
    why: 'the log signature covers the exact text bytes',
  },
  {
    name: 'cosignature-in-the-future',
    note: SIGNED + cosigLine(BODY, W1, BigInt(NOW + MAX_AGE) + 1n),
    verifiers: ['w1'],
    ...FRESH,
    code: 'cosignature-in-future',
    why: 'a cosignature dated more than maxAge after now is refused (the skew window is maxAge both ways)',
  },
  {
    name: 'cosignature-after-now-without-max-age',
    note: SIGNED + cosigLine(BODY, W1, BigInt(NOW) + 1n),
    verifiers: ['w1'],
    now: NOW,
    code: 'cosignature-in-future',
    why: 'with a clock and no maxAge there is no skew window: one second after now is refused',
  },
  {
    name: 'stale-witness',
    note: cosign(cosign(SIGNED, W1, NOW - MAX_AGE - 1), W2, NOW),
    verifiers: ['log', 'w1', 'w2'],
    ...FRESH,
    code: 'stale-cosignature',
    why: "freshness per witness: w2 is fresh, but w1's newest cosignature is one second older than maxAge",
  },
  {
    name: 'wrong-key-id',
    note: `${TEXT}\n${line(LOG.name, computeKeyId(LOG.name, ED25519_NOTE, pub(OTHER)), signEd25519(OTHER.seed, utf8(TEXT)))}`,
    verifiers: ['log'],
    code: 'no-verified-signature',
    why: "the name matches the log but the key id does not: the line is not the log's and is ignored",
  },
  {
    name: 'wrong-name',
    note: `${TEXT}\n${line('example.com/impostor', logId, logPayload)}`,
    verifiers: ['log'],
    code: 'no-verified-signature',
    why: "key id and signature are the log's but the name is not: ignored, since name AND id must match",
  },
  {
    name: 'cosignature-key-as-note-key',
    note: `${TEXT}\n${line(W1.name, computeKeyId(W1.name, ED25519_NOTE, pub(W1)), signEd25519(W1.seed, utf8(TEXT)))}`,
    verifiers: ['w1'],
    code: 'no-verified-signature',
    why: 'the witness key trusted for type 0x04 has another key id than a type 0x01 signature by it',
  },
  {
    name: 'only-unknown-signers',
    note: signNote(TEXT, [OTHER]),
    verifiers: ['log'],
    code: 'no-verified-signature',
    why: 'at least one trusted line must verify',
  },
];

// ---- Go's note.Open rules -----------------------------------------------------
// golang.org/x/mod/sumdb/note decides what the C2SP spec leaves open (facts file,
// "Go's signed-note reader"). Each case pins one of its rules.
const otherLine = noteLine(TEXT, OTHER);
const otherB64 = otherLine.slice(`\u2014 ${OTHER.name} `.length, -1);
const forgedLogLine = line(LOG.name, logId, flipLast(logPayload));
const manyLines = (unknown: number) => `${TEXT}\n${otherLine.repeat(unknown)}${noteLine(TEXT)}`;
const unknownOf = (l: string) => {
  const [, name, base64] = /^\u2014 (\S+) (\S+)\n$/.exec(l) ?? [];
  return { name, base64 };
};

// The log signed, w1 cosigned at T, then w1 wrote `laterLine`: Go drops it unjudged.
const witnessLaterLineDropped = (name: string, laterLine: string, why: string) => ({
  name,
  note: SIGNED + cosigLine(BODY, W1, T) + laterLine,
  verifiers: ['log', 'w1'],
  ...FRESH,
  body: BODY,
  verifiedBy: [signedBy(LOG), cosignedBy(W1, T)],
  unverified: [],
  why,
});

const goAccept = [
  {
    name: 'repeated-key-counted-once',
    note: `${TEXT}\n${noteLine(TEXT)}${noteLine(TEXT)}`,
    verifiers: ['log'],
    body: TEXT,
    verifiedBy: [signedBy(LOG)],
    unverified: [],
    why: 'a second line from a key that already verified is dropped: the key appears once in verifiedBy (mutation: results kept per line instead of per key turns it red)',
  },
  {
    name: 'repeated-key-forged-later-line-dropped',
    note: `${TEXT}\n${noteLine(TEXT)}${forgedLogLine}`,
    verifiers: ['log'],
    body: TEXT,
    verifiedBy: [signedBy(LOG)],
    unverified: [],
    why: 'Go drops a repeated line from a verified key without checking it, so a bad one does not refuse the note (twin: forged-first-line-from-repeated-key) (mutation: judging every trusted line turns it red)',
  },
  witnessLaterLineDropped(
    'repeated-witness-older-forged-line-dropped',
    cosigLine(BODY, W1, T - 60n, flipLast),
    'a later cosignature from a witness that already verified, claiming an older time, is dropped unchecked (its signature is forged) (mutation: judging every trusted line turns it red)',
  ),
  witnessLaterLineDropped(
    'repeated-witness-future-line-dropped',
    cosigLine(BODY, W1, BigInt(NOW + MAX_AGE) + 1n),
    "a later cosignature from a verified witness that fails (dated past the skew window) is dropped, not a refusal: only a key's first line can refuse the note (mutation: judging every trusted line turns it red)",
  ),
  {
    name: 'repeated-unknown-line-kept-once',
    note: `${TEXT}\n${otherLine}${otherLine}${noteLine(TEXT)}`,
    verifiers: ['log'],
    body: TEXT,
    verifiedBy: [signedBy(LOG)],
    unverified: [unknownOf(otherLine)],
    why: 'identical lines from an unknown key are kept once among the unverified signatures (mutation: keeping every unknown line turns it red)',
  },
  {
    name: 'distinct-unknown-lines-kept',
    note: `${TEXT}\n${otherLine}${line(OTHER.name, computeKeyId(OTHER.name, ED25519_NOTE, pub(OTHER)), signEd25519(OTHER.seed, utf8('another text\n')))}${noteLine(TEXT)}`,
    verifiers: ['log'],
    body: TEXT,
    verifiedBy: [signedBy(LOG)],
    unverified: [
      unknownOf(otherLine),
      unknownOf(
        line(
          OTHER.name,
          computeKeyId(OTHER.name, ED25519_NOTE, pub(OTHER)),
          signEd25519(OTHER.seed, utf8('another text\n')),
        ),
      ),
    ],
    why: 'the twin of repeated-unknown-line-kept-once: unknown lines are merged only when identical, two different lines from one unknown key both stay',
  },
  {
    name: 'one-hundred-signature-lines',
    note: manyLines(99),
    verifiers: ['log'],
    body: TEXT,
    verifiedBy: [signedBy(LOG)],
    unverified: [{ name: OTHER.name, base64: otherB64 }],
    why: "100 signature lines is Go's limit and still opens (the default cap was 64 before) (mutations: a default cap of 64 turns it red; keeping every unknown line does too, it carries 99 identical ones)",
  },
  {
    name: 'duplicated-verifier-no-line-names',
    note: SIGNED_TEXT,
    verifiers: ['log', 'other', 'other'],
    body: TEXT,
    verifiedBy: [signedBy(LOG)],
    unverified: [],
    why: 'a trusted set holding one key twice is harmless while no line names that key (twin of ambiguous-verifier)',
  },
];

const goRefuse = [
  {
    name: 'one-hundred-and-one-signature-lines',
    note: manyLines(100),
    verifiers: ['log'],
    code: 'too-many-signatures',
    why: "more than 100 signature lines is a malformed note to Go's reader; the default cap is 100 (mutation: deleting the line cap turns it red)",
  },
  {
    name: 'ambiguous-verifier',
    note: SIGNED_TEXT,
    verifiers: ['log', 'log'],
    code: 'ambiguous-verifier',
    why: 'two trusted keys with the same name and key id make a line naming them ambiguous, an error rather than a choice (mutation: deleting the ambiguity check turns it red)',
  },
  {
    name: 'forged-first-line-from-repeated-key',
    note: `${TEXT}\n${forgedLogLine}${noteLine(TEXT)}`,
    verifiers: ['log'],
    code: 'signature-invalid',
    why: "the twin of repeated-key-forged-later-line-dropped: a key's first line is the one judged, and a good later line does not rescue it",
  },
  {
    name: 'repeated-unknown-lines-only',
    note: `${TEXT}\n${otherLine}${otherLine}`,
    verifiers: ['log'],
    code: 'no-verified-signature',
    why: 'unknown lines, repeated or not, never verify: at least one trusted key must',
  },
];

// ---- witness quorum ------------------------------------------------------------
// `quorum`: the log's own key and at least `atLeast` of `witnesses`, distinct keys.
const ONE_COSIGNED = cosign(SIGNED, W1, Number(T));
const OTHER_SIGNED_COSIGNED = cosign(cosign(signNote(BODY, [OTHER]), W1, Number(T)), W2, Number(T + 60n));
const quorum = (atLeast: number, witnesses = ['w1', 'w2']) => ({ log: 'log', witnesses, atLeast });

const quorumAccept = [
  {
    name: 'log-and-one-of-two-witnesses',
    note: ONE_COSIGNED,
    quorum: quorum(1),
    ...FRESH,
    body: BODY,
    verifiedBy: [signedBy(LOG), cosignedBy(W1, T)],
    unverified: [],
    why: 'the README policy: the log signed and one of the two witnesses cosigned',
  },
  {
    name: 'log-and-two-of-two-witnesses',
    note: COSIGNED,
    quorum: quorum(2),
    ...FRESH,
    body: BODY,
    verifiedBy: [signedBy(LOG), cosignedBy(W1, T), cosignedBy(W2, T + 60n)],
    unverified: [],
    why: 'the twin of one-witness-repeated: two distinct witnesses meet a quorum of two',
  },
  {
    name: 'log-only-quorum-of-zero',
    note: SIGNED,
    quorum: quorum(0),
    body: BODY,
    verifiedBy: [signedBy(LOG)],
    unverified: [],
    why: 'atLeast 0 asks for the log signature alone',
  },
  {
    name: 'untrusted-cosigner-beside-quorum',
    note: cosign(ONE_COSIGNED, W3, Number(T)),
    quorum: quorum(1, ['w1']),
    ...FRESH,
    body: BODY,
    verifiedBy: [signedBy(LOG), cosignedBy(W1, T)],
    unverified: [unknownOf(cosign(ONE_COSIGNED, W3, Number(T)).slice(ONE_COSIGNED.length))],
    why: 'a cosignature from a witness outside the policy is an unverified line, neither counted nor refused',
  },
];

const quorumRefuse = [
  {
    name: 'missing-log-signature',
    note: OTHER_SIGNED_COSIGNED,
    quorum: quorum(1),
    ...FRESH,
    code: 'missing-log-signature',
    why: "both witnesses cosigned, but the note is signed by another key, not the log's (mutation: deleting the log check turns it red, and only it)",
  },
  {
    name: 'one-witness-repeated',
    note: ONE_COSIGNED + cosigLine(BODY, W1, T),
    quorum: quorum(2),
    ...FRESH,
    code: 'witness-quorum-not-met',
    why: 'one witness cosignature written twice is one witness: k - 1 distinct witnesses do not meet k (mutations: deleting the quorum count, or counting lines instead of keys, turns it red)',
  },
  {
    name: 'one-witness-cosigned-twice',
    note: ONE_COSIGNED + cosigLine(BODY, W1, T + 60n),
    quorum: quorum(2),
    ...FRESH,
    code: 'witness-quorum-not-met',
    why: 'two genuine cosignatures at different times from one witness are still one witness (mutations: deleting the quorum count, or counting lines instead of keys, turns it red)',
  },
  {
    name: 'witness-outside-quorum',
    note: cosign(SIGNED, W2, Number(T)),
    verifiers: ['w2'],
    quorum: quorum(1, ['w1']),
    ...FRESH,
    code: 'witness-quorum-not-met',
    why: 'a trusted witness that verifies but is not one of the quorum witnesses does not count toward it (mutation: deleting the quorum count turns it red)',
  },
  {
    name: 'stale-quorum-witness',
    note: cosign(cosign(SIGNED, W1, NOW - MAX_AGE - 1), W2, NOW),
    quorum: quorum(1),
    ...FRESH,
    code: 'stale-cosignature',
    why: "freshness is judged per witness before the count: w2 alone would meet the quorum, but w1's only cosignature is stale",
  },
  {
    name: 'log-key-also-in-verifiers',
    note: ONE_COSIGNED,
    verifiers: ['log'],
    quorum: quorum(1),
    code: 'ambiguous-verifier',
    why: "the quorum's keys are trusted keys too: listing the log again in verifiers holds it twice, and Go's rule makes its line ambiguous (mutation: deleting the ambiguity check turns it red)",
  },
];

// ---- checkpoints ---------------------------------------------------------------
const EMPTY_ROOT_B64 = '47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=';
const R = b64(ROOT);
const acceptCheckpoints = [
  {
    name: 'plain',
    body: `example.com/log\n13\n${R}\n`,
    origin: 'example.com/log',
    size: '13',
    root: R,
    extensions: [],
  },
  {
    name: 'empty-tree',
    body: `example.com/log\n0\n${EMPTY_ROOT_B64}\n`,
    origin: 'example.com/log',
    size: '0',
    root: EMPTY_ROOT_B64,
    extensions: [],
  },
  {
    name: 'extension-lines',
    body: `example.com/log\n13\n${R}\nx-ext one\nx-ext two\n`,
    origin: 'example.com/log',
    size: '13',
    root: R,
    extensions: ['x-ext one', 'x-ext two'],
  },
  {
    name: 'uint64-max-size',
    body: `o\n18446744073709551615\n${R}\n`,
    origin: 'o',
    size: '18446744073709551615',
    root: R,
    extensions: [],
  },
  {
    name: 'origin-with-spaces',
    body: `Some Log (test)\n1\n${R}\n`,
    origin: 'Some Log (test)',
    size: '1',
    root: R,
    extensions: [],
  },
];
const cp = (size: string, root = R, origin = 'example.com/log', ext = '') =>
  `${origin}\n${size}\n${root}\n${ext}`;
const rejectCheckpoints = [
  {
    name: 'body-not-a-string',
    body: null,
    code: 'not-a-string',
    why: 'a checkpoint body is text: null in its place is refused, not thrown on (the type check first)',
  },
  {
    name: 'lone-surrogate',
    body: `example.com/\ud800\n13\n${R}\n`,
    code: 'invalid-utf8',
    why: 'the body must have a UTF-8 spelling',
  },
  {
    name: 'carriage-return',
    body: `example.com/log\r\n13\n${R}\n`,
    code: 'control-character',
    why: 'no control characters but newline',
  },
  {
    name: 'no-final-newline',
    body: cp('13').slice(0, -1),
    code: 'missing-final-newline',
    why: 'every line, the last included, ends in a newline',
  },
  {
    name: 'two-lines',
    body: 'example.com/log\n13\n',
    code: 'too-few-lines',
    why: 'origin, size and root are all required',
  },
  { name: 'empty-origin', body: cp('13', R, ''), code: 'empty-origin', why: 'the origin line is non-empty' },
  { name: 'size-leading-zero', body: cp('013'), code: 'bad-size', why: 'canonical decimal: no leading zero' },
  { name: 'size-plus-sign', body: cp('+13'), code: 'bad-size', why: 'canonical decimal: no sign' },
  { name: 'size-leading-space', body: cp(' 13'), code: 'bad-size', why: 'canonical decimal: no space' },
  { name: 'size-empty', body: cp(''), code: 'bad-size', why: 'canonical decimal: at least one digit' },
  {
    name: 'size-2-to-the-64',
    body: cp('18446744073709551616'),
    code: 'bad-size',
    why: 'the size fits in uint64',
  },
  {
    name: 'root-unpadded',
    body: cp('13', R.replace(/=$/, '')),
    code: 'bad-root-hash',
    why: 'the root is canonical padded base64',
  },
  {
    name: 'root-31-bytes',
    body: cp('13', b64(ROOT.subarray(0, 31))),
    code: 'bad-root-hash',
    why: 'the root is 32 bytes',
  },
  {
    name: 'empty-extension-line',
    body: cp('13', R, 'example.com/log', 'x\n\n'),
    code: 'empty-extension-line',
    why: 'extension lines are non-empty',
  },
  {
    name: 'size-zero-with-root',
    body: cp('0'),
    code: 'size-zero-with-nonempty-root',
    why: 'a size-0 checkpoint carries the empty-tree root SHA-256("")',
  },
];

// ---- vkeys ------------------------------------------------------------------------
const vkeyParts = (v: string) => {
  const [name, id, key] = [v.slice(0, v.indexOf('+')), v.split('+')[1]!, v.split('+').slice(2).join('+')];
  return { name, id, key };
};
const L = vkeyParts(VKEYS.log);
const keyWithType = (type: number, length = 32) => {
  const m = new Uint8Array(1 + length);
  m[0] = type;
  m.set(pub(LOG).subarray(0, length), 1);
  return b64(m);
};
const acceptVkeys = Object.entries(VKEYS).map(([k, vkey]) => ({
  name: k,
  vkey,
  keyName: vkeyParts(vkey).name,
  keyId: vkeyParts(vkey).id,
  type: k.startsWith('w') ? 4 : 1,
  publicKey: hex.encode(pub({ log: LOG, other: OTHER, w1: W1, w2: W2 }[k as 'log']!)),
}));
const rejectVkeys = [
  {
    name: 'vkey-not-a-string',
    vkey: 42,
    code: 'not-a-string',
    why: 'a vkey is text: a JSON number in its place is refused, not thrown on (the type check first)',
  },
  {
    name: 'one-separator',
    vkey: `${L.name}+${L.key}`,
    code: 'malformed-vkey',
    why: 'name, key id and key are separated by two "+"',
  },
  {
    name: 'space-in-name',
    vkey: `example.com/my log+${L.id}+${L.key}`,
    code: 'bad-key-name',
    why: 'key names contain no white space',
  },
  {
    name: 'uppercase-key-id',
    vkey: `${L.name}+${L.id.toUpperCase()}+${L.key}`,
    code: 'bad-key-id',
    why: 'the key id is 8 lowercase hex digits',
  },
  {
    name: 'short-key-id',
    vkey: `${L.name}+${L.id.slice(1)}+${L.key}`,
    code: 'bad-key-id',
    why: 'the key id is exactly 8 hex digits',
  },
  {
    name: 'base64url-char-in-key',
    vkey: `${L.name}+${L.id}+${L.key.slice(0, -1)}-`,
    code: 'bad-base64',
    why: 'the key is standard base64; a base64url "-" is refused',
  },
  {
    name: 'ecdsa-type',
    vkey: `${L.name}+${L.id}+${keyWithType(0x02)}`,
    code: 'unsupported-key-type',
    why: 'only types 0x01 and 0x04 are supported',
  },
  {
    name: 'key-31-bytes',
    vkey: `${L.name}+${L.id}+${keyWithType(0x01, 31)}`,
    code: 'bad-public-key-length',
    why: 'an Ed25519 key is 32 bytes',
  },
  {
    name: 'key-id-of-other-type',
    vkey: `${L.name}+${hex.encode(computeKeyId(LOG.name, COSIGNATURE_V1, pub(LOG)))}+${L.key}`,
    code: 'key-id-mismatch',
    why: 'the key id must be the one derived from name, type and key (here: the 0x04 id on a 0x01 key)',
  },
];

const vkeyOf = (k: string) => VKEYS[k as keyof typeof VKEYS];
const withVkeys = <C extends { verifiers?: string[]; quorum?: ReturnType<typeof quorum> }>(cases: C[]) =>
  cases.map((c) => ({
    ...c,
    ...(c.verifiers === undefined ? {} : { verifiers: c.verifiers.map(vkeyOf) }),
    ...(c.quorum === undefined
      ? {}
      : { quorum: { ...c.quorum, log: vkeyOf(c.quorum.log), witnesses: c.quorum.witnesses.map(vkeyOf) } }),
  }));

export const parts = [
  {
    file: 'tlog_note.json',
    content: {
      note: 'C2SP signed-note, tlog-checkpoint and cosignature/v1 vectors from fixed Ed25519 seeds (seed = 32 bytes of 1 for example.com/log, 2 for witness.example/w1, 3 for witness.example/w2, 4 for example.com/other, 5 for witness.example/w3, 10+i for example.com/k<i>). `verifiers` are the trusted vkeys; `now`/`maxAge` are POSIX seconds; a case without `now` is opened with `now: "off"` (the time checks turned off by name). A note given as `noteBase64` is raw bytes. Accept: open/parse and compare; reject: refuse with exactly `code`.',
      'tlog.note': withVkeys(acceptNotes),
      'tlog.reject.note': withVkeys(rejectNotes),
      'tlog.go-rules': {
        note: 'Go note.Open rules (golang.org/x/mod/sumdb/note) where the C2SP spec is silent. accept: opens with `body`, `verifiedBy` (one entry per key) and `unverified` (lines from untrusted keys, each distinct line once); refuse: exactly `code`.',
        accept: withVkeys(goAccept),
        refuse: withVkeys(goRefuse),
      },
      'tlog.quorum': {
        note: 'Witness policy: `quorum` is { log, witnesses, atLeast } (vkeys); its keys are trusted in addition to `verifiers`. accept/refuse as in tlog.go-rules.',
        accept: withVkeys(quorumAccept),
        refuse: withVkeys(quorumRefuse),
      },
      'tlog.checkpoint': acceptCheckpoints,
      'tlog.reject.checkpoint': rejectCheckpoints,
      'tlog.vkey': acceptVkeys,
      'tlog.reject.vkey': rejectVkeys,
    },
  },
];
