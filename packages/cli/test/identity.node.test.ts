import {
  domainLinkageSigningInput,
  signCardEnvelope,
  signDomainLinkage,
  verifyCardEnvelope,
} from '@agent-seam/cardpub';
import {
  bindingV2SignedBytes,
  didFromSeed,
  keyStateSignedBytes,
  signDeviceBindingV2,
  signKeyState,
} from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { ALICE_SEED, BOB_SEED, seam, seedOf, usage, workdir } from './run.js';

const aliceSeed = seedOf(ALICE_SEED);
const bobSeed = seedOf(BOB_SEED);
const alice = didFromSeed(aliceSeed);
const bob = didFromSeed(bobSeed);
const T = 1784280600; // 2026-07-17T09:30:00Z

const card = signCardEnvelope({ did: alice, name: 'billing agent' }, aliceSeed, T);
const linkage = signDomainLinkage(aliceSeed, {
  origin: 'https://agent.example',
  nbf: T - 60,
  exp: T + 86400,
});
const binding = signDeviceBindingV2({ ts: T, validUntil: T + 3600 }, aliceSeed, bobSeed);
const keystate = signKeyState(
  { rootDid: alice, epoch: 1, opDid: bob, notBefore: null, notAfter: null, ts: T },
  aliceSeed,
);

// Each artifact edited after signing, and --expected given the bytes really signed: the
// comparison must find the edit and say the signature holds over the expected bytes.
const [header, , linkageSig] = linkage.split('.');
const laterPayload = signDomainLinkage(aliceSeed, {
  origin: 'https://agent.example',
  nbf: T - 60,
  exp: T + 86400 * 30,
}).split('.')[1];
const editedBinding = { ...binding, validUntil: T + 7200 };
const signedBytes = (bytes: Uint8Array | null) => {
  if (bytes === null) throw new Error('no signed bytes');
  return bytes;
};

/** `seam binding verify FILE` for DEVICE, judged at NOW. */
const bindingVerify = (file: string, device: string, now = T) => [
  'binding',
  'verify',
  file,
  '--device',
  device,
  '--now',
  String(now),
];
/** `seam keystate resolve FILE` under alice's root, judged at T. */
const keystateResolve = (file: string) => ['keystate', 'resolve', file, '--root', alice, '--now', String(T)];

const dir = workdir({
  'linkage-edited.jwt': `${header}.${laterPayload}.${linkageSig}\n`,
  'linkage.signed': signedBytes(domainLinkageSigningInput(linkage)),
  'binding-edited.json': JSON.stringify(editedBinding),
  'binding.signed': signedBytes(bindingV2SignedBytes(binding)),
  'keystate.signed': signedBytes(keyStateSignedBytes(keystate)),
  'other.signed': 'not what anyone signed',
  'alice.seed': ALICE_SEED,
  'card.json': JSON.stringify(card),
  'card-edited.json': JSON.stringify({ ...card, card: { ...card.card, name: 'billing agent!' } }),
  'linkage.jwt': `${linkage}\n`,
  'binding.json': JSON.stringify(binding),
  'keystate.json': JSON.stringify(keystate),
  'keystate-other.json': JSON.stringify({ ...keystate, epoch: 2 }),
});

describe('seam card', () => {
  it('sign: the card is signed at --now with the seed’s DID filled in; the library verifies it', async () => {
    const r = await seam(
      dir,
      ['card', 'sign', '-', '--seed-file', 'alice.seed', '--now', String(T)],
      '{"name":"billing agent"}',
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(card);
    expect(verifyCardEnvelope(JSON.parse(r.stdout), { expectedDid: alice, now: T }).ok).toBe(true);
  });

  it('sign refuses a card naming another DID (exit 1), needs a seed file (exit 2)', async () => {
    const r = await seam(
      dir,
      ['card', 'sign', '-', '--seed-file', 'alice.seed'],
      JSON.stringify({ did: bob }),
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('cannot sign [did-mismatch]');
    expect((await seam(dir, ['card', 'sign', '-'], '{}')).code).toBe(2);
  });

  it('verify: sound at --now, every check passing', async () => {
    const r = await seam(dir, ['card', 'verify', 'card.json', '--did', alice, '--now', String(T + 60)]);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n').slice(0, 2)).toEqual([
      `verified: card of ${alice}, signed at ${T}`,
      `judged at ${new Date((T + 60) * 1000).toISOString().replace('.000Z', 'Z')}`,
    ]);
  });

  it('verify: --now off is said, never a plain verified; no --now is the machine clock, said', async () => {
    const off = await seam(dir, ['card', 'verify', 'card.json', '--did', alice, '--now', 'off']);
    expect(off.code).toBe(0);
    expect(off.stdout.split('\n').slice(0, 2)).toEqual([
      `signature valid, NOT everything checked: card of ${alice}, signed at ${T}`,
      'time NOT checked: --now off waives it',
    ]);
    const clock = await seam(dir, ['card', 'verify', 'card.json', '--did', alice]);
    expect(clock.stdout).toMatch(/\(the machine clock; --now TIME or --now off to choose\)/);
  });

  it('verify: an edited card is refused at the equation, the signed bytes shown', async () => {
    const r = await seam(dir, [
      'card',
      'verify',
      'card-edited.json',
      '--did',
      alice,
      '--now',
      'off',
      '--json',
    ]);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ ok: false, code: 'bad-signature' });
    expect(Buffer.from(out.explain.signed.base64, 'base64').toString()).toContain('"name":"billing agent!"');
  });

  it('verify: another DID than expected is refused at the did check; no --did is a usage error; no file exits 4', async () => {
    const r = await seam(dir, ['card', 'verify', 'card.json', '--did', bob, '--now', 'off']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('refused [did-mismatch]');
    expect((await seam(dir, ['card', 'verify', 'card.json'])).code).toBe(2);
    expect((await seam(dir, ['card', 'verify', 'none.json', '--did', alice])).code).toBe(4);
  });
});

describe('seam linkage verify', () => {
  const base = ['linkage', 'verify', 'linkage.jwt', '--did', alice, '--origin', 'https://agent.example'];
  it('verifies a credential for the DID and origin at --now', async () => {
    const r = await seam(dir, [...base, '--now', String(T)]);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe(`verified: ${alice} is linked to https://agent.example`);
  });
  it('refuses after exp, at the validity check', async () => {
    const r = await seam(dir, [...base, '--now', String(T + 86400 * 2)]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('refused [expired]');
    expect(r.stdout).toContain('signed bytes');
  });
  it('--expected: an edited payload is found, and the signature holds over the bytes really signed', async () => {
    const edited = [...base.slice(0, 2), 'linkage-edited.jwt', ...base.slice(3), '--now', String(T)];
    const r = await seam(dir, [...edited, '--expected', 'linkage.signed', '--json']);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out.code).toBe('bad-signature');
    expect(out.explain.expected).toMatchObject({ same: false, signatureHoldsOverExpected: true });
    expect(out.explain.expected.offset).toBeGreaterThan(header!.length);
    const other = await seam(dir, [...edited, '--expected', 'other.signed']);
    expect(other.stdout).toContain('the signature does not hold over the expected bytes either');
  });
  it('needs --now (exit 2); a missing file exits 4', async () => {
    expect((await seam(dir, base)).code).toBe(2);
    expect(
      (
        await seam(dir, [
          'linkage',
          'verify',
          'none.jwt',
          '--did',
          alice,
          '--origin',
          'https://a.example',
          '--now',
          '0',
        ])
      ).code,
    ).toBe(4);
  });
});

describe('seam binding verify', () => {
  it('verifies the binding for the device named, refuses it for another, after validUntil', async () => {
    const ok = await seam(dir, bindingVerify('binding.json', bob));
    expect(ok.code).toBe(0);
    expect(ok.stdout.split('\n')[0]).toBe(`verified: ${bob} is bound to ${alice}`);
    const other = await seam(dir, bindingVerify('binding.json', alice));
    expect(other.code).toBe(1);
    expect(other.stdout).toContain('refused [wrong-device]');
    const late = await seam(dir, bindingVerify('binding.json', bob, T + 7200));
    expect(late.stdout).toContain('refused [expired]');
  });
  it('--expected: an edited validUntil is found, and both signatures hold over the bytes really signed', async () => {
    const edited = bindingVerify('binding-edited.json', bob);
    const r = await seam(dir, [...edited, '--expected', 'binding.signed']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('refused [bad-signature]');
    expect(r.stdout).toContain('--expected: first difference at byte');
    expect(r.stdout).toContain('the signature holds over the expected bytes');
    const other = await seam(dir, [...edited, '--expected', 'other.signed', '--json']);
    expect(JSON.parse(other.stdout).explain.expected.signatureHoldsOverExpected).toBe(false);
  });
  it('needs --device (exit 2); a missing file exits 4', async () => {
    expect((await seam(dir, ['binding', 'verify', 'binding.json', '--now', '0'])).code).toBe(2);
    expect((await seam(dir, bindingVerify('none.json', bob, 0))).code).toBe(4);
  });
});

describe('seam keystate resolve', () => {
  it('a verified record hands the root to its opDid', async () => {
    const r = await seam(dir, [...keystateResolve('keystate.json'), '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ ok: true, opDid: bob });
  });
  it('an altered record is refused and the root speaks for itself', async () => {
    const r = await seam(dir, keystateResolve('keystate-other.json'));
    expect(r.code).toBe(1);
    expect(r.stdout.split('\n')[0]).toBe(`speaks for ${alice} at ${T}: ${alice}`);
    expect(r.stdout).toContain('refused [bad-signature]');
  });
  it('--expected: the edited epoch is found, and the root’s signature holds over the bytes really signed', async () => {
    const edited = keystateResolve('keystate-other.json');
    const r = await seam(dir, [...edited, '--expected', 'keystate.signed', '--json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).explain.expected).toMatchObject({
      same: false,
      signatureHoldsOverExpected: true,
    });
    const same = await seam(dir, [...keystateResolve('keystate.json'), '--expected', 'keystate.signed']);
    expect(same.code).toBe(0);
    expect((await seam(dir, [...edited, '--expected', 'none.signed'])).code).toBe(4);
  });
  it('needs --root (exit 2); a missing file exits 4', async () => {
    expect((await seam(dir, ['keystate', 'resolve', 'keystate.json', '--now', '0'])).code).toBe(2);
    expect((await seam(dir, ['keystate', 'resolve', 'none.json', '--root', alice, '--now', '0'])).code).toBe(
      4,
    );
  });
});

// A case that exists for a mutant says in its comment which one it holds (file.ts:line:column of
// the mutation report of the command layer); the equivalent ones are listed in spec/cli.md.

describe('seam keystate: every option and refusal, compared whole (resolve --pinned)', () => {
  describe('keystate resolve --pinned', () => {
    it('a pinned record that does not verify keeps the root speaking for itself', async () => {
      // why: identity.ts:92:47 ({} for { pinned }: the pin ignored, the inline opDid wins).
      const dir = workdir({
        'keystate.json': JSON.stringify(keystate),
        'pinned.json': JSON.stringify({ ...keystate, epoch: 2 }),
      });
      const args = keystateResolve('keystate.json');
      expect(JSON.parse((await seam(dir, [...args, '--json'])).stdout).opDid).toBe(bob);
      const r = await seam(dir, [...args, '--pinned', 'pinned.json', '--json']);
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout)).toMatchObject({ command: 'keystate resolve', opDid: alice, ok: true });
    });
  });
});

// A case that exists for a mutant says in its comment which one it holds (file.ts:line:column of
// the mutation report of the command layer); the equivalent ones are listed in spec/cli.md.

describe('seam identity: every option and refusal, compared whole (binding verify, keystate resolve)', () => {
  describe('identity: binding verify and keystate resolve', () => {
    const later = signDeviceBindingV2({ ts: T, validUntil: T + 7200 }, aliceSeed, bobSeed);
    const dir = workdir({
      'binding.json': JSON.stringify(binding),
      // The later binding's fields with the root's signature over the first: the root's sig
      // holds over the first binding's bytes, the device's (from the later one) does not.
      'mixed.json': JSON.stringify({ ...later, sig: binding.sig }),
      'binding.signed': bindingV2SignedBytes(binding) as Uint8Array,
      'keystate.json': JSON.stringify(keystate),
    });

    it('binding verify without --device or --now: usage errors that say what to give', async () => {
      // why: identity.ts:37:7 ('--device' emptied), :38:7 (its what emptied), :40:52 ('--now'
      // emptied), :40:61 (its what emptied).
      expect(await seam(dir, ['binding', 'verify', 'binding.json', '--now', String(T)])).toMatchObject(
        usage('give --device DID: the device you are asking about; see seam binding verify --help'),
      );
      expect(await seam(dir, ['binding', 'verify', 'binding.json', '--device', bob])).toMatchObject(
        usage('give --now TIME: validUntil is judged at a time; see seam binding verify --help'),
      );
    });

    it('binding verify --expected: both signatures must hold over the expected bytes', async () => {
      // why: identity.ts:53:29 (&& → ||: the root's signature alone would be enough),
      // :47:16 ('binding verify' emptied).
      const r = await seam(dir, [
        ...bindingVerify('mixed.json', bob),
        '--expected',
        'binding.signed',
        '--json',
      ]);
      expect(r.code).toBe(1);
      const out = JSON.parse(r.stdout);
      expect(out).toMatchObject({ command: 'binding verify', ok: false });
      expect(out.explain.expected).toMatchObject({ same: false, signatureHoldsOverExpected: false });
    });

    it('keystate resolve without --root or --now: usage errors; a verified record as text and --json', async () => {
      // why: identity.ts:88:48 ('--root' emptied), :88:58 (its what emptied), :89:52 ('--now'
      // emptied), :89:61 (its what emptied), :106:15 (the ok line → undefined), :106:40 (the ok
      // line emptied), :97:16 ('keystate resolve' emptied).
      expect(await seam(dir, ['keystate', 'resolve', 'keystate.json', '--now', String(T)])).toMatchObject(
        usage('give --root DID: the root DID you are resolving; see seam keystate resolve --help'),
      );
      expect(await seam(dir, ['keystate', 'resolve', 'keystate.json', '--root', alice])).toMatchObject(
        usage('give --now TIME: a KeyState has a window; see seam keystate resolve --help'),
      );
      const args = keystateResolve('keystate.json');
      const text = await seam(dir, args);
      expect(text.code).toBe(0);
      expect(text.stdout.split('\n').slice(0, 2)).toEqual([
        `speaks for ${alice} at ${T}: ${bob}`,
        `the record verified: epoch 1, opDid ${bob}`,
      ]);
      const json = await seam(dir, [...args, '--json']);
      expect(JSON.parse(json.stdout)).toMatchObject({ command: 'keystate resolve', ok: true, opDid: bob });
    });
  });
});
