// Runs inside headless Chromium (tools/browser-webcrypto.ts): every input the repository
// has for the Ed25519 door, judged by the noble door, by the same door over WebCrypto's
// equation, and by WebCrypto alone (no byte checks); then verifies per second of each door.
import { type Ed25519Verdict, ed25519Door, ed25519DoorAsync } from '../../packages/did/src/ed25519.ts';
import { equationHolds } from '../../packages/did/src/equation.ts';
import { webCryptoEquation } from '../../packages/did/src/equation.webcrypto.ts';
import { keyPairFromSeed, signEd25519 } from '../../packages/did/src/index.ts';
import { type CorpusSources, ed25519Corpus } from '../../packages/did/test/ed25519-corpus.ts';
import { signEnvelope, verifyEnvelope, verifyEnvelopeAsync } from '../../packages/envelope/src/index.ts';

export interface FamilyRow {
  family: string;
  cases: number;
  accepted: number;
  /** Cases where the WebCrypto door's verdict (code and detail included) differs from noble's. */
  doorDiffers: string[];
  /** Cases where bare WebCrypto (no byte checks) says otherwise than the door. */
  bareDiffers: string[];
}

const nobleDoor = ed25519Door(equationHolds);
const ED25519 = { name: 'Ed25519' };
const same = (a: Ed25519Verdict, b: Ed25519Verdict) => JSON.stringify(a) === JSON.stringify(b);

/** WebCrypto with nothing in front: import the key and verify (a throw counts as a refusal). */
async function bare(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): Promise<boolean> {
  try {
    const key = await crypto.subtle.importKey('raw', publicKey as never, ED25519, false, ['verify']);
    return await crypto.subtle.verify(ED25519, key, signature as never, message as never);
  } catch {
    return false;
  }
}

export async function verdictTable(sources: CorpusSources): Promise<FamilyRow[]> {
  const holds = await webCryptoEquation();
  if (holds === null) throw new Error('this Chromium has no WebCrypto Ed25519');
  const webDoor = ed25519DoorAsync(holds);
  const rows = new Map<string, FamilyRow>();
  for (const c of ed25519Corpus(sources)) {
    const row = rows.get(c.family) ?? {
      family: c.family,
      cases: 0,
      accepted: 0,
      doorDiffers: [],
      bareDiffers: [],
    };
    rows.set(c.family, row);
    const input = [c.publicKey, c.message, c.signature] as const;
    const noble = nobleDoor(...input);
    row.cases++;
    if (noble.ok) row.accepted++;
    if (!same(noble, await webDoor(...input))) row.doorDiffers.push(c.name);
    const alone = await bare(...input);
    if (alone !== noble.ok)
      row.bareDiffers.push(`${c.name} (bare WebCrypto ${alone ? 'accepts' : 'refuses'})`);
  }
  return [...rows.values()];
}

export interface Rate {
  name: string;
  perSecond: number;
}

/** Verifications per second over at least `ms`, one at a time (each awaited). */
async function rate(run: (i: number) => unknown, ms: number): Promise<number> {
  for (let i = 0; i < 50; i++) await run(i);
  let n = 0;
  const start = performance.now();
  while (performance.now() - start < ms) await run(n++);
  return (n * 1000) / (performance.now() - start);
}

export async function benchmark(ms: number): Promise<Rate[]> {
  const holds = await webCryptoEquation();
  if (holds === null) throw new Error('this Chromium has no WebCrypto Ed25519');
  const webDoor = ed25519DoorAsync(holds);
  // An envelope-sized message; 512 signers, more than the 256 keys the key cache keeps.
  const message = new TextEncoder().encode('x'.repeat(200));
  const signers = Array.from({ length: 512 }, (_, i) => {
    const seed = new Uint8Array(32).fill(i % 256);
    seed[0] = i >> 8;
    return { publicKey: keyPairFromSeed(seed).publicKey, signature: signEd25519(seed, message) };
  });
  const one = signers[0]!;
  const check = (v: { ok: boolean }) => {
    if (!v.ok) throw new Error('benchmark signature refused');
  };
  const me = 'did:key:z6MkpFkurpyZgyna5SAfLpvdzp7W6cvdc1fn9YECrwv3AMbF';
  // A rate of the signature path: time and replay off by name.
  const OFF = { now: 'off', replay: 'off' } as const;
  const envelope = signEnvelope(
    { to: me, messageId: 'm1', contextId: null, timestamp: 1784273681, text: 'x'.repeat(120) },
    new Uint8Array(32).fill(9),
  );
  return [
    {
      name: 'noble door, one signer',
      perSecond: await rate(() => check(nobleDoor(one.publicKey, message, one.signature)), ms),
    },
    {
      name: 'WebCrypto door, one signer',
      perSecond: await rate(async () => check(await webDoor(one.publicKey, message, one.signature)), ms),
    },
    {
      name: 'noble door, 512 signers in turn',
      perSecond: await rate((i) => {
        const s = signers[i % 512]!;
        check(nobleDoor(s.publicKey, message, s.signature));
      }, ms),
    },
    {
      name: 'WebCrypto door, 512 signers in turn (key cache misses)',
      perSecond: await rate(async (i) => {
        const s = signers[i % 512]!;
        check(await webDoor(s.publicKey, message, s.signature));
      }, ms),
    },
    {
      name: 'verifyEnvelope (noble door)',
      perSecond: await rate(() => check(verifyEnvelope(envelope, { recipientDid: me, ...OFF })), ms),
    },
    {
      name: 'verifyEnvelopeAsync (WebCrypto door)',
      perSecond: await rate(
        async () => check(await verifyEnvelopeAsync(envelope, { recipientDid: me, ...OFF })),
        ms,
      ),
    },
    {
      name: 'WebCrypto door, 64 verifies in flight, one signer',
      perSecond:
        (await rate(async () => {
          const all = await Promise.all(
            Array.from({ length: 64 }, () => webDoor(one.publicKey, message, one.signature)),
          );
          all.forEach(check);
        }, ms)) * 64,
    },
  ];
}
