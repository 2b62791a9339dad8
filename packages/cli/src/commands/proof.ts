import { hex } from '@agent-seam/canonical';
import { MerkleTree } from '@agent-seam/merkle';
import { type NoteVerifier, parseVerifierKey } from '@agent-seam/tlog-note';
import {
  makeTlogProof,
  TLOG_PROOF_CHECKS,
  type VerifiedTlogProof,
  verifyTlogProof,
} from '@agent-seam/tlog-tiles';
import { type Command, oneInput, required, str } from '../command.js';
import { readInput, readText, UsageError, write } from '../io.js';
import { LEAVES_HELP, leavesOf } from './merkle.js';
import { COSIGNATURE_CLOCK_OPTIONS, cosignatureClock, printMade, report, trySign } from './shared.js';

const list = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

function verifierKey(text: string, flag: string): NoteVerifier {
  const key = parseVerifierKey(text);
  if (!key.ok)
    throw new UsageError(
      `${flag} wants a verifier key NAME+KEYID+BASE64 (seam note key prints one) [${key.code}]`,
    );
  return key.value;
}

/** The policy's keys from the command line: the log's key, the witnesses, and how many must have cosigned. */
export function quorumOf(values: Record<string, unknown>) {
  const log = verifierKey(required(values.log as never, '--log', 'VKEY: the log’s note key'), '--log');
  const witnesses = list(values.witness).map((w) => verifierKey(w, '--witness'));
  const quorumText = str(values.quorum as never);
  if (witnesses.length > 0 && quorumText === undefined)
    throw new UsageError('--witness needs --quorum K: how many of the witnesses must have cosigned');
  if (
    quorumText !== undefined &&
    (!/^(0|[1-9][0-9]{0,3})$/.test(quorumText) || Number(quorumText) > witnesses.length)
  )
    throw new UsageError(
      `--quorum K wants a whole number from 0 to the ${witnesses.length} --witness keys given`,
    );
  return { log, witnesses, atLeast: Number(quorumText ?? 0) };
}

const QUORUM_OPTIONS = {
  log: { type: 'string' },
  witness: { type: 'string', multiple: true },
  quorum: { type: 'string' },
  ...COSIGNATURE_CLOCK_OPTIONS,
} as const;

/** The help lines of the witness clock, as seam note verify has them. */
export const CLOCK_HELP = `  --now TIME|off    refuse cosignatures dated after TIME (RFC 3339 or Unix seconds);
                    default the machine clock, said in the output when witnesses are
                    trusted. off waives the cosignature time checks, and says so.
  --max-age S       with --now: each witness's newest cosignature at most S seconds old`;

/** The quorum and its clock: what a verifier of a cosigned checkpoint is given, and the line saying when it judged. */
export function policyOf(values: Record<string, unknown>) {
  const quorum = quorumOf(values);
  const { said, ...clock } = cosignatureClock(values);
  // Only witness lines carry a time: the clock is said when witnesses are trusted.
  return { quorum, clock, said: quorum.witnesses.length > 0 ? [said] : [] };
}

export const proofVerify: Command = {
  name: 'proof verify',
  summary: 'verify a C2SP tlog-proof (an entry in a cosigned checkpoint), offline',
  usage: `usage: seam proof verify FILE|- --origin ORIGIN --log VKEY [--witness VKEY... --quorum K]
                         [--now TIME|off [--max-age S]] (--leaf-hash HEX | --entry FILE) [--json]

Verifies the tlog-proof@v1 file in FILE with @agent-seam/tlog-tiles' verifyTlogProof, in the
steps of the C2SP spec: the entry's leaf hash (yours), the checkpoint's origin and the log's
signature, the witnesses' cosignatures (at least K of them), then the inclusion proof from
that leaf hash at the file's index to the checkpoint's root. Every check in order.

  --origin ORIGIN   the checkpoint origin you accept (the log's name, e.g. example.com/log)
  --log VKEY        the log's note key (NAME+KEYID+BASE64, as seam note key prints it)
  --witness VKEY    a witness's cosignature/v1 key; repeatable (seam note key --witness)
  --quorum K        at least K of the witnesses must have cosigned (default 0 without --witness)
${CLOCK_HELP}
  --leaf-hash HEX   the entry's RFC 6962 leaf hash, 64 lowercase hex characters
  --entry FILE      or the entry's bytes, hashed as a leaf (SHA-256(0x00 ‖ entry))

The extra line of a proof is shown, never trusted: it is not signed.

exit: 0 verified, 1 refused, 2 bad command line, 4 unreadable file`,
  example: `  $ seam proof verify release.tlog-proof --origin example.com/log \\
      --log example.com/log+1a2b3c4d+AbC... --witness w1.example+5e6f7a8b+XyZ... --quorum 1 \\
      --now 2026-07-17T09:30:00Z --entry release.tar.gz`,
  options: {
    origin: { type: 'string' },
    'leaf-hash': { type: 'string' },
    entry: { type: 'string' },
    ...QUORUM_OPTIONS,
  },
  run(values, positionals) {
    const path = oneInput(proofVerify, positionals);
    const origin = required(values.origin, '--origin', 'ORIGIN: the checkpoint origin you accept');
    const { quorum, clock, said } = policyOf(values);
    const leafHashText = str(values['leaf-hash']);
    const entryPath = str(values.entry);
    if ((leafHashText === undefined) === (entryPath === undefined))
      throw new UsageError('give --leaf-hash HEX or --entry FILE: the entry the proof is about');
    const leafHash = leafHashText === undefined ? undefined : hex.decode(leafHashText);
    if (leafHash !== undefined && !(leafHash.ok && leafHash.value.length === 32))
      throw new UsageError('--leaf-hash wants 64 lowercase hex characters (a SHA-256 leaf hash)');
    const policy = {
      origin,
      quorum,
      ...clock,
      ...(leafHash?.ok ? { leafHash: leafHash.value } : { entry: readInput(entryPath!) }),
    };
    const verdict = verifyTlogProof(readInput(path), policy);
    return report({
      command: 'proof verify',
      checks: TLOG_PROOF_CHECKS,
      verdict,
      options: { quorum, ...clock },
      signed: null,
      expected: undefined,
      json: values.json === true,
      said,
      extra: verdict.ok
        ? {
            proof: {
              index: String(verdict.value.index),
              size: String(verdict.value.checkpoint.size),
              root: hex.encode(verdict.value.checkpoint.root),
              extra: verdict.value.extra,
            },
          }
        : {},
      okLine: (v: VerifiedTlogProof) =>
        `${v.time === 'off-by-caller' ? 'signatures valid, NOT everything checked' : 'verified'}: entry ${v.index} is in ${v.checkpoint.origin}'s tree of ${v.checkpoint.size} leaves (root ${hex.encode(v.checkpoint.root)}), signed by ${v.verifiedBy.map((s) => s.name).join(', ')}${v.extra === null ? '' : `\nextra data (not signed, not trusted): ${hex.encode(v.extra)}`}`,
    });
  },
};

export const proofMake: Command = {
  name: 'proof make',
  summary: 'the tlog-proof of one leaf of a list of leaves, under its signed checkpoint',
  usage: `usage: seam proof make LEAVES|- --checkpoint NOTE --index N [--text] [--extra-file FILE]

Writes the C2SP tlog-proof@v1 file of leaf N with @agent-seam/tlog-tiles' makeTlogProof: the
inclusion proof of the leaf in the tree the checkpoint commits to (the checkpoint may be of
an earlier size of the list), and the signed (and cosigned) checkpoint note verbatim.
${LEAVES_HELP}

  --checkpoint NOTE  the log's signed checkpoint of these leaves (seam note sign, seam note cosign)
  --index N          the leaf to prove, 0-based
  --extra-file FILE  opaque extra data for the verifier's application (carried, not signed)

exit: 0 written, 1 the checkpoint is not of these leaves, 2 bad command line, 4 unreadable file`,
  example: `  $ seam proof make leaves.txt --text --checkpoint checkpoint.txt --index 7 > entry-7.tlog-proof`,
  options: {
    checkpoint: { type: 'string' },
    index: { type: 'string' },
    text: { type: 'boolean' },
    'extra-file': { type: 'string' },
  },
  run(values, positionals) {
    const leaves = leavesOf(oneInput(proofMake, positionals, 'LEAVES file'), values.text === true);
    const note = readText(required(values.checkpoint, '--checkpoint', 'NOTE: the signed checkpoint'));
    const indexText = str(values.index);
    if (indexText === undefined || !/^(0|[1-9][0-9]{0,15})$/.test(indexText))
      throw new UsageError('--index wants a leaf number (0-based)');
    const extraPath = str(values['extra-file']);
    const extra = extraPath === undefined ? undefined : readInput(extraPath);
    const made = trySign(() =>
      makeTlogProof(
        MerkleTree.fromLeaves(leaves),
        note,
        Number(indexText),
        extra === undefined ? {} : { extra },
      ),
    );
    return printMade('proof make', values.json === true, made, write);
  },
};

// The quorum flags are shared with seam tiles prove.
export { QUORUM_OPTIONS };
