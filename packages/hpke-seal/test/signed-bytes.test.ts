import { hex, ok, SeamError, unwrap } from '@agent-seam/canonical';
import { loadVectors } from '@agent-seam/conformance';
import { keyPairFromSeed, verifyEd25519 } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { deriveKeyPair, keyRingOf, openEnvelope, openEnvelopeV1 } from '../src/index.js';
import { plain, sealPlain } from './envelope-fixture.js';

// onSignedBytes shows what the inner signature covers, above all when it fails (bad-sig):
// the bytes it is given must be exactly what the sender signed, and it must judge nothing.
const { sender } = plain;
const stranger = keyPairFromSeed(new Uint8Array(32).fill(5));
const TS_MS = 1_767_225_600_000;
const sealed = sealPlain({ tsMs: TS_MS, expMs: TS_MS + 86_400_000, body: new Uint8Array(3) });
const options = (key: Uint8Array) => ({
  ownAid: 'bafyreito',
  keyRing: keyRingOf([plain.epoch.privateKey]),
  resolveSenderKey: () => ok(key),
  now: new Date(TS_MS + 1000),
  mailbox: 'off' as const,
  replay: 'off' as const,
});

/** Opens with `open`, recording what onSignedBytes was handed. */
function observed<V>(open: (observe: { onSignedBytes: (b: Uint8Array, s: Uint8Array) => void }) => V) {
  const seen: { bytes: Uint8Array; signature: Uint8Array }[] = [];
  const verdict = open({ onSignedBytes: (bytes, signature) => void seen.push({ bytes, signature }) });
  return { verdict, seen };
}

describe('onSignedBytes', () => {
  it('v2: on bad-sig it was handed the bytes the sender signed (its key verifies them), and the verdict is unchanged', () => {
    const { verdict, seen } = observed((o) =>
      openEnvelope(sealed.bytes, { ...options(stranger.publicKey), ...o }),
    );
    expect(verdict).toMatchObject({ ok: false, code: 'bad-sig' });
    expect(openEnvelope(sealed.bytes, options(stranger.publicKey))).toEqual(verdict);
    expect(seen).toHaveLength(1);
    expect(verifyEd25519(sender.publicKey, seen[0]!.bytes, seen[0]!.signature).ok).toBe(true);
    expect(verifyEd25519(stranger.publicKey, seen[0]!.bytes, seen[0]!.signature).ok).toBe(false);
  });

  it('v2: an envelope that opens hands over the same bytes', () => {
    const { verdict, seen } = observed((o) =>
      openEnvelope(sealed.bytes, { ...options(sender.publicKey), ...o }),
    );
    expect(verdict.ok).toBe(true);
    expect(verifyEd25519(sender.publicKey, seen[0]!.bytes, seen[0]!.signature).ok).toBe(true);
  });

  it('v1: the published v1 envelope, opened under a wrong sender key, hands over what its sender signed', () => {
    const g = loadVectors('hpke_seal.json')['seal.v1'];
    const b = (text: string) => unwrap(hex.decode(text));
    const sender1 = keyPairFromSeed(b(g.keys.senderSeed));
    const v1Options = (key: Uint8Array) => ({
      ownAid: g.keys.ownAid,
      keyRing: keyRingOf([deriveKeyPair(b(g.keys.epochIkm)).privateKey]),
      resolveSenderKey: () => ok(key),
      now: new Date(g.keys.nowMs),
      replay: 'off' as const,
    });
    const envelope = b(g.accept[0].envelope);
    const { verdict, seen } = observed((o) =>
      openEnvelopeV1(envelope, { ...v1Options(stranger.publicKey), ...o }),
    );
    expect(verdict).toMatchObject({ ok: false, code: 'bad-sig' });
    expect(verifyEd25519(sender1.publicKey, seen[0]!.bytes, seen[0]!.signature).ok).toBe(true);
  });

  it('is not called when the envelope is refused before its layers open', () => {
    const { verdict, seen } = observed((o) =>
      openEnvelope(sealed.bytes.subarray(1), { ...options(sender.publicKey), ...o }),
    );
    expect(verdict.ok).toBe(false);
    expect(seen).toEqual([]);
  });

  it('must be a function when given (a programmer error, thrown)', () => {
    let thrown: unknown;
    try {
      openEnvelope(sealed.bytes, { ...options(sender.publicKey), onSignedBytes: 'log' as never });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SeamError);
    expect((thrown as SeamError).message).toContain('onSignedBytes');
  });
});
