import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { base64Strict, hex } from '@agent-seam/canonical';
import { keyPairFromSeed } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import { parseArgs, USAGE, UsageError } from '../src/cli/args.js';
import { NOT_CHECKED_CODES } from '../src/index.js';

// The command line of seam-verify-export: keys, inline anchors, option values, positionals, the usage text.
// A case that exists for a mutant says in its comment which one it holds (file:line:column of
// the mutation report); equivalent mutants are listed in spec/chain.md.

const examples = join(import.meta.dirname, '..', 'examples');

const root = JSON.parse(readFileSync(join(examples, 'example.checkpoint.json'), 'utf8')).root as string;

const publicKey = keyPairFromSeed(new Uint8Array(32).fill(9)).publicKey;

const keyHex = hex.encode(publicKey);

const keyB64 = base64Strict.encode(publicKey);

const noFiles = () => false;

const allFiles = () => true;

/** The message of the UsageError parseArgs throws (a throw of any other kind fails the case). */
function usage(argv: string[], isFile: (path: string) => boolean = noFiles): string {
  const t = thrown(() => parseArgs(argv, isFile));
  expect(t.name).toBe('Error');
  try {
    parseArgs(argv, isFile);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
  }
  return t.message;
}

describe('args.ts: keys', () => {
  it('refuses a key id given twice, and a key that is not a usable Ed25519 key, with its message', () => {
    // why: args.ts:72:7 into.has(id) → false, :72:42 message → '', :61:41 message → '', :71:26 message → ''
    expect(usage(['f', '--key', `k=${keyHex}`, '--key', `k=${keyHex}`])).toBe('--key: key id given twice');
    expect(
      usage(['f', '--grader-verdict', 'g', '--grader-key', `k=${keyHex}`, '--grader-key', `k=${keyHex}`]),
    ).toBe('--grader-key: key id given twice');
    expect(usage(['f', '--key', `k=01${'00'.repeat(31)}`])).toBe(
      '--key: not a usable Ed25519 public key (small-order-key)',
    );
    expect(usage(['f', '--key', 'k=abcd'])).toBe('--key wants ID=HEX with 64 hex characters');
  });

  it('refuses a witness key without a name, or not 32 bytes of base64, with its message', () => {
    // why: args.ts:130:13 eq <= 0 || !key.ok → false, → eq <= 0 && !key.ok, eq <= 0 → false,
    // eq <= 0 → eq < 0 (a valid key after a leading '=' must still be refused); :131:32 message → ""
    const message = '--witness-key wants NAME=BASE64 of a 32-byte key';
    expect(usage(['f', 'note', '--witness-key', `=${keyB64}`], allFiles)).toBe(message);
    expect(usage(['f', 'note', '--witness-key', 'w=AAAA'], allFiles)).toBe(message);
    expect(parseArgs(['f', 'note', '--witness-key', `w=${keyB64}`], allFiles).witnessKeys).toEqual([
      { name: 'w', publicKey },
    ]);
  });
});

describe('args.ts: inline anchors', () => {
  const anchorMessage =
    'an anchor is SIZE:ROOT, ORIGIN:SIZE:ROOT or a checkpoint file (a bare root is not one)';

  it('refuses an anchor whose size is not decimal or whose root is not 32 bytes of hex', () => {
    // why: args.ts:82:7 the whole condition → false, → (!DECIMAL || !root.ok) && length !== 32,
    // !DECIMAL || !root.ok → false, → !DECIMAL && !root.ok; :82:46 length !== 32 → false; :196:9 message → ""
    expect(usage(['f', `x1:${root}`])).toBe(anchorMessage);
    expect(usage(['f', `1:${root.slice(0, 62)}zz`])).toBe(anchorMessage);
    expect(usage(['f', '1:abcd'])).toBe(anchorMessage);
  });

  it('keeps the origin of ORIGIN:SIZE:ROOT and has none for SIZE:ROOT', () => {
    // why: args.ts:84:7 before !== -1 → false (the origin is dropped)
    const rootBytes = hex.decode(root);
    if (!rootBytes.ok) throw new Error('example root');
    expect(parseArgs(['f', `log.example/a:b:7:${root.toUpperCase()}`, `7:${root}`], noFiles).anchors).toEqual(
      [
        { inline: { origin: 'log.example/a:b', size: 7, root: rootBytes.value } },
        { inline: { size: 7, root: rootBytes.value } },
      ],
    );
  });
});

describe('args.ts: option values', () => {
  it('says which option lacks its value, and what each option wants', () => {
    // why: args.ts:116:49 message → '', :140:52 → "", :146:48 → "", :162:32 → "", :169:32 → "",
    // :92:26 → '', :92:88 ', ' → ""
    expect(usage(['f', '--key'])).toBe('--key needs a value');
    expect(usage(['f', '--max-checkpoint-age', '1e3'])).toBe('--max-checkpoint-age wants whole seconds');
    expect(usage(['f', '--now', '2026-01-01T00:00:00'])).toBe(
      '--now wants an RFC 3339 timestamp with an offset',
    );
    expect(usage(['f', '--jobs', '0'])).toBe('--jobs wants a whole number of threads, 1 or more');
    expect(usage(['f', '--range', '5:4'])).toBe(
      '--range wants START:END byte offsets, START <= END (END may be empty)',
    );
    expect(usage(['f', '--strict', '--allow-unchecked', 'everything'])).toBe(
      `--allow-unchecked names items from: ${NOT_CHECKED_CODES.join(', ')}`,
    );
    expect(NOT_CHECKED_CODES.join(', ')).toContain('record-signatures, unsigned-records');
  });

  it('takes --jobs of several digits', () => {
    // why: args.ts:161:14 /^[1-9][0-9]{0,3}$/ → /^[1-9][^0-9]{0,3}$/
    expect(parseArgs(['f', '--jobs', '12'], noFiles).jobs).toBe(12);
    expect(parseArgs(['f', '--jobs', '9999'], noFiles).jobs).toBe(9999);
  });

  it('reads --range START:END whole: nothing before or after, START = END allowed', () => {
    // why: args.ts:167:19 the regex without ^, and without $; :168:13 m === null → false (a TypeError
    // instead of the usage message); :168:50 < → <=
    const message = '--range wants START:END byte offsets, START <= END (END may be empty)';
    expect(usage(['f', '--range', 'x0:5'])).toBe(message);
    expect(usage(['f', '--range', '0:5x'])).toBe(message);
    expect(usage(['f', '--range', 'nonsense'])).toBe(message);
    expect(parseArgs(['f', '--range', '5:5'], noFiles).range).toEqual({ start: 5, end: 5 });
    expect(parseArgs(['f', '--range', '5:'], noFiles).range).toEqual({ start: 5, end: null });
  });
});

describe('args.ts: positionals and options', () => {
  it('refuses an unknown option and takes a lone - as stdin', () => {
    // why: args.ts:174:13 startsWith('-') && arg !== '-' → false, startsWith → endsWith,
    // :174:36 arg !== '-' → true, → arg === '-', :174:44 '-' → "", :174:70 message → ''
    expect(usage(['f', '--bogus'])).toBe('unknown option --bogus');
    expect(usage(['f', '-x'])).toBe('unknown option -x');
    expect(parseArgs(['-'], noFiles).file).toBe('-');
  });

  it('says no export file was given', () => {
    // why: args.ts:179:48 message → ""
    expect(usage([])).toBe('no export file given');
    expect(usage(['--json'])).toBe('no export file given');
  });

  it('leaves FILE empty under merge and under --help', () => {
    // why: args.ts:178:44 '' → "Stryker was here!", :99:11 '' → "Stryker was here!"
    expect(parseArgs(['merge', 'p1', 'p2'], allFiles).file).toBe('');
    expect(parseArgs(['merge', 'p1', 'p2'], allFiles).anchors).toEqual([{ path: 'p1' }, { path: 'p2' }]);
    expect(parseArgs(['--help'], noFiles).file).toBe('');
  });

  it('refuses --range on stdin and beside the options that are for merge', () => {
    // why: args.ts:182:9 file === '-' → false, :182:18 '-' → "", :182:44 message → "" (NoCoverage),
    // :184:29 graderVerdicts.length > 0 → false, :184:78 now !== undefined → false,
    // :185:46 jobs !== undefined → false, :187:9 message → ""
    expect(usage(['-', '--range', '0:'])).toBe(
      '--range reads byte offsets of a file; stdin has none, give FILE',
    );
    const message = '--range reads FILE under --key only: anchors and the other options are for merge';
    expect(usage(['f', '--range', '0:', '--grader-verdict', 'g'])).toBe(message);
    expect(usage(['f', '--range', '0:', '--now', '2026-01-01T00:00:00Z'])).toBe(message);
    expect(usage(['f', '--range', '0:', '--jobs', '2'])).toBe(message);
    expect(parseArgs(['f', '--range', '0:', '--key', `k=${keyHex}`], noFiles).range).toEqual({
      start: 0,
      end: null,
    });
  });

  it('says which option is missing its partner', () => {
    // why: args.ts:200:26, :202:26, :204:26, :206:26 messages → ""
    expect(usage(['f', '--grader-key', `k=${keyHex}`])).toBe('--grader-key without --grader-verdict');
    expect(usage(['f', '--witness-key', `w=${keyB64}`])).toBe(
      '--witness-key without a note anchor to check it on',
    );
    expect(usage(['f', '--allow-unchecked', 'blob-bytes'])).toBe(
      '--allow-unchecked waives items of a --strict verification; give --strict',
    );
    expect(usage(['f', '--max-checkpoint-age', '60'])).toBe(
      '--max-checkpoint-age needs --now: the verifier never reads a clock of its own',
    );
  });
});
describe('args.ts: the usage text, read at load', () => {
  it('names the items --allow-unchecked can waive, comma separated', () => {
    // why: args.ts:47 the separator ', ' of the waivable items → "" (module-level, found by
    // `pnpm mutate --filter chain --rest --static`): the names ran together in --help.
    expect(USAGE).toContain(`the named ones:\n${NOT_CHECKED_CODES.join(', ')}.`);
    expect(USAGE).toContain('record-signatures, unsigned-records');
  });
});
