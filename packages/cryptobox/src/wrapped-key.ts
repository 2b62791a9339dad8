import {
  bytesEqual,
  canonicalFromJSON,
  canonicalize,
  describeType,
  fail,
  isCanonicalJSON,
  type JsonValue,
  ok,
  type ProfileName,
  SeamError,
  type Verdict,
} from '@agent-seam/canonical';
import type { PayloadCode } from './codes.js';

/**
 * The data key of one sealed payload, wrapped by a key ring. It travels inside the
 * envelope as canonical JSON (agentplane canon v1) with exactly the members `scope`,
 * `wrapped_by` and `sealed`; `sealed` is a JSON array of byte values, which is how the
 * reference writer (serde's default for a byte vector) spells it.
 */
export interface WrappedKey {
  /** The erasure scope the key belongs to (for example `<tenant>/<case id>`). */
  scope: string;
  /** The name of the key-encryption key that wrapped it. */
  wrappedBy: string;
  /** The wrapped data key, in whatever form the key ring produces. */
  sealed: Uint8Array;
}

/** The seed's canon v1 (JCS, UTF-16 member order, exact integers) is this profile. */
export const WRAPPED_KEY_PROFILE: ProfileName = 'agentplane-v1';

const MEMBERS = new Set(['scope', 'wrapped_by', 'sealed']);
const UTF8 = new TextDecoder();

/** The canonical bytes of a wrapped key (sign side: throws SeamError on a bad argument). */
export function encodeWrappedKey(key: WrappedKey): Uint8Array {
  if (
    typeof key.scope !== 'string' ||
    typeof key.wrappedBy !== 'string' ||
    !(key.sealed instanceof Uint8Array)
  )
    throw new SeamError(
      'bad-argument',
      'a wrapped key needs string scope and wrappedBy and Uint8Array sealed',
    );
  return canonicalize(
    { scope: key.scope, sealed: Array.from(key.sealed), wrapped_by: key.wrappedBy },
    { profile: WRAPPED_KEY_PROFILE },
  );
}

type WrappedKeyCode = Extract<
  PayloadCode,
  'not-bytes' | 'wrapped-key-malformed' | 'wrapped-key-not-canonical' | 'wrapped-key-unknown-member'
>;

/**
 * Reads the wrapped-key bytes of an envelope. Nothing has authenticated them yet (the
 * tag that would is inside the payload), so every refusal here says only that this
 * reader cannot use the header, not that somebody tampered with it.
 *
 * Written headers are read the quick way first: the engine's JSON.parse, the member
 * checks, and the canonical bytes of what was read compared with the input. When they
 * are equal the input is canonical text (a fixed point of the strict reader), so the
 * strict path would have accepted the same key. Anything else takes the strict path,
 * which names the refusal.
 */
export function decodeWrappedKey(bytes: Uint8Array): Verdict<WrappedKey, WrappedKeyCode> {
  if (!(bytes instanceof Uint8Array))
    return fail('not-bytes', `the wrapped key is ${describeType(bytes)}, not a Uint8Array`);
  return quickRead(bytes) ?? strictRead(bytes);
}

/**
 * The key of a header that is exactly its canonical encoding, or null: one strict pass
 * answers "canonical", then the engine's parser reads it (canonical text reads the same).
 */
function quickRead(bytes: Uint8Array): Verdict<WrappedKey, WrappedKeyCode> | null {
  if (!isCanonicalJSON(bytes, { profile: WRAPPED_KEY_PROFILE, maxBytes: bytes.length })) return null;
  const key = membersOf(JSON.parse(UTF8.decode(bytes)) as JsonValue);
  return key.ok ? key : null;
}

function strictRead(bytes: Uint8Array): Verdict<WrappedKey, WrappedKeyCode> {
  const canonical = canonicalFromJSON(bytes, { profile: WRAPPED_KEY_PROFILE, maxBytes: bytes.length });
  if (!canonical.ok)
    return fail(
      'wrapped-key-malformed',
      `the wrapped key is not JSON this reader takes: ${canonical.detail}`,
    );
  if (!bytesEqual(canonical.value, bytes))
    return fail('wrapped-key-not-canonical', 'the wrapped key is not written in canonical form');
  // Canonical text (strict UTF-8, no repeated member, refused escapes and numbers
  // already refused) reads the same under the engine's parser, but for integers beyond
  // 2^53, which it rounds and which are no byte value under either parser.
  return membersOf(JSON.parse(UTF8.decode(bytes)) as JsonValue);
}

/** The wrapped key a parsed header describes, or the refusal. */
function membersOf(value: JsonValue): Verdict<WrappedKey, WrappedKeyCode> {
  if (!isObject(value))
    return fail('wrapped-key-malformed', `the wrapped key is ${describeType(value)}, not a JSON object`);
  for (const name of Object.keys(value))
    if (!MEMBERS.has(name))
      return fail(
        'wrapped-key-unknown-member',
        `the wrapped key has a member ${JSON.stringify(name.slice(0, 40))} this reader does not know`,
      );
  const { scope, wrapped_by: wrappedBy } = value;
  const sealed = byteArray(value.sealed);
  if (typeof scope !== 'string' || typeof wrappedBy !== 'string' || sealed === null)
    return fail(
      'wrapped-key-malformed',
      'the wrapped key needs string scope and wrapped_by and a byte array sealed',
    );
  return ok({ scope, wrappedBy, sealed });
}

const isObject = (v: JsonValue): v is { [key: string]: JsonValue } =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A JSON array of integers 0..255 as bytes, or null for anything else. */
function byteArray(value: JsonValue | undefined): Uint8Array | null {
  if (!Array.isArray(value)) return null;
  const out = new Uint8Array(value.length);
  for (let i = 0; i < value.length; i++) {
    const v = value[i];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 255) return null;
    out[i] = v;
  }
  return out;
}
