import { writeFileSync } from 'node:fs';
import { signCardEnvelope } from '@agent-seam/cardpub';
import { didFromSeed } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { ALICE_SEED, BOB_SEED, seam, seedOf, usage, workdir } from './run.js';

// seam card and linkage: signing and verifying agent cards and domain linkage, each refusal whole.
// A case that exists for a mutant says in its comment which one it holds (file.ts:line:column of
// the mutation report of the command layer); the equivalent ones are listed in spec/cli.md.

const ALICE = seedOf(ALICE_SEED);

const BOB = seedOf(BOB_SEED);

const seeds = () => workdir({ 'alice.seed': ALICE_SEED, 'bob.seed': BOB_SEED });

describe('seam card and linkage: sign, verify, --expected and --json', () => {
  const NOW = '1784280000';
  const sign = (dir: string, card: string, json = false) =>
    seam(
      dir,
      ['card', 'sign', '-', '--seed-file', 'alice.seed', '--now', NOW, ...(json ? ['--json'] : [])],
      card,
    );

  it('card sign --json: the envelope the library signs, as {command, ok, value}', async () => {
    const dir = seeds();
    const card = { name: 'billing agent', url: 'https://agent.example' };
    const want = signCardEnvelope({ did: didFromSeed(ALICE), ...card }, ALICE, Number(NOW));
    // why: card.ts:90:9 (json → false), :84:18 (=== true → false), :84:34, :90:25, :90:36, :90:53.
    const r = await sign(dir, JSON.stringify(card), true);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ command: 'card sign', ok: true, value: want });
    expect(JSON.parse((await sign(dir, JSON.stringify(card))).stdout)).toEqual(want);
  });

  it('card sign refuses a card that is no JSON object: a string, null, an array, a number', async () => {
    const dir = seeds();
    const refusal = {
      command: 'card sign',
      ok: false,
      code: 'malformed-card',
      detail: 'FILE holds the card as a JSON object',
    };
    // why: card.ts:85:9 (each ConditionalExpression / LogicalOperator of the object test):
    // "x" and 7 are caught only by typeof, null only by === null, [] only by Array.isArray;
    // :86:26, :86:45, :86:63 (the refusal's strings), :84:18 / :84:34 (--json).
    for (const card of ['"x"', 'null', '[]', '7']) {
      const r = await sign(dir, card, true);
      expect({ card, code: r.code, out: JSON.parse(r.stdout) }).toEqual({ card, code: 1, out: refusal });
      expect(await sign(dir, card)).toMatchObject({
        code: 1,
        stdout: 'cannot sign [malformed-card]: FILE holds the card as a JSON object\n',
      });
    }
  });

  it('card sign --json of a card the library will not sign', async () => {
    // why: card.ts:89:40 ('card sign' → ""): a card of another DID than the seed's.
    const dir = seeds();
    const r = await sign(dir, JSON.stringify({ did: didFromSeed(BOB), name: 'x' }), true);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ command: 'card sign', ok: false });
    expect(Object.keys(out)).toEqual(['command', 'ok', 'code', 'detail']);
  });

  it('card verify --expected: whether the signature holds over the other bytes; --json names the command', async () => {
    const dir = seeds();
    const signed = await sign(dir, JSON.stringify({ name: 'n' }));
    writeFileSync(`${dir}/card.json`, signed.stdout);
    writeFileSync(`${dir}/other.bin`, 'other bytes');
    const did = didFromSeed(ALICE);
    // why: card.ts:56:18 (holdsOver → () => undefined: the member would be left out),
    // :50:16 ('card verify' → "").
    const r = await seam(dir, [
      'card',
      'verify',
      'card.json',
      '--did',
      did,
      '--now',
      NOW,
      '--expected',
      'other.bin',
      '--json',
    ]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.command).toBe('card verify');
    expect(out.explain.expected).toMatchObject({ same: false, signatureHoldsOverExpected: false });
  });

  it('linkage verify: each missing option named; --json names the command', async () => {
    const dir = workdir({ 'l.jwt': 'a.b.c\n' });
    const lv = (args: string[]) => seam(dir, ['linkage', 'verify', 'l.jwt', ...args]);
    // why: card.ts:123:43, :123:52 (no --did).
    expect(await lv([])).toMatchObject(
      usage('give --did DID: the DID whose claim you check; see seam linkage verify --help'),
    );
    // why: card.ts:124:49, :124:61 (no --origin).
    const did = didFromSeed(ALICE);
    expect(await lv(['--did', did])).toMatchObject(
      usage('give --origin ORIGIN: where you fetched the credential; see seam linkage verify --help'),
    );
    // why: card.ts:125:52, :125:61 (no --now).
    expect(await lv(['--did', did, '--origin', 'https://a.example'])).toMatchObject(
      usage('give --now TIME: the credential is judged at a time; see seam linkage verify --help'),
    );
    // why: card.ts:129:16 ('linkage verify' → "").
    const r = await lv(['--did', did, '--origin', 'https://a.example', '--now', NOW, '--json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({ command: 'linkage verify', ok: false });
  });
});
