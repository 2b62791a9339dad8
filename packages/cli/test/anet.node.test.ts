import { createHash } from 'node:crypto';
import { hex, unwrap } from '@agent-seam/canonical';
import { loadVectors } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import { seam, workdir } from './run.js';

const file = loadVectors<any>('anet.json');
const bytes = (text: string) => unwrap(hex.decode(text));
const named = (list: any[], name: string) => list.find((c) => c.name === name);
const relay = file['anet.relay-auth'];
const nowSeconds = String(relay.nowMs / 1000);
const seed = (label: string) => new Uint8Array(createHash('sha256').update(`anet-vector/${label}`).digest());
const agentAid = named(relay.accept, 'post-send').expect.aid;

describe('seam anet request sign / verify', () => {
  const dir = workdir({
    'send.http':
      'POST /relay/send HTTP/1.1\nHost: hub.example.org\nContent-Type: application/json\n\n{"to_aid":"x","envelope":"AA"}',
    'agent.seed': hex.encode(seed('a1')),
    'agent.kel': bytes(relay.kels.agent),
    'other.kel': relay.kels.other,
  });
  const sign = [
    'anet',
    'request',
    'sign',
    'send.http',
    '--action',
    'send',
    '--hub',
    relay.hub,
    '--aid',
    agentAid,
    '--seq',
    '1',
    '--seed-file',
    'agent.seed',
    '--now',
    nowSeconds,
  ];

  /** seam anet request verify of stdin at the vectors' hub and clock, against KEL. */
  /** `seam anet request verify FILE` of a send to the hub, against the signer's log in KEL. */
  const verifyOf = (file: string, kel: string) => [
    ...['anet', 'request', 'verify', file, '--action', 'send', '--hub', relay.hub, '--kel', kel],
  ];
  const verifyArgs = (kel: string, ...more: string[]) => [
    ...verifyOf('-', kel),
    '--now',
    nowSeconds,
    ...more,
  ];

  it('sign writes the request with the four X-ANet headers and its body; verify accepts it', async () => {
    const signed = await seam(dir, sign);
    expect(signed.code).toBe(0);
    expect(signed.stdout).toMatch(/^POST \/relay\/send HTTP\/1\.1\nHost: hub\.example\.org\n/);
    expect(signed.stdout).toContain(
      `X-ANet-AID: ${agentAid}\nX-ANet-TS: ${relay.nowMs}\nX-ANet-Seq: 1\nX-ANet-Sig: `,
    );
    expect(signed.stdout.endsWith('\n\n{"to_aid":"x","envelope":"AA"}')).toBe(true);
    const verify = await seam(dir, verifyArgs('agent.kel'), signed.stdout);
    expect(verify.code).toBe(0);
    expect(verify.stdout).toMatch(
      /^signature valid, NOT everything checked: send by bafyrei\S+ \(key state 1, v2\)\nsingle use NOT checked: one run keeps no relay replay window\npins NOT checked: one run keeps no pin store of key event logs\n/,
    );
  });

  it('verify refuses at the check that refuses (another log), with exit 1 and --json', async () => {
    const signed = await seam(dir, sign);
    const verify = await seam(dir, verifyArgs('other.kel', '--json'), signed.stdout);
    expect(verify.code).toBe(1);
    expect(JSON.parse(verify.stdout)).toMatchObject({ ok: false, code: 'signer-mismatch' });
  });

  it('usage errors exit 2: an unknown action, no --now', async () => {
    expect((await seam(dir, [...sign.slice(0, 5), 'sleep', ...sign.slice(6)])).code).toBe(2);
    const r = await seam(dir, verifyOf('send.http', 'agent.kel'));
    expect([r.code, r.stderr]).toEqual([2, expect.stringContaining('--now')]);
  });
  it('an unreadable file exits 4', async () => {
    expect((await seam(dir, [...verifyOf('missing.http', 'agent.kel'), '--now', nowSeconds])).code).toBe(4);
  });
});

describe('seam anet pow solve / verify', () => {
  const pow = file['anet.pow'];
  const good = named(pow.accept, 'hour-off-by-name');
  const dir = workdir({});
  const powVerify = (aid: string, seed: string, nonce: string) => [
    'anet',
    'pow',
    'verify',
    '--hub',
    pow.hub,
    '--aid',
    aid,
    '--seed',
    seed,
    '--nonce',
    nonce,
  ];
  it('verify: the work of a vector, and a refusal', async () => {
    const ok = await seam(dir, powVerify(good.aid, good.seed, good.nonce));
    expect([ok.code, ok.stdout]).toEqual([
      0,
      expect.stringMatching(
        /^work valid, NOT everything checked: 2\d leading zero bits\nthe seed's hour NOT checked: that needs the hub's secret\n/,
      ),
    ]);
    const short = named(pow.refuse, 'twenty-one-bits');
    const r = await seam(dir, powVerify(short.aid, short.seed, short.nonce));
    expect([r.code, r.stdout]).toEqual([1, expect.stringMatching(/^refused \[pow-too-few-bits\]/)]);
  });
  it('solve prints a nonce that verify accepts', async () => {
    const solved = await seam(dir, [
      'anet',
      'pow',
      'solve',
      '--hub',
      pow.hub,
      '--aid',
      good.aid,
      '--seed',
      good.seed,
      '--json',
    ]);
    expect(solved.code).toBe(0);
    const { nonce } = JSON.parse(solved.stdout);
    const ok = await seam(dir, powVerify(good.aid, good.seed, nonce));
    expect(ok.code).toBe(0);
  }, 240_000);
});

describe('seam anet object verify / dir open', () => {
  const objects = file['anet.objects'];
  const dirs = file['anet.directory'];
  const dir = workdir({
    'receipt.cbor': bytes(named(objects.accept, 'receipt').wire),
    'receipt.hex': named(objects.accept, 'receipt').wire,
    'flipped.cbor': bytes(named(objects.refuse, 'signature-flipped').wire),
    'legacy.cbor': bytes(named(objects.accept, 'v015-receipt-by-a-v015-identity').wire),
    'agent.kel': bytes(objects.kels.agent),
    'legacy.kel': bytes(objects.kels.legacy),
    'hub.kel': bytes(objects.kels.hub),
    'bucket.cbor': bytes(named(dirs.accept, 'skips-what-does-not-open-and-unknown-keys').bucket),
  });
  const now = String(objects.nowMs / 1000);
  it('a version-2 receipt: its kind read from its tag; raw or hex', async () => {
    for (const path of ['receipt.cbor', 'receipt.hex']) {
      const r = await seam(dir, ['anet', 'object', 'verify', path, '--kel', 'agent.kel', '--now', now]);
      expect([r.code, r.stdout]).toEqual([
        0,
        expect.stringMatching(
          /^signature valid, NOT everything checked: a v2 receipt signed by bafyrei\S+, CID \S+\npins NOT checked: one run keeps no pin store of key event logs\n/,
        ),
      ]);
    }
  });
  it('a flipped signature is refused at the signature; a v0.15 object needs --kind', async () => {
    const r = await seam(dir, [
      'anet',
      'object',
      'verify',
      'flipped.cbor',
      '--kel',
      'agent.kel',
      '--now',
      now,
    ]);
    expect([r.code, r.stdout]).toEqual([1, expect.stringMatching(/^refused \[bad-object-sig\]/)]);
    expect(
      (await seam(dir, ['anet', 'object', 'verify', 'legacy.cbor', '--kel', 'legacy.kel', '--now', now]))
        .code,
    ).toBe(2);
    expect(
      (
        await seam(dir, [
          'anet',
          'object',
          'verify',
          'legacy.cbor',
          '--kel',
          'legacy.kel',
          '--now',
          now,
          '--kind',
          'receipt',
        ])
      ).code,
    ).toBe(0);
  });
  it('dir open finds the entry, lists what it skipped, and judges the notice with the witness log', async () => {
    const aid = named(dirs.accept, 'skips-what-does-not-open-and-unknown-keys').aid;
    const r = await seam(dir, [
      'anet',
      'dir',
      'open',
      'bucket.cbor',
      '--aid',
      aid,
      '--now',
      now,
      '--witness-kel',
      'hub.kel',
      '--json',
    ]);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).value).toMatchObject({
      aid,
      notice: 'verified',
      skipped: [{ index: 1 }, { index: 2 }],
    });
    expect(JSON.parse(r.stdout).judged).toEqual({
      pins: 'pins NOT checked: one run keeps no pin store of key event logs',
    });
    const unwitnessed = await seam(dir, ['anet', 'dir', 'open', 'bucket.cbor', '--aid', aid, '--now', now]);
    expect(unwitnessed.stdout).toMatch(
      /^found: \S+ at hub \S+, key set \d+ \(3 keys\), notice off-by-caller; 2 skipped\npins NOT checked: one run keeps no pin store of key event logs\nwitness notices NOT checked: give --witness-kel FILE to judge them\n/,
    );
    const other = await seam(dir, [
      'anet',
      'dir',
      'open',
      'bucket.cbor',
      '--aid',
      named(objects.accept, 'v015-receipt-by-a-v015-identity').expect.signer,
      '--now',
      now,
    ]);
    expect([other.code, other.stdout]).toEqual([1, expect.stringMatching(/^refused \[not-in-bucket\]/)]);
  });
});
