/**
 * Cases that kill the mutants Stryker left alive on the open paths (issue 15). Each `it`
 * pins one behaviour; its `why` comment names the mutant(s) it turns red, by file:line of
 * the sources the first run mutated (main at 1b9b72f). Keys, message and envelopes come
 * from envelope-fixture.ts (the seal.v2 vector keys, the package's own assembler).
 */
import { fail, ok, SeamError, unwrap } from '@agent-seam/canonical';
import { decodeEntries, encode } from '@agent-seam/coredet-cbor';
import { signEd25519 } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { dackKeys } from '../src/dack.js';
import { KEL_MAX_BYTES, NOTICE_MAX_BYTES } from '../src/envelope-wire.js';
import {
  createDack,
  type DackKeys,
  MAX_LIFETIME_MS,
  type OpenEnvelopeV2Options,
  openEnvelope,
  readDack,
  sealEnvelope,
  setupBaseS,
} from '../src/index.js';
import { chachaSeal } from '../src/primitives.js';
import { signaturePreimage } from '../src/sender-key.js';
import { encodeRawMap } from '../src/wire-map.js';
import {
  capability,
  editOuter,
  envelope,
  epoch,
  FROM,
  history,
  interaction,
  mailbox,
  message,
  NOW,
  open,
  put,
  sealOptions,
  seed,
  sender,
  TS,
  utf8,
} from './envelope-fixture.js';

/** The verdict as [code, detail], or ['ok'], for comparing refusals whole. */
const verdict = (v: ReturnType<typeof open>) => (v.ok ? ['ok'] : [v.code, v.detail]);
/** Thrown SeamError as [code, message], to assert both; the message starts with the code. */
const thrown = (run: () => unknown) => {
  try {
    run();
  } catch (e) {
    return e instanceof SeamError ? [e.code, e.message] : ['not a SeamError', String(e)];
  }
  return ['did not throw'];
};
const seamError = (code: string, text: string) => [code, `${code}: ${text}`];

describe('open-v2.ts', () => {
  it('the envelopes these cases start from open, with one layer and with two', () => {
    expect(verdict(open(envelope()))).toEqual(['ok']);
    expect(verdict(open(envelope({ layer2: true })))).toEqual(['ok']);
  });

  it('a wrap that is no wire map is bad-wrap, said so', () => {
    // why: open-v2.ts:124 `wrap === null` -> false (throws), and its two strings -> "" (no coverage)
    expect(verdict(open(envelope({ wrapExtensions: [[-1, encode(0)]] })))).toEqual([
      'bad-wrap',
      'not a CoreDet map with unsigned integer keys',
    ]);
  });

  it('bad-wrap names the unknown wrap key, the field that breaks its rule, or the lone ikid', () => {
    // why: open-v2.ts:126 'wrap key ${unknown}', :128 'wrap key ${bad}', :130 'ikid and enc2 go together' -> ""
    expect(verdict(open(envelope({ wrapExtensions: [[5, encode(0)]] })))).toEqual(['bad-wrap', 'wrap key 5']);
    expect(verdict(open(envelope({ wrapExtensions: [[1, encode(0)]] })))).toEqual(['bad-wrap', 'wrap key 1']);
    expect(verdict(open(envelope({ wrapExtensions: [[1, encode(new Uint8Array(16))]] })))).toEqual([
      'bad-wrap',
      'ikid and enc2 go together',
    ]);
  });

  it('bad-pad says whether the padding is not zeros or the wrap not a Padmé length', () => {
    // why: open-v2.ts:131 'non-zero padding', :132 'not a Padmé length' -> ""
    expect(verdict(open(envelope({ pad: (n) => new Uint8Array(n).fill(1) })))).toEqual([
      'bad-pad',
      "the wrap's padding holds a non-zero byte",
    ]);
    expect(verdict(open(envelope({ pad: (n) => new Uint8Array(n + 1) })))).toEqual([
      'bad-pad',
      expect.stringMatching(/^the wrap is \d+ bytes, not a Padmé length$/),
    ]);
  });

  it('kel, notices and keys travel together', () => {
    // why: open-v2.ts:139 'kel, notices and keys go together' -> ""
    expect(verdict(open(envelope({ inner: put(12, null) })))).toEqual([
      'bad-inner',
      'kel, notices and keys go together',
    ]);
  });

  it('one notice of exactly 1024 bytes is accepted, 1025 bytes refused', () => {
    // why: open-v2.ts:144 `notice.length > NOTICE_MAX_BYTES` -> false and -> `>=`
    const withNotice = (n: number) => envelope({ inner: put(11, encode([new Uint8Array(n)])) });
    expect(verdict(open(withNotice(1024)))).toEqual(['ok']);
    expect(verdict(open(withNotice(1025)))).toEqual([
      'bad-inner',
      'exactly one witness notice of at most 1024 bytes',
    ]);
  });

  it('the history is returned, and handed to the resolver, as sent', () => {
    // why: open-v2.ts:146 history object -> {}; :241 `history === undefined` -> true; :243 `[notice]` -> []
    const asked: Parameters<OpenEnvelopeV2Options['resolveSenderKey']>[0][] = [];
    const opened = open(envelope(), {
      resolveSenderKey: (q) => {
        asked.push(q);
        return ok(sender.publicKey);
      },
    });
    expect(opened.ok && opened.value.history).toEqual(history);
    expect(asked).toEqual([
      {
        from: FROM,
        ksn: 0,
        tsMs: TS,
        nowMs: NOW,
        kel: history.kel,
        notices: [history.notice],
        keys: history.keys,
      },
    ]);
  });

  describe('rk (inner key 15) is a closed suite-1 key', () => {
    const pub = interaction.publicKey;
    const withRk = (rk: Uint8Array) => open(envelope({ inner: put(15, rk) }));
    /** The verdict on an envelope whose rk is the wire map of these entries. */
    const rkOf = (...entries: [number, Uint8Array][]) => verdict(withRk(encodeRawMap(entries)));
    const refused = ['bad-inner', 'rk is not a closed suite-1 key'];
    it('a closed {1: 1, 2: key} is accepted and returned', () => {
      const opened = withRk(
        encodeRawMap([
          [1, encode(1)],
          [2, encode(pub)],
        ]),
      );
      expect(opened.ok && opened.value.rk).toEqual(pub);
    });
    it('a map with a text key (no wire map) is refused', () => {
      // why: open-v2.ts:152 `rkMap === null` -> false (throws), `rkMap === null && ...` (throws)
      const textKeyed = new Map<unknown, unknown>([
        [1, 1],
        [2, pub],
        ['x', 0],
      ]);
      expect(verdict(withRk(encode(textKeyed as never)))).toEqual(refused);
    });
    it('an extension key is refused', () => {
      // why: open-v2.ts:153 `extensions.length > 0` -> false; :152 `(... || extensions) && unknown`
      expect(rkOf([1, encode(1)], [2, encode(pub)], [64, encode(0)])).toEqual(refused);
    });
    it('an unknown key in 0-63 is refused', () => {
      // why: open-v2.ts:154 `firstUnknownKey(...) !== null` -> false; :152 `(... || unknown) && bad`
      expect(rkOf([1, encode(1)], [2, encode(pub)], [3, encode(0)])).toEqual(refused);
    });
    it('a key that breaks its rule is refused', () => {
      // why: open-v2.ts:155 `firstBadField(...) !== null` -> false; :152 `(... || bad) && suite`
      expect(rkOf([1, encode(1)], [2, encode(pub.subarray(1))])).toEqual(refused);
    });
  });

  it('a wrong interactionKeyRing throws bad-argument', () => {
    // why: open-v2.ts:175 'bad-argument' -> ""
    expect(thrown(() => open(envelope(), { interactionKeyRing: 'ring' as never }))).toEqual(
      seamError('bad-argument', 'openEnvelope interactionKeyRing must be a function (keyRingOf makes one)'),
    );
  });

  it('a grant (inner key 14) is returned as its encoded map', () => {
    // why: open-v2.ts:260 `grant !== undefined` -> false
    const grant = encode(new Map([[1, utf8('grant')]]));
    const opened = open(envelope({ inner: put(14, grant) }));
    expect(opened.ok && opened.value.grant).toEqual(grant);
  });
});

describe('open-steps.ts', () => {
  it('not bytes, and bytes that are no wire map, say so', () => {
    // why: open-steps.ts:90 'the envelope is not a Uint8Array' -> ""; :93 'not a CoreDet map ...' -> ""
    expect(verdict(open('an envelope'))).toEqual(['not-bytes', 'the envelope is a string, not a Uint8Array']);
    expect(verdict(open(Uint8Array.of(0xff)))).toEqual([
      'bad-outer',
      'not a CoreDet map with unsigned integer keys',
    ]);
  });

  it('a version that is missing, negative or beyond 2^53 is bad-outer "missing version", not bad-version', () => {
    // why: open-steps.ts:95-96 every mutant of the version test (no coverage of its strings;
    // `v === undefined` -> false and its `&&` forms throw on {2: 0}; `typeof v.value !== 'number'`
    // -> false lets 2^64-1 through to bad-version; `valueBytes[0] >> 5 !== 0` -> false lets -1 through)
    const missingVersion = ['bad-outer', 'the outer map has no unsigned version at key 1'];
    expect(verdict(open(Uint8Array.of(0xa1, 0x02, 0x00)))).toEqual(missingVersion);
    expect(verdict(open(editOuter(envelope(), [[1, encode(-1)]])))).toEqual(missingVersion);
    expect(verdict(open(editOuter(envelope(), [[1, encode(2n ** 64n - 1n)]])))).toEqual(missingVersion);
  });

  it('null options throw bad-argument, not a TypeError', () => {
    // why: open-steps.ts:68 `options === null` -> false
    expect(thrown(() => openEnvelope(envelope(), null as never))).toEqual(
      seamError('bad-argument', 'openEnvelope takes an options object'),
    );
  });

  it('maxBytes 0 is allowed (everything is too large), -1 throws', () => {
    // why: open-steps.ts:75 `maxBytes < 0` -> false and -> `<= 0`
    expect(verdict(open(envelope(), { maxBytes: 0 }))).toEqual([
      'too-large',
      expect.stringMatching(/^the envelope is \d+ bytes, over maxBytes 0$/),
    ]);
    expect(thrown(() => open(envelope(), { maxBytes: -1 }))).toEqual(
      seamError('bad-argument', 'openEnvelope maxBytes must be a non-negative integer'),
    );
  });

  it('an envelope of exactly maxBytes opens, one byte more is too-large', () => {
    // why: open-steps.ts:91 `bytes.length > maxBytes` -> `>=`
    const bytes = envelope();
    expect(verdict(open(bytes, { maxBytes: bytes.length }))).toEqual(['ok']);
    expect(verdict(open(bytes, { maxBytes: bytes.length - 1 }))).toEqual([
      'too-large',
      `the envelope is ${bytes.length} bytes, over maxBytes ${bytes.length - 1}`,
    ]);
  });

  it('an enc that gives no shared secret (all zeros, low order) is decrypt-failed, said so', () => {
    // why: open-steps.ts:122 `!context.ok` -> false (throws), and its two strings -> "" (no coverage)
    expect(verdict(open(editOuter(envelope(), [[5, encode(new Uint8Array(32))]])))).toEqual([
      'decrypt-failed',
      'enc is not a usable public key',
    ]);
  });
});

describe('wire-map.ts', () => {
  it('an outer key of 2^64-1 is an extension, kept; a key of -2^64 makes no wire map', () => {
    // why: wire-map.ts:50 (no coverage) `entry.key >= 0n` -> true / -> `< 0n`,
    // `extensions.push(entry)` -> `;`; :50 `typeof entry.key === 'bigint' && ...` -> false; 'bigint' -> ""
    const big = 2n ** 64n - 1n;
    const opened = open(editOuter(envelope(), [[big, encode(0)]]));
    expect(opened.ok && opened.value.extensions.outer.map((e) => [e.key, e.valueBytes])).toEqual([
      [big, encode(0)],
    ]);
    expect(verdict(open(editOuter(envelope(), [[-(2n ** 64n), encode(0)]])))).toEqual([
      'bad-outer',
      'not a CoreDet map with unsigned integer keys',
    ]);
  });

  it('a text key makes no wire map (bad-outer), not an unknown key', () => {
    // why: wire-map.ts:51 `typeof entry.key !== 'number'` -> false
    // {1: 2, "x": 0}: version 2, then a text key (CoreDet order: 0x01 before 0x61 0x78).
    expect(verdict(open(Uint8Array.of(0xa2, 0x01, 0x02, 0x61, 0x78, 0x00)))).toEqual([
      'bad-outer',
      'not a CoreDet map with unsigned integer keys',
    ]);
  });

  it('values nest at most 16 deep (the envelope limit, not the decoder default of 32)', () => {
    // why: wire-map.ts:45 `{ ...DECODE_LIMITS, maxBytes }` -> {}
    let nested: unknown = 0;
    for (let i = 0; i < 20; i++) nested = [nested];
    expect(verdict(open(editOuter(envelope(), [[64, encode(nested as never)]])))).toEqual([
      'bad-outer',
      'not a CoreDet map with unsigned integer keys',
    ]);
  });

  it('a required field that is missing is named', () => {
    // why: wire-map.ts:68 `rule.required === true` -> false, `true` -> false; inner.ts:46 'inner key ${bad}' -> ''
    expect(verdict(open(envelope({ inner: put(4, null) })))).toEqual(['bad-inner', 'inner key 4']);
  });

  it('a uint field holding a negative integer or one beyond 2^53 breaks its rule', () => {
    // why: wire-map.ts:74 major-type test -> false (-1); :77 'uint' -> "" and :78 `typeof v === 'number'` -> true (2^64-1)
    expect(verdict(open(envelope({ inner: put(2, encode(-1)) })))).toEqual(['bad-inner', 'inner key 2']);
    expect(verdict(open(envelope({ inner: put(2, encode(2n ** 64n - 1n)) })))).toEqual([
      'bad-inner',
      'inner key 2',
    ]);
  });

  it('an empty outer ct breaks its non-empty rule', () => {
    // why: wire-map.ts:83 `rule.nonEmpty !== true || v.length > 0` -> true, `true` -> false, `> 0` -> `>= 0`
    expect(verdict(open(editOuter(envelope(), [[6, encode(new Uint8Array(0))]])))).toEqual([
      'bad-outer',
      'outer key 6',
    ]);
  });

  it('an empty from breaks its non-empty text rule', () => {
    // why: wire-map.ts:85 `case 'tstr'` emptied and 'tstr' -> ""; :87 the whole test -> true and its
    // `&&`/`||` swaps; :88 `rule.nonEmpty !== true || v.length > 0` -> true, `true` -> false, `> 0` -> `>= 0`
    expect(verdict(open(envelope({ inner: put(1, encode('')) })))).toEqual(['bad-inner', 'inner key 1']);
  });

  it('U+0000 is refused in from (noNul) and accepted in type (no such rule)', () => {
    // why: wire-map.ts:89 `rule.noNul !== true || !v.includes('\0')` -> true, `rule.noNul !== true`
    // -> false and -> `=== true`, `true` -> false
    expect(verdict(open(envelope({ inner: put(1, encode(`${FROM}\0`)) })))).toEqual([
      'bad-inner',
      'inner key 1',
    ]);
    const opened = open(envelope({ inner: put(4, encode('anet.message/1\0')) }));
    expect(opened.ok && opened.value.type).toBe('anet.message/1\0');
  });
});

describe('sender-key.ts', () => {
  const big = 2n ** 64n - 1n;
  /** The preimage with the value at `key` replaced: what a signer who saw other bytes signed. */
  const swapped = (key: bigint, value: Uint8Array) => (preimage: Uint8Array) =>
    encodeRawMap(
      unwrap(decodeEntries(preimage)).map(
        (e) => [e.key as number, e.key === key ? value : e.valueBytes] as const,
      ),
    );

  it('an inner extension keyed 2^64-1 is signed: kept when signed as sent, bad-sig when the signer saw another value', () => {
    // why: sender-key.ts:86 (no coverage) `typeof key !== 'bigint'` -> true / -> `=== 'bigint'`, 'bigint' -> ""
    // (each drops bigint keys from the preimage on both sides, so a changed value would still verify)
    const inner = put(big as never, encode(0));
    const opened = open(envelope({ inner }));
    expect(opened.ok && opened.value.extensions.inner.map((e) => e.key)).toEqual([big]);
    expect(verdict(open(envelope({ inner, signed: swapped(big, encode(1)) })))).toEqual([
      'bad-sig',
      'the inner signature does not verify under the key your resolver gave (bad-signature)',
    ]);
  });

  it('the preimage leaves out entries whose key is neither a number nor a bigint', () => {
    // why: sender-key.ts:86 `typeof key !== 'number' && typeof key !== 'bigint'` -> false. No opener
    // hands such a key over (decodeWireMap refuses them), so only the helper itself shows it.
    const recipe = { label: 'l', drop: [], bind: [] };
    const kept = { key: 1, valueBytes: encode(1), value: 1 };
    expect(signaturePreimage([kept, { key: 'x', valueBytes: encode(2), value: 2 }], recipe)).toEqual(
      signaturePreimage([kept], recipe),
    );
  });

  it('a resolver answer that is no Verdict throws bad-argument, however it fails to be one', () => {
    // why: sender-key.ts:36 `answer !== null` -> true (null); :38 `answer.ok === false` -> true
    // (a known code with ok not false); :41 'bad-argument' -> ""
    const expected = seamError(
      'bad-argument',
      'resolveSenderKey must return ok(publicKey) or fail(code) with a SenderKeyCode',
    );
    for (const answer of [null, { ok: undefined, code: 'revoked-key' }])
      expect(thrown(() => open(envelope(), { resolveSenderKey: () => answer as never }))).toEqual(expected);
  });
});

describe('inner.ts', () => {
  it('an inner message that is no wire map is bad-inner, said so', () => {
    // why: inner.ts:42 'not a CoreDet map with unsigned integer keys' -> ""
    expect(verdict(open(envelope({ inner: put(-1, encode(0)) })))).toEqual([
      'bad-inner',
      'not a CoreDet map with unsigned integer keys',
    ]);
  });

  it('a kel of exactly 65536 bytes is accepted, 65537 bytes is kel-too-large', () => {
    // why: inner.ts:62 `kel.length > KEL_MAX_BYTES` -> `>=`
    const withKel = (n: number) => envelope({ inner: put(10, encode(new Uint8Array(n))) });
    expect(verdict(open(withKel(65536)))).toEqual(['ok']);
    expect(verdict(open(withKel(65537)))).toEqual(['kel-too-large', 'the kel is 65537 bytes, over 65536']);
  });
});

describe('time-window.ts', () => {
  it('exp equal to ts (a zero lifetime) is accepted at that instant; one ms earlier is bad-lifetime', () => {
    // why: time-window.ts:27 `expMs < tsMs` -> `<=`
    const at = { now: new Date(TS) };
    expect(verdict(open(envelope({ inner: put(8, encode(TS)) }), at))).toEqual(['ok']);
    expect(verdict(open(envelope({ inner: put(8, encode(TS - 1)) }), at))).toEqual([
      'bad-lifetime',
      'exp is 0.001 s before ts',
    ]);
  });
});

describe('dack.ts', () => {
  const opened = open(envelope());
  const keys = (opened.ok ? opened.value.dack : undefined) as DackKeys;
  it('a dack of the wrong length, or with a token of neither decision, says so', () => {
    // why (issue 32 mutation run): dack.ts the bad-dack-length and bad-dack-token details → ''.
    expect(readDack(keys, new Uint8Array(79))).toEqual({
      ok: false,
      code: 'bad-dack-length',
      detail: 'the dack is 79 bytes, not 80',
    });
    expect(readDack(keys, new Uint8Array(80))).toEqual({
      ok: false,
      code: 'bad-dack-token',
      detail: "the token is neither this envelope's processed nor its refused token",
    });
  });
  /** A dack whose note authenticates under `keys` but carries the 48 plaintext bytes given. */
  const dackWithNote = (plaintext: Uint8Array) => {
    const token = keys.processedToken;
    const out = new Uint8Array(80);
    out.set(token, 0);
    out.set(chachaSeal(keys.noteKey, token.subarray(0, 12), token, plaintext), 16);
    return out;
  };

  it('the keys come from the layer-1 exporter under the labels the spec gives', () => {
    // why: dack.ts:42 'anet-dack/v2 processed', :43 'anet-dack/v2 refused', :44 'anet-dack/v2 note' -> ""
    const { context } = setupBaseS({ recipientPublicKey: epoch.publicKey, info: utf8('dack labels') });
    expect(dackKeys(context)).toEqual({
      processedToken: context.export(utf8('anet-dack/v2 processed'), 16),
      refusedToken: context.export(utf8('anet-dack/v2 refused'), 16),
      noteKey: context.export(utf8('anet-dack/v2 note'), 32),
      handle: context.export(utf8('anet-dack/v2 handle'), 16),
    });
  });

  it('keys that are not the four exporter outputs throw bad-argument', () => {
    // why: dack.ts:56-62 requireKeys: each conjunct -> true, `&&` -> `||`, `every` -> `some`, the
    // token list -> [], `t.length === TOKEN_BYTES` -> true, `noteKey.length === 32` -> true; :64 'bad-argument' -> ""
    const wrong: unknown[] = [
      null,
      Object.assign(() => undefined, keys),
      { ...keys, processedToken: keys.processedToken.subarray(1) },
      { ...keys, refusedToken: [...keys.refusedToken] },
      { ...keys, handle: keys.handle.subarray(1) },
      { ...keys, noteKey: keys.noteKey.subarray(1) },
    ];
    for (const bad of wrong) {
      expect(thrown(() => createDack(bad as DackKeys, { decision: 'processed' }))).toEqual(
        seamError('bad-argument', 'createDack takes the dack keys sealEnvelope or openEnvelope returned'),
      );
      expect(thrown(() => readDack(bad as DackKeys, new Uint8Array(80)))).toEqual(
        seamError('bad-argument', 'readDack takes the dack keys sealEnvelope or openEnvelope returned'),
      );
    }
  });

  it('a note without a decision of processed or refused throws bad-dack-note', () => {
    // why: dack.ts:70 the test -> false, both `note?.decision` -> `note.decision`; :71 strings -> "" (no coverage)
    for (const note of [undefined, { decision: 'maybe' }])
      expect(thrown(() => createDack(keys, note as never))).toEqual(
        seamError('bad-dack-note', "a note's decision is 'processed' or 'refused'"),
      );
  });

  it('a reason code is an integer 0..65535: 65535 reads back, 65536, -1 and 1.5 throw', () => {
    // why: dack.ts:74 the test -> false, `||` -> `&&`, `reason < 0` -> false, `> MAX_REASON` -> `>=`; :75 message -> ""
    expect(readDack(keys, createDack(keys, { decision: 'refused', reason: 65535 }))).toEqual(
      ok({ decision: 'refused', reason: 65535 }),
    );
    for (const reason of [65536, -1, 1.5])
      expect(thrown(() => createDack(keys, { decision: 'refused', reason }))).toEqual(
        seamError('bad-dack-note', 'a reason code is an integer 0..65535 (0: none)'),
      );
  });

  it('a wait time is a safe integer >= 0: 2^53-1 reads back, -1, 1.5 and 2^53 throw', () => {
    // why: dack.ts:76 the test -> false, `||` -> `&&`, `waitMs < 0` -> false; :77 strings -> "" (no coverage)
    const waitMs = Number.MAX_SAFE_INTEGER;
    expect(readDack(keys, createDack(keys, { decision: 'processed', waitMs }))).toEqual(
      ok({ decision: 'processed', waitMs }),
    );
    for (const bad of [-1, 1.5, 2 ** 53])
      expect(thrown(() => createDack(keys, { decision: 'processed', waitMs: bad }))).toEqual(
        seamError('bad-dack-note', 'a wait time is an integer 0..2^53-1 ms (0: none)'),
      );
  });

  it('readDack says why: not bytes, a note that does not authenticate, non-zero padding, a wait time beyond 2^53-1', () => {
    // why: dack.ts:94, :104, :105 and :109 refusal details -> ""
    expect(readDack(keys, 'dack' as never)).toEqual(
      fail('not-bytes', 'the dack is a string, not a Uint8Array'),
    );
    const tampered = createDack(keys, { decision: 'processed' });
    tampered[79]! ^= 1;
    expect(readDack(keys, tampered)).toEqual(fail('bad-dack-note', 'the note does not authenticate'));
    const padded = new Uint8Array(48);
    padded[47] = 1;
    expect(readDack(keys, dackWithNote(padded))).toEqual(fail('bad-dack-note', 'note padding is not zero'));
    const longWait = new Uint8Array(48);
    longWait.fill(0xff, 2, 10);
    expect(readDack(keys, dackWithNote(longWait))).toEqual(fail('bad-dack-note', 'wait time out of range'));
  });
});

describe('issue 32: the capability judgement and the writer bounds (survivors of the access.ts/seal-v2.ts run)', () => {
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
    expect(thrown(() => sealEnvelope({ ...sealOptions, access: notAMap }))).toEqual(
      seamError('bad-input', 'access.cap.body is not a closed anet.cap/1 CapBody'),
    );
  });

  it('the writer takes each bound at its limit and refuses one past it', () => {
    // why: seal-v2.ts `m.expMs >= m.tsMs` → `>`, `m.expMs - m.tsMs <= MAX_LIFETIME_MS` → `<`,
    // `kel.length <= KEL_MAX_BYTES` → `<`, the notice bound → `true` and `<`, and its message → ''.
    const seal = (m: Partial<typeof message>) => () =>
      sealEnvelope({ ...sealOptions, message: { ...message, ...m } });
    expect(thrown(seal({ expMs: TS }))).toEqual(['did not throw']);
    expect(thrown(seal({ expMs: TS + MAX_LIFETIME_MS }))).toEqual(['did not throw']);
    const sized = (part: 'kel' | 'notice', length: number) =>
      seal({ history: { ...history, [part]: new Uint8Array(length) } });
    expect(thrown(sized('kel', KEL_MAX_BYTES))).toEqual(['did not throw']);
    expect(thrown(sized('notice', NOTICE_MAX_BYTES))).toEqual(['did not throw']);
    expect(thrown(sized('notice', NOTICE_MAX_BYTES + 1))).toEqual(
      seamError('bad-input', `message.history.notice may be at most ${NOTICE_MAX_BYTES} bytes`),
    );
  });

  it('a grant must be an encoded map: other CoreDet, or bytes that are no CoreDet, are refused', () => {
    // why: seal-v2.ts isEncodedMap `decoded.ok && decoded.value instanceof Map` → `true` and
    // `||`, and `isBytes(m.grant) && isEncodedMap(m.grant)` → `||` (encoded 1 would be written).
    const seal = (grant: Uint8Array) => () =>
      sealEnvelope({ ...sealOptions, message: { ...message, grant } });
    const refused = seamError('bad-input', 'message.grant must be the encoded Grant map');
    expect(thrown(seal(encode(1)))).toEqual(refused);
    expect(thrown(seal(new Uint8Array([0xff])))).toEqual(refused);
    expect(thrown(seal(encode(new Map([[1, 1]]))))).toEqual(['did not throw']);
  });
});

describe('issue 32: the sealer writes an envelope of exactly the openers’ default size', () => {
  it('8 MiB on the byte is written and opens; one byte more is refused by the writer', () => {
    // why: seal-v2.ts `sealed.bytes.length <= DEFAULT_MAX_ENVELOPE_BYTES` → `<`. Padmé pads
    // the wrap to a multiple of 131072 near 8 MiB, so an outer extension (outside the
    // padding) fills the rest to the byte.
    const body = new Uint8Array(8_136_464);
    const sealAt = (fill: number) =>
      sealEnvelope({
        ...sealOptions,
        message: { ...message, body },
        outerExtensions: [[64, encode(new Uint8Array(fill))]],
      }).bytes;
    const first = sealAt(100_000).length;
    const exact = sealAt(100_000 + 8 * 1024 * 1024 - first);
    expect(exact.length).toBe(8 * 1024 * 1024);
    expect(open(exact).ok).toBe(true);
    expect(thrown(() => sealAt(100_000 + 8 * 1024 * 1024 - first + 1))[0]).toBe('bad-input');
  });
});
