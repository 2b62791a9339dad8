import { didFromSeed } from '@agent-seam/did';
import {
  inviteExpirySeconds,
  relayOrigin,
  signEnvelope,
  signInvite,
  signingPayload,
  verifyEnvelope,
  verifyInvite,
} from '@agent-seam/envelope';
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
        fc.integer({ min: 0, max: 1e11 }),
        (text, messageId, ctx, ts) => {
          const signed = signEnvelope({ ...fields, text, messageId, contextId: ctx, timestamp: ts }, seed);
          expect(verifyEnvelope(signed, { recipientDid: me, now: 'off', replay: 'off' })).toMatchObject({
            ok: true,
          });
        },
      ),
      { numRuns: 200 },
    );
  });

  it('returns exactly the six fields and what was judged, never what else the wire carried', () => {
    const signed = { ...signEnvelope(fields, seed), recipientDid: me, extra: 1, freshness: 'fresh' };
    const verdict = verifyEnvelope(signed, { recipientDid: me, now: 'off', replay: 'off' });
    expect(verdict.ok && Object.keys(verdict.value).sort()).toEqual([
      'contextId',
      'freshness',
      'from',
      'messageId',
      'replay',
      'text',
      'timestamp',
      'to',
    ]);
    expect(verdict).toMatchObject({
      ok: true,
      value: { freshness: 'off-by-caller', replay: 'off-by-caller' },
    });
  });

  it('the signer refuses a float timestamp and a from that is not its own', () => {
    expect(() => signingPayload({ ...fields, from: me, timestamp: 1.5 })).toThrow(/not-integer-timestamp/);
    expect(() => signEnvelope({ ...fields, from: me }, seed)).toThrow(/from-not-signer/);
  });

  it('the signer names the field it cannot sign', () => {
    expect(() => signEnvelope({ ...fields, contextId: undefined as never }, seed)).toThrow(
      'missing-field: contextId is undefined; it is a string or null',
    );
    expect(() => signEnvelope({ ...fields, text: 7 as never }, seed)).toThrow(
      'text is a number; it is a string',
    );
    expect(() => signEnvelope({ ...fields, to: null as never }, seed)).toThrow('to is null; it is a string');
    expect(() => signEnvelope({ ...fields, text: 'a \ud800' }, seed)).toThrow(/^lone-surrogate: \$\.text /);
  });
});

describe('relay and invite', () => {
  it('one origin has one spelling, and only http(s) relays have one', () => {
    expect(relayOrigin('HTTPS://Muretai.com:443/path?q')).toBe('https://muretai.com');
    expect(relayOrigin('http://127.0.0.1:80')).toBe('http://127.0.0.1');
    expect(() => relayOrigin('ftp://relay.example')).toThrow(/bad-origin/);
    expect(() => relayOrigin('not a url')).toThrow(/bad-origin/);
  });

  it('an invite expires at exp itself, and impossible dates have no spelling', () => {
    expect(inviteExpirySeconds('2026-07-23T09:59:45Z')).toBe(Date.UTC(2026, 6, 23, 9, 59, 45) / 1000);
    expect(inviteExpirySeconds('2026-02-30T00:00:00Z')).toBeNull();
    expect(inviteExpirySeconds('2026-07-23T09:59:45.000Z')).toBeNull();
    const card = { v: 1, did: didFromSeed(seed), nonce: 'n', exp: '2026-07-23T09:59:45Z' };
    const signed = signInvite(card, seed);
    const exp = inviteExpirySeconds(card.exp)!;
    expect(verifyInvite(signed, { now: exp - 1 }).ok).toBe(true);
    expect(verifyInvite(signed, { now: exp })).toMatchObject({ ok: false, code: 'expired' });
  });
});
