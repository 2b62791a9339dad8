import { didFromSeed, verificationKeyFromDid } from '@agent-seam/did';
import {
  envelopeSignedBytes,
  listenTokenMessage,
  relaySendMessage,
  signEnvelope,
  signInvite,
  signingPayload,
  signListenToken,
  signRelaySend,
  verifyClaim,
  verifyEnvelope,
  verifyEnvelopeAsync,
  verifyInvite,
  verifyListenToken,
  verifyRelaySend,
} from '@agent-seam/envelope';
import { describe, expect, it } from 'vitest';

/**
 * Cases written for the mutants `pnpm mutate --filter envelope` left alive
 * (reports/mutation/envelope.md). Each `why` names the mutant it kills: a check that
 * could be deleted, or a code or detail that could change, with no other test failing.
 */
const seed = new Uint8Array(32).fill(0x61);
const sender = didFromSeed(seed);
const me = didFromSeed(new Uint8Array(32).fill(0x62));
const NOW = 1784273681;
const message = signEnvelope({ to: me, messageId: 'm', contextId: null, timestamp: NOW, text: 'hi' }, seed);
const OFF = { now: 'off', replay: 'off' } as const;
const verify = (changes: Record<string, unknown>) =>
  verifyEnvelope({ ...message, ...changes }, { recipientDid: me, ...OFF });

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
    expect(() => verifyEnvelope(message, undefined as never)).toThrow(
      /^missing-option: verifyEnvelope needs now /,
    );
  });
});

describe('verifyEnvelope: option errors', () => {
  it("maxSkew with now: 'off' is refused with its reason", () => {
    // why: kills the StringLiteral mutant of that message.
    expect(() => verifyEnvelope(message, { recipientDid: me, ...OFF, maxSkew: 10 })).toThrow(
      "bad-options: verifyEnvelope: maxSkew and a replay cache judge time; with now: 'off' pass replay: 'off' and no maxSkew",
    );
  });

  it('a replay object without checkAndRemember is refused before any message is read', () => {
    // why: kills `typeof replay.checkAndRemember !== 'function'` → false (the call later
    // threw a TypeError) and the StringLiteral of its message.
    expect(() =>
      verifyEnvelope(message, { recipientDid: me, now: NOW, replay: { windowSeconds: 600 } as never }),
    ).toThrow(
      "bad-options: verifyEnvelope replay must be a ReplayCache (e.g. new MemoryReplayCache()) or 'off'",
    );
  });

  it('a replay cache that answers something else is a configuration error, not a verdict', () => {
    // why: kills `answer === 'forgotten'` → true (an unknown answer became
    // replay-cache-full) and the no-coverage literals of that SeamError.
    const odd = { windowSeconds: 600, checkAndRemember: () => 'maybe' } as never;
    expect(() => verifyEnvelope(message, { recipientDid: me, now: NOW, replay: odd })).toThrow(
      'bad-options: the replay cache answered something other than new, seen or forgotten',
    );
  });

  it('replayed and replay-cache-full carry their details', () => {
    // why: kills the StringLiteral mutants of both details.
    const seen = { windowSeconds: 600, checkAndRemember: () => 'seen' } as never;
    const forgotten = { windowSeconds: 600, checkAndRemember: () => 'forgotten' } as never;
    expect(verifyEnvelope(message, { recipientDid: me, now: NOW, replay: seen })).toEqual({
      ok: false,
      code: 'replayed',
      detail: 'this sender already delivered this message id',
    });
    expect(verifyEnvelope(message, { recipientDid: me, now: NOW, replay: forgotten })).toEqual({
      ok: false,
      code: 'replay-cache-full',
      detail: 'the replay cache has forgotten messages this old, so it cannot vouch for this one',
    });
  });
});

describe('the signer names what it cannot sign, with its code', () => {
  it('full messages', () => {
    // why: kills the StringLiteral mutants of unsignable's 'missing-field' code, of the
    // timestamp message, of the from-not-signer message, and of describeType's 'an array'.
    expect(() => signEnvelope({ ...message, from: undefined, text: [] as never }, seed)).toThrow(
      'missing-field: text is an array; it is a string',
    );
    expect(() => signingPayload({ ...message, timestamp: 1.5 })).toThrow(
      'not-integer-timestamp: timestamp is a number that is not a safe integer; it is integer Unix seconds',
    );
    expect(() => signEnvelope({ ...message, from: me }, seed)).toThrow(
      'from-not-signer: from must be the DID of the signing seed',
    );
  });
});

describe('envelopeSignedBytes', () => {
  it('is null for undefined, null and arrays, never a throw', () => {
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

describe('verifyClaim', () => {
  const claim = { method: 'onboard/claim', nonce: 'n1', message };
  const check = (consumeNonce: (n: string) => boolean) => ({ recipientDid: me, consumeNonce, ...OFF });

  it('a missing nonce store is a configuration error, whatever the request', () => {
    // why: kills `typeof check?.consumeNonce !== 'function'` → false (a refused request then
    // hid the missing store), `check.consumeNonce` (a TypeError on undefined), and the
    // no-coverage literals of the SeamError.
    const expected = 'bad-options: verifyClaim needs consumeNonce, the store of issued nonces';
    expect(() => verifyClaim(7, { recipientDid: me } as never)).toThrow(expected);
    expect(() => verifyClaim(claim, undefined as never)).toThrow(expected);
  });

  it('a nonce that is not a string is missing-field before the message or store is asked', () => {
    // why: kills `typeof nonce !== 'string'` → false and the no-coverage literals.
    const asked: unknown[] = [];
    const verdict = verifyClaim(
      { ...claim, nonce: 7 },
      check((n) => asked.push(n) > 0),
    );
    expect(verdict).toEqual({
      ok: false,
      code: 'missing-field',
      detail: 'nonce is a number; it is a string',
    });
    expect(asked).toEqual([]);
  });

  it('its refusals carry their details, and acceptance carries the message and the nonce', () => {
    // why: kills the StringLiteral mutants of both details and the ObjectLiteral `{}` of the value.
    expect(
      verifyClaim(
        [claim],
        check(() => true),
      ),
    ).toEqual({
      ok: false,
      code: 'not-an-object',
      detail: 'the claim is an array, not a JSON object',
    });
    expect(
      verifyClaim(
        claim,
        check(() => false),
      ),
    ).toEqual({
      ok: false,
      code: 'unknown-nonce',
      detail: 'this device did not issue that nonce',
    });
    const { sig: _sig, ...six } = message;
    expect(
      verifyClaim(
        claim,
        check(() => true),
      ),
    ).toEqual({
      ok: true,
      value: { message: { ...six, freshness: 'off-by-caller', replay: 'off-by-caller' }, nonce: 'n1' },
    });
  });
});

describe('invites', () => {
  const card = { v: 1, did: sender, nonce: 'n', exp: '2026-07-23T09:59:45Z' };
  const signed = signInvite(card, seed);
  const before = 1784800000 - 10_000_000;

  it('the signer refuses a card of another DID or with a badly spelled exp', () => {
    // why: kills `card.did !== didFromSeed(seed)` → false, `inviteExpirySeconds(card.exp) === null`
    // → false, and the no-coverage literals of both SeamErrors.
    expect(() => signInvite({ ...card, did: me }, seed)).toThrow(
      'from-not-signer: card.did must be the seed DID',
    );
    expect(() => signInvite({ ...card, exp: '2026-07-23 09:59:45Z' }, seed)).toThrow(
      'missing-field: exp is not a real UTC date spelled YYYY-MM-DDTHH:MM:SSZ',
    );
  });

  it('a did that is not a string, or no sig, is missing-field', () => {
    // why: kills `typeof c.did !== 'string'` → false (it became from-not-did-key) and
    // `c.sig === undefined` → false (the signature check then judged undefined).
    const { sig: _sig, ...unsigned } = signed;
    for (const [wrong, detail] of [
      [{ ...signed, did: 7 }, "did is a number; it is the signer's did:key"],
      [unsigned, 'sig is undefined; it is the base64 signature'],
      [{ ...signed, exp: 17 }, 'exp is a number; it is a date spelled YYYY-MM-DDTHH:MM:SSZ'],
    ] as const)
      expect(verifyInvite(wrong, { now: before })).toEqual({ ok: false, code: 'missing-field', detail });
  });

  it('a did that is no did:key is from-not-did-key', () => {
    // why: kills `!key.ok` → false in verifyInvite.
    expect(verifyInvite({ ...signed, did: 'did:web:example.com' }, { now: before })).toEqual({
      ok: false,
      code: 'from-not-did-key',
      detail: 'did is not an Ed25519 did:key (not-did-key)',
    });
  });

  it('a member with no canonical spelling is cannot-canonicalize', () => {
    // why: kills the no-coverage BlockStatement and literals of the catch in verifyInvite.
    expect(verifyInvite({ ...signed, note: 'a \ud800' }, { now: before })).toEqual({
      ok: false,
      code: 'cannot-canonicalize',
      detail: 'a member of the card has no canonical seam spelling (lone-surrogate)',
    });
  });

  it('the card refusal carries its detail, and no check is a configuration error', () => {
    // why: kills the StringLiteral of the not-an-object detail and `check.now` (a TypeError
    // instead of the SeamError naming the option).
    expect(verifyInvite('card', { now: before })).toEqual({
      ok: false,
      code: 'not-an-object',
      detail: 'the invite card is a string, not a JSON object',
    });
    expect(() => verifyInvite(signed, undefined as never)).toThrow(/^missing-option: verifyInvite needs now/);
  });
});

describe('relay sends and listen tokens', () => {
  const send = { to: me, from: sender, id: 'i', blob: 'eA==' };
  const sendSig = signRelaySend(send, seed);
  const minute = Math.floor(NOW / 60);
  const listen = { did: sender, minute, relayUrl: 'https://relay.example' };
  const token = signListenToken(listen, seed);

  it('the signer refuses a field holding | and a field that is not a string, naming it', () => {
    // why: kills `!isObject(fields)` → false, the field check → false, and the literals of
    // those SeamErrors.
    expect(() => relaySendMessage({ ...send, id: 'a|b' })).toThrow(
      'missing-field: id holds |, the separator',
    );
    expect(() => relaySendMessage({ ...send, blob: 7 as never })).toThrow(
      'missing-field: blob is a number; it is a string',
    );
    expect(() => relaySendMessage(7 as never)).toThrow(
      'missing-field: a deposit is an object of to, from, id and blob',
    );
  });

  it('the signers sign only as the DID they name', () => {
    // why: kills requireSigner's comparison → false: the reader takes the key from from/did,
    // so a signature by another seed is one it refuses (bad-signature).
    expect(() => signRelaySend({ ...send, from: me }, seed)).toThrow(
      'from-not-signer: from must be the DID of the signing seed',
    );
    expect(() => signListenToken({ ...listen, did: me }, seed)).toThrow(
      'from-not-signer: did must be the DID of the signing seed',
    );
  });

  it('verifyRelaySend: each refusal carries its detail; a from that is no did:key is refused', () => {
    // why: kills the StringLiteral mutants of the three details and `!key.ok` → false.
    expect(verifyRelaySend(null, sendSig)).toEqual({
      ok: false,
      code: 'not-an-object',
      detail: 'the deposit is null, not an object',
    });
    expect(verifyRelaySend({ ...send, blob: 'x|y' }, sendSig)).toEqual({
      ok: false,
      code: 'missing-field',
      detail: 'blob holds |, the separator',
    });
    expect(verifyRelaySend(send, 7)).toEqual({
      ok: false,
      code: 'not-a-string',
      detail: 'the signature is a number, not base64 text',
    });
    expect(verifyRelaySend({ ...send, from: 'did:web:example.com' }, sendSig)).toMatchObject({
      ok: false,
      code: 'from-not-did-key',
    });
  });

  it('a minute is a non-negative whole number, for the signer and the verifier', () => {
    // why: kills `!isMinute(claim.minute)` → false, the no-coverage literals of its SeamError,
    // and isMinute's `(minute as number) >= 0` → true, its `&&` → true and `||` variants.
    for (const bad of [-1, 1.5]) {
      expect(() => listenTokenMessage({ ...listen, minute: bad })).toThrow(
        'not-integer: minute is a whole number',
      );
      expect(verifyListenToken(token, { ...listen, minute: bad, now: 'off' })).toEqual({
        ok: false,
        code: 'missing-field',
        detail:
          'minute is a number that is not a whole, non-negative safe integer; it is a whole number of minutes',
      });
    }
  });

  it('verifyListenToken: details, a did that is no did:key, and option errors', () => {
    // why: kills the StringLiteral mutants of the token detail, the maxSkew label and the
    // maxSkew-without-now message, `!key.ok` → false, and `options.relayUrl` (a TypeError
    // instead of bad-origin on no options).
    expect(verifyListenToken(7, { ...listen, now: 'off' })).toEqual({
      ok: false,
      code: 'not-a-string',
      detail: 'the token is a number, not base64 text',
    });
    expect(verifyListenToken(token, { ...listen, did: 'did:web:example.com', now: 'off' })).toMatchObject({
      ok: false,
      code: 'from-not-did-key',
    });
    expect(() => verifyListenToken(token, { ...listen, now: NOW, maxSkew: -1 })).toThrow(
      /verifyListenToken maxSkew/,
    );
    expect(() => verifyListenToken(token, { ...listen, now: 'off', maxSkew: 5 })).toThrow(
      "bad-options: verifyListenToken: maxSkew judges time, and now is 'off'",
    );
    expect(() => verifyListenToken(token, undefined as never)).toThrow(
      'bad-origin: the relay URL is not an http(s) URL',
    );
  });
});

describe("issue 32: details and usage messages in the input's terms (survivors of the fail-closed run)", () => {
  const P256 = 'did:key:zDnaeQRy3dcKsKa1zmKtVKsTy3m2HYoQnFnfKuxD6HfSTQgYf';
  const SMALL_ORDER = 'did:key:z6MkeXATEjyXENzBXBxgC5EHk2JE5aqd7qMGGtDpLUH1e2Sj';
  const notEd25519 = verificationKeyFromDid(P256);
  const thrown = (call: () => unknown): string => {
    try {
      call();
    } catch (error) {
      return (error as Error).message;
    }
    return 'no throw';
  };

  it("a signer that is no Ed25519 did:key is named by its field, with the codec's reason", () => {
    // why: signer-key.ts `key.detail === undefined` → true and `: ${key.detail}` → '' (the
    // codec's reason dropped); relay.ts signerKey(send.from, 'from') → '' and
    // signerKey(did, 'did') → '' (the field unnamed).
    expect(notEd25519.ok || notEd25519.detail).toEqual(expect.any(String));
    const reason = notEd25519.ok ? '' : `${notEd25519.code}: ${notEd25519.detail}`;
    expect(verify({ from: P256 })).toEqual({
      ok: false,
      code: 'from-not-did-key',
      detail: `from is not an Ed25519 did:key (${reason})`,
    });
    const deposit = { to: me, from: P256, id: 'i', blob: 'AA==' };
    expect(verifyRelaySend(deposit, 'AA==')).toEqual({
      ok: false,
      code: 'from-not-did-key',
      detail: `from is not an Ed25519 did:key (${reason})`,
    });
    const listen = { did: P256, minute: 100, relayUrl: 'https://relay.example', now: 'off' } as const;
    expect(verifyListenToken('AA==', listen)).toEqual({
      ok: false,
      code: 'from-not-did-key',
      detail: `did is not an Ed25519 did:key (${reason})`,
    });
  });

  it('a small-order signer key says so, naming the field', () => {
    // why: signer-key.ts the small-order detail → ''.
    expect(verify({ from: SMALL_ORDER })).toEqual({
      ok: false,
      code: 'small-order-key',
      detail: 'from names a point of small order, which verifies any signature',
    });
  });

  it('a listen minute of the wrong type is described by its type, not as a bad number', () => {
    // why: relay.ts describeMinute `typeof minute === 'number'` → true.
    const listen = { did: sender, relayUrl: 'https://relay.example', now: 'off' } as const;
    expect(verifyListenToken('AA==', { ...listen, minute: '5' as never })).toEqual({
      ok: false,
      code: 'missing-field',
      detail: 'minute is a string; it is a whole number of minutes',
    });
  });

  it('a claim whose method is another is told which method it needed', () => {
    // why: claim.ts the not-a-claim detail → ''.
    const check = { recipientDid: me, consumeNonce: () => true, ...OFF };
    expect(verifyClaim({ method: 'other', nonce: 'n', message }, check)).toEqual({
      ok: false,
      code: 'not-a-claim',
      detail: 'method is not onboard/claim',
    });
  });

  it('a missing clock is a usage error naming the verifier, the option, what it is for and the opt-out', () => {
    // why: the `where` and `neededFor` strings of envelope.ts (verifyEnvelope,
    // verifyEnvelopeAsync), invite.ts and relay.ts → ''.
    expect(thrown(() => verifyEnvelope(message, { recipientDid: me, replay: 'off' } as never))).toBe(
      "missing-option: verifyEnvelope needs now (a Date or Unix seconds) to judge the message's timestamp; to leave that unjudged, pass now: 'off'",
    );
    return verifyEnvelopeAsync(message, { recipientDid: me, replay: 'off' } as never).then(
      () => expect.unreachable(),
      (error: Error) => {
        expect(error.message).toBe(
          "missing-option: verifyEnvelopeAsync needs now (a Date or Unix seconds) to judge the message's timestamp; to leave that unjudged, pass now: 'off'",
        );
        const invite = signInvite({ v: 1, did: sender, nonce: 'n', exp: '2026-07-23T09:59:45Z' }, seed);
        expect(thrown(() => verifyInvite(invite, {} as never))).toBe(
          'missing-option: verifyInvite needs now (a Date or Unix seconds) to judge the card against its exp',
        );
        const listen = { did: sender, minute: 100, relayUrl: 'https://relay.example' };
        expect(thrown(() => verifyListenToken('AA==', listen as never))).toBe(
          "missing-option: verifyListenToken needs now (a Date or Unix seconds) to judge the token's minute; to leave that unjudged, pass now: 'off'",
        );
      },
    );
  });
});
