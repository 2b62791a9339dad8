import { didFromSeed } from '@agent-seam/did';
import {
  envelopeSignedBytes,
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
import { thrownSeamError } from '../../../tools/thrown.ts';
import { me, message, OFF, seed, sender, verify } from './fixture.js';

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
    expect(thrownSeamError(() => signingPayload({ ...fields, from: me, timestamp: 1.5 })).code).toBe(
      'not-integer-timestamp',
    );
    expect(thrownSeamError(() => signEnvelope({ ...fields, from: me }, seed)).code).toBe('from-not-signer');
  });

  it('the signer names the field it cannot sign', () => {
    expect(
      thrownSeamError(() => signEnvelope({ ...fields, contextId: undefined as never }, seed)).message,
    ).toContain('missing-field: contextId is undefined; it is a string or null');
    expect(thrownSeamError(() => signEnvelope({ ...fields, text: 7 as never }, seed)).message).toContain(
      'text is a number; it is a string',
    );
    expect(thrownSeamError(() => signEnvelope({ ...fields, to: null as never }, seed)).message).toContain(
      'to is null; it is a string',
    );
    expect(thrownSeamError(() => signEnvelope({ ...fields, text: 'a \ud800' }, seed)).message).toMatch(
      /^lone-surrogate: \$\.text /,
    );
  });
});

describe('relay and invite', () => {
  it('one origin has one spelling, and only http(s) relays have one', () => {
    expect(relayOrigin('HTTPS://Muretai.com:443/path?q')).toBe('https://muretai.com');
    expect(relayOrigin('http://127.0.0.1:80')).toBe('http://127.0.0.1');
    expect(thrownSeamError(() => relayOrigin('ftp://relay.example')).code).toBe('bad-origin');
    expect(thrownSeamError(() => relayOrigin('not a url')).code).toBe('bad-origin');
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

// Each `why` below names the mutant of src/ the case holds: a check that could be deleted, or
// a code or detail that could change, with no other test failing.
describe('verifyEnvelope: each shape check answers with its own code and detail', () => {
  it('a from, to or messageId that is not a string is missing-field, not a later code', () => {
    // why: kills `!isString(from) || !isString(to) || !isString(messageId)` → false and its
    // `&&` variants: without them a number `from` was from-not-did-key, a number `to`
    // wrong-recipient and a number messageId cannot-canonicalize.
    for (const name of ['from', 'to', 'messageId', 'text'])
      expect(verify({ [name]: 7 })).toEqual({
        ok: false,
        code: 'missing-field',
        detail: `${name} is a number; it is a string`,
      });
  });

  it('a contextId that is neither a string nor null is missing-field', () => {
    // why: kills `!(contextId === null || isString(contextId))` → false and its inner → true
    // (the message then fell through to cannot-canonicalize).
    for (const [contextId, described] of [
      [7, 'a number'],
      [undefined, 'undefined'],
    ])
      expect(verify({ contextId })).toEqual({
        ok: false,
        code: 'missing-field',
        detail: `contextId is ${described}; it is a string or null`,
      });
  });

  it('a missing timestamp or sig is missing-field, naming it', () => {
    // why: kills `timestamp === undefined` → false (it became not-integer-timestamp),
    // `sig === undefined` → false, and the `&&` variant of the two.
    for (const [gone, detail] of [
      ['timestamp', 'timestamp is undefined; it is integer Unix seconds'],
      ['sig', 'sig is undefined; it is the base64 signature'],
    ] as const) {
      const { [gone]: _dropped, ...rest } = message as unknown as Record<string, unknown>;
      expect(verifyEnvelope(rest, { recipientDid: me, ...OFF })).toEqual({
        ok: false,
        code: 'missing-field',
        detail,
      });
    }
    expect(verify({ sig: null })).toEqual({
      ok: false,
      code: 'missing-field',
      detail: 'sig is null; it is the base64 signature',
    });
  });

  it('a timestamp that is not an integer says what it is, never what it holds', () => {
    // why: kills both literals of the not-integer-timestamp detail.
    expect(verify({ timestamp: 1.5 })).toEqual({
      ok: false,
      code: 'not-integer-timestamp',
      detail: 'timestamp is a number that is not a safe integer; it is integer Unix seconds',
    });
    expect(verify({ timestamp: '1' })).toEqual({
      ok: false,
      code: 'not-integer-timestamp',
      detail: 'timestamp is a string; it is integer Unix seconds',
    });
  });

  it('the other refusals carry their details', () => {
    // why: kills the StringLiteral mutants of each refusal's detail.
    expect(verifyEnvelope(message, { recipientDid: 7 as never, ...OFF })).toEqual({
      ok: false,
      code: 'no-recipient-named',
      detail: 'recipientDid was not given: a message cannot name its own recipient',
    });
    expect(verifyEnvelope([message], { recipientDid: me, ...OFF })).toEqual({
      ok: false,
      code: 'not-an-object',
      detail: 'the message is an array, not a JSON object',
    });
    expect(verifyEnvelope(message, { recipientDid: sender, ...OFF })).toEqual({
      ok: false,
      code: 'wrong-recipient',
      detail: 'to names another DID than the recipientDid given',
    });
    expect(verify({ text: 'a \ud800' })).toEqual({
      ok: false,
      code: 'cannot-canonicalize',
      detail: '$.text is a string holding an unpaired surrogate',
    });
    expect(verify({ from: 'did:web:example.com' })).toEqual({
      ok: false,
      code: 'from-not-did-key',
      detail: 'from is not an Ed25519 did:key (not-did-key)',
    });
    expect(verify({ text: 'edited' })).toEqual({
      ok: false,
      code: 'bad-signature',
      detail: `the signature does not verify under ${sender.slice(0, 20)}…`,
    });
  });

  it('no options at all is the usage error naming now, not a TypeError', () => {
    // why: kills the OptionalChaining mutants of policyOf (options.recipientDid,
    // options.replay, options.now), each of which throws a TypeError on undefined.
    expect(thrownSeamError(() => verifyEnvelope(message, undefined as never)).message).toMatch(
      /^missing-option: verifyEnvelope needs now /,
    );
  });
});

describe('the signer names what it cannot sign, with its code', () => {
  it('a field of the wrong type, a fractional timestamp and a from that is not the seed are named', () => {
    // why: kills the StringLiteral mutants of unsignable's 'missing-field' code, of the
    // timestamp message, of the from-not-signer message, and of describeType's 'an array'.
    expect(
      thrownSeamError(() => signEnvelope({ ...message, from: undefined, text: [] as never }, seed)).message,
    ).toContain('missing-field: text is an array; it is a string');
    expect(thrownSeamError(() => signingPayload({ ...message, timestamp: 1.5 })).message).toContain(
      'not-integer-timestamp: timestamp is a number that is not a safe integer; it is integer Unix seconds',
    );
    expect(thrownSeamError(() => signEnvelope({ ...message, from: me }, seed)).message).toContain(
      'from-not-signer: from must be the DID of the signing seed',
    );
  });
});

describe('the bytes an envelope signs', () => {
  it('undefined, null and arrays have none, and are never a throw', () => {
    // why: kills every mutant of `typeof envelope !== 'object' || envelope === null ||
    // Array.isArray(envelope)`: without a part, undefined or null is destructured (a
    // TypeError) or an array carrying the six fields is signed.
    const { sig: _sig, ...six } = message;
    const array = Object.assign([], six);
    expect(envelopeSignedBytes(undefined)).toBeNull();
    expect(envelopeSignedBytes(null)).toBeNull();
    expect(envelopeSignedBytes(array)).toBeNull();
    expect(envelopeSignedBytes({ ...six })).toEqual(signingPayload(six));
  });
});
