import { base64Strict } from '@agent-seam/canonical';
import { witnessVerifierKey } from '@agent-seam/chain';
import { keyPairFromSeed } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { BOB_SEED, seam, seedOf, signedCheckpoint, workdir } from './run.js';

// seam export verify takes a witness as --witness-key NAME=BASE64 (the public key); seam note
// verify takes vkeys. seam note key --public-key turns the one into the other.
const T = 1784280600;
const witnessPublic = keyPairFromSeed(seedOf(BOB_SEED)).publicKey;
const b64 = base64Strict.encode(witnessPublic);

describe('seam note key --public-key', () => {
  const dir = workdir({ 'witness.seed': BOB_SEED });

  it("makes the vkey of a public key, the one export verify's --witness-key names, and that of the seed", async () => {
    const fromKey = await seam(dir, [
      'note',
      'key',
      '--public-key',
      b64,
      '--name',
      'w1.example',
      '--witness',
    ]);
    expect(fromKey.code).toBe(0);
    expect(fromKey.stdout.trim()).toBe(witnessVerifierKey('w1.example', witnessPublic));
    const fromSeed = await seam(dir, [
      'note',
      'key',
      '--seed-file',
      'witness.seed',
      '--name',
      'w1.example',
      '--witness',
    ]);
    expect(fromKey.stdout).toBe(fromSeed.stdout);
  });

  it('the vkey it makes verifies a cosignature in seam note verify', async () => {
    const { cosigned, logKey } = await signedCheckpoint(T);
    const witness = (
      await seam(dir, ['note', 'key', '--public-key', b64, '--name', 'w1.example', '--witness'])
    ).stdout.trim();
    const quorum = ['--key', logKey, '--witness', witness, '--quorum', '1', '--now', String(T + 60)];
    const r = await seam(workdir({ 'cosigned.txt': cosigned }), [
      'note',
      'verify',
      'cosigned.txt',
      ...quorum,
    ]);
    expect(r.code, r.stdout + r.stderr).toBe(0);
  });

  it('refuses a key that is not 32 bytes of base64 or not usable, and both sources at once', async () => {
    for (const bad of ['AAAA', `${b64.slice(0, -1)}`, base64Strict.encode(new Uint8Array(32))])
      expect(await seam(dir, ['note', 'key', '--public-key', bad, '--name', 'w'])).toMatchObject({
        code: 2,
        stderr:
          'seam: --public-key wants a usable Ed25519 public key: 32 bytes in standard base64; see seam note key --help\n',
      });
    expect(
      (await seam(dir, ['note', 'key', '--public-key', b64, '--seed-file', 'witness.seed', '--name', 'w']))
        .stderr,
    ).toBe('seam: give --seed-file or --public-key, not both; see seam note key --help\n');
  });
});
