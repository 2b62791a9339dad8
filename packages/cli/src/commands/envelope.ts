import { escapeBytes, type JsonValue } from '@agent-seam/canonical';
import {
  ENVELOPE_CHECKS,
  type EnvelopeToSign,
  envelopeSignedBytes,
  signEnvelope,
  signingPayload,
  type VerifiedEnvelope,
  verifyEnvelope,
} from '@agent-seam/envelope';
import { type Command, EXPECTED_OPTION, expectedBytes, oneInput, str } from '../command.js';
import {
  EXIT,
  judgingTime,
  membersOf,
  print,
  printJson,
  readJson,
  readSeed,
  signingTime,
  UsageError,
} from '../io.js';
import { replayChoice } from '../replay-file.js';
import { holdsOver, report, signRefusal, trySign } from './shared.js';

export const envelopeVerify: Command = {
  name: 'envelope verify',
  summary: 'verify a six-field signed message, and explain a refusal',
  usage: `usage: seam envelope verify FILE|- --recipient DID (--replay-file PATH | --no-replay-check)
                           [--now TIME|off] [--expected FILE] [--json]

Verifies a signed message (the six fields from, to, messageId, contextId, text,
timestamp, plus sig) with @agent-seam/envelope's verifyEnvelope. It lists every check
in the order the verifier makes them, marks the one that refused with its code, and
shows the exact bytes the signature covers: the canonical JSON (seam profile) of the
six fields as received, escaped, with byte offsets.

  --recipient DID   your own did:key: whom the message must be addressed to (required;
                    nothing in the message can name it)
  --now TIME|off    judge freshness (±300 s) at TIME: RFC 3339 with an offset, or Unix
                    seconds; default the machine clock (the output says which time it
                    used). off waives the time check, and the output says so.
  --replay-file PATH
                    the deliveries this machine accepted (a small JSON file, created when
                    missing): a second delivery of one (from, messageId) is refused
  --no-replay-check waive the replay check (a one-shot command cannot remember
                    deliveries by itself); the output says it was not checked
  --expected FILE   the bytes the sender says it signed: shows the first byte where
                    they differ from the signed bytes, with both sides around it
  --json            one JSON object; the checks and signed bytes under "explain"

exit: 0 verified (anything waived is named in the output), 1 refused, 2 bad command
      line, 4 unreadable or not JSON`,
  example: `  $ seam envelope verify message.json --recipient did:key:z6Mk... --no-replay-check --expected their-bytes.bin
  refused [bad-signature]: the signature does not verify under did:key:z6Mk...
  checks, in the order the verifier makes them:
    pass        recipient-named  ...
  signed bytes (...):
  --expected: first difference at byte 52 ...`,
  options: {
    recipient: { type: 'string' },
    now: { type: 'string' },
    'replay-file': { type: 'string' },
    'no-replay-check': { type: 'boolean' },
    ...EXPECTED_OPTION,
  },
  run(values, positionals) {
    const path = oneInput(envelopeVerify, positionals);
    const recipientDid = str(values.recipient);
    if (recipientDid === undefined)
      throw new UsageError('give --recipient DID: your own did:key, whom the message must be addressed to');
    const time = judgingTime(str(values.now));
    const replay = replayChoice(str(values['replay-file']), values['no-replay-check'] === true);
    if (time.now === 'off' && replay.replay !== 'off')
      throw new UsageError(
        '--now off leaves a replay file nothing to age its entries by: add --no-replay-check',
      );
    const expected = expectedBytes(values);
    const message = readJson(path);
    const options = { recipientDid, now: time.now, replay: replay.replay };
    const { from, sig } = membersOf(message);
    return report({
      command: 'envelope verify',
      checks: ENVELOPE_CHECKS,
      verdict: verifyEnvelope(message, options),
      options,
      signed: envelopeSignedBytes(message),
      expected,
      holdsOver: (bytes) => holdsOver(from, bytes, sig),
      json: values.json === true,
      extra: { judged: { time: time.said, replay: replay.said } },
      said: [time.said, replay.said],
      okLine: (v: VerifiedEnvelope) =>
        `${v.freshness === 'fresh' && v.replay === 'first-seen' ? 'verified' : 'signature valid, NOT everything checked'}: from ${v.from}, messageId ${JSON.stringify(v.messageId)}`,
    });
  },
};

export const envelopeSign: Command = {
  name: 'envelope sign',
  summary: 'sign the six fields of a message with a seed file',
  usage: `usage: seam envelope sign FILE|- --seed-file SEED [--now TIME] [--json]

Signs a message with @agent-seam/envelope's signEnvelope and writes it as one line of
JSON. FILE holds {"to", "messageId", "text"} and optionally "contextId" (default null)
and "timestamp" (Unix seconds); "from" is the seed's DID.

  --seed-file SEED  the 32-byte seed as 64 hex characters. Key material is read only
                    from a file, never from the command line.
  --now TIME        the timestamp to write when FILE has none (RFC 3339 or Unix
                    seconds); default the machine clock
  --json            one JSON object: the message and the bytes signed

exit: 0 signed, 1 the fields cannot be signed, 2 bad command line,
      4 unreadable file or seed`,
  example: `  $ printf '{"to":"did:key:z6Mk...","messageId":"m1","text":"hi"}' \\
      | seam envelope sign - --seed-file alice.seed --now 2026-07-17T09:30:00Z > message.json`,
  options: { 'seed-file': { type: 'string' }, now: { type: 'string' } },
  run(values, positionals) {
    const path = oneInput(envelopeSign, positionals);
    const seed = readSeed(str(values['seed-file']));
    const fields = readJson(path);
    if (typeof fields !== 'object' || fields === null || Array.isArray(fields))
      return signRefusal('envelope sign', values.json === true, 'not-an-object', 'FILE holds a JSON object');
    const given = fields as Record<string, JsonValue>;
    if (given.timestamp !== undefined && values.now !== undefined)
      throw new UsageError('FILE has a timestamp and --now gives another: keep one');
    const toSign = {
      contextId: null,
      ...given,
      timestamp: given.timestamp ?? signingTime(str(values.now)),
    } as unknown as EnvelopeToSign;
    const signed = trySign(() => signEnvelope(toSign, seed));
    if (!signed.ok) return signRefusal('envelope sign', values.json === true, signed.code, signed.detail);
    if (values.json === true) {
      const bytes = signingPayload(signed.value);
      printJson({
        command: 'envelope sign',
        ok: true,
        value: signed.value,
        signed: { bytes: bytes.length, text: escapeBytes(bytes) },
      });
    } else print(JSON.stringify(signed.value));
    return EXIT.ok;
  },
};
