import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BOB_SEED, seam, signedCheckpoint, vkeyOf, workdir } from './run.js';

// seam explain: the signed bytes and --expected, as text (src/explain.ts).
// A case that exists for a mutant says in its comment which one it holds (file.ts:line:column of
// the mutation report of the command layer); the equivalent ones are listed in spec/cli.md.

const T = 1784280600; // 2026-07-17T09:30:00Z

describe('explain: the signed bytes and --expected as text', () => {
  it('a refused note with --expected: the signed bytes line by line, the windows on one line each', async () => {
    // why: explain.ts:83:48 ('the signature covers' → ""), :115:11 (indent's '\n' → ""),
    // :93:77 (the label 'expected' → ""), :108:10 (the comparison's '\n' → ""), :101:9
    // (=== undefined → false) and :102:9 ([] filled: a line about a signature the note
    // layer never asks about), :121:33 (/^ *\d+ {2}/ → /^ \d+ {2}/ and → /^ *\d {2}/: the
    // offset "16" of the window's second line kept), :122:11 ('' → "Stryker was here!").
    const { body, signed } = await signedCheckpoint(T);
    const dir = workdir({
      'note.txt': signed,
      'other.seed': BOB_SEED,
      'expected.txt': body.replace('\n4\n', '\n5\n'),
    });
    const otherKey = await vkeyOf(dir, 'other.seed', 'example.com/log');
    const r = await seam(dir, [
      'note',
      'verify',
      'note.txt',
      '--key',
      otherKey,
      '--expected',
      'expected.txt',
    ]);
    expect(r.code).toBe(1);
    const hash = Buffer.alloc(32, 7).toString('base64');
    expect(r.stdout).toContain(
      [
        `signed bytes (${body.length} bytes, what the signature covers; offset, then the bytes escaped):`,
        '   0  example.com/log\\n',
        '  16  4\\n',
        `  18  ${hash}\\n`,
        '--expected: first difference at byte 16 (both windows start at byte 0):',
        `  received  example.com/log\\n4\\n${hash.slice(0, 15)}`,
        `  expected  example.com/log\\n5\\n${hash.slice(0, 15)}`,
        'signature lines, decoded:',
      ].join('\n'),
    );
  });

  it('a refusal whose code has no detail is shown as the code alone', async () => {
    // why: explain.ts:24:54 ('' → "Stryker was here!" after a code without a detail).
    const { cosigned, witnessKey, dir } = await signedCheckpoint(T);
    writeFileSync(join(dir, 'cosigned.txt'), cosigned);
    const otherLog = await vkeyOf(dir, 'witness.seed', 'example.com/log');
    const r = await seam(dir, [
      'note',
      'verify',
      'cosigned.txt',
      '--key',
      otherLog,
      '--witness',
      witnessKey,
      '--quorum',
      '0',
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /\n {2}REFUSED {6}quorum {2,}the log's key signed, and at least atLeast of the witnesses cosigned \[missing-log-signature\]\n/,
    );
  });
});
