import { describe, expect, it } from 'vitest';
import { main } from '../src/main.js';
import { seam, usage, VERSION, wbaVerify, workdir } from './run.js';

// seam with no command, help and version, and a command group alone (src/main.ts).
// A case that exists for a mutant says in its comment which one it holds (file.ts:line:column of
// the mutation report of the command layer); the equivalent ones are listed in spec/cli.md.

const T = 1784280600; // 2026-07-17T09:30:00Z

describe('main: the command line without a command', () => {
  const dir = workdir();

  it('seam alone is a usage error of one line; seam --help prints the help and exits 0', async () => {
    // why: main.ts, the no-command block (a usage error names the fix in one line, never the
    // whole help) and the help block (printed on stdout, exit 0).
    expect(await seam(dir, [])).toMatchObject(usage('give a command; seam --help lists them'));
    const asked = await seam(dir, ['--help']);
    expect(asked.code).toBe(0);
    expect(
      asked.stdout.startsWith(
        'seam: inspect, sign, verify and explain agent-seam artifacts (Node.js only)\n\nusage: seam COMMAND',
      ),
    ).toBe(true);
    expect(asked.stdout).toContain(
      '\nexit codes: 0 ok/verified, 1 refused or findings, 2 bad command line,\n',
    );
    expect(asked.stderr).toBe('');
  });

  it('seam --version prints the package version', async () => {
    // why: main.ts:101:48 (block emptied: falls through to "no command"), :102:5 (nothing printed).
    expect(await seam(dir, ['--version'])).toMatchObject({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
  });

  it('an unknown command is a usage error naming it', async () => {
    // why: main.ts:112:13 (the message emptied).
    expect(await seam(dir, ['frobnicate'])).toMatchObject(
      usage('no command "frobnicate"; seam --help lists them'),
    );
  });

  it('a SeamError from a value on the command line is a usage error that says so', async () => {
    // why: main.ts:125:17 ([EXIT.usage, message] emptied: the code is undefined) and
    // :125:30 (the message emptied). The wba package throws on an authority that is no host.
    const d = workdir({ 'req.txt': 'GET / HTTP/1.1\nHost: a.example\n', 'keys.json': '{"keys":[]}' });
    const r = await seam(d, wbaVerify('req.txt', 'keys.json', ' ', T));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^seam: .* \(a value on the command line\); see seam wba verify --help\n$/);
  });

  it('an error that is no outcome of the command is thrown, not turned into an exit code', async () => {
    // why: main.ts:126:17 ([null, ''] emptied: the code is undefined, so the error is swallowed
    // and main resolves to undefined). A stdout that fails is such an error.
    const failing = main(['merkle', 'root', '-', '--text'], {
      stdin: () => Buffer.from('a\n'),
      stdout: () => {
        throw new Error('stdout is gone');
      },
      stderr: () => undefined,
    });
    await expect(failing).rejects.toThrow(expect.objectContaining({ message: 'stdout is gone' }));
  });
});

// A case that exists for a mutant says in its comment which one it holds (file.ts:line:column of
// the mutation report of the command layer); the equivalent ones are listed in spec/cli.md.

describe('seam: help and version spelled short, a command group alone', () => {
  describe('main: the short spellings of help and version, and a command group alone', () => {
    const dir = workdir();

    it('seam -h and seam help print the help as seam --help does; seam -V the version', async () => {
      // why: main.ts:97:52 (first === '-h' → false), :97:62 ('-h' → ""), :97:70 (first ===
      // 'help' → false), :97:80 ('help' → ""), :101:32 (first === '-V' → false), :101:42 ('-V' → "").
      const help = await seam(dir, ['--help']);
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(/^seam: inspect, sign, verify and explain agent-seam artifacts/);
      expect(await seam(dir, ['-h'])).toEqual(help);
      expect(await seam(dir, ['help'])).toEqual(help);
      expect(await seam(dir, ['-V'])).toMatchObject({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
    });

    it('a command group without its subcommand is a usage error listing them', async () => {
      // why: main.ts:108:80 ((c) => `seam ${c.name}` → () => undefined), :108:87 (its text → ``),
      // :111:56 (', ' → "").
      expect(await seam(dir, ['box'])).toMatchObject(
        usage('box needs a subcommand: seam box seal, seam box open; see seam --help'),
      );
    });
  });
});
