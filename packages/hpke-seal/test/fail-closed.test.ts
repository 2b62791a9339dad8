import {
  fail,
  hex,
  MemoryReplayCache,
  ok,
  type ReplayAnswer,
  type ReplayCache,
  unwrap,
} from '@agent-seam/canonical';
import { loadVectors } from '@agent-seam/conformance';
import { keyPairFromSeed } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { holdFailClosed } from '../../../tools/required-options.ts';
import { rejectedSeamError, thrownSeamError } from '../../../tools/thrown.ts';
import * as hpkeSeal from '../src/index.js';
import {
  deriveKeyPair,
  keyRingOf,
  openEnvelope,
  openEnvelopeAsync,
  openEnvelopeV1,
  openEnvelopeV1Async,
} from '../src/index.js';
import { capability, envelope, mailbox, message, options, seed } from './envelope-fixture.js';

const withCapability = envelope({ access: capability(seed('holder')) });
const file = loadVectors<any>('hpke_seal.json');
const v1 = file['seal.v1'];
const b = (text: string) => unwrap(hex.decode(text));
const v1Envelope = b(v1.accept[0].envelope);
const v1Options = {
  ownAid: v1.keys.ownAid,
  keyRing: keyRingOf([deriveKeyPair(b(v1.keys.epochIkm)).privateKey]),
  resolveSenderKey: () => ok(keyPairFromSeed(b(v1.keys.senderSeed)).publicKey),
  now: new Date(v1.keys.nowMs),
};
const { mailbox: _m, replay: _r, ...v2Given } = options;
const v2Required = () => ({
  mailbox: { publicKey: mailbox.publicKey, epoch: 1 },
  replay: new MemoryReplayCache(),
});

holdFailClosed(hpkeSeal, {
  openEnvelope: {
    call: (o) => openEnvelope(withCapability, o as never),
    given: () => v2Given,
    required: v2Required,
    optOut: { replay: ['replay'] },
  },
  openEnvelopeAsync: {
    call: (o) => openEnvelopeAsync(withCapability, o as never),
    given: () => v2Given,
    required: v2Required,
    optOut: { replay: ['replay'] },
  },
  openEnvelopeV1: {
    call: (o) => openEnvelopeV1(v1Envelope, o as never),
    given: () => v1Options,
    required: () => ({ replay: new MemoryReplayCache() }),
    optOut: { replay: ['replay'] },
  },
  openEnvelopeV1Async: {
    call: (o) => openEnvelopeV1Async(v1Envelope, o as never),
    given: () => v1Options,
    required: () => ({ replay: new MemoryReplayCache() }),
    optOut: { replay: ['replay'] },
  },
  open: 'single-shot HPKE opens one ciphertext for one context: no time, and a base_nonce sequence, not a store, keeps a stream once-only',
});

describe("mailbox: 'off' accepts first-contact sessions only", () => {
  it('a session envelope opens; a capability is capability-not-accepted (the option, not the wire, chose)', () => {
    expect(openEnvelope(envelope(), { ...options, mailbox: 'off' }).ok).toBe(true);
    expect(openEnvelope(withCapability, { ...options, mailbox: 'off' })).toMatchObject({
      ok: false,
      code: 'capability-not-accepted',
    });
  });
  it('a malformed mailbox is the caller’s error, named', () => {
    for (const bad of [
      {},
      { publicKey: new Uint8Array(31), epoch: 1 },
      { publicKey: mailbox.publicKey, epoch: 0 },
      'on',
    ])
      expect(
        thrownSeamError(() => openEnvelope(withCapability, { ...options, mailbox: bad as never })).message,
      ).toContain(
        "bad-argument: openEnvelope mailbox must be { publicKey: 32-byte Ed25519 key, epoch: integer >= 1 } or 'off'",
      );
  });
});

describe('the replay store: (from, mid), asked last, the same interface as envelope', () => {
  it('a second delivery is replayed; another mid or another sender is first-seen', () => {
    const replay = new MemoryReplayCache();
    const at = (bytes: Uint8Array) => openEnvelope(bytes, { ...options, replay });
    expect(at(envelope())).toMatchObject({ ok: true, value: { replay: 'first-seen' } });
    expect(at(envelope())).toMatchObject({ ok: false, code: 'replayed' });
    expect(
      at(envelope({ inner: (e) => e.map(([k, v]) => (k === 6 ? [k, hpkeMid(7)] : [k, v])) })),
    ).toMatchObject({
      ok: true,
      value: { replay: 'first-seen' },
    });
  });
  it('a forged copy is never remembered, so the genuine envelope after it is first-seen', () => {
    const replay = new MemoryReplayCache();
    expect(openEnvelope(envelope({ signer: seed('impostor') }), { ...options, replay })).toMatchObject({
      code: 'bad-sig',
    });
    expect(openEnvelope(envelope(), { ...options, replay })).toMatchObject({
      ok: true,
      value: { replay: 'first-seen' },
    });
  });
  it('the store is asked with the sender, the mid as hex, the expiry in seconds and now in seconds', () => {
    const asked: unknown[][] = [];
    const store: ReplayCache = {
      windowSeconds: 0,
      checkAndRemember: (...args) => {
        asked.push(args);
        return 'new';
      },
    };
    openEnvelope(envelope(), { ...options, replay: store });
    const now = (options.now as Date).getTime();
    expect(asked).toEqual([
      [message.from, hex.encode(message.mid), Math.ceil(message.expMs / 1000), Math.floor(now / 1000)],
    ]);
  });
  it('a store answering with a promise: the async openers wait; the sync ones refuse it, naming the async one', async () => {
    const memory = new MemoryReplayCache();
    const shared: ReplayCache = {
      windowSeconds: 600,
      checkAndRemember: async (...args: [string, string, number, number]): Promise<ReplayAnswer> =>
        memory.checkAndRemember(...args),
    };
    const both = await Promise.all([
      openEnvelopeAsync(envelope(), { ...options, replay: shared }),
      openEnvelopeAsync(envelope(), { ...options, replay: shared }),
    ]);
    expect(both.map((v) => (v.ok ? v.value.replay : v.code)).sort()).toEqual(['first-seen', 'replayed']);
    expect(thrownSeamError(() => openEnvelope(envelope(), { ...options, replay: shared })).message).toContain(
      'bad-options: this replay cache answers asynchronously: use openEnvelopeAsync',
    );
    expect(
      thrownSeamError(() => openEnvelopeV1(v1Envelope, { ...v1Options, replay: shared })).message,
    ).toContain('bad-options: this replay cache answers asynchronously: use openEnvelopeV1Async');
  });
  it('a resolver answering with a promise (a shared pin store): the async openers wait; the sync ones refuse it, naming the async one', async () => {
    const later = (answer: ReturnType<typeof options.resolveSenderKey>) => async () => answer;
    const key = options.resolveSenderKey({ from: message.from, ksn: message.ksn, tsMs: 0, nowMs: 0 });
    const opened = await openEnvelopeAsync(envelope(), {
      ...options,
      replay: 'off',
      resolveSenderKey: later(key),
    });
    expect(opened).toMatchObject({ ok: true, value: { replay: 'off-by-caller' } });
    // Its refusal passes through unchanged, as a synchronous resolver's does.
    expect(
      await openEnvelopeAsync(envelope(), {
        ...options,
        replay: 'off',
        resolveSenderKey: later(fail('revoked-key', 'retired before ts')),
      }),
    ).toEqual({ ok: false, code: 'revoked-key', detail: 'retired before ts' });
    const v1Key = v1Options.resolveSenderKey();
    expect(
      await openEnvelopeV1Async(v1Envelope, { ...v1Options, replay: 'off', resolveSenderKey: later(v1Key) }),
    ).toMatchObject({ ok: true });
    expect(
      thrownSeamError(() =>
        openEnvelope(envelope(), { ...options, replay: 'off', resolveSenderKey: later(key) as never }),
      ).message,
    ).toContain('bad-options: this resolveSenderKey answers asynchronously: use openEnvelopeAsync');
    expect(
      thrownSeamError(() =>
        openEnvelopeV1(v1Envelope, { ...v1Options, replay: 'off', resolveSenderKey: later(v1Key) as never }),
      ).message,
    ).toContain('bad-options: this resolveSenderKey answers asynchronously: use openEnvelopeV1Async');
    // An answer that is no verdict is still the caller's bug, after the wait as before it.
    expect(
      (
        await rejectedSeamError(
          openEnvelopeAsync(envelope(), {
            ...options,
            replay: 'off',
            resolveSenderKey: async () => 'key' as never,
          }),
        )
      ).message,
    ).toContain('resolveSenderKey must return ok(publicKey) or fail(code) with a SenderKeyCode');
  });
  it('the async openers give the sync verdicts over every refusal of the fixture', async () => {
    for (const bytes of [
      envelope(),
      withCapability,
      envelope({ signer: seed('impostor') }),
      new Uint8Array(3),
    ])
      expect(await openEnvelopeAsync(bytes, { ...options, replay: 'off' })).toEqual(
        openEnvelope(bytes, { ...options, replay: 'off' }),
      );
  });
});

describe('a usage error names the opener it came from', () => {
  it('the async openers name themselves when the replay store is left out', async () => {
    // why (issue 32 mutation run): open-v2.ts 'openEnvelopeAsync' and open-v1.ts
    // 'openEnvelopeV1Async' → '' (the sweep only asks that the option be named).
    const { replay: _, ...withoutReplay } = options;
    expect((await rejectedSeamError(openEnvelopeAsync(envelope(), withoutReplay as never))).message).toMatch(
      /^missing-option: openEnvelopeAsync needs replay/,
    );
    expect((await rejectedSeamError(openEnvelopeV1Async(v1Envelope, v1Options as never))).message).toMatch(
      /^missing-option: openEnvelopeV1Async needs replay/,
    );
  });
});

/** The encoded 16-byte mid filled with `n`. */
function hpkeMid(n: number): Uint8Array {
  const mid = new Uint8Array(17);
  mid[0] = 0x50;
  mid.fill(n, 1);
  return mid;
}
