import { ok } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import {
  createDack,
  deriveKeyPair,
  keyRingOf,
  open,
  openEnvelope,
  readDack,
  seal,
  sealEnvelope,
  setupAuthS,
  setupBaseR,
  setupBaseS,
  setupPSKR,
} from '../src/index.js';
import { plain, plainMessage, SMALL_ORDER, sealPlain, thrownPair } from './envelope-fixture.js';

const recipient = deriveKeyPair(new Uint8Array(32).fill(5));
const empty = new Uint8Array(0);
/** sealEnvelope options that are all valid (a seed of zeros is a seed): each case changes one. */
const sealing = {
  to: 'bafyreito',
  recipientPublicKey: recipient.publicKey,
  senderSeed: new Uint8Array(32),
  access: { kind: 0 as const },
  message: plainMessage({ tsMs: 1, expMs: 2, body: empty }),
};
/** What `run` throws: its SeamError's code, or its message ('did not throw' when it returns). */
const codeOf = (run: () => unknown) => thrownPair(run)[0];
const messageOf = (run: () => unknown) => thrownPair(run).at(-1);

describe('sealing paths throw SeamError with a code', () => {
  it('bad-psk: a psk without its id, or an empty psk in psk mode', () => {
    expect(
      codeOf(() =>
        seal({
          recipientPublicKey: recipient.publicKey,
          info: empty,
          aad: empty,
          plaintext: empty,
          psk: new Uint8Array(32),
        }),
      ),
    ).toBe('bad-psk');
    expect(
      codeOf(() =>
        setupPSKR({
          recipientPrivateKey: recipient.privateKey,
          enc: recipient.publicKey,
          info: empty,
          psk: empty,
          pskId: empty,
        }),
      ),
    ).toBe('bad-psk');
  });
  it('bad-key-length and bad-public-key for the recipient key', () => {
    expect(codeOf(() => setupBaseS({ recipientPublicKey: new Uint8Array(31), info: empty }))).toBe(
      'bad-key-length',
    );
    expect(codeOf(() => setupBaseS({ recipientPublicKey: SMALL_ORDER, info: empty }))).toBe('bad-public-key');
  });
  it('bad-public-key for a sender key pair whose private key is not 32 bytes (encap leaves it to the agreement)', () => {
    for (const privateKey of [new Uint8Array(31), new Uint8Array(33), empty]) {
      const senderKeyPair = { privateKey, publicKey: recipient.publicKey };
      expect(
        codeOf(() => setupAuthS({ recipientPublicKey: recipient.publicKey, info: empty, senderKeyPair })),
      ).toBe('bad-public-key');
    }
  });
  it('bad-export-length beyond 255 * 32 bytes', () => {
    const { context } = setupBaseS({ recipientPublicKey: recipient.publicKey, info: empty });
    expect(context.export(empty, 8160).length).toBe(8160);
    expect(codeOf(() => context.export(empty, 8161))).toBe('bad-export-length');
  });
  it('bad-input for envelope fields the contract forbids', () => {
    const base = sealing;
    const { message } = sealing;
    expect(codeOf(() => sealEnvelope({ ...base, message: { ...message, mid: new Uint8Array(15) } }))).toBe(
      'bad-input',
    );
    expect(codeOf(() => sealEnvelope({ ...base, message: { ...message, from: 'a\0b' } }))).toBe('bad-input');
    expect(
      codeOf(() => sealEnvelope({ ...base, message, outerExtensions: [[9, new Uint8Array([0])]] })),
    ).toBe('bad-input');
    expect(codeOf(() => sealEnvelope({ ...base, message }))).toBe('did not throw');
  });
  it('bad-dack-note for a reason code beyond 16 bits', () => {
    const keys = {
      processedToken: new Uint8Array(16),
      refusedToken: new Uint8Array(16).fill(1),
      noteKey: new Uint8Array(32),
      handle: new Uint8Array(16),
    };
    expect(codeOf(() => createDack(keys, { decision: 'processed', reason: 65536 }))).toBe('bad-dack-note');
  });
});

describe('a wrong argument of the caller throws SeamError saying which, never a TypeError', () => {
  const { enc, ciphertext } = seal({
    recipientPublicKey: recipient.publicKey,
    info: empty,
    aad: empty,
    plaintext: empty,
  });
  const opener = {
    ownAid: 'bafyreito',
    keyRing: keyRingOf([recipient.privateKey]),
    resolveSenderKey: () => ok(new Uint8Array(32)),
    now: new Date(0),
    mailbox: 'off',
    replay: 'off',
  } as const;

  it('HPKE: the options object, info, aad, psk, the exporter context', () => {
    const good = { recipientPrivateKey: recipient.privateKey, enc, ciphertext, info: empty, aad: empty };
    expect(messageOf(() => open(undefined as never))).toBe('bad-argument: open takes an options object');
    expect(messageOf(() => open({ ...good, info: 'x' as never }))).toBe(
      'bad-argument: info must be a Uint8Array',
    );
    expect(messageOf(() => open({ ...good, enc: empty, aad: null as never }))).toBe(
      'bad-argument: aad must be a Uint8Array',
    );
    expect(messageOf(() => open({ ...good, recipientPrivateKey: empty, enc: empty }))).toBe(
      'bad-key-length: private key must be 32 bytes',
    );
    expect(messageOf(() => setupPSKR({ ...good, psk: 'k' as never, pskId: empty }))).toBe(
      'bad-argument: psk must be a Uint8Array',
    );
    const r = setupBaseR({ recipientPrivateKey: recipient.privateKey, enc, info: empty });
    if (!r.ok) throw new Error(r.code);
    expect(messageOf(() => r.value.open(undefined as never, ciphertext))).toBe(
      'bad-argument: aad must be a Uint8Array',
    );
    expect(messageOf(() => r.value.export([1] as never, 32))).toBe(
      'bad-argument: exporterContext must be a Uint8Array',
    );
  });

  it('openEnvelope: every option by name, before the envelope is looked at', () => {
    const bytes = 'not even bytes' as never;
    expect(messageOf(() => openEnvelope(bytes, undefined as never))).toBe(
      'bad-argument: openEnvelope takes an options object',
    );
    expect(messageOf(() => openEnvelope(bytes, { ...opener, ownAid: 7 as never }))).toBe(
      'bad-argument: openEnvelope ownAid must be a string',
    );
    expect(messageOf(() => openEnvelope(bytes, { ...opener, keyRing: [] as never }))).toContain(
      'openEnvelope keyRing must be a function',
    );
    expect(messageOf(() => openEnvelope(bytes, { ...opener, resolveSenderKey: undefined as never }))).toBe(
      'bad-argument: openEnvelope resolveSenderKey must be a function',
    );
    expect(messageOf(() => openEnvelope(bytes, { ...opener, interactionKeyRing: {} as never }))).toContain(
      'openEnvelope interactionKeyRing must be a function',
    );
    expect(messageOf(() => openEnvelope(bytes, { ...opener, maxBytes: Number.POSITIVE_INFINITY }))).toBe(
      'bad-argument: openEnvelope maxBytes must be a non-negative integer',
    );
    expect(messageOf(() => openEnvelope(bytes, { ...opener, now: undefined as never }))).toContain(
      'openEnvelope now is undefined',
    );
    expect(openEnvelope(bytes, opener)).toMatchObject({ ok: false, code: 'not-bytes' });
  });

  it('a resolver answering anything but a Verdict with a SenderKeyCode throws', () => {
    const { bytes } = sealPlain({ tsMs: 1, expMs: 2, body: empty });
    const withResolver = (answer: unknown) =>
      openEnvelope(bytes, {
        ...opener,
        keyRing: keyRingOf([plain.epoch.privateKey]),
        now: 0,
        resolveSenderKey: () => answer as never,
      });
    for (const answer of [undefined, { ok: false, code: 'no-such-code' }, 'key'])
      expect(messageOf(() => withResolver(answer))).toContain('resolveSenderKey must return');
    expect(withResolver({ ok: false, code: 'revoked-key' })).toEqual({ ok: false, code: 'revoked-key' });
  });

  it('dack keys and notes', () => {
    expect(messageOf(() => readDack({} as never, new Uint8Array(80)))).toContain(
      'readDack takes the dack keys',
    );
    const keys = { processedToken: empty, refusedToken: empty, noteKey: empty, handle: empty };
    expect(messageOf(() => createDack(keys, { decision: 'processed' }))).toContain(
      'createDack takes the dack keys',
    );
  });

  it('sealEnvelope names the field', () => {
    const options = sealing;
    const named = (message: object, want: string) =>
      expect(messageOf(() => sealEnvelope({ ...options, message: { ...options.message, ...message } }))).toBe(
        `bad-input: ${want}`,
      );
    named({ type: undefined }, 'message.type must be a string');
    named({ body: 'hello' }, 'message.body must be a Uint8Array');
    named({ tsMs: 1.5 }, 'message.tsMs must be milliseconds since the Unix epoch, not 0');
    named({ ksn: -1 }, 'message.ksn must be a non-negative integer');
    expect(messageOf(() => sealEnvelope({ ...options, senderSeed: undefined as never }))).toBe(
      'bad-input: senderSeed must be a 32-byte Ed25519 seed',
    );
    expect(messageOf(() => sealEnvelope({ ...options, access: { kind: 2 } as never }))).toBe(
      'bad-input: access.kind must be ACCESS_KIND_SESSION or ACCESS_KIND_CAPABILITY',
    );
  });
});
