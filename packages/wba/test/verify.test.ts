import { SeamError, unwrap } from '@agent-seam/canonical';
import { didFromPublicKey, keyPairFromSeed } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import {
  jwkFromPublicKey,
  REQUEST_TAG,
  type SignedHeaders,
  signDirectory,
  signRequest,
  thumbprint,
  verifyDirectory,
  verifyRequest,
} from '../src/index.js';
import { AUTHORITY, dir, directory, jwks, keyid, NOW, publicKey, seed } from './fixture.js';

// Refusals are asserted whole (code and detail), caller errors by class, code and message,
// because the details are part of the contract. Every `why` names the mutant(s) of src/verify.ts
// the case holds (line:column as the report gives them).

const honest = signRequest({ seed, authority: AUTHORITY, created: NOW, expires: NOW + 300, nonce: false });
const request = (headers: unknown, extra: Record<string, unknown> = {}) =>
  verifyRequest({
    replay: 'off',
    headers: headers as SignedHeaders,
    authority: AUTHORITY,
    jwks,
    now: NOW,
    ...extra,
  });

/** The error a call throws (the test fails when it returns). */
const thrown = (call: () => unknown): unknown => {
  try {
    call();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
};
const expectSeamError = (call: () => unknown, code: string, message: string) => {
  const error = thrown(call);
  expect(error).toBeInstanceOf(SeamError);
  expect(error).toMatchObject({ code, message: `${code}: ${message}` });
};

/** One message holding the members of several signed ones, in order. */
const members = (...signed: SignedHeaders[]): SignedHeaders => ({
  'signature-input': signed.map((s) => s['signature-input']).join(', '),
  signature: signed.map((s) => s.signature).join(', '),
});
const expiredOurs = signRequest({
  seed,
  authority: AUTHORITY,
  created: NOW - 1000,
  expires: NOW - 700,
  label: 'old',
});
const wrongTagOurs: SignedHeaders = {
  'signature-input': honest['signature-input']
    .replace('sig1=', 'tagged=')
    .replace('tag="web-bot-auth"', 'tag="x"'),
  signature: honest.signature.replace('sig1=', 'tagged='),
};
const foreign = signRequest({
  seed: new Uint8Array(32).fill(9),
  authority: AUTHORITY,
  created: NOW,
  expires: NOW + 300,
  label: 'other',
});
const EXPIRED = { ok: false, code: 'expired', detail: 'expired 700 s ago' };
const WRONG_TAG = {
  ok: false,
  code: 'wrong-tag',
  detail: 'the tag is not web-bot-auth (a request signature)',
};
const UNKNOWN_KEY = {
  ok: false,
  code: 'unknown-key',
  detail: 'the keyid names no usable key of the directory',
};

describe('which member answers (messageSteps)', () => {
  it('the members the cases combine are refused for the reason named', () => {
    expect(request(expiredOurs)).toEqual(EXPIRED);
    expect(request(wrongTagOurs)).toEqual(WRONG_TAG);
    expect(request(foreign)).toEqual(UNKNOWN_KEY);
  });

  it('a member that verifies wins over an earlier refused member of our key', () => {
    // why: verify.ts:168:9 `verdict.ok` → false (the refusal of the earlier member of ours would answer).
    expect(request(members(expiredOurs, honest))).toMatchObject({ ok: true, value: { label: 'sig1' } });
  });

  it('the first refused member of ours answers, not a later member of ours', () => {
    // why: verify.ts:171:9 the firstOurs condition → true, `… && keyid is string || has(keyid)`,
    // `firstOurs === undefined && typeof keyid === 'string'` → true, its `&&` → `||`, and
    // `firstOurs === undefined` → true: each lets the later member of ours overwrite the first.
    expect(request(members(expiredOurs, wrongTagOurs))).toEqual(EXPIRED);
    expect(request(members(wrongTagOurs, expiredOurs))).toEqual(WRONG_TAG);
  });

  it('a member of ours answers over a member of another signer, before or after it', () => {
    // why: verify.ts:171:9 the whole firstOurs condition → true (the later foreign member would answer).
    expect(request(members(expiredOurs, foreign))).toEqual(EXPIRED);
    expect(request(members(foreign, expiredOurs))).toEqual(EXPIRED);
  });
});

describe('refusal details and the accepted value (judge)', () => {
  it('unknown-key says the keyid names no usable key of the directory', () => {
    // why: verify.ts:127:53 the unknown-key detail → "".
    expect(request(honest, { jwks: { keys: [] } })).toEqual(UNKNOWN_KEY);
  });

  it('an accepted signature without a nonce has no nonce member at all; with one, it carries it', () => {
    // why: verify.ts:143:13 `nonce === undefined` → false (the value would gain `nonce: undefined`).
    const verified = {
      did: didFromPublicKey(publicKey),
      keyid,
      label: 'sig1',
      created: NOW,
      expires: NOW + 300,
      replay: 'off-by-caller',
    };
    const accepted = request(honest);
    expect(accepted).toStrictEqual({ ok: true, value: verified });
    expect(accepted.ok && Object.keys(accepted.value)).not.toContain('nonce');
    const withNonce = signRequest({
      seed,
      authority: AUTHORITY,
      created: NOW,
      expires: NOW + 300,
      nonce: 'n-1',
    });
    const { replay: _, ...signed } = verified;
    expect(request(withNonce)).toStrictEqual({
      ok: true,
      value: { ...signed, nonce: 'n-1', replay: 'off-by-caller' },
    });
  });
});

describe('maxHeaderLength is inclusive for both fields', () => {
  // Signature padded with a second member to the length of Signature-Input, so one cap
  // is exactly the length of each field.
  const inputLength = honest['signature-input'].length;
  const pad = (length: number) => {
    const head = `${honest.signature}, pad=:`;
    const filler = length - head.length - 1;
    return `${head}${'A'.repeat(filler)}:`;
  };
  const padded = { ...honest, signature: pad(inputLength) };

  it('a field exactly maxHeaderLength long is accepted, one more character is header-too-long', () => {
    // why: verify.ts:154:55 `signature.value.length > maxHeaderLength` → `>=`.
    expect(padded.signature.length).toBe(inputLength);
    expect(request(padded, { maxHeaderLength: inputLength })).toMatchObject({ ok: true });
    expect(request(padded, { maxHeaderLength: inputLength - 1 })).toEqual({
      ok: false,
      code: 'header-too-long',
      detail: `Signature-Input is ${inputLength} characters, over the cap of ${inputLength - 1}`,
    });
    const longerSignature = { ...honest, signature: pad(inputLength + 1) };
    expect(request(longerSignature, { maxHeaderLength: inputLength + 1 })).toMatchObject({ ok: true });
    expect(request(longerSignature, { maxHeaderLength: inputLength })).toEqual({
      ok: false,
      code: 'header-too-long',
      detail: `Signature is ${inputLength + 1} characters, over the cap of ${inputLength}`,
    });
  });
});

describe('caller errors throw SeamError bad-argument naming the entry and option', () => {
  it('options that are not an object (null, a number) are refused before anything is read', () => {
    // why: verify.ts:176:102 requireOptions block → {}, 177:7 its condition → false, `||` → `&&`,
    // `typeof options !== 'object'` → false, `options === null` → false, 178:25 and 178:41
    // its code and message → "", 240:27 and 305:27 the entry names → "".
    for (const options of [null, 5])
      for (const [entry, call] of [
        ['verifyRequest', verifyRequest],
        ['verifyDirectory', verifyDirectory],
      ] as const)
        expectSeamError(() => call(options as never), 'bad-argument', `${entry} takes an options object`);
  });

  it('a count option must be a positive safe integer: 0, 1.5 and a string are refused', () => {
    // why: verify.ts:184:7 the condition → false, `(… || …) && value <= 0`, the first pair → false,
    // its `||` → `&&`, 184:68 `value <= 0` → false and → `value < 0`, 185:25 and 185:41 the
    // code and message → "", 249:5, 314:5, 319:5 the option names → "".
    for (const value of [0, 1.5, '100'])
      expectSeamError(
        () => request(honest, { maxHeaderLength: value }),
        'bad-argument',
        'verifyRequest maxHeaderLength must be a positive integer',
      );
    expectSeamError(
      () => dir({ maxHeaderLength: 0 }),
      'bad-argument',
      'verifyDirectory maxHeaderLength must be a positive integer',
    );
    expectSeamError(
      () => dir({ maxBodyLength: 0 }),
      'bad-argument',
      'verifyDirectory maxBodyLength must be a positive integer',
    );
    // The smallest allowed value is accepted as a cap (it refuses, it does not throw).
    expect(request(honest, { maxHeaderLength: 1 })).toMatchObject({ ok: false, code: 'header-too-long' });
  });

  it('headers and a request together are refused', () => {
    // why: verify.ts:210:25 the code → "".
    const both = new Request(`https://${AUTHORITY}/`, { headers: honest });
    expectSeamError(
      () =>
        verifyRequest({
          replay: 'off',
          headers: honest,
          request: both,
          authority: AUTHORITY,
          jwks,
          now: NOW,
        } as never),
      'bad-argument',
      'verifyRequest takes headers or a request, not both',
    );
  });

  it('{ fromRequestUrl: true } without a request is refused', () => {
    // why: verify.ts:216:25 the code → "".
    expectSeamError(
      () =>
        verifyRequest({
          replay: 'off',
          headers: honest,
          authority: { fromRequestUrl: true },
          jwks,
          now: NOW,
        } as never),
      'bad-argument',
      'authority { fromRequestUrl: true } needs a request',
    );
  });

  it('an authority that is neither host[:port] nor exactly { fromRequestUrl: true } is refused', () => {
    // why: verify.ts:212:5 `typeof authority === 'object' && authority !== null` → true and its
    // `&&` → `||`, and 213:5 `authority !== null` → true (null and undefined would be read,
    // a TypeError); 212:5 `typeof authority === 'object'` → true (undefined would be read);
    // 212:5 `(… && …) || fromRequestUrl === true` and 214:5 `fromRequestUrl === true` → true
    // (an object without fromRequestUrl: true would take the URL's host); 219:7 and 220:7
    // the code and message → "".
    const message =
      'verifyRequest authority is the host[:port] this server answers for (non-empty visible ASCII), from its own configuration';
    const req = new Request(`https://${AUTHORITY}/`, { headers: honest });
    for (const authority of [
      null,
      undefined,
      {},
      { fromRequestUrl: false },
      { fromRequestUrl: 'true' },
      'a b',
    ])
      expectSeamError(
        () => verifyRequest({ replay: 'off', request: req, authority: authority as never, jwks, now: NOW }),
        'bad-argument',
        message,
      );
    expectSeamError(() => request(honest, { authority: null }), 'bad-argument', message);
  });

  it('verifyDirectory refuses an authority that is not host[:port]', () => {
    // why: verify.ts:321:7 `!isAuthority(options.authority)` → false, 323:7 and 324:7 its code
    // and message → "" (the first two uncovered before).
    for (const authority of ['a b', '', undefined])
      expectSeamError(
        () => dir({ authority }),
        'bad-argument',
        'verifyDirectory authority is the host[:port] the directory was fetched from',
      );
  });
});

describe('a Request (receivedRequest)', () => {
  it('a request that is not an object, even a function carrying headers, is not-an-object', () => {
    // why: verify.ts:227:20 `typeof request === 'object'` → true (the function's headers would be read),
    // 229:48 the detail → "".
    const refused = { ok: false, code: 'not-an-object', detail: 'request is not a Request with headers' };
    const callable = Object.assign(() => undefined, {
      url: `https://${AUTHORITY}/`,
      headers: new Headers(honest),
    });
    expect(verifyRequest({ replay: 'off', request: callable, authority: AUTHORITY, jwks, now: NOW })).toEqual(
      refused,
    );
    expect(
      verifyRequest({
        replay: 'off',
        request: { url: `https://${AUTHORITY}/` } as never,
        authority: AUTHORITY,
        jwks,
        now: NOW,
      }),
    ).toEqual(refused);
    // The same headers in an object verify: only the request's type was refused.
    const plain = { url: `https://${AUTHORITY}/`, headers: new Headers(honest) };
    expect(
      verifyRequest({ replay: 'off', request: plain, authority: AUTHORITY, jwks, now: NOW }),
    ).toMatchObject({
      ok: true,
    });
  });

  it("a request with the caller's authority names it as the caller's in bad-signature", () => {
    // why: verify.ts:231:86 "the caller's" → "" (the request branch with a configured authority).
    const req = new Request('https://www.example.com/', { headers: honest });
    expect(
      verifyRequest({ replay: 'off', request: req, authority: 'www.example.com', jwks, now: NOW }),
    ).toEqual({
      ok: false,
      code: 'bad-signature',
      detail:
        `the signature does not verify under key ${keyid} over ("@authority") with @authority "www.example.com" ` +
        "(the caller's); a wrong authority is the common cause",
    });
  });

  it('with fromRequestUrl, a URL without a host is malformed-request-url, said so', () => {
    // why: verify.ts:234:42 the detail → "".
    for (const url of ['not a url', 'mailto:bot@example.com', undefined])
      expect(
        verifyRequest({
          replay: 'off',
          request: { url, headers: new Headers(honest) } as never,
          authority: { fromRequestUrl: true },
          jwks,
          now: NOW,
        }),
      ).toEqual({
        ok: false,
        code: 'malformed-request-url',
        detail: 'request.url is not an absolute URL with a host',
      });
  });
});

describe('verifyDirectory body and authority', () => {
  it('a body that is neither text nor bytes is not-bytes, said so', () => {
    // why: verify.ts:328:30 the detail → "".
    expect(dir({ body: 5 })).toEqual({
      ok: false,
      code: 'not-bytes',
      detail: 'the directory body is not a string or a Uint8Array',
    });
  });

  it('a body exactly maxBodyLength long is accepted, one byte more is directory-too-large', () => {
    // why: verify.ts:329:7 `body.length > maxBodyLength` → `>=`.
    const length = directory.body.length;
    expect(dir({ maxBodyLength: length })).toMatchObject({ ok: true });
    expect(dir({ maxBodyLength: length - 1 })).toEqual({
      ok: false,
      code: 'directory-too-large',
      detail: `the body is over the cap of ${length - 1} bytes`,
    });
    const bytes = new TextEncoder().encode(directory.body);
    expect(dir({ body: bytes, maxBodyLength: bytes.length })).toMatchObject({ ok: true });
    expect(dir({ body: bytes, maxBodyLength: bytes.length - 1 })).toEqual({
      ok: false,
      code: 'directory-too-large',
      detail: `the body is over the cap of ${bytes.length - 1} bytes`,
    });
  });

  it('a text body is measured in UTF-8 bytes, as the same body given as bytes is', () => {
    // why: utf8Size: a text body counted in UTF-16 units would pass a cap its bytes exceed
    // (40 'é' are 40 units, 80 bytes), so the same body would get two verdicts.
    const text = 'é'.repeat(40);
    for (const body of [text, new TextEncoder().encode(text)]) {
      expect(dir({ body, maxBodyLength: 79 })).toEqual({
        ok: false,
        code: 'directory-too-large',
        detail: 'the body is over the cap of 79 bytes',
      });
      expect(dir({ body, maxBodyLength: 80 })).toEqual({
        ok: false,
        code: 'malformed-directory',
        detail: 'body is not JSON',
      });
    }
  });

  it('bytes that are not UTF-8 are malformed-directory "body is not UTF-8", not a JSON failure', () => {
    // why: verify.ts:334:9 `!decoded.ok` → false (undefined would reach JSON.parse: "body is not JSON"),
    // 334:57 the detail → "".
    expect(dir({ body: new Uint8Array([0x7b, 0xff, 0x7d]) })).toEqual({
      ok: false,
      code: 'malformed-directory',
      detail: 'body is not UTF-8',
    });
  });

  it('text that is not JSON is malformed-directory "body is not JSON"', () => {
    // why: verify.ts:340:11 the catch block → {} (undefined would reach the JWK Set check:
    // "not a JWK Set: no keys array"), 341:40 the detail → "".
    for (const body of ['{', '', new TextEncoder().encode('{"keys":')])
      expect(dir({ body })).toEqual({ ok: false, code: 'malformed-directory', detail: 'body is not JSON' });
  });

  it("a directory judged with the wrong authority names it as the caller's", () => {
    // why: verify.ts:351:22 "the caller's" → "".
    expect(dir({ authority: 'www.example.com' })).toEqual({
      ok: false,
      code: 'bad-signature',
      detail:
        `the signature does not verify under key ${keyid} over ("@authority";req "content-digest") with @authority "www.example.com" ` +
        "(the caller's); a wrong authority is the common cause",
    });
  });
});

describe('the default time limits, exactly at each and one second past it', () => {
  // Not survivors of verify.ts: these hold the defaults it passes (MAX_REQUEST_LIFETIME,
  // MAX_DIRECTORY_LIFETIME) and the inclusive comparisons of checkTimes in profile.ts.
  /** A signed message whose Signature-Input claims another expires; times are judged before the signature. */
  const claimingExpires = (signed: SignedHeaders, expires: number): SignedHeaders => ({
    ...signed,
    'signature-input': signed['signature-input'].replace(/expires=\d+/, `expires=${expires}`),
  });

  it('a request: created 300 s ahead, now at expires, a lifetime of 600 s are accepted', () => {
    // why: profile.ts checkTimes `created > now + MAX_CLOCK_SKEW` → `>=`, `now > expires` → `>=`,
    // `lifetime > maxLifetime` → `>=` (with the default cap verify.ts passes).
    expect(request(honest, { now: NOW - 300 })).toMatchObject({ ok: true });
    expect(request(honest, { now: NOW - 301 })).toEqual({
      ok: false,
      code: 'created-in-future',
      detail: 'created 301 s in the future (allowed skew 300 s)',
    });
    expect(request(honest, { now: NOW + 300 })).toMatchObject({ ok: true });
    expect(request(honest, { now: NOW + 301 })).toEqual({
      ok: false,
      code: 'expired',
      detail: 'expired 1 s ago',
    });
    const longest = signRequest({ seed, authority: AUTHORITY, created: NOW, expires: NOW + 600 });
    expect(request(longest)).toMatchObject({ ok: true });
    expect(request(claimingExpires(longest, NOW + 601))).toEqual({
      ok: false,
      code: 'lifetime-too-long',
      detail: 'lifetime 601 s, 1 s over the cap of 600 s',
    });
  });

  it('a directory: a lifetime of 86400 s is accepted, 86401 s is refused', () => {
    // why: the directory's own default cap (86400, not the request's 600) at its boundary.
    const day = signDirectory({ seed, authority: AUTHORITY, created: NOW, expires: NOW + 86_400 });
    const judge = (headers: SignedHeaders) =>
      verifyDirectory({ headers, body: day.body, authority: AUTHORITY, now: NOW });
    expect(judge(day.headers)).toMatchObject({ ok: true });
    expect(judge(claimingExpires(day.headers, NOW + 86_401))).toEqual({
      ok: false,
      code: 'lifetime-too-long',
      detail: 'lifetime 86401 s, 1 s over the cap of 86400 s',
    });
  });
});

describe('verifyRequest, with a directory of its own', () => {
  // Refusals are asserted whole (code and detail), caller errors by name, code and message. Every
  // `why` names the mutant(s) the case holds (src/file.ts line:column as the report gives them).
  const seed = new Uint8Array(32).fill(9);
  const created = 1754870400;
  const AUTHORITY = 'bot.example';
  const jwk = jwkFromPublicKey(keyPairFromSeed(seed).publicKey);
  const keyid = unwrap(thumbprint(jwk));

  describe('verifyRequest details from the profile and the key set', () => {
    const NOW = created;
    const verify = (signatureInput: string, extra: Record<string, unknown> = {}) =>
      verifyRequest({
        replay: 'off',
        headers: { 'signature-input': signatureInput, signature: 'sig1=:AAAA:', ...extra },
        authority: AUTHORITY,
        jwks: { keys: [jwk] },
        now: NOW,
      });
    const ours = `keyid="${keyid}";tag="${REQUEST_TAG}"`;

    it('parameter refusals carry their detail', () => {
      // why: kills profile.ts:52:66.
      expect(verify('sig1=("@authority");foo=1')).toEqual({
        ok: false,
        code: 'unsupported-parameter',
        detail: 'a signature parameter outside the profile is signed',
      });
      // why: kills profile.ts:53:66.
      expect(verify('sig1=("@authority");created="1"')).toEqual({
        ok: false,
        code: 'wrong-parameter-type',
        detail: 'created must be an sf-integer',
      });
      // why: kills profile.ts:56:85.
      expect(verify(`sig1=("@authority");created=${NOW}`)).toEqual({
        ok: false,
        code: 'missing-parameter',
        detail: 'the signature has no expires parameter',
      });
    });

    it('expires equal to created is refused', () => {
      // why: kills profile.ts:94:7 (`expires <= created` -> `<`: a zero lifetime would pass on
      // to the signature check).
      expect(verify(`sig1=("@authority");created=${NOW};expires=${NOW};${ours}`)).toEqual({
        ok: false,
        code: 'expires-before-created',
        detail: 'expires 0 s before created',
      });
    });

    it('a covered field that is not text is refused with its detail', () => {
      // why: kills signature-base.ts:53:58.
      expect(verify(`sig1=("@authority" "x");created=${NOW};expires=${NOW + 60};${ours}`, { x: 5 })).toEqual({
        ok: false,
        code: 'malformed-covered-header',
        detail: 'a covered field value is not text',
      });
    });

    it('a key set without a keys array is refused with its detail', () => {
      // why: kills jwk-set.ts:69:64.
      const signed = signRequest({ seed, authority: AUTHORITY, created: NOW, expires: NOW + 60 });
      expect(
        verifyRequest({ replay: 'off', headers: signed, authority: AUTHORITY, jwks: {} as never, now: NOW }),
      ).toEqual({
        ok: false,
        code: 'malformed-directory',
        detail: 'not a JWK Set: no keys array',
      });
    });
  });
});
