import { base64Strict, escapeBytes, explainVerdict, hex } from '@agent-seam/canonical';
import { didFromPublicKey, keyPairFromSeed, verificationKeyFromDid } from '@agent-seam/did';
import {
  CHECKPOINT_CHECKS,
  cosign,
  cosignatureVerifier,
  type DescribedNote,
  describeNote,
  ed25519Verifier,
  formatVerifierKey,
  NOTE_CHECKS,
  type NoteVerifier,
  type OpenedNote,
  openNote,
  parseCheckpoint,
  parseVerifierKey,
  signNote,
} from '@agent-seam/tlog-note';
import { type Command, EXPECTED_OPTION, expectedBytes, oneInput, str } from '../command.js';
import { checksText } from '../explain.js';
import { EXIT, print, printJson, readSeed, readText, signingTime, UsageError, write } from '../io.js';
import {
  COSIGNATURE_CLOCK_OPTIONS,
  codeAndDetail,
  cosignatureClock,
  printMade,
  report,
  trySign,
} from './shared.js';

/** An Ed25519 public key in standard base64 that the did door accepts (not of small order). */
function publicKeyOf(text: string): Uint8Array {
  const bytes = base64Strict.decode(text);
  const usable =
    bytes.ok && bytes.value.length === 32 ? verificationKeyFromDid(didFromPublicKey(bytes.value)) : null;
  if (usable === null || !usable.ok)
    throw new UsageError('--public-key wants a usable Ed25519 public key: 32 bytes in standard base64');
  return usable.value;
}

const list = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

function verifierKeys(texts: string[], flag: string): NoteVerifier[] {
  return texts.map((text) => {
    const key = parseVerifierKey(text);
    if (!key.ok)
      throw new UsageError(
        `${flag} wants a verifier key NAME+KEYID+BASE64 (seam note key prints one) [${key.code}]`,
      );
    return key.value;
  });
}

/** Each signature line decoded, with what its signature covers: the human form of describeNote. */
function linesText(d: DescribedNote): string {
  return d.lines
    .map((l) => {
      const when = l.timestamp !== undefined ? `, time ${l.timestamp}` : '';
      const signed =
        l.signed === null
          ? 'its signature covers nothing this reader knows'
          : `its signature covers ${l.signed.length} bytes:\n${escapeBytes(l.signed).replace(/^/gm, '      ')}`;
      return `  — ${l.name} key id ${l.keyId} (${l.type}${when}); ${signed}`;
    })
    .join('\n');
}

const linesJson = (d: DescribedNote) =>
  d.lines.map((l) => ({
    ...l,
    timestamp: l.timestamp?.toString(),
    signed: l.signed === null ? null : escapeBytes(l.signed),
  }));

export const noteVerify: Command = {
  name: 'note verify',
  summary: 'verify a C2SP signed note (a checkpoint) with trusted keys and a witness quorum',
  usage: `usage: seam note verify FILE|- --key VKEY... [--witness VKEY... --quorum N] [--now TIME|off [--max-age S]]
                        [--expected FILE] [--json]

Opens the signed note in FILE with @agent-seam/tlog-note's openNote: every check in
order, the refusing one with its code, and each signature line decoded (name, key id,
type, cosignature time) with the bytes its signature covers.

  --key VKEY       a trusted key (NAME+KEYID+BASE64, as seam note key prints); repeatable.
                   With --quorum, the single --key is the log's key.
  --witness VKEY   a witness's cosignature/v1 key; repeatable
  --quorum N       at least N distinct witnesses must have cosigned
  --now TIME|off   refuse cosignatures dated after TIME (RFC 3339 or Unix seconds);
                   default the machine clock, said in the output when witnesses are
                   trusted. off waives the cosignature time checks, and says so.
  --max-age S      with --now: each witness's newest cosignature at most S seconds old
  --expected FILE  the note text the signer says it signed: the first byte where it
                   differs from this note's text (what every signature line covers)

exit: 0 verified, 1 refused, 2 bad command line, 4 unreadable file`,
  example: `  $ seam note verify checkpoint.txt --key example.com/log+1a2b3c4d+AbC... \\
      --witness w1.example+5e6f7a8b+XyZ... --quorum 1 --now 2026-07-17T09:30:00Z`,
  options: {
    key: { type: 'string', multiple: true },
    witness: { type: 'string', multiple: true },
    quorum: { type: 'string' },
    ...COSIGNATURE_CLOCK_OPTIONS,
    ...EXPECTED_OPTION,
  },
  run(values, positionals) {
    const path = oneInput(noteVerify, positionals);
    const keys = verifierKeys(list(values.key), '--key');
    const witnesses = verifierKeys(list(values.witness), '--witness');
    const quorumText = str(values.quorum);
    if (keys.length === 0) throw new UsageError('give --key VKEY: a key you trust to have signed the note');
    if (quorumText !== undefined && (!/^(0|[1-9][0-9]{0,3})$/.test(quorumText) || keys.length !== 1))
      throw new UsageError('--quorum N wants a whole number and exactly one --key (the log’s)');
    if (witnesses.length > 0 && quorumText === undefined) throw new UsageError('--witness needs --quorum N');
    const time = cosignatureClock(values);
    const note = readText(path);
    const options = {
      ...(quorumText !== undefined
        ? { quorum: { log: keys[0]!, witnesses, atLeast: Number(quorumText) } }
        : { verifiers: keys }),
      now: time.now,
      ...(time.maxAge !== undefined ? { maxAge: time.maxAge } : {}),
    };
    const verdict = trySign(() => openNote(note, options));
    if (!verdict.ok) throw new UsageError(`${verdict.detail} (check --quorum against the witnesses given)`);
    const described = describeNote(note);
    const json = values.json === true;
    const code = report({
      command: 'note verify',
      checks: NOTE_CHECKS,
      verdict: verdict.value,
      options,
      signed: described.ok ? described.value.body : null,
      expected: expectedBytes(values),
      json,
      extra: described.ok ? { lines: linesJson(described.value) } : {},
      // Only witness lines carry a time: the clock is said when witnesses are trusted.
      said: witnesses.length > 0 ? [time.said] : [],
      okLine: (v: OpenedNote) =>
        `${v.time === 'off-by-caller' ? 'signatures valid, NOT everything checked' : 'verified'}: signed by ${v.verifiedBy.map((s) => s.name).join(', ')}`,
    });
    if (!json && described.ok) print(`signature lines, decoded:\n${linesText(described.value)}`);
    return code;
  },
};

export const noteSign: Command = {
  name: 'note sign',
  summary: 'sign a note text with a seed file (C2SP signed note, Ed25519)',
  usage: `usage: seam note sign FILE|- --seed-file SEED --name NAME

Signs the note text in FILE (it ends with a newline) with @agent-seam/tlog-note's
signNote and writes the signed note.

  --seed-file SEED  the 32-byte seed as 64 hex characters; never on the command line
  --name NAME       the key name (a log's origin, e.g. example.com/log)

exit: 0 signed, 1 the text cannot be signed, 2 bad command line, 4 unreadable file or seed`,
  example: `  $ printf 'example.com/log\\n4\\n6b1f...=\\n' | seam note sign - --seed-file log.seed --name example.com/log`,
  options: { 'seed-file': { type: 'string' }, name: { type: 'string' } },
  run(values, positionals) {
    const path = oneInput(noteSign, positionals);
    const seed = readSeed(str(values['seed-file']));
    const name = str(values.name);
    if (name === undefined) throw new UsageError('give --name NAME: the key name (the log’s origin)');
    const signed = trySign(() => signNote(readText(path), [{ name, seed }]));
    return printMade('note sign', values.json === true, signed, write);
  },
};

export const noteCosign: Command = {
  name: 'note cosign',
  summary: 'add a witness cosignature (cosignature/v1) to a signed checkpoint',
  usage: `usage: seam note cosign FILE|- --seed-file SEED --name NAME [--now TIME]

Adds a cosignature/v1 line to the signed checkpoint in FILE with @agent-seam/tlog-note's
cosign, dated --now (RFC 3339 or Unix seconds; default the machine clock).

exit: 0 cosigned, 1 not a signed checkpoint, 2 bad command line, 4 unreadable file or seed`,
  example: `  $ seam note cosign checkpoint.txt --seed-file witness.seed --name w1.example > cosigned.txt`,
  options: { 'seed-file': { type: 'string' }, name: { type: 'string' }, now: { type: 'string' } },
  run(values, positionals) {
    const path = oneInput(noteCosign, positionals);
    const seed = readSeed(str(values['seed-file']));
    const name = str(values.name);
    if (name === undefined) throw new UsageError('give --name NAME: the witness’s name');
    const signed = trySign(() => cosign(readText(path), { name, seed }, signingTime(str(values.now))));
    return printMade('note cosign', values.json === true, signed, write);
  },
};

export const noteKey: Command = {
  name: 'note key',
  summary: 'the verifier key (vkey) of a seed or a public key, for --key and --witness',
  usage: `usage: seam note key (--seed-file SEED | --public-key BASE64) --name NAME [--witness]

Prints the verifier key NAME+KEYID+BASE64 of the Ed25519 key (type 0x01), or with
--witness its cosignature/v1 key (type 0x04), as seam note verify takes them.

  --seed-file SEED     your own key: the 32-byte seed as 64 hex characters
  --public-key BASE64  someone else's: the 32-byte public key in standard base64, as
                       seam export verify's --witness-key NAME=BASE64 takes it

exit: 0, 2 bad command line, 4 unreadable seed`,
  example: `  $ seam note key --seed-file log.seed --name example.com/log
  $ seam note key --public-key oJql9HpnWYAv+VX43C0qFKXJnSO+l/hkEn/5ODRVpPA= --name w1.example --witness`,
  options: {
    'seed-file': { type: 'string' },
    'public-key': { type: 'string' },
    name: { type: 'string' },
    witness: { type: 'boolean' },
  },
  run(values, positionals) {
    if (positionals.length > 0) throw new UsageError('seam note key takes no FILE; see seam note key --help');
    const given = str(values['public-key']);
    if (given !== undefined && values['seed-file'] !== undefined)
      throw new UsageError('give --seed-file or --public-key, not both');
    const publicKey =
      given === undefined
        ? keyPairFromSeed(readSeed(str(values['seed-file']))).publicKey
        : publicKeyOf(given);
    const name = str(values.name);
    if (name === undefined) throw new UsageError('give --name NAME: the key name');
    const make = values.witness === true ? cosignatureVerifier : ed25519Verifier;
    const key = trySign(() => formatVerifierKey(make(name, publicKey)));
    if (!key.ok) throw new UsageError(`--name: ${key.detail}`);
    if (values.json === true) printJson({ command: 'note key', ok: true, value: key.value });
    else print(key.value);
    return EXIT.ok;
  },
};

export const checkpointShow: Command = {
  name: 'checkpoint show',
  summary: 'show a checkpoint: origin, size, root hash and each signature line decoded',
  usage: `usage: seam checkpoint show FILE|- [--json]

Reads the checkpoint note in FILE with @agent-seam/tlog-note (parseCheckpoint,
describeNote): its origin, tree size and root hash, and each signature line decoded.
It verifies nothing: seam note verify does, with the keys you trust.

exit: 0 shown, 1 not a checkpoint (the check that refused is shown), 2 bad command line,
      4 unreadable file`,
  example: `  $ seam checkpoint show checkpoint.txt`,
  options: {},
  run(values, positionals) {
    const path = oneInput(checkpointShow, positionals);
    const described = describeNote(readText(path));
    const json = values.json === true;
    const checkpoint = described.ok
      ? parseCheckpoint(new TextDecoder('utf-8', { ignoreBOM: true }).decode(described.value.body))
      : described;
    if (!checkpoint.ok) {
      const checks = explainVerdict(described.ok ? CHECKPOINT_CHECKS : NOTE_CHECKS, checkpoint);
      if (json)
        printJson({ command: 'checkpoint show', ok: false, code: checkpoint.code, explain: { checks } });
      else print(`not a checkpoint ${codeAndDetail(checkpoint)}\n${checksText(checks)}`);
      return EXIT.refused;
    }
    const c = checkpoint.value;
    if (json && described.ok)
      printJson({
        command: 'checkpoint show',
        ok: true,
        value: { ...c, root: hex.encode(c.root) },
        lines: linesJson(described.value),
      });
    else if (described.ok)
      print(
        `origin     ${c.origin}\nsize       ${c.size}\nroot hash  ${hex.encode(c.root)}\n${c.extensions.length > 0 ? `extensions ${c.extensions.join(' | ')}\n` : ''}signature lines (not verified; seam note verify does):\n${linesText(described.value)}`,
      );
    return EXIT.ok;
  },
};
