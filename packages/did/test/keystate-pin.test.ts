import { loadInterop, openLedger } from '@agent-seam/conformance';
import {
  didFromSeed,
  resolveOpDid,
  signEd25519,
  signKeyState,
  verificationKeyFromDid,
  verifyEd25519,
} from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { NOW } from './fixture.js';
import { bytes, utf8 } from './helpers.js';

const ledger = openLedger();

interface PinVectors {
  doorSeed: string;
  rootSeed: string;
  states: Record<string, { epoch: number; opSeed: string; revokedOps: string[] }>;
  sequence: { name: string; state: string; signer: string; expect?: 'reply'; expectError?: number }[];
}

/**
 * A minimal door with a pin store keyed by root DID: it resolves the op DID with the
 * pin it remembers, answers only a message signed by that op key, and re-pins the
 * inline record whenever the resolution followed it.
 */
function makeDoor(doorDid: string) {
  const pins = new Map<string, unknown>();
  return (
    rootDid: string,
    inline: { opDid: string } & Record<string, unknown>,
    from: string,
    sig: Uint8Array,
  ) => {
    const speaker = resolveOpDid(rootDid, inline, NOW, { pinned: pins.get(rootDid) ?? null });
    const key = verificationKeyFromDid(speaker);
    const message = utf8(`to ${doorDid}`);
    if (speaker !== from || !key.ok || !verifyEd25519(key.value, message, sig).ok) return { error: -32001 };
    if (speaker === inline.opDid) pins.set(rootDid, inline);
    return { reply: true };
  };
}

describe('keystate.pin (the door remembers the last accepted state per root)', () => {
  const doc = loadInterop<PinVectors>('agent-seam-latest/keystate-pin-vectors.json');
  if (doc === null) {
    it('interop data absent', () => ledger.interopMissing('keystate.pin'));
    return;
  }
  it('holds the three-step sequence', () => expect(doc.sequence.length).toBe(3));
  it('runs the sequence in order against one door', () => {
    const doorDid = didFromSeed(bytes(doc.doorSeed));
    const rootSeed = bytes(doc.rootSeed);
    const rootDid = didFromSeed(rootSeed);
    const door = makeDoor(doorDid);
    for (const step of doc.sequence) {
      const state = doc.states[step.state]!;
      const signerSeed = bytes(doc.states[step.signer]!.opSeed);
      const inline = signKeyState(
        {
          rootDid,
          epoch: state.epoch,
          opDid: didFromSeed(bytes(state.opSeed)),
          revokedOps: state.revokedOps,
          notBefore: 0,
          notAfter: null,
          ts: NOW,
        },
        rootSeed,
      ) as { opDid: string };
      const outcome = door(
        rootDid,
        inline,
        didFromSeed(signerSeed),
        signEd25519(signerSeed, utf8(`to ${doorDid}`)),
      );
      const kind = step.expect === 'reply' ? 'accept' : 'refuse';
      ledger[kind](
        'keystate.pin',
        step.name,
        () =>
          expect(outcome).toEqual(step.expect === 'reply' ? { reply: true } : { error: step.expectError }),
        { interop: true },
      );
    }
  });
});
