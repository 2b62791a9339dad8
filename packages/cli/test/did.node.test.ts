import { base64Strict, base64urlStrict, hex, unwrap } from '@agent-seam/canonical';
import { encPublicKey, encPublicKeyPq } from '@agent-seam/cryptobox';
import { didFromPublicKey, didFromSeed, jwkFromPublicKey, keyPairFromSeed } from '@agent-seam/did';
import { thumbprint } from '@agent-seam/wba';
import { describe, expect, it } from 'vitest';
import { ALICE_SEED, seam, usage, workdir } from './run.js';

const seed = hex.decode(ALICE_SEED.trim());
if (!seed.ok) throw new Error('seed');
const publicKey = keyPairFromSeed(seed.value).publicKey;
const did = didFromSeed(seed.value);

describe('seam did', () => {
  const dir = workdir({ 'alice.seed': ALICE_SEED, 'short.seed': 'abcd\n' });

  it('shows every spelling of a did:key, a hex key and a base64url key alike', async () => {
    const outs = await Promise.all(
      [did, hex.encode(publicKey), base64urlStrict.encode(publicKey)].map((arg) =>
        seam(dir, ['did', arg, '--json']),
      ),
    );
    for (const r of outs) {
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({
        did,
        publicKeyHex: hex.encode(publicKey),
        publicKeyBase64url: base64urlStrict.encode(publicKey),
        jwk: { kty: 'OKP', crv: 'Ed25519', x: base64urlStrict.encode(publicKey) },
      });
    }
  });

  it('from a seed file adds the X25519 and ML-KEM-768 encryption keys', async () => {
    const r = await seam(dir, ['did', '--seed-file', 'alice.seed', '--json']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.did).toBe(did);
    expect(out.encPub).toBe(base64Strict.encode(encPublicKey(seed.value)));
    expect(out.encPubPq).toBe(base64Strict.encode(encPublicKeyPq(seed.value)));
    expect((await seam(dir, ['did', '--seed-file', 'alice.seed'])).stdout).toContain('encPub (X25519)');
  });

  it('the RFC 7638 thumbprint is the RFC 8037 example key’s published one', async () => {
    // RFC 8037 appendix A.3: the thumbprint of its Ed25519 example key.
    const x = '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo';
    const r = await seam(dir, ['did', x, '--json']);
    expect(JSON.parse(r.stdout).thumbprint).toBe('kPrK_qmxVWaYVA9wwBF6Iuo3vVzz7TxHCTwXBygrS4k');
  });

  it('refuses a small-order key, naming the check', async () => {
    const identity = new Uint8Array(32);
    identity[0] = 1; // the identity point: small order
    const r = await seam(dir, ['did', didFromPublicKey(identity)]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('[small-order-key]');
    expect(r.stdout).toContain('REFUSED');
  });

  it('usage errors exit 2: nothing, both a key and a seed, a key of the wrong length', async () => {
    for (const args of [['did'], ['did', did, '--seed-file', 'alice.seed'], ['did', 'abcd']]) {
      const r = await seam(dir, args);
      expect(r.code).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('an unreadable or malformed seed file exits 4', async () => {
    expect((await seam(dir, ['did', '--seed-file', 'none.seed'])).code).toBe(4);
    const r = await seam(dir, ['did', '--seed-file', 'short.seed']);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('64 hex characters');
  });

  it('--help says a seed is never taken on the command line', async () => {
    expect((await seam(dir, ['did', '--help'])).stdout).toContain('never');
  });
});

// A case that exists for a mutant says in its comment which one it holds (file.ts:line:column of
// the mutation report of the command layer); the equivalent ones are listed in spec/cli.md.

describe('seam did: every option and refusal, compared whole (a P-256 did:key, --json)', () => {
  describe('did: a P-256 did:key and a refusal as --json', () => {
    const dir = workdir();
    // A P-256 did:key from the did package's own tests (a compressed point).
    const p256 = 'did:key:zDnaeQRy3dcKsKa1zmKtVKsTy3m2HYoQnFnfKuxD6HfSTQgYf';

    it('shows the curve and the key, as text and as --json', async () => {
      // why: did.ts:67:55 (block emptied: refused as no Ed25519 key), :68:19 ({} for out),
      // :68:42 ('p256' emptied), :69:11 (values.json === true: true, false, !==), :69:27,
      // :69:43 ({} for the JSON object), :69:54 ('did' emptied), :69:65 (ok: false),
      // :72:11 (the text emptied).
      const json = await seam(dir, ['did', p256, '--json']);
      expect(json.code).toBe(0);
      const out = JSON.parse(json.stdout);
      expect(out).toEqual({
        command: 'did',
        ok: true,
        did: p256,
        curve: 'p256',
        publicKeyHex: out.publicKeyHex,
      });
      expect(out.publicKeyHex).toMatch(/^0[23][0-9a-f]{64}$/);
      const text = await seam(dir, ['did', p256]);
      expect(text).toMatchObject({
        code: 0,
        stdout: `did:key             ${p256}\ncurve               P-256\npublic key (hex)    ${out.publicKeyHex}\n`,
        stderr: '',
      });
    });

    it('a refused key as --json: the code and the checks', async () => {
      // why: did.ts:80:19 ({} for the JSON object), :81:20 ('did' emptied), :82:15 (ok: true),
      // :85:20 ({} for explain).
      const identity = new Uint8Array(32);
      identity[0] = 1; // the identity point: small order
      const r = await seam(dir, ['did', didFromPublicKey(identity), '--json']);
      expect(r.code).toBe(1);
      const out = JSON.parse(r.stdout);
      expect(out).toMatchObject({ command: 'did', ok: false, code: 'small-order-key' });
      expect(out.explain.checks.find((c: { outcome: string }) => c.outcome === 'refuse').code).toBe(
        'small-order-key',
      );
    });
  });
});

// A case that exists for a mutant says in its comment which one it holds (file.ts:line:column of
// the mutation report of the command layer); the equivalent ones are listed in spec/cli.md.

describe('seam did: every option and refusal, compared whole (every spelling, as text and as --json)', () => {
  const seed = unwrap(hex.decode(ALICE_SEED.trim()));

  const key = keyPairFromSeed(seed).publicKey;

  const alice = didFromPublicKey(key);

  describe('did: every spelling, as text and as --json', () => {
    const dir = workdir({ 'alice.seed': ALICE_SEED });
    const jwk = jwkFromPublicKey(key);
    const thumb = unwrap(thumbprint(jwk));
    const table = [
      `did:key             ${alice}`,
      `public key (hex)    ${hex.encode(key)}`,
      `public key (b64url) ${base64urlStrict.encode(key)}`,
      `JWK                 ${JSON.stringify(jwk)}`,
      `JWK thumbprint      ${thumb}  (RFC 7638; the Web Bot Auth keyid)`,
    ];
    const encPub = base64Strict.encode(encPublicKey(seed));
    const encPubPq = base64Strict.encode(encPublicKeyPq(seed));

    it('from a did:key, a hex key or a base64url key: the five lines, nothing derived from a seed', async () => {
      // why: did.ts:107:19 (the table emptied), :108:7 to :112:26 (each row or its label or
      // value emptied), :114:9 (seed !== null → true: encryption lines from no seed), :121:70
      // (the '\n' joining the rows emptied).
      for (const given of [
        alice,
        hex.encode(key),
        hex.encode(key).toUpperCase(),
        base64urlStrict.encode(key),
      ])
        expect(await seam(dir, ['did', given])).toEqual({
          code: 0,
          stdout: `${table.join('\n')}\n`,
          bytes: expect.anything(),
          stderr: '',
        });
    });

    it('from a seed: the five lines and the two encryption keys', async () => {
      // why: did.ts:115:38 (the encPub text emptied), :116:7 (the ML-KEM push dropped), :116:18
      // (its row emptied), :117:9 (its label emptied), :118:9 (its value emptied), :118:12
      // (the whole key instead of its first 40 characters).
      const r = await seam(dir, ['did', '--seed-file', 'alice.seed']);
      expect(r.code).toBe(0);
      expect(r.stderr).toBe('');
      expect(r.stdout).toBe(
        `${[
          ...table,
          `encPub (X25519)     ${encPub}  (base64)`,
          `ML-KEM-768 public   ${encPubPq.slice(0, 40)}...  (1184 bytes; --json has it all)`,
        ].join('\n')}\n`,
      );
    });

    it('--json: one object with every spelling', async () => {
      // why: did.ts:104:28 ('did' emptied), :104:39 (ok: false).
      const r = await seam(dir, ['did', '--seed-file', 'alice.seed', '--json']);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toEqual({
        command: 'did',
        ok: true,
        did: alice,
        publicKeyHex: hex.encode(key),
        publicKeyBase64url: base64urlStrict.encode(key),
        jwk,
        thumbprint: thumb,
        encPub,
        encPubPq,
      });
    });

    it('no input, or a key that is not 32 bytes: a usage error', async () => {
      // why: did.ts:52:9 (the message emptied), :21:10 (bytes.ok && length === 32: true, ||),
      // :21:22 (length === 32 → true), :60:11 (key === null → false), :62:11 (the message
      // emptied): AAAA is good base64url for 3 bytes.
      expect(await seam(dir, ['did'])).toMatchObject(
        usage('seam did takes one did:key or public key, or --seed-file FILE; see seam did --help'),
      );
      for (const given of ['AAAA', 'zz', hex.encode(key).slice(2)])
        expect(await seam(dir, ['did', given])).toMatchObject(
          usage(
            'a public key is 64 hex or 43 base64url characters (32 bytes); a DID starts did:key:; see seam did --help',
          ),
        );
    });
  });
});
