import { base64Strict, hex } from '@agent-seam/canonical';
import { createDack, DACK_CHECKS, type DackKeys, type DackNote, readDack } from '@agent-seam/hpke-seal';
import { type Command, oneInput, str } from '../command.js';
import { membersOf, print, readInput, readJson, Unreadable, UsageError } from '../io.js';
import { printMade, report, trySign } from './shared.js';

const KEY_NAMES = ['processedToken', 'refusedToken', 'noteKey', 'handle'] as const;

/** The dack keys from the file seam seal open --dack-keys-out wrote (one JSON object of hex). */
function readKeys(path: string | undefined): DackKeys {
  if (path === undefined)
    throw new UsageError('give --keys-file FILE: the dack keys (seam seal open --dack-keys-out writes them)');
  const value = readJson(path);
  const keys: Partial<Record<(typeof KEY_NAMES)[number], Uint8Array>> = {};
  for (const name of KEY_NAMES) {
    const text = membersOf(value)[name];
    const bytes = typeof text === 'string' ? hex.decode(text) : null;
    if (bytes === null || !bytes.ok || bytes.value.length !== (name === 'noteKey' ? 32 : 16))
      throw new Unreadable(
        `${path} is not a dack keys file: ${KEY_NAMES.join(', ')} as hex (seam seal open --dack-keys-out)`,
      );
    keys[name] = bytes.value;
  }
  return keys as DackKeys;
}

/** A whole number option within [1, max], or undefined when not given. */
function count(text: string | undefined, flag: string, max: number): number | undefined {
  if (text === undefined) return undefined;
  const n = /^[1-9][0-9]{0,15}$/.test(text) ? Number(text) : Number.NaN;
  if (!(n <= max)) throw new UsageError(`${flag} wants a whole number from 1 to ${max}`);
  return n;
}

export const dackCreate: Command = {
  name: 'dack create',
  summary: 'write the delivery confirmation for an envelope you opened',
  usage: `usage: seam dack create --keys-file FILE (--processed | --refused) [--reason N] [--wait-ms N] [--json]

Makes the 80-byte delivery confirmation with @agent-seam/hpke-seal's createDack, from
the secret dack keys of the envelope (seam seal open --dack-keys-out FILE). Writes it
as base64.

  --reason N      a reason code, 1..65535
  --wait-ms N     milliseconds the sender should wait before retrying, 1..2^53-1

exit: 0 written, 2 bad command line, 4 unreadable keys file`,
  example: `  $ seam dack create --keys-file dack-keys.json --refused --reason 429 --wait-ms 60000 > dack.txt`,
  options: {
    'keys-file': { type: 'string' },
    processed: { type: 'boolean' },
    refused: { type: 'boolean' },
    reason: { type: 'string' },
    'wait-ms': { type: 'string' },
  },
  run(values, positionals) {
    if (positionals.length > 0) throw new UsageError('seam dack create reads no FILE; see --help');
    if ((values.processed === true) === (values.refused === true))
      throw new UsageError('give --processed or --refused: what you decided about the envelope');
    const keys = readKeys(str(values['keys-file']));
    const note: DackNote = { decision: values.processed === true ? 'processed' : 'refused' };
    const reason = count(str(values.reason), '--reason', 0xffff);
    const waitMs = count(str(values['wait-ms']), '--wait-ms', Number.MAX_SAFE_INTEGER);
    if (reason !== undefined) note.reason = reason;
    if (waitMs !== undefined) note.waitMs = waitMs;
    const made = trySign(() => base64Strict.encode(createDack(keys, note)));
    return printMade('dack create', values.json === true, made, print);
  },
};

export const dackRead: Command = {
  name: 'dack read',
  summary: 'read a delivery confirmation, and explain a refusal',
  usage: `usage: seam dack read FILE|- --keys-file FILE [--json]

Reads the delivery confirmation in FILE (base64 text, or the 80 raw bytes) with
@agent-seam/hpke-seal's readDack, under the secret dack keys of the envelope (the
sender's from sealEnvelope, the recipient's from seam seal open --dack-keys-out).
Prints the decision, reason and wait time; on a refusal, every check in order and the
one that refused.

exit: 0 read, 1 refused, 2 bad command line, 4 unreadable file or keys file`,
  example: `  $ seam dack read dack.txt --keys-file dack-keys.json
  refused (reason 429, wait 60000 ms)`,
  options: { 'keys-file': { type: 'string' } },
  run(values, positionals) {
    const raw = readInput(oneInput(dackRead, positionals));
    const keys = readKeys(str(values['keys-file']));
    const asText = base64Strict.decode(new TextDecoder().decode(raw).trim());
    const dack = raw.length !== 80 && asText.ok ? asText.value : raw;
    return report({
      command: 'dack read',
      checks: DACK_CHECKS,
      verdict: readDack(keys, dack),
      options: {},
      signed: null,
      expected: undefined,
      json: values.json === true,
      okLine: (note: DackNote) =>
        `${note.decision}${
          note.reason !== undefined || note.waitMs !== undefined
            ? ` (${[
                ...(note.reason !== undefined ? [`reason ${note.reason}`] : []),
                ...(note.waitMs !== undefined ? [`wait ${note.waitMs} ms`] : []),
              ].join(', ')})`
            : ''
        }`,
    });
  },
};
