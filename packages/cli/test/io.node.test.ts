import { didFromPublicKey, keyPairFromSeed } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { main } from '../src/main.js';
import { ALICE_SEED, seam, seedOf, usage, workdir } from './run.js';

// What seam reads (stdin, files) and writes: names, details and line ends (src/io.ts).
// A case that exists for a mutant says in its comment which one it holds (file.ts:line:column of
// the mutation report of the command layer); the equivalent ones are listed in spec/cli.md.

describe('io: stdin', () => {
  const dir = workdir();

  it('a stdin that cannot be read exits 4 saying so', async () => {
    // why: io.ts:54:22 (the message emptied).
    let stderr = '';
    const code = await main(['merkle', 'root', '-'], {
      stdin: () => {
        throw new Error('EAGAIN');
      },
      stdout: () => undefined,
      stderr: (text) => {
        stderr += text;
      },
    });
    expect(code).toBe(4);
    expect(stderr).toBe('seam: cannot read stdin\n');
  });

  it('a stdin that is not UTF-8 is named stdin', async () => {
    // why: io.ts:59:50 (nameOf's 'stdin' emptied).
    const r = await seam(dir, ['merkle', 'root', '-', '--text'], Uint8Array.of(0xff, 0x0a));
    expect(r.code).toBe(4);
    expect(r.stderr).toBe('seam: stdin is not UTF-8 (invalid-utf8): give the file as UTF-8 text\n');
  });
});

// A case that exists for a mutant says in its comment which one it holds (file.ts:line:column of
// the mutation report of the command layer); the equivalent ones are listed in spec/cli.md.

describe('what seam reads and writes: names, details, line ends', () => {
  const aliceSeed = seedOf(ALICE_SEED);

  describe('io: names, details and the line ends of what it reads and writes', () => {
    const dir = workdir({
      'bad.txt': Uint8Array.of(0x47, 0xff, 0x0a),
      'bad.json': '{"a": 1,}',
      'lead.seed': `\n${'01'.repeat(32)}`,
    });

    it('a file that is not UTF-8 is named by its path, not as stdin', async () => {
      // why: io.ts:59:35 (now :79:35; nameOf's path === '-' → true: every file named "stdin").
      expect(await seam(dir, ['merkle', 'root', 'bad.txt', '--text'])).toMatchObject({
        code: 4,
        stdout: '',
        stderr: 'seam: bad.txt is not UTF-8 (invalid-utf8): give the file as UTF-8 text\n',
      });
    });

    it('a file that is not strict JSON: the code and the detail the parser gives', async () => {
      // why: io.ts:73:84 (now :93:84; the `: ${value.detail}` part → '').
      const r = await seam(dir, ['cbor', 'encode', 'bad.json', '--from', 'json']);
      expect(r.code).toBe(4);
      expect(r.stderr).toMatch(
        /^seam: bad\.json is not one strict JSON value \([a-z-]+: [^)]+\); check it with seam canon --check\n$/,
      );
    });

    it('a seed file with a newline before the hex (not after it) is no seed', async () => {
      // why: io.ts:85:39 (now :105:39; /\r?\n$/ → /\r?\n/: the leading newline removed, the seed read).
      expect(await seam(dir, ['did', '--seed-file', 'lead.seed'])).toMatchObject({
        code: 4,
        stdout: '',
        stderr: 'seam: lead.seed is not a seed: the file holds the 32-byte seed as 64 hex characters\n',
      });
    });

    it('--now with digits only at its end is no time', async () => {
      // why: io.ts:97:7 (now :117:7; /^(0|[1-9][0-9]{0,11})$/ without ^: "x5" read as NaN).
      const d = workdir({ 'env.json': '{}' });
      const recipient = ['--recipient', didFromPublicKey(keyPairFromSeed(aliceSeed).publicKey)];
      expect(
        await seam(d, ['envelope', 'verify', 'env.json', ...recipient, '--now', 'x5', '--no-replay-check']),
      ).toMatchObject(
        usage(
          '--now wants an RFC 3339 time with an offset (2026-07-17T09:30:00Z) or Unix seconds; see seam envelope verify --help',
        ),
      );
    });

    it('a warning that already ends with a newline gets no second one', async () => {
      // why: io.ts:46:62 (now :66:62; warn's text.endsWith('\n') → startsWith: cbor's note,
      // which ends with '\n', would end with two).
      const r = await seam(dir, ['cbor', 'encode', '-', '--hex'], '[1.0]');
      expect(r.code).toBe(0);
      expect(r.stderr).toBe(
        'seam: note: read as JSON; as diagnostic notation this text means other bytes (1.0 stays a float there): add --from diag for that\n',
      );
    });
  });
});
