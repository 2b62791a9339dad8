import { loadVectors } from '@agent-seam/conformance';
import { keyPairFromSeed } from '@agent-seam/did';
import {
  cosign,
  ed25519Verifier,
  formatCheckpoint,
  formatVerifierKey,
  signNote,
} from '@agent-seam/tlog-note';
import { holdWritersToReaders } from '../../../tools/writers-sweep.ts';

/**
 * Writers refuse what readers refuse (issue 32), over this package's refusal vectors: each
 * case is a value `signNote`, `cosign`, `formatCheckpoint` or `formatVerifierKey` could be
 * asked for, and the writer, asked for it, throws a SeamError naming the field; or it is
 * listed with the reason no writer is asked for it.
 */
const doc = loadVectors<Record<string, { name: string }[]>>('tlog_note.json');
const log = { name: 'example.com/log', seed: new Uint8Array(32).fill(1) };
const ROOT = new Uint8Array(32).fill(0x5a);
const checkpoint = (over: Record<string, unknown>) => () =>
  formatCheckpoint({ origin: 'example.com/log', size: 13n, root: ROOT, ...over } as never);
const signed = signNote(
  formatCheckpoint({ origin: 'example.com/log', size: 13n, root: ROOT, extensions: [] }),
  [log],
);

const THROWS: Record<string, Record<string, [() => unknown, RegExp]>> = {
  'tlog.reject.checkpoint': {
    'lone-surrogate': [checkpoint({ origin: 'example.com/\ud800' }), /^invalid-utf8: origin /],
    'carriage-return': [checkpoint({ origin: 'example.com/log\r' }), /^control-character: origin /],
    'two-lines': [checkpoint({ origin: 'example.com/log\n13' }), /^invalid-field: origin contains a newline/],
    'empty-origin': [checkpoint({ origin: '' }), /^empty-origin: origin is empty/],
    'size-2-to-the-64': [checkpoint({ size: 2n ** 64n }), /^bad-size: size /],
    'root-31-bytes': [checkpoint({ root: new Uint8Array(31) }), /^bad-root-hash: root /],
    'empty-extension-line': [checkpoint({ extensions: [''] }), /^empty-extension-line: extensions\[0\] /],
    'size-zero-with-root': [checkpoint({ size: 0n }), /^size-zero-with-nonempty-root: size /],
  },
  'tlog.reject.note': {
    'lone-surrogate': [() => signNote('A \ud800 note.\n', [log]), /^invalid-utf8: body /],
    'carriage-return-in-text': [() => signNote('A\r note.\n', [log]), /^control-character: body /],
    'no-final-newline': [() => signNote('A plain note.', [log]), /^malformed-note: body /],
    'plus-in-key-name': [
      () => signNote('A note.\n', [{ ...log, name: 'a+b' }]),
      /^bad-key-name: signers\[0\]\.name /,
    ],
    'empty-key-name': [
      () => signNote('A note.\n', [{ ...log, name: '' }]),
      /^bad-key-name: signers\[0\]\.name /,
    ],
    'cosignature-timestamp-zero': [() => cosign(signed, log, 0), /^bad-timestamp: cosign timestamp /],
    'cosignature-timestamp-2-to-the-63': [
      () => cosign(signed, log, 2 ** 63),
      /^bad-instant: cosign timestamp /,
    ],
  },
  'tlog.reject.vkey': {
    'space-in-name': [
      () => formatVerifierKey(ed25519Verifier('example.com/my log', keyPairFromSeed(log.seed).publicKey)),
      /^bad-key-name: /,
    ],
    'key-31-bytes': [
      () => formatVerifierKey(ed25519Verifier('example.com/log', new Uint8Array(31))),
      /^bad-public-key-length: publicKey /,
    ],
  },
};

const SPELLING = 'the writer spells this itself, one way, as the reader wants it';
const SIGNATURE = 'the signature bytes are the signer’s';
const READER = 'the reader’s trusted keys, clock or limits';
const NOT_WRITTEN: Record<string, Record<string, string>> = {
  'tlog.reject.checkpoint': {
    'body-not-a-string': 'formatCheckpoint returns text',
    'no-final-newline': SPELLING,
    'size-leading-zero': SPELLING,
    'size-plus-sign': SPELLING,
    'size-leading-space': SPELLING,
    'size-empty': SPELLING,
    'root-unpadded': SPELLING,
  },
  'tlog.reject.note': {
    'note-not-text': 'signNote returns text',
    'larger-than-max-bytes': READER,
    'invalid-utf8-byte': 'signNote takes a string, which has a UTF-8 spelling once its surrogates pair',
    'tab-in-signature-block': SPELLING,
    'no-blank-line': SPELLING,
    'blank-line-but-no-signatures':
      'signNote refuses no signers (no-signers): a note it writes has a signature',
    'seventeen-lines-over-limit-16': READER,
    'hyphen-instead-of-em-dash': SPELLING,
    'no-space-after-name': SPELLING,
    'unpadded-base64': SPELLING,
    'key-id-only': SPELLING,
    'ed25519-payload-65-bytes': SPELLING,
    'cosignature-payload-71-bytes': SPELLING,
    'forged-cosignature': SIGNATURE,
    'cosignature-over-other-time': SIGNATURE,
    'text-changed-after-signing': SIGNATURE,
    'cosignature-in-the-future':
      'a writer has no clock: a cosignature is dated by the witness, judged at the reader’s now',
    'cosignature-after-now-without-max-age':
      'a writer has no clock: a cosignature is dated by the witness, judged at the reader’s now',
    'stale-witness': 'a writer has no clock: freshness is the reader’s maxAge at its now',
    'wrong-key-id': READER,
    'wrong-name': READER,
    'cosignature-key-as-note-key': READER,
    'only-unknown-signers': READER,
  },
  'tlog.reject.vkey': {
    'vkey-not-a-string': 'formatVerifierKey returns text',
    'one-separator': SPELLING,
    'uppercase-key-id': SPELLING,
    'short-key-id': SPELLING,
    'base64url-char-in-key': SPELLING,
    'ecdsa-type': 'ed25519Verifier and cosignatureVerifier make only the two types this package reads',
    'key-id-of-other-type': 'the writer computes the key id from the name, type and key',
  },
};

holdWritersToReaders(
  Object.fromEntries(
    Object.keys(NOT_WRITTEN).map((group) => [
      group,
      { cases: doc[group]!, throws: THROWS[group], notWritten: NOT_WRITTEN[group] },
    ]),
  ),
);
