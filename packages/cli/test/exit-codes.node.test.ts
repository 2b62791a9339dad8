import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { hex, unwrap } from '@agent-seam/canonical';
import { didFromPublicKey, keyPairFromSeed } from '@agent-seam/did';
import { ed25519Verifier, formatVerifierKey } from '@agent-seam/tlog-note';
import { describe, expect, it } from 'vitest';
import { documentedExits } from '../../../tools/exit-table.ts';
import { type Command, helpText } from '../src/command.js';
import { COMMANDS } from '../src/main.js';
import { ALICE_SEED, DACK_KEYS_HEX, seam, workdir } from './run.js';

const exitsOf = (c: Command) => documentedExits(helpText(c));

// What a provocation needs: files in its working directory, the arguments, stdin.
interface Provocation {
  argv: string[];
  stdin?: string | Uint8Array;
}

/** Inputs that are wrong in every way a person gets them wrong: they must exit with a listed code. */
function generic(c: Command): Provocation[] {
  const everyOption = Object.entries(c.options).flatMap(([name, o]) =>
    o.type === 'boolean' ? [`--${name}`] : [`--${name}`, 'x'],
  );
  const inputs: (string | Uint8Array)[] = ['', 'not json', '{}', '[1]', Uint8Array.of(0xff, 0xfe)];
  return [
    { argv: ['--help'] },
    { argv: ['--no-such-option'] },
    { argv: ['no-such-file.json'] },
    { argv: ['one', 'two', 'three'] },
    ...inputs.map((stdin) => ({ argv: ['-'], stdin })),
    ...inputs.map((stdin) => ({ argv: ['-', ...everyOption], stdin })),
    { argv: ['no-such-file.json', ...everyOption] },
  ];
}

const chainExamples = join(import.meta.dirname, '..', '..', 'chain', 'examples');
const exported = readFileSync(join(chainExamples, 'example.jsonl'), 'utf8');
const recordKey = readFileSync(join(chainExamples, 'example.key.txt'), 'utf8').trim();
const vectorsDir = join(import.meta.dirname, '..', '..', '..', 'vectors');
const alice = keyPairFromSeed(unwrap(hex.decode(ALICE_SEED.trim()))).publicKey;
const files = workdir({
  'alice.seed': ALICE_SEED,
  'empty.json': '{}',
  'export.jsonl': exported,
  'edited.jsonl': exported.replace('"B-7"', '"B-8"'),
  'canon2.jsonl': exported.replace('"canon":1}', '"canon":2}'),
  'checkpoint.json': readFileSync(join(chainExamples, 'example.checkpoint.json')),
  'dack-keys.json': JSON.stringify(DACK_KEYS_HEX),
  'request.txt': 'GET / HTTP/1.1\nHost: a.example\n',
  'jwks.json': '{"keys":[]}',
  'note.txt': 'not a note\n',
  'leaves.txt': `${'00'.repeat(32)}\n`,
  'entry1.txt': 'entry 1\n',
  'huge.txt': `${'x'.repeat(70_000)}\n`,
  // The checkpoint seam tiles write signs (alice's seed) for the one leaf "entry 0".
  'checkpoint.note':
    'example.com/log\n1\ndziFphNIniTOLPdhmdakI/BC5LvxLX7s7pEu8nbGVwE=\n\n\u2014 example.com/log m+XTxvigfgzNwc/L3vZZjdx/xHJvy113XgwUFO+evczWvwHnh5FMYB+dCKcvR5JYi/q/cRzcKSsBQHPfbNT9PVstDAo=\n',
});
// The published vector files, one case of which says the opposite of what the packages do.
const disagreeing = workdir(
  Object.fromEntries(
    readdirSync(vectorsDir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => [f, readFileSync(join(vectorsDir, f), 'utf8')]),
  ),
);
const merkle = JSON.parse(readFileSync(join(disagreeing, 'merkle.json'), 'utf8'));
merkle['merkle.reject'][0].code = 'not-its-code';
writeFileSync(join(disagreeing, 'merkle.json'), JSON.stringify(merkle));

const logKey = formatVerifierKey(ed25519Verifier('example.com/log', alice));
const proofQuestion = [
  '--origin',
  'example.com/log',
  '--log',
  logKey,
  '--leaf-hash',
  '00'.repeat(32),
  '--now',
  '0',
];

interface Specific extends Provocation {
  code: number;
}

/** For each code a command lists that the generic inputs do not reach: an input that reaches it. */
const SPECIFIC: Record<string, Specific[]> = {
  did: [
    { argv: ['did:key:z6Mk'], code: 1 },
    { argv: ['--seed-file', 'none.seed'], code: 4 },
  ],
  'envelope verify': [
    { argv: ['empty.json', '--recipient', 'did:key:z6Mkx', '--no-replay-check'], code: 1 },
    { argv: ['none.json', '--recipient', 'did:key:z6Mkx', '--no-replay-check'], code: 4 },
  ],
  'envelope sign': [{ argv: ['-', '--seed-file', 'alice.seed'], stdin: '[1]', code: 1 }],
  'card verify': [
    { argv: ['empty.json', '--did', 'did:key:z6Mkx'], code: 1 },
    { argv: ['none.json', '--did', 'did:key:z6Mkx'], code: 4 },
  ],
  'card sign': [{ argv: ['-', '--seed-file', 'alice.seed'], stdin: '[1]', code: 1 }],
  'linkage verify': [
    { argv: ['note.txt', '--did', 'did:key:z6Mkx', '--origin', 'https://a.example', '--now', '0'], code: 1 },
    { argv: ['none.jwt', '--did', 'did:key:z6Mkx', '--origin', 'https://a.example', '--now', '0'], code: 4 },
  ],
  'binding verify': [
    { argv: ['empty.json', '--device', 'did:key:z6Mkx', '--now', '0'], code: 1 },
    { argv: ['none.json', '--device', 'did:key:z6Mkx', '--now', '0'], code: 4 },
  ],
  'keystate resolve': [
    { argv: ['empty.json', '--root', 'did:key:z6Mkx', '--now', '0'], code: 1 },
    { argv: ['none.json', '--root', 'did:key:z6Mkx', '--now', '0'], code: 4 },
  ],
  'wba verify': [
    { argv: ['request.txt', '--directory', 'jwks.json', '--authority', 'a.example', '--now', '0'], code: 1 },
    { argv: ['none.txt', '--directory', 'jwks.json', '--authority', 'a.example', '--now', '0'], code: 4 },
    {
      argv: [
        'request.txt',
        '--directory',
        'http://127.0.0.1:1/.well-known/http-message-signatures-directory',
        '--allow-network',
        '--authority',
        'a.example',
        '--now',
        '0',
      ],
      code: 6,
    },
  ],
  'wba sign': [
    {
      argv: [
        'request.txt',
        '--seed-file',
        'alice.seed',
        '--authority',
        'a.example',
        '--expires-in',
        '601',
        '--now',
        '0',
      ],
      code: 1,
    },
  ],
  'export verify': [
    { argv: ['edited.jsonl', 'checkpoint.json', '--key', recordKey, '--jobs', '1'], code: 1 },
    { argv: ['export.jsonl', '--jobs', '1'], code: 3 },
    { argv: ['canon2.jsonl', '--jobs', '1'], code: 6 },
  ],
  'note verify': [
    { argv: ['note.txt', '--key', formatVerifierKey(ed25519Verifier('example.com/log', alice))], code: 1 },
    { argv: ['none.txt', '--key', formatVerifierKey(ed25519Verifier('example.com/log', alice))], code: 4 },
  ],
  'note sign': [
    { argv: ['-', '--seed-file', 'alice.seed', '--name', 'example.com/log'], stdin: 'no newline', code: 1 },
  ],
  'note cosign': [{ argv: ['note.txt', '--seed-file', 'alice.seed', '--name', 'w1.example'], code: 1 }],
  'note key': [{ argv: ['--seed-file', 'none.seed', '--name', 'n'], code: 4 }],
  'box seal': [
    { argv: ['-', '--seed-file', 'alice.seed', '--to', 'AAAA', '--ad', 'm1'], stdin: 'x', code: 1 },
  ],
  'box open': [
    { argv: ['-', '--seed-file', 'alice.seed', '--from', 'AAAA', '--ad', 'm1'], stdin: 'x', code: 1 },
  ],
  'seal open': [
    {
      argv: [
        'empty.json',
        '--seed-file',
        'alice.seed',
        '--aid',
        'x',
        '--sender-key',
        didFromPublicKey(alice),
        '--now',
        '0',
        '--no-replay-check',
        '--no-capabilities',
      ],
      code: 1,
    },
  ],
  'kel show': [{ argv: ['empty.json', '--now', '0'], code: 1 }],
  'kel verify': [{ argv: ['empty.json', '--now', '0'], code: 1 }],
  'proof verify': [
    { argv: ['note.txt', ...proofQuestion], code: 1 },
    { argv: ['none.txt', ...proofQuestion], code: 4 },
  ],
  'proof make': [
    { argv: ['entry1.txt', '--text', '--checkpoint', 'checkpoint.note', '--index', '0'], code: 1 },
  ],
  'tiles write': [
    {
      argv: [
        'out',
        '--leaves',
        'huge.txt',
        '--text',
        '--origin',
        'example.com/log',
        '--seed-file',
        'alice.seed',
      ],
      code: 1,
    },
    { argv: ['runs-0', '--export', 'export.jsonl', '--seed-file', 'alice.seed'], code: 0 },
    { argv: ['runs-1', '--export', 'edited.jsonl', '--seed-file', 'alice.seed'], code: 1 },
    {
      argv: ['runs-2', '--export', 'export.jsonl', '--leaves', 'leaves.txt', '--seed-file', 'alice.seed'],
      code: 2,
    },
    { argv: ['runs-4', '--export', 'none.jsonl', '--seed-file', 'alice.seed'], code: 4 },
  ],
  'tiles prove': [
    { argv: ['.', '--log', logKey, '--index', '0', '--now', '0'], code: 1 },
    { argv: ['none', '--log', logKey, '--index', '0', '--now', '0'], code: 4 },
  ],
  'anet request sign': [
    {
      argv: [
        'request.txt',
        '--action',
        'send',
        '--hub',
        'x',
        '--aid',
        '',
        '--seq',
        '0',
        '--seed-file',
        'alice.seed',
      ],
      code: 1,
    },
  ],
  'anet request verify': [
    { argv: ['request.txt', '--action', 'send', '--hub', 'x', '--kel', 'empty.json', '--now', '0'], code: 1 },
  ],
  'anet pow verify': [{ argv: ['--hub', 'x', '--aid', 'y', '--seed', '00', '--nonce', '00'], code: 1 }],
  'anet object verify': [
    { argv: ['empty.json', '--kel', 'empty.json', '--now', '0', '--kind', 'receipt'], code: 1 },
  ],
  'anet dir open': [{ argv: ['empty.json', '--aid', 'x', '--now', '0'], code: 1 }],
  'dack read': [{ argv: ['note.txt', '--keys-file', 'dack-keys.json'], code: 1 }],
  'dack create': [{ argv: ['--keys-file', 'none.json', '--processed'], code: 4 }],
  conformance: [
    { argv: ['--vectors', disagreeing], code: 1 },
    { argv: ['--vectors', join(files, 'none')], code: 4 },
  ],
};

describe('every command exits only with a code its --help lists', () => {
  it('the global help lists every code any command lists', async () => {
    const global = documentedExits((await seam(workdir(), ['--help'])).stdout);
    expect(global).toEqual([0, 1, 2, 3, 4, 6]);
    for (const c of COMMANDS) expect(global, c.name).toEqual(expect.arrayContaining(exitsOf(c)));
  });
  for (const c of COMMANDS)
    it(`seam ${c.name}`, async () => {
      const listed = exitsOf(c);
      expect(listed.length, 'an exit table in --help').toBeGreaterThan(0);
      const dir = workdir();
      const seen = new Set<number | null>();
      for (const p of generic(c)) {
        const r = await seam(dir, [...c.name.split(' '), ...p.argv], p.stdin);
        seen.add(r.code);
        expect(listed, `seam ${c.name} ${p.argv.join(' ')} exited ${r.code}: ${r.stderr}`).toContain(r.code);
      }
      // And each code it lists is one it can return: the generic inputs above, or the
      // command's own below, reach every one.
      for (const p of SPECIFIC[c.name] ?? []) {
        const r = await seam(files, [...c.name.split(' '), ...p.argv], p.stdin);
        expect(r.code, `seam ${c.name} ${p.argv.join(' ')}: ${r.stderr}`).toBe(p.code);
        seen.add(r.code);
      }
      expect([...seen].sort(), 'the codes seen are the codes listed').toEqual(listed);
    });
});
