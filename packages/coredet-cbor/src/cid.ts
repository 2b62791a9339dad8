import { describeType, fail, ok, SeamError, sha256, type Verdict } from '@agent-seam/canonical';
import { base32LowerDecode, base32LowerEncode } from './base32.js';

/**
 * CIDv1 as ANet uses it: version 1, codec dag-cbor (0x71) or raw (0x55), multihash
 * sha2-256 (0x12) with a 32-byte digest; text is `b` + lower-case unpadded base32.
 * Every field is a one-byte varint, so the binary form is always 36 bytes.
 */
export type CidCodec = 'dag-cbor' | 'raw';

export interface Cid {
  codec: CidCodec;
  /** SHA-256 of the content. */
  digest: Uint8Array;
  /** The binary CID: 01 ‖ codec ‖ 12 20 ‖ digest. */
  bytes: Uint8Array;
  /** The text CID: `bafyrei…` (dag-cbor) or `bafkrei…` (raw), 59 characters. */
  text: string;
}

export const CID_CODES = [
  'not-a-string',
  'unsupported-multibase',
  'bad-base32',
  'unsupported-version',
  'unsupported-codec',
  'unsupported-hash',
  'bad-digest-length',
] as const;
export type CidCode = (typeof CID_CODES)[number];

const CID_VERSION = 0x01;
const CODEC_BYTE: Record<CidCodec, number> = { 'dag-cbor': 0x71, raw: 0x55 };
const SHA2_256 = 0x12;
const DIGEST_LENGTH = 32;

function assemble(codec: CidCodec, digest: Uint8Array): Cid {
  const bytes = new Uint8Array(4 + DIGEST_LENGTH);
  bytes[0] = CID_VERSION;
  bytes[1] = CODEC_BYTE[codec];
  bytes[2] = SHA2_256;
  bytes[3] = DIGEST_LENGTH;
  bytes.set(digest, 4);
  return { codec, digest, bytes, text: `b${base32LowerEncode(bytes)}` };
}

/**
 * The CID of `content` as given. For dag-cbor the caller passes the CoreDet bytes it
 * hashes (the preimage as sent or received); nothing is re-encoded here.
 */
export function cid(content: Uint8Array, options: { codec: CidCodec }): Cid {
  if (!(content instanceof Uint8Array)) throw new SeamError('not-bytes', 'cid takes a Uint8Array');
  if (!(options?.codec in CODEC_BYTE)) throw new SeamError('unsupported-codec', 'codec is dag-cbor or raw');
  return assemble(options.codec, sha256(content));
}

/** A byte of the binary CID for a detail: hex, or "missing" past its end. */
const byteName = (b: number | undefined): string =>
  b === undefined ? 'missing' : `0x${b.toString(16).padStart(2, '0')}`;

/** Parse a text CID; only the exact spelling `cid()` produces is accepted. */
export function parseCid(text: unknown): Verdict<Cid, CidCode> {
  if (typeof text !== 'string') return fail('not-a-string', `the CID is ${describeType(text)}, not a string`);
  if (!text.startsWith('b'))
    return fail(
      'unsupported-multibase',
      text === ''
        ? 'the CID is empty; only the lower-case base32 multibase (b) is accepted'
        : `the CID starts with ${JSON.stringify(text.slice(0, 1))}; only the lower-case base32 multibase (b) is accepted`,
    );
  const decoded = base32LowerDecode(text.slice(1));
  if (!decoded.ok) return decoded;
  const bin = decoded.value;
  if (bin.length < 1 || bin[0] !== CID_VERSION)
    return fail('unsupported-version', `the version is ${byteName(bin[0])}; only CIDv1 is accepted`);
  const codec = bin[1] === CODEC_BYTE['dag-cbor'] ? 'dag-cbor' : bin[1] === CODEC_BYTE.raw ? 'raw' : null;
  if (codec === null)
    return fail(
      'unsupported-codec',
      `the codec is ${byteName(bin[1])}; only dag-cbor (0x71) and raw (0x55) are accepted`,
    );
  if (bin[2] !== SHA2_256)
    return fail('unsupported-hash', `the hash is ${byteName(bin[2])}; only sha2-256 (0x12) is accepted`);
  if (bin[3] !== DIGEST_LENGTH || bin.length !== 4 + DIGEST_LENGTH)
    return fail(
      'bad-digest-length',
      `the digest is ${Math.max(bin.length - 4, 0)} bytes (its length byte says ${byteName(bin[3])}); it must be exactly 32`,
    );
  return ok(assemble(codec, bin.slice(4)));
}
