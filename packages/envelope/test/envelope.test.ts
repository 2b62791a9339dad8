import { didFromSeed } from '@agent-seam/did';
import { signEnvelope, signingPayload, verifyEnvelope } from '@agent-seam/envelope';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

const seed = new Uint8Array(32).fill(0x61);
const me = didFromSeed(new Uint8Array(32).fill(0x62));
const fields = { to: me, messageId: 'm', contextId: null, timestamp: 1784273681, text: 'hello' };

describe('signEnvelope / verifyEnvelope', () => {
  it('round-trips any text, messageId and integer timestamp', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.string(),
        fc.option(fc.string()),
        fc.maxSafeInteger(),
        (text, messageId, ctx, ts) => {
          const signed = signEnvelope({ ...fields, text, messageId, contextId: ctx, timestamp: ts }, seed);
          expect(verifyEnvelope(signed, { recipientDid: me })).toMatchObject({ ok: true });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('returns exactly the six fields, never what else the wire carried', () => {
    const signed = { ...signEnvelope(fields, seed), recipientDid: me, extra: 1 };
    const verdict = verifyEnvelope(signed, { recipientDid: me });
    expect(verdict.ok && Object.keys(verdict.value).sort()).toEqual([
      'contextId',
      'from',
      'messageId',
      'text',
      'timestamp',
      'to',
    ]);
  });

  it('never throws on arbitrary JSON-like input', () => {
    fc.assert(
      fc.property(fc.anything(), fc.anything(), (envelope, recipient) => {
        const verdict = verifyEnvelope(envelope, { recipientDid: recipient as string });
        expect(verdict.ok).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('the signer refuses a float timestamp and a from that is not its own', () => {
    expect(() => signingPayload({ ...fields, from: me, timestamp: 1.5 })).toThrow(/not-integer-timestamp/);
    expect(() => signEnvelope({ ...fields, from: me }, seed)).toThrow(/from-not-signer/);
  });
});
