import { base64Strict, hex } from '@agent-seam/canonical';
import { didFromPublicKey, verificationKeyFromDid } from '@agent-seam/did';
import { CALLER_MATERIAL, NOT_CHECKED_CODES, type NotCheckedCode, rfc3339Seconds } from '../index.js';

/**
 * Which command this is: the reference reader's drop-in (`seam-verify-export`, whose exit
 * codes are the reference's: without --strict nothing not established fails it) or
 * `seam export verify`, strict by default about what only the caller's material
 * establishes (record keys, an outside checkpoint, witness and grader keys).
 */
export interface Program {
  name: string;
  strictByDefault: boolean;
}

export const SEAM_VERIFY_EXPORT: Program = { name: 'seam-verify-export', strictByDefault: false };

/** The command line, parsed but not yet read from disk. */
export interface CliArgs {
  file: string;
  anchors: AnchorArg[];
  keys: Map<string, Uint8Array>;
  witnessKeys: { name: string; publicKey: Uint8Array }[];
  graderVerdicts: string[];
  graderKeys: Map<string, Uint8Array>;
  maxCheckpointAge?: number;
  /** `--now`, an RFC 3339 date-time, as the instant it names. */
  now?: Date;
  json: boolean;
  /** `--strict`: every not-checked item not named in `allowUnchecked` keeps the verdict from sound. */
  strict: boolean;
  allowUnchecked: NotCheckedCode[];
  /** `--help` was asked for: print the usage, verify nothing. */
  help: boolean;
  /** `--jobs N`: threads that read the lines (undefined: one per available core). */
  jobs?: number;
  /** `--range START:END`: read the lines starting in these bytes of FILE and print them as a part. */
  range?: { start: number; end: number | null };
  /** `merge PART...`: the report of the file the parts make up (FILE is then unused). */
  merge: boolean;
}

/** `SIZE:ROOT` or `ORIGIN:SIZE:ROOT` inline, or a path to a JSON checkpoint or a note. */
export type AnchorArg = { inline: { origin?: string; size: number; root: Uint8Array } } | { path: string };

export class UsageError extends Error {}

/** The usage of `program`: the same arguments, its own name, defaults and exit table. */
export function usageOf(program: Program): string {
  const n = program.name;
  const pad = ' '.repeat(n.length);
  const strict = program.strictByDefault
    ? `By default it exits 3 unless the records were authenticated (--key) and deletion was
checked (an ANCHOR from outside the file), and, where given, a note anchor's witness
(--witness-key) and each grader verdict (--grader-key); --allow-unchecked ITEM,... waives
the named ones (${CALLER_MATERIAL.join(', ')}), and the first line still says so.
--strict also judges every other "not checked" item: ${NOT_CHECKED_CODES.filter((c) => !(CALLER_MATERIAL as readonly string[]).includes(c)).join(', ')}.`
    : `Without --strict it exits as the reference reader does (0 when nothing was found),
and the first line says what was not established. --strict makes every "not checked"
item fail the verdict; --allow-unchecked waives the named ones:
${NOT_CHECKED_CODES.join(', ')}.`;
  const exits = program.strictByDefault
    ? `exit: 0 sound (authenticated, deletion checked, or waived by name), 1 findings,
      2 bad command line, 3 not established (no record keys, no outside checkpoint...),
      4 unreadable file, 6 unknown canon`
    : `exit: 0 sound (the first line says what was not established), 1 findings,
      2 bad command line, 3 not established under --strict, 4 unreadable file, 6 unknown canon`;
  return `usage: ${n} FILE|- [ANCHOR...] [--key ID=HEX]... [--witness-key NAME=B64]...
       ${pad} [--grader-verdict FILE]... [--grader-key ID=HEX]...
       ${pad} [--max-checkpoint-age SECS --now RFC3339] [--now RFC3339]
       ${pad} [--strict] [--allow-unchecked ITEM,...] [--jobs N] [--json]
       ${n} FILE --range START:END [--key ID=HEX]...
       ${n} merge PART... [ANCHOR...] [options as above]
       ${n} --help

FILE - reads the export from stdin (no progress line: its size is not known).
ANCHOR is SIZE:ROOT, ORIGIN:SIZE:ROOT (ROOT 64 hex), a JSON file {origin,size,root}
or a checkpoint note file (cosignatures checked with --witness-key NAME=B64, the
witness's 32-byte public key in base64; seam note key --public-key B64 --name NAME
--witness spells the same key as a vkey for seam note verify).
${strict}
--jobs N reads the lines on N threads (default: one per core; 1: this thread only);
the report is the same for every N.
--range START:END prints, as a part (JSON), the readings of the lines that start in
those bytes of FILE (END may be empty: the end of the file); merge takes the parts that
make up a file, in order, and prints the report of the whole file.
${exits}`;
}

/** seam-verify-export's usage. */
export const USAGE = usageOf(SEAM_VERIFY_EXPORT);

const DECIMAL = /^(0|[1-9][0-9]{0,15})$/;

/** A 32-byte Ed25519 key the did door accepts as a verification key (no small-order points). */
function ed25519Key(bytes: Uint8Array, flag: string): Uint8Array {
  const verdict = verificationKeyFromDid(didFromPublicKey(bytes));
  if (!verdict.ok) throw new UsageError(`${flag}: not a usable Ed25519 public key (${verdict.code})`);
  return verdict.value;
}

function keyedHex(value: string, flag: string, into: Map<string, Uint8Array>): void {
  const eq = value.indexOf('=');
  const id = value.slice(0, eq);
  const text = value.slice(eq + 1).toLowerCase();
  const bytes = text.length === 64 ? hex.decode(text) : null;
  if (eq <= 0 || bytes === null || !bytes.ok)
    throw new UsageError(`${flag} wants ID=HEX with 64 hex characters`);
  if (into.has(id)) throw new UsageError(`${flag}: key id given twice`);
  into.set(id, ed25519Key(bytes.value, flag));
}

function inlineAnchor(text: string): AnchorArg | null {
  const last = text.lastIndexOf(':');
  if (last === -1) return null;
  const before = text.lastIndexOf(':', last - 1);
  const sizeText = text.slice(before + 1, last);
  const root = hex.decode(text.slice(last + 1).toLowerCase());
  if (!DECIMAL.test(sizeText) || !root.ok || root.value.length !== 32) return null;
  const anchor: AnchorArg = { inline: { size: Number(sizeText), root: root.value } };
  if (before !== -1) anchor.inline.origin = text.slice(0, before);
  return anchor;
}

function uncheckedItems(list: string): NotCheckedCode[] {
  const names = list.split(',');
  const unknown = names.filter((n) => !(NOT_CHECKED_CODES as readonly string[]).includes(n));
  if (unknown.length > 0)
    throw new UsageError(`--allow-unchecked names items from: ${NOT_CHECKED_CODES.join(', ')}`);
  return names as NotCheckedCode[];
}

export function parseArgs(
  argv: readonly string[],
  isFile: (path: string) => boolean,
  program: Program = SEAM_VERIFY_EXPORT,
): CliArgs {
  const positional: string[] = [];
  const args: CliArgs = {
    file: '',
    anchors: [],
    keys: new Map(),
    witnessKeys: [],
    graderVerdicts: [],
    graderKeys: new Map(),
    json: false,
    strict: false,
    allowUnchecked: [],
    help: false,
    merge: argv[0] === 'merge',
  };
  if (argv.includes('--help') || argv.includes('-h')) return { ...args, help: true };
  for (let i = args.merge ? 1 : 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new UsageError(`${arg} needs a value`);
      return v;
    };
    switch (arg) {
      case '--key':
        keyedHex(value(), arg, args.keys);
        break;
      case '--grader-key':
        keyedHex(value(), arg, args.graderKeys);
        break;
      case '--witness-key': {
        const v = value();
        const eq = v.indexOf('=');
        const key = base64Strict.decode(v.slice(eq + 1));
        if (eq <= 0 || !key.ok || key.value.length !== 32)
          throw new UsageError('--witness-key wants NAME=BASE64 of a 32-byte key');
        args.witnessKeys.push({ name: v.slice(0, eq), publicKey: ed25519Key(key.value, arg) });
        break;
      }
      case '--grader-verdict':
        args.graderVerdicts.push(value());
        break;
      case '--max-checkpoint-age': {
        const v = value();
        if (!DECIMAL.test(v)) throw new UsageError('--max-checkpoint-age wants whole seconds');
        args.maxCheckpointAge = Number(v);
        break;
      }
      case '--now': {
        const now = rfc3339Seconds(value());
        if (now === null) throw new UsageError('--now wants an RFC 3339 timestamp with an offset');
        args.now = new Date(now * 1000);
        break;
      }
      case '--strict':
        args.strict = true;
        break;
      case '--allow-unchecked':
        args.allowUnchecked.push(...uncheckedItems(value()));
        break;
      case '--json':
        args.json = true;
        break;
      case '--jobs': {
        const v = value();
        if (!/^[1-9][0-9]{0,3}$/.test(v))
          throw new UsageError('--jobs wants a whole number of threads, 1 or more');
        args.jobs = Number(v);
        break;
      }
      case '--range': {
        const m = /^(0|[1-9][0-9]{0,15}):(0|[1-9][0-9]{0,15})?$/.exec(value());
        if (m === null || (m[2] !== undefined && Number(m[2]) < Number(m[1])))
          throw new UsageError('--range wants START:END byte offsets, START <= END (END may be empty)');
        args.range = { start: Number(m[1]), end: m[2] === undefined ? null : Number(m[2]) };
        break;
      }
      default:
        if (arg.startsWith('-') && arg !== '-') throw new UsageError(`unknown option ${arg}`);
        positional.push(arg);
    }
  }
  const [file, ...anchors] = args.merge ? ['', ...positional] : positional;
  if (file === undefined) throw new UsageError('no export file given');
  args.file = file;
  if (args.range !== undefined) {
    if (file === '-') throw new UsageError('--range reads byte offsets of a file; stdin has none, give FILE');
    const others =
      anchors.length > 0 ||
      args.graderVerdicts.length > 0 ||
      args.strict ||
      args.allowUnchecked.length > 0 ||
      args.now !== undefined;
    if (args.merge || others || args.json || args.jobs !== undefined)
      throw new UsageError(
        '--range reads FILE under --key only: anchors and the other options are for merge',
      );
  }
  for (const a of anchors) {
    const inline = isFile(a) ? null : inlineAnchor(a);
    if (inline !== null) args.anchors.push(inline);
    else if (isFile(a)) args.anchors.push({ path: a });
    else
      throw new UsageError(
        'an anchor is SIZE:ROOT, ORIGIN:SIZE:ROOT or a checkpoint file (a bare root is not one)',
      );
  }
  if (args.graderKeys.size > 0 && args.graderVerdicts.length === 0)
    throw new UsageError('--grader-key without --grader-verdict');
  if (args.witnessKeys.length > 0 && !args.anchors.some((a) => 'path' in a))
    throw new UsageError('--witness-key without a note anchor to check it on');
  if (args.allowUnchecked.length > 0 && !args.strict && !program.strictByDefault)
    throw new UsageError('--allow-unchecked waives items of a --strict verification; give --strict');
  if (args.maxCheckpointAge !== undefined && args.now === undefined)
    throw new UsageError('--max-checkpoint-age needs --now: the verifier never reads a clock of its own');
  return args;
}
