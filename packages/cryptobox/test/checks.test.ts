import { base64Strict } from '@agent-seam/canonical';
import {
  BOX_CHECKS,
  BOX_CODES,
  BOX_V1_CHECKS,
  encPublicKey,
  type OpenBoxOptions,
  openBoxV1Verdict,
  openBoxVerdict,
  readSealedField,
  SEALED_FIELD_CHECKS,
  SEALED_FIELD_CODES,
  sealBox,
} from '@agent-seam/cryptobox';
import { expect, it } from 'vitest';
import { holdChecksToVerifier } from '../../../tools/check-order.ts';

const A = new Uint8Array(32).fill(1);
const B = new Uint8Array(32).fill(2);
const ad = new Uint8Array(0);
const blob = sealBox({ senderSeed: A, recipientPub: encPublicKey(B), plaintext: new Uint8Array([1]), ad });
const received: OpenBoxOptions = { recipientSeed: B, senderPub: encPublicKey(A), blob, ad };
const b64 = (bytes: number[]) => base64Strict.encode(new Uint8Array(bytes));
const V2_PREFIX = [0x61, 0x32, 0x62, 0x32];
/** A 32-byte low-order X25519 point (zero), which makes the shared secret zero. */
const lowOrder = new Uint8Array(32);
const open = (changes: Record<string, unknown>) =>
  openBoxVerdict({ ...received, ...changes } as OpenBoxOptions);
const openV1 = (changes: Record<string, unknown>) =>
  openBoxV1Verdict({ ...received, ...changes } as OpenBoxOptions);

it('the box the order cases start from opens', () => {
  expect(open({})).toEqual({ ok: true, value: new Uint8Array([1]) });
});

const SAME_KEY_TWICE = 'a key that is not 32 bytes is no point at all, so it cannot also be of low order';

holdChecksToVerifier(
  'openBoxVerdict',
  BOX_CHECKS,
  BOX_CODES.filter((c) => c !== 'v2-not-supported'),
  {
    'blob-text > size': () => open({ blob: new Array(10), maxChars: 5 }),
    'size > base64': () => open({ blob: '!'.repeat(10), maxChars: 5 }),
    'base64 > length': () => open({ blob: '!' }),
    'length > sender-key': () => open({ blob: b64(V2_PREFIX), senderPub: new Uint8Array(5) }),
    'sender-key > agreement': SAME_KEY_TWICE,
    'agreement > authentication': () => open({ senderPub: lowOrder }),
  },
);

holdChecksToVerifier(
  'openBoxV1Verdict',
  BOX_V1_CHECKS,
  BOX_CODES.filter((c) => c !== 'v2-too-short'),
  {
    'blob-text > size': () => openV1({ blob: new Array(10), maxChars: 5 }),
    'size > base64': () => openV1({ blob: '!'.repeat(10), maxChars: 5 }),
    // "YTJiMg" is the a2b2 prefix to a lenient reader, and not canonical (unpadded).
    'base64 > version': () => openV1({ blob: 'YTJiMg' }),
    'version > length': () => openV1({ blob: b64(V2_PREFIX) }),
    'length > sender-key': () => openV1({ blob: b64([1, 2, 3]), senderPub: new Uint8Array(5) }),
    'sender-key > agreement': SAME_KEY_TWICE,
    'agreement > authentication': () => openV1({ senderPub: lowOrder }),
  },
);

it('both lists together hold every box code, and the short v1 blob is too-short', () => {
  const codes = [...BOX_CHECKS, ...BOX_V1_CHECKS].flatMap((c) => c.codes);
  expect(new Set(codes)).toEqual(new Set(BOX_CODES));
  expect(open({ blob: b64([1, 2, 3]), senderPub: new Uint8Array(5) })).toMatchObject({ code: 'too-short' });
});

holdChecksToVerifier('readSealedField', SEALED_FIELD_CHECKS, SEALED_FIELD_CODES, {
  // An array is never a sealed spelling, whatever members it carries.
  'sealed > spelling': () => readSealedField(Object.assign([], { $sealed: 5, other: 1 })),
  'spelling > base64': () => readSealedField({ $sealed: '!!', other: 1 }),
});
