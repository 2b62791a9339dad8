import { ok } from '@agent-seam/canonical';
import { encode } from '@agent-seam/coredet-cbor';
import { describe, expect, it } from 'vitest';
import type { OpenEnvelopeV2Options } from '../src/index.js';
import { encodeRawMap } from '../src/wire-map.js';
import {
  envelope,
  errorPair,
  FROM,
  history,
  interaction,
  NOW,
  open,
  put,
  sender,
  TS,
  thrownPair,
  utf8,
  verdict,
} from './envelope-fixture.js';

// Each `it` pins one behaviour of opening a version-2 envelope; its `why` comment names the mutant(s) of src/ it holds, by
// file:line of the sources the first mutation run saw (main at 1b9b72f). Keys, message and
// envelopes come from envelope-fixture.ts (the seal.v2 vector keys, the package's own assembler).

describe('opening a version-2 envelope: wrap, padding, history, rk and grant', () => {
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
    expect(thrownPair(() => open(envelope(), { interactionKeyRing: 'ring' as never }))).toEqual(
      errorPair('bad-argument', 'openEnvelope interactionKeyRing must be a function (keyRingOf makes one)'),
    );
  });

  it('a grant (inner key 14) is returned as its encoded map', () => {
    // why: open-v2.ts:260 `grant !== undefined` -> false
    const grant = encode(new Map([[1, utf8('grant')]]));
    const opened = open(envelope({ inner: put(14, grant) }));
    expect(opened.ok && opened.value.grant).toEqual(grant);
  });
});
