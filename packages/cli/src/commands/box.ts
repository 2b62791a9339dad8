import { base64Strict } from '@agent-seam/canonical';
import { BOX_CHECKS, openBoxVerdict, sealBox } from '@agent-seam/cryptobox';
import { type Command, oneInput, str } from '../command.js';
import { EXIT, print, readInput, readSeed, readText, UsageError, utf8, write } from '../io.js';
import { printMade, report, trySign } from './shared.js';

/** A public key given as standard base64 (as seam did prints encPub). */
function publicKey(text: string | undefined, flag: string, what: string): Uint8Array {
  if (text === undefined) throw new UsageError(`give ${flag} BASE64: ${what}`);
  const key = base64Strict.decode(text);
  if (!key.ok) throw new UsageError(`${flag} wants standard base64 (seam did --seed-file prints encPub so)`);
  return key.value;
}

/** The associated data: --ad TEXT (its UTF-8 bytes) or --ad-file FILE (its bytes); one of them. */
function associatedData(values: Record<string, unknown>): Uint8Array {
  const text = str(values.ad as never);
  const file = str(values['ad-file'] as never);
  if ((text === undefined) === (file === undefined))
    throw new UsageError(
      'give --ad TEXT or --ad-file FILE: the associated data the box is bound to (may be empty)',
    );
  return text !== undefined ? utf8(text) : readInput(file!);
}

const AD_OPTIONS = { ad: { type: 'string' }, 'ad-file': { type: 'string' } } as const;

export const boxSeal: Command = {
  name: 'box seal',
  summary: 'seal bytes to a recipient’s encPub (v1; v2 hybrid with --to-pq)',
  usage: `usage: seam box seal FILE|- --seed-file SEED --to ENCPUB [--to-pq FILE] (--ad TEXT | --ad-file FILE)

Seals the bytes of FILE with @agent-seam/cryptobox's sealBox, from your seed to the
recipient's X25519 encPub (base64, as seam did --seed-file prints it), bound to the
associated data. With --to-pq (a file of the recipient's 1184-byte ML-KEM-768 public
key, raw or base64) the box is v2 hybrid. Writes the box as base64.

exit: 0 sealed, 1 cannot seal, 2 bad command line, 4 unreadable file or seed`,
  example: `  $ echo 'lunch at noon?' | seam box seal - --seed-file alice.seed \\
      --to 8NG/EOTf1DBwUh5B643eDjlY7+4BkxvpoF2daAAwqQU= --ad msg-0001 > box.txt`,
  options: {
    'seed-file': { type: 'string' },
    to: { type: 'string' },
    'to-pq': { type: 'string' },
    ...AD_OPTIONS,
  },
  run(values, positionals) {
    const plaintext = readInput(oneInput(boxSeal, positionals));
    const senderSeed = readSeed(str(values['seed-file']));
    const recipientPub = publicKey(str(values.to), '--to', 'the recipient’s encPub');
    const ad = associatedData(values);
    const pqPath = str(values['to-pq']);
    let recipientPqPub: Uint8Array | undefined;
    if (pqPath !== undefined) {
      const raw = readInput(pqPath);
      const asText = base64Strict.decode(new TextDecoder().decode(raw).trim());
      recipientPqPub = raw.length === 1184 ? raw : asText.ok ? asText.value : raw;
    }
    const sealed = trySign(() =>
      sealBox({
        senderSeed,
        recipientPub,
        plaintext,
        ad,
        ...(recipientPqPub !== undefined ? { recipientPqPub } : {}),
      }),
    );
    return printMade('box seal', values.json === true, sealed, print);
  },
};

export const boxOpen: Command = {
  name: 'box open',
  summary: 'open a box from a sender’s encPub, and explain a refusal',
  usage: `usage: seam box open FILE|- --seed-file SEED --from ENCPUB (--ad TEXT | --ad-file FILE) [--json]

Opens the box (base64 text) in FILE with @agent-seam/cryptobox's openBoxVerdict, with your
seed, from the sender's encPub (base64), bound to the associated data you expect. Writes
the plaintext bytes; on a refusal, every check in order and the one that refused.

exit: 0 opened, 1 refused, 2 bad command line, 4 unreadable file or seed`,
  example: `  $ seam box open box.txt --seed-file bob.seed --from yv4HAdpajICsHeNzL7IPevtfXtvRAJ2m/+6qULMxcHU= --ad msg-0001`,
  options: { 'seed-file': { type: 'string' }, from: { type: 'string' }, ...AD_OPTIONS },
  run(values, positionals) {
    const blob = readText(oneInput(boxOpen, positionals)).trim();
    const recipientSeed = readSeed(str(values['seed-file']));
    const senderPub = publicKey(str(values.from), '--from', 'the sender’s encPub');
    const ad = associatedData(values);
    const verdict = openBoxVerdict({ recipientSeed, senderPub, blob, ad });
    const json = values.json === true;
    if (verdict.ok && !json) {
      write(verdict.value);
      return EXIT.ok;
    }
    return report({
      command: 'box open',
      checks: BOX_CHECKS,
      verdict: verdict.ok ? { ok: true, value: base64Strict.encode(verdict.value) } : verdict,
      options: {},
      signed: null,
      expected: undefined,
      json,
      okLine: () => 'opened',
    });
  },
};
