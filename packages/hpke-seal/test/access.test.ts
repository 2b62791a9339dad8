import { unwrap } from '@agent-seam/canonical';
import { decodeEntries, encode } from '@agent-seam/coredet-cbor';
import { signEd25519 } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { checkAccess } from '../src/access.js';
import { ACCESS_KIND_CAPABILITY, KEL_MAX_BYTES, NOTICE_MAX_BYTES, OUTER } from '../src/envelope-wire.js';
import { MAX_LIFETIME_MS, sealEnvelope } from '../src/index.js';
import { decodeWireMap, encodeRawMap } from '../src/wire-map.js';
import {
  capability,
  editOuter,
  envelope,
  errorPair,
  history,
  mailbox,
  message,
  open,
  sealOptions,
  seed,
  TS,
  thrownPair,
  verdict,
} from './envelope-fixture.js';

// Each `it` pins one behaviour of the access credential; its `why` comment names the mutant(s) of src/ it holds, by
// file:line of the sources the first mutation run saw (main at 1b9b72f). Keys, message and
// envelopes come from envelope-fixture.ts (the seal.v2 vector keys, the package's own assembler).

describe('a capability credential: what the opener judges and the bounds the writer keeps', () => {
  const withCapability = envelope({ access: capability(seed('holder')) });
  /** The envelope with its credential (outer key 7) rebuilt without the entry at `key`. */
  const withoutAccessKey = (bytes: Uint8Array, key: number) => {
    const access = unwrap(decodeEntries(unwrap(decodeEntries(bytes)).find((e) => e.key === 7)!.valueBytes));
    const kept: [number, Uint8Array][] = access
      .filter((e) => e.key !== key)
      .map((e) => [e.key as number, e.valueBytes]);
    return editOuter(bytes, [[7, encodeRawMap(kept)]]);
  };

  it('a capability credential without its proof, or without its Cap, says which part it lacks', () => {
    // why: access.ts `!hasCap || !hasPop` → `&&` (a Cap without its proof read on) and the
    // detail's 'proof' → '' (no case had a Cap without a proof).
    expect(verdict(open(withoutAccessKey(withCapability, 3)))).toEqual([
      'bad-access',
      'the capability credential has no proof',
    ]);
    expect(verdict(open(withoutAccessKey(withCapability, 2)))).toEqual([
      'bad-access',
      'the capability credential has no Cap',
    ]);
  });

  it('each capability refusal says what failed in the credential terms', () => {
    // why: access.ts the bad-cap-sig, cap-epoch-mismatch and bad-pop details → ''.
    const genuine = capability(seed('holder'));
    if (genuine.kind !== 1) throw new Error('a capability');
    const forged = {
      ...genuine,
      cap: { ...genuine.cap, sig: signEd25519(seed('impostor'), genuine.cap.body) },
    };
    expect(verdict(open(envelope({ access: forged })))).toEqual([
      'bad-cap-sig',
      'the CapBody signature does not verify under your mailbox key',
    ]);
    expect(verdict(open(withCapability, { mailbox: { publicKey: mailbox.publicKey, epoch: 2 } }))).toEqual([
      'cap-epoch-mismatch',
      'signed under mailbox epoch 1, and yours is 2',
    ]);
    expect(verdict(open(envelope({ access: capability(seed('other-holder')) })))).toEqual([
      'bad-pop',
      "the proof of possession does not verify under the CapBody's holder key",
    ]);
  });

  it('the writer refuses a CapBody that is no CoreDet map at all, with SeamError naming it', () => {
    // why: access.ts unsendableCapability `body === null` → false (the tag would be read
    // from no map: a TypeError instead of the usage error).
    const genuine = capability(seed('holder'));
    if (genuine.kind !== 1) throw new Error('a capability');
    const notAMap = { ...genuine, cap: { body: new Uint8Array([0xff]), sig: genuine.cap.sig } };
    expect(thrownPair(() => sealEnvelope({ ...sealOptions, access: notAMap }))).toEqual(
      errorPair('bad-input', 'access.cap.body is not a closed anet.cap/1 CapBody'),
    );
  });

  it('the writer takes each bound at its limit and refuses one past it', () => {
    // why: seal-v2.ts `m.expMs >= m.tsMs` → `>`, `m.expMs - m.tsMs <= MAX_LIFETIME_MS` → `<`,
    // `kel.length <= KEL_MAX_BYTES` → `<`, the notice bound → `true` and `<`, and its message → ''.
    const seal = (m: Partial<typeof message>) => () =>
      sealEnvelope({ ...sealOptions, message: { ...message, ...m } });
    expect(thrownPair(seal({ expMs: TS }))).toEqual(['did not throw']);
    expect(thrownPair(seal({ expMs: TS + MAX_LIFETIME_MS }))).toEqual(['did not throw']);
    const sized = (part: 'kel' | 'notice', length: number) =>
      seal({ history: { ...history, [part]: new Uint8Array(length) } });
    expect(thrownPair(sized('kel', KEL_MAX_BYTES))).toEqual(['did not throw']);
    expect(thrownPair(sized('notice', NOTICE_MAX_BYTES))).toEqual(['did not throw']);
    expect(thrownPair(sized('notice', NOTICE_MAX_BYTES + 1))).toEqual(
      errorPair('bad-input', `message.history.notice may be at most ${NOTICE_MAX_BYTES} bytes`),
    );
  });

  it('a grant must be an encoded map: other CoreDet, or bytes that are no CoreDet, are refused', () => {
    // why: seal-v2.ts isEncodedMap `decoded.ok && decoded.value instanceof Map` → `true` and
    // `||`, and `isBytes(m.grant) && isEncodedMap(m.grant)` → `||` (encoded 1 would be written).
    const seal = (grant: Uint8Array) => () =>
      sealEnvelope({ ...sealOptions, message: { ...message, grant } });
    const refused = errorPair('bad-input', 'message.grant must be the encoded Grant map');
    expect(thrownPair(seal(encode(1)))).toEqual(refused);
    expect(thrownPair(seal(new Uint8Array([0xff])))).toEqual(refused);
    expect(thrownPair(seal(encode(new Map([[1, 1]]))))).toEqual(['did not throw']);
  });
});

describe('checkAccess refuses a malformed credential, saying which part', () => {
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
