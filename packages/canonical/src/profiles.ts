import { SeamError } from './verdict.js';

/**
 * A canonical-JSON profile is data: a handful of rules the one writer and the one
 * parser consult. Adding a profile means adding a record here, never a code fork.
 */
export type ProfileName = 'seam' | 'jcs' | 'swarmrelay-v1' | 'agentplane-v1' | 'rfc004';

/** What the verify side does with a repeated member name. */
export type DuplicateKeys = 'last-wins' | 'refuse';

export interface Profile {
  readonly name: ProfileName;
  /** Where the rule comes from, so a reader can check it against the source. */
  readonly source: string;
  /**
   * Member order. `code-point`: compare Unicode scalar values (Python `str` order).
   * `utf16`: compare UTF-16 code units (JavaScript's default sort, RFC 8785).
   */
  readonly keyOrder: 'code-point' | 'utf16';
  /** A string holding an unpaired surrogate: refused, or written as a lowercase `\udxxx` escape. */
  readonly loneSurrogates: 'refuse' | 'escape';
  /**
   * Number model.
   * `python`: integers are exact and bare; a float is written as CPython `repr` writes it.
   * `ecmascript`: every number is an IEEE double written by ECMAScript Number::toString.
   * `ecmascript-exact-i64`: integer literals within i64/u64 stay exact; every other number as `ecmascript`.
   */
  readonly numbers: 'python' | 'ecmascript' | 'ecmascript-exact-i64';
  /**
   * A number that is not finite: NaN or +/-Infinity on the sign side, a literal beyond
   * the double range (`1e400`) on the verify side. Refused, or written `null` as
   * JSON.stringify writes it.
   */
  readonly nonFinite: 'refuse' | 'null';
  /** An object member whose value is `undefined`: refused, or left out as if absent. */
  readonly undefinedMembers: 'refuse' | 'drop';
  /**
   * Verify side, when the caller does not choose: a repeated member name is refused
   * (I-JSON, RFC 7493 section 2.3) or the last occurrence wins (what JSON.parse does).
   */
  readonly duplicateKeys: DuplicateKeys;
}

const profile = (p: Profile): Profile => Object.freeze(p);

export const profiles: Readonly<Record<ProfileName, Profile>> = Object.freeze({
  seam: profile({
    name: 'seam',
    source:
      'agent-seam wire contract: CPython json.dumps(sort_keys=True, separators=(",", ":"), ensure_ascii=False), UTF-8',
    keyOrder: 'code-point',
    loneSurrogates: 'refuse',
    numbers: 'python',
    nonFinite: 'refuse',
    undefinedMembers: 'refuse',
    duplicateKeys: 'last-wins',
  }),
  jcs: profile({
    name: 'jcs',
    source: 'RFC 8785 JSON Canonicalization Scheme',
    keyOrder: 'utf16',
    loneSurrogates: 'refuse',
    numbers: 'ecmascript',
    nonFinite: 'refuse',
    undefinedMembers: 'refuse',
    duplicateKeys: 'refuse',
  }),
  'swarmrelay-v1': profile({
    name: 'swarmrelay-v1',
    source:
      'swarmrelay-canonical-json-v1 (OpenAgentForum checksums): sorted JSON.stringify, well-formed stringify',
    keyOrder: 'utf16',
    loneSurrogates: 'escape',
    numbers: 'ecmascript',
    nonFinite: 'refuse',
    undefinedMembers: 'refuse',
    duplicateKeys: 'last-wins',
  }),
  'agentplane-v1': profile({
    name: 'agentplane-v1',
    source: 'agentplane canon v1: RFC 8785 except that integer literals within i64/u64 stay exact',
    keyOrder: 'utf16',
    loneSurrogates: 'refuse',
    numbers: 'ecmascript-exact-i64',
    nonFinite: 'refuse',
    undefinedMembers: 'refuse',
    duplicateKeys: 'refuse',
  }),
  rfc004: profile({
    name: 'rfc004',
    source:
      'ar-agents RFC-004 audit HMAC canonical(): sorted keys, undefined members dropped, JSON.stringify leaves',
    keyOrder: 'utf16',
    loneSurrogates: 'escape',
    numbers: 'ecmascript',
    nonFinite: 'null',
    undefinedMembers: 'drop',
    duplicateKeys: 'last-wins',
  }),
});

/** The profile record for a name (or a record itself); anything else is a programmer error. */
export function profileOf(profile: unknown): Profile {
  if (typeof profile === 'string' && Object.hasOwn(profiles, profile))
    return profiles[profile as ProfileName];
  if (typeof profile === 'object' && profile !== null && Object.values(profiles).includes(profile as Profile))
    return profile as Profile;
  throw new SeamError('unknown-profile', 'profile must be one of: ' + Object.keys(profiles).join(', '));
}
