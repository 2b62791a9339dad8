/**
 * Cases that kill the mutants Stryker left alive outside the verify path (issue 15, the
 * `--rest` run, share b): the HPKE core (hpke, context, kem, key-schedule, kid), the
 * access credential and Padmé padding. Each `it` names the mutant(s) it turns red by
 * `file.ts:line:column` of that run's report. Mutants no input can tell apart are listed in
 * spec/hpke-seal.md ("Outside the verify path ... (b)").
 */
import { concatBytes, sha256 } from '@agent-seam/canonical';
import { encode } from '@agent-seam/coredet-cbor';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import { checkAccess } from '../src/access.js';
import { ACCESS_KIND_CAPABILITY, OUTER } from '../src/envelope-wire.js';
import {
  AEAD_EXPORT_ONLY,
  deriveKeyPair,
  keyId,
  open,
  publicKeyOf,
  seal,
  setupAuthR,
  setupBaseR,
  setupBaseS,
  setupPSKS,
} from '../src/index.js';
import { padLengthFor, padme } from '../src/padme.js';
import { decodeWireMap, encodeRawMap } from '../src/wire-map.js';

const empty = new Uint8Array(0);
const recipient = deriveKeyPair(new Uint8Array(32).fill(7));
const seamError = (code: string, text: string) => ({ name: 'SeamError', code, message: `${code}: ${text}` });
// A point of order 8 (RFC 7748 section 5): X25519 with it is all zero.
const SMALL_ORDER = Uint8Array.from(
  'e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800'
    .match(/../g)!
    .map((h) => Number.parseInt(h, 16)),
);

describe('access.ts: checkAccess refuses a malformed credential, saying which part', () => {
  const TO = 'bafyreito';
  const outer = decodeWireMap(encodeRawMap([[OUTER.to, encode(TO)]]), 1 << 16)!;
  const check = (access: Uint8Array) => {
    // The structural checks come before the mailbox is asked about: 'off' reaches them all.
    const v = checkAccess(access, outer, { mailbox: 'off', nowMs: 0 });
    return v.ok ? ['ok'] : [v.code, v.detail];
  };
  const capBody = (changes: [number, unknown][] = []) =>
    encode(
      new Map<number, unknown>([
        [0, 'anet.cap/1'],
        [1, TO],
        [2, 0],
        [3, new Uint8Array(16)],
        [4, 1],
        [5, 0],
        [6, new Uint8Array(32)],
        ...changes,
      ]) as never,
    );
  const capability = (cap: Uint8Array) =>
    encodeRawMap([
      [1, encode(ACCESS_KIND_CAPABILITY)],
      [2, cap],
      [3, encode(new Uint8Array(64))],
    ]);
  const capOf = (body: Uint8Array) =>
    encodeRawMap([
      [1, encode(body)],
      [2, encode(new Uint8Array(64))],
    ]);

  it('bytes that are no map are refused as such, not thrown on', () => {
    // why: access.ts:87:7 `map === null || ...` -> false and `map === null` -> false (both read
    // .extensions of null and throw), :94:50 'not a closed Access map' -> ""
    expect(check(encode(5))).toEqual(['bad-access', 'the credential is not a closed Access map']);
  });

  it('an Access map with an extension key (64 and up) is not closed', () => {
    // why: access.ts:87:23 `map.extensions.length > 0` -> false, :87:7 `||` -> `&&` (a kind-0
    // map with key 64 was accepted as a session)
    expect(
      check(
        encodeRawMap([
          [1, encode(0)],
          [64, encode(0)],
        ]),
      ),
    ).toEqual(['bad-access', 'the credential is not a closed Access map']);
  });

  it('an Access map whose kind breaks its rule is not closed', () => {
    // why: access.ts:88:51 `firstBadField(map, schema) === null` -> true (the map got through
    // and was refused later, for its kind, with another detail)
    expect(check(encodeRawMap([[1, encode(new Uint8Array(1))]]))).toEqual([
      'bad-access',
      'the credential is not a closed Access map',
    ]);
  });

  it('an unknown kind, and a capability missing a part, say so', () => {
    // why: the literals of the kind and missing-part details
    expect(check(encodeRawMap([[1, encode(2)]]))).toEqual([
      'bad-access',
      'the credential kind is neither 0 nor 1',
    ]);
    expect(check(encodeRawMap([[1, encode(1)]]))).toEqual([
      'bad-access',
      'the capability credential has no Cap',
    ]);
    expect(
      check(
        encodeRawMap([
          [1, encode(0)],
          [3, encode(new Uint8Array(64))],
        ]),
      ),
    ).toEqual(['bad-access', 'a first-contact credential carries a capability part']);
  });

  it('a Cap map without its signature is not closed', () => {
    // why: access.ts:102:47 'not a closed Cap map' -> ""
    expect(check(capability(encodeRawMap([[1, encode(capBody())]])))).toEqual([
      'bad-access',
      'the Cap is not a closed map of body and signature',
    ]);
  });

  it('a cap body that is no map, or has the wrong tag, is not a CapBody', () => {
    // why: access.ts:105:7 `body === null` -> false (read a field of null and threw), :106:31
    // 'not a CapBody' -> ""
    expect(check(capability(capOf(encode(1))))).toEqual([
      'bad-access',
      'the CapBody is not a closed map with its field rules',
    ]);
    expect(check(capability(capOf(capBody([[0, 'anet.cap/2']]))))).toEqual([
      'bad-access',
      'the CapBody tag is not anet.cap/1',
    ]);
  });

  it('a cap owned by another AID than the envelope is addressed to says so', () => {
    // why: access.ts:108:31 'owner is not to' -> ""
    expect(check(capability(capOf(capBody([[1, 'bafyreiother']]))))).toEqual([
      'bad-access',
      'the CapBody owner is not the outer to',
    ]);
  });

  it('a class that is neither contact nor stranger is refused; a good one reaches the mailbox', () => {
    // why: the class lookup (0 and 3 are no class) and its detail
    for (const c of [0, 3])
      expect(check(capability(capOf(capBody([[4, c]]))))).toEqual([
        'bad-access',
        'the CapBody class is neither contact (1) nor stranger (2)',
      ]);
    for (const c of [1, 2])
      expect(check(capability(capOf(capBody([[4, c]]))))).toEqual([
        'capability-not-accepted',
        "a capability credential, and this recipient opens with mailbox: 'off'",
      ]);
  });
});

describe('context.ts: export lengths, export-only contexts, argument names', () => {
  const { context } = setupBaseS({ recipientPublicKey: recipient.publicKey, info: empty });

  it('an export length that is negative or not an integer throws bad-export-length, saying the range', () => {
    // why: context.ts:42:9 the whole range test -> false, `||` -> `&&`, :42:38 `length < 0` ->
    // false (-1 and 1.5 reached the expander), :43:48 the message -> ''
    const tooShort = seamError('bad-export-length', 'export length must be 0..8160');
    expect(thrown(() => context.export(empty, -1))).toEqual(tooShort);
    expect(thrown(() => context.export(empty, 1.5))).toEqual(tooShort);
  });

  it('an export of 0 bytes is allowed and empty', () => {
    // why: context.ts:42:38 `length < 0` -> `length <= 0`
    expect(context.export(empty, 0)).toEqual(empty);
  });

  it('an export-only context refuses to seal, saying why', () => {
    // why: context.ts:50:42 'an export-only context cannot seal or open' -> ""
    const exportOnly = setupBaseS({
      recipientPublicKey: recipient.publicKey,
      info: empty,
      aead: AEAD_EXPORT_ONLY,
    });
    expect(thrown(() => exportOnly.context.seal(empty, empty))).toEqual(
      seamError('export-only', 'an export-only context cannot seal or open'),
    );
  });

  it('seal names the argument that is not bytes', () => {
    // why: context.ts:68:23 'aad' -> "", :69:29 'plaintext' -> ""
    const { context: fresh } = setupBaseS({ recipientPublicKey: recipient.publicKey, info: empty });
    expect(thrown(() => fresh.seal('aad' as never, empty))).toEqual(
      seamError('bad-argument', 'aad must be a Uint8Array'),
    );
    expect(thrown(() => fresh.seal(empty, 'text' as never))).toEqual(
      seamError('bad-argument', 'plaintext must be a Uint8Array'),
    );
  });
});

describe('hpke.ts: the caller options of the setups and of seal/open', () => {
  it('a setup given no options object says which setup, never a TypeError', () => {
    // why: hpke.ts:59:7 the test -> false, `||` -> `&&`, `typeof options !== 'object'` ->
    // false, :59:38 `options === null` -> false; :60:25 'bad-argument' and :60:41 the message
    // -> '' (no coverage); :67:30 'a sender setup' and :79:30 'a recipient setup' -> ""
    expect(thrown(() => setupBaseS(null as never))).toEqual(
      seamError('bad-argument', 'a sender setup takes an options object'),
    );
    expect(thrown(() => setupBaseS('options' as never))).toEqual(
      seamError('bad-argument', 'a sender setup takes an options object'),
    );
    expect(thrown(() => setupBaseR(null as never))).toEqual(
      seamError('bad-argument', 'a recipient setup takes an options object'),
    );
    expect(thrown(() => setupBaseR('options' as never))).toEqual(
      seamError('bad-argument', 'a recipient setup takes an options object'),
    );
  });

  it('a pskId that is not bytes is named', () => {
    // why: hpke.ts:63:7 `options.pskId !== undefined` -> false, :63:64 'pskId' -> ""
    const options = { recipientPublicKey: recipient.publicKey, info: empty, psk: new Uint8Array(32) };
    expect(thrown(() => setupPSKS({ ...options, pskId: 'id' as never }))).toEqual(
      seamError('bad-argument', 'pskId must be a Uint8Array'),
    );
  });

  it('seal given no options object says so, never a TypeError', () => {
    // why: hpke.ts:119:7 the test -> false, `||` -> `&&`, `typeof options !== 'object'` ->
    // false, :119:38 `options === null` -> false; :120:25 and :120:41 the strings -> "" (no coverage)
    for (const options of [null, 'options'])
      expect(thrown(() => seal(options as never))).toEqual(
        seamError('bad-argument', 'seal takes an options object'),
      );
  });

  it('open given null says so, never a TypeError', () => {
    // why: hpke.ts:131:38 `options === null` -> false
    expect(thrown(() => open(null as never))).toEqual(
      seamError('bad-argument', 'open takes an options object'),
    );
  });

  it('seal and open take psk mode when either psk or pskId is given, so an empty one is refused', () => {
    // why: hpke.ts:121:16 (seal) and :134:16 (open) `&&` -> `||`, `options.psk === undefined`
    // -> true, `options.pskId === undefined` -> true: each chose base mode for a lone empty
    // psk or pskId and sealed/opened without a word; key-schedule.ts:43:73 the message -> ""
    const needs = seamError('bad-psk', 'this mode needs a psk and a pskId');
    const sealing = { recipientPublicKey: recipient.publicKey, info: empty, aad: empty, plaintext: empty };
    const opening = {
      recipientPrivateKey: recipient.privateKey,
      enc: recipient.publicKey,
      info: empty,
      aad: empty,
      ciphertext: new Uint8Array(16),
    };
    expect(thrown(() => seal({ ...sealing, psk: empty }))).toEqual(needs);
    expect(thrown(() => seal({ ...sealing, pskId: empty }))).toEqual(needs);
    expect(thrown(() => open({ ...opening, psk: empty }))).toEqual(needs);
    expect(thrown(() => open({ ...opening, pskId: empty }))).toEqual(needs);
  });
});

describe('key-schedule.ts: psk inputs that do not fit the mode', () => {
  it('a psk without its id says they go together', () => {
    // why: key-schedule.ts:40:36 'psk and pskId must be given together' -> ""
    const options = { recipientPublicKey: recipient.publicKey, info: empty, aad: empty, plaintext: empty };
    expect(thrown(() => seal({ ...options, psk: new Uint8Array(32) }))).toEqual(
      seamError('bad-psk', 'psk and pskId must be given together'),
    );
  });

  it('a psk handed to a base-mode setup is refused, not ignored', () => {
    // why: key-schedule.ts:41:7 `psk.length > 0 && !usesPsk(mode)` -> false, and :42:25 /
    // :42:36 its strings -> "" (no coverage): setupBaseS passes its options to the schedule
    // (a variable, not a literal: the types of setupBaseS leave psk out, JavaScript callers need not)
    const withPsk = {
      recipientPublicKey: recipient.publicKey,
      info: empty,
      psk: new Uint8Array(32),
      pskId: Uint8Array.of(1),
    };
    expect(thrown(() => setupBaseS(withPsk))).toEqual(
      seamError('bad-psk', 'a psk was given for a mode that does not use one'),
    );
  });
});

describe('kem.ts: key checks and the cache of public keys', () => {
  it('the recipient key of a seal: wrong length, small order, each said', () => {
    // why: kem.ts:66:43 'recipient public key' -> "", :71:43 the small-order message -> ""
    expect(thrown(() => setupBaseS({ recipientPublicKey: new Uint8Array(31), info: empty }))).toEqual(
      seamError('bad-key-length', 'recipient public key must be 32 bytes'),
    );
    expect(thrown(() => setupBaseS({ recipientPublicKey: SMALL_ORDER, info: empty }))).toEqual(
      seamError('bad-public-key', 'the recipient public key is a small-order point'),
    );
  });

  it('the sender key of an auth open: wrong length, small order, each said', () => {
    // why: kem.ts:91:7 `senderPublicKey !== undefined` -> false (a short key ended as
    // "small-order"), :91:75 'sender public key' -> ""; :99:9 `dh === null` -> false (a
    // TypeError), :99:42 / :99:60 its strings -> "" (no coverage)
    const options = { recipientPrivateKey: recipient.privateKey, enc: recipient.publicKey, info: empty };
    expect(thrown(() => setupAuthR({ ...options, senderPublicKey: new Uint8Array(31) }))).toEqual(
      seamError('bad-key-length', 'sender public key must be 32 bytes'),
    );
    expect(thrown(() => setupAuthR({ ...options, senderPublicKey: SMALL_ORDER }))).toEqual(
      seamError('bad-public-key', 'the sender public key is a small-order point'),
    );
  });

  it('a public key handed out is the caller’s own copy: changing it never changes the next answer', () => {
    // why: kem.ts:47:75 `publicKey.slice()` -> `publicKey` (the first answer was the cached
    // array), :45:79 `known.publicKey.slice()` -> `known.publicKey` (so was a cached answer)
    const privateKey = recipient.privateKey.slice();
    const first = publicKeyOf(privateKey);
    first.fill(0);
    const second = publicKeyOf(privateKey);
    expect(second).toEqual(recipient.publicKey);
    second.fill(0);
    expect(publicKeyOf(privateKey)).toEqual(recipient.publicKey);
  });
});

describe('kid.ts: a suite is one byte', () => {
  const expected = (suite: number) =>
    sha256(
      concatBytes([new TextEncoder().encode('anet-enc-kid/v1'), Uint8Array.of(suite), recipient.publicKey]),
    ).slice(0, 16);

  it('suites 0 and 255 name keys', () => {
    // why: kid.ts:12:35 `suite < 0` -> `suite <= 0`, :12:48 `suite > 0xff` -> `suite >= 0xff`
    expect(keyId(0, recipient.publicKey)).toEqual(expected(0));
    expect(keyId(255, recipient.publicKey)).toEqual(expected(255));
  });

  it('a suite below 0, above 255 or not an integer throws bad-suite', () => {
    // why: kid.ts:12:7 the test -> false, `(... || suite < 0) && suite > 0xff`, `!Number.isInteger(suite)
    // || suite < 0` -> false, its `||` -> `&&`; :12:35 `suite < 0` -> false; :12:48 `suite > 0xff`
    // -> false; :13:25 'bad-suite' and :13:38 the message -> "" (no coverage)
    for (const suite of [-1, 256, 1.5])
      expect(thrown(() => keyId(suite, recipient.publicKey))).toEqual(
        seamError('bad-suite', 'a suite is one byte in a key id'),
      );
  });
});

describe('padme.ts: lengths out of range, and pad lengths at every CBOR head size', () => {
  const head = (n: number) => (n < 24 ? 1 : n < 0x100 ? 2 : n < 0x10000 ? 3 : n < 2 ** 32 ? 5 : 9);

  it('padme refuses a negative or non-integer or unsafe length with a RangeError', () => {
    // why: padme.ts:16:7 the test -> false, `||` -> `&&`, :16:35 `n < 0` -> false (-1 came back
    // as -1), :16:63 the message -> "" (no coverage)
    for (const n of [-1, 1.5, 2 ** 53])
      expect(thrown(() => padme(n))).toEqual({
        name: 'RangeError',
        code: undefined,
        message: 'padme: n must be a non-negative safe integer',
      });
  });

  // [base, pad length]: an encoding of `base` bytes grows to base + n + head(n) - 1, a Padmé length.
  const cases: [string, number, number][] = [
    // 544 - 520 = 24 cannot be hit (24 zero bytes take a 2-byte head): the next Padmé length is used.
    ['24 extra bytes, a 1-byte head off by one', 520, 55],
    ['257 extra bytes, a 2-byte head off by one', 8447, 767],
    ['65538 extra bytes, a 3-byte head off by one', 4259838, 196606],
    ['a 5-byte head', 2 ** 23 - 100_000, 99_996],
    // padme(2^40 - 2^32 - 4) = 2^40, 2^32 + 4 extra: unhittable; the next one is 2^40 + 2^34.
    ['2^32 + 4 extra bytes, a 5-byte head off by one', 2 ** 40 - 2 ** 32 - 4, 2 ** 34 + 2 ** 32 - 4],
  ];

  it.each(cases)('%s', (_, base, n) => {
    // why: padme.ts:30:7 `n < 24` -> `<= 24` (520), :31:7 `n < 0x100` -> `<= 0x100` (8447),
    // :32:7 `n < 0x10000` -> true and `<= 0x10000` (4259838), :33:7 `n < 0x100000000` -> true,
    // false, `<=`, `>=` (no coverage; 2^23 - 100000 and 2^40 - 2^32 - 4), :44:51 `target + 1` ->
    // `target - 1` (no coverage; the unhittable ones loop for ever)
    expect(padLengthFor(base)).toBe(n);
    expect(padme(base + n + head(n) - 1)).toBe(base + n + head(n) - 1);
  });
});
