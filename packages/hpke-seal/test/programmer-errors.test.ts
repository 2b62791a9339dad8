import { SeamError } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { createDack, deriveKeyPair, seal, sealEnvelope, setupBaseS, setupPSKR } from '../src/index.js';

const recipient = deriveKeyPair(new Uint8Array(32).fill(5));
const empty = new Uint8Array(0);
const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof SeamError) return error.code;
    throw error;
  }
  return 'no error';
};
// A point of order 8 (RFC 7748 section 5): X25519 with it is all zero.
const SMALL_ORDER = Uint8Array.from(
  'e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800'
    .match(/../g)!
    .map((h) => Number.parseInt(h, 16)),
);

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
  it('bad-export-length beyond 255 * 32 bytes', () => {
    const { context } = setupBaseS({ recipientPublicKey: recipient.publicKey, info: empty });
    expect(context.export(empty, 8160).length).toBe(8160);
    expect(codeOf(() => context.export(empty, 8161))).toBe('bad-export-length');
  });
  it('bad-input for envelope fields the contract forbids', () => {
    const base = {
      to: 'bafyreito',
      recipientPublicKey: recipient.publicKey,
      senderSeed: new Uint8Array(32),
      access: { kind: 0 as const },
    };
    const message = {
      from: 'bafyreifrom',
      ksn: 0,
      type: 't',
      ix: 'ix',
      mid: new Uint8Array(16),
      ts: 1,
      exp: 2,
      body: empty,
    };
    expect(codeOf(() => sealEnvelope({ ...base, message: { ...message, mid: new Uint8Array(15) } }))).toBe(
      'bad-input',
    );
    expect(codeOf(() => sealEnvelope({ ...base, message: { ...message, from: 'a\0b' } }))).toBe('bad-input');
    expect(
      codeOf(() => sealEnvelope({ ...base, message, outerExtensions: [[9, new Uint8Array([0])]] })),
    ).toBe('bad-input');
    expect(codeOf(() => sealEnvelope({ ...base, message }))).toBe('no error');
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
