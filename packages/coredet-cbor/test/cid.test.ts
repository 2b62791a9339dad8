import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.js';
import { base32LowerEncode } from '../src/base32.js';
import { cid, parseCid } from '../src/index.js';

// Each `why` names the mutant(s) of src/ the case holds; the survivors no input can tell apart
// are listed in spec/coredet-cbor.md ("Outside the verify path ... (a)").

describe('cid', () => {
  // why: cid.ts:52:7 !(content instanceof Uint8Array) → false and cid.ts:52:61/52:74 (code and
  // message emptied).
  it('refuses content that is not bytes', () => {
    expect(thrown(() => cid('abc' as never, { codec: 'raw' }))).toEqual({
      name: 'SeamError',
      code: 'not-bytes',
      message: 'not-bytes: cid takes a Uint8Array',
    });
  });

  // why: cid.ts:53:7 !(options?.codec in CODEC_BYTE) → false, cid.ts:53:60/53:81 (code and message
  // emptied), and cid.ts:53:9 options?.codec → options.codec (a TypeError without options).
  it.each([
    ['an unknown codec', { codec: 'dag-json' }],
    ['no options', undefined],
  ])('refuses %s', (_name, options) => {
    expect(thrown(() => cid(new Uint8Array(1), options as never))).toEqual({
      name: 'SeamError',
      code: 'unsupported-codec',
      message: 'unsupported-codec: codec is dag-cbor or raw',
    });
  });
});

describe('parseCid', () => {
  const text = (bytes: number[]) => `b${base32LowerEncode(new Uint8Array(bytes))}`;
  const refused = (t: string) => {
    const v = parseCid(t);
    return v.ok ? 'accepted' : { code: v.code, detail: v.detail };
  };

  // why: cid.ts:65:7 bin.length < 1 → bin.length <= 1: one byte 01 is CIDv1 whose codec is
  // missing (unsupported-codec), not another version; cid.ts:67:56 message → "".
  it('reads a lone version byte 01 as version 1 without a codec', () => {
    expect(refused(text([0x01]))).toEqual({
      code: 'unsupported-codec',
      detail: 'the codec is missing; only dag-cbor (0x71) and raw (0x55) are accepted',
    });
  });

  // why: cid.ts:61:42, 65:84, 68:60, 70:38 messages → "".
  it.each([
    [
      'B' + text([0x01]).slice(1),
      'unsupported-multibase',
      'the CID starts with "B"; only the lower-case base32 multibase (b) is accepted',
    ],
    [text([0x00]), 'unsupported-version', 'the version is 0x00; only CIDv1 is accepted'],
    [
      text([0x01, 0x55, 0x13, 0x20]),
      'unsupported-hash',
      'the hash is 0x13; only sha2-256 (0x12) is accepted',
    ],
    [
      text([0x01, 0x55, 0x12, 0x20]),
      'bad-digest-length',
      'the digest is 0 bytes (its length byte says 0x20); it must be exactly 32',
    ],
  ])('refuses %s', (t, code, detail) => {
    expect(refused(t)).toEqual({ code, detail });
  });
});
