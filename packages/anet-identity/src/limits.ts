/**
 * The tags, limits and times of ANet identity objects (seed 002 for version 2, ANetCore
 * v0.15 as `../shared/interop/anet/FACTS.md` restates it for the log without a tag).
 * Times on the wire are Unix milliseconds, so every duration here is in milliseconds.
 */

/** Key 0 of every version-2 key event: the version marker and the domain separation. */
export const KEL_TAG_V2 = 'anet.kel/2';
/** Key 0 of a witness notice body. */
export const NOTICE_TAG = 'anet.ksn/1';
/** Key 0 of an encryption key set, v0.15 and version 2. */
export const KEY_SET_TAG_V1 = 'anet.enckeys/1';
export const KEY_SET_TAG_V2 = 'anet.enckeys/2';

/** A key event log: at most 256 events in at most 64 KiB (SealedInner key 10). */
export const MAX_KEL_BYTES = 65_536;
export const MAX_KEL_EVENTS = 256;
/** One witness notice on the wire (SealedInner key 11). */
export const MAX_NOTICE_BYTES = 1024;
/** DECIDED: a signed key set of 32 keys is about 3 KiB; 16 KiB leaves room and bounds the work. */
export const MAX_KEY_SET_BYTES = 16_384;
/** Keys in one set: v0.15 holds 1..4, version 2 1..32. */
export const MAX_KEYS_V1 = 4;
export const MAX_KEYS_V2 = 32;

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** How far ahead of the verifier's clock a timestamp may lie (events, notices, key validity). */
export const CLOCK_SKEW_MS = 5 * MINUTE_MS;
/** After a scheduled rotation the old key still signs for one hour. */
export const ROTATION_GRACE_MS = HOUR_MS;
/** A witness notice older than six hours no longer vouches for a key history. */
export const NOTICE_MAX_AGE_MS = 6 * HOUR_MS;
/** The longest validity of one encryption key: v0.15 30 days, version 2 two days. */
export const MAX_KEY_SPAN_V1_MS = 30 * DAY_MS;
export const MAX_KEY_SPAN_V2_MS = 2 * DAY_MS;
