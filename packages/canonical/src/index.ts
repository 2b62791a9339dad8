export { bytesEqual, concatBytes } from './bytes.js';
export { type CanonicalMatch, isCanonicalJSON, matchCanonicalJSON } from './canonical-check.js';
export { type CanonicalizeOptions, canonicalize, canonicalString } from './canonicalize.js';
export { PARSE_CHECKS } from './checks.js';
export { CANONICALIZE_CODES, type CanonicalizeCode, PARSE_CODES, type ParseCode } from './codes.js';
export { describeType } from './describe.js';
export {
  type CheckOutcome,
  type CheckResult,
  type CheckSpec,
  checkListProblems,
  explainVerdict,
  withoutCodes,
} from './explain.js';
export {
  type CanonicalFromJSONOptions,
  canonicalFromJSON,
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_DEPTH,
  type ParseJSONOptions,
  type ParseOptions,
  parseJSON,
} from './from-json.js';
export {
  createSha256,
  HKDF_SHA256_MAX_LENGTH,
  hkdfSha256Expand,
  hkdfSha256Extract,
  hmacSha256,
  type Sha256Hasher,
  sha256,
  sha512,
} from './hashes.js';
export { jsonReader } from './json-reader.js';
export { JsonFloat, type JsonValue } from './json-value.js';
export { ecmaScriptNumber, pythonFloatRepr } from './numbers.js';
export { type DuplicateKeys, type Profile, type ProfileName, profiles } from './profiles.js';
export {
  type AsyncReplayCode,
  DEFAULT_REPLAY_CHARS,
  DEFAULT_REPLAY_ENTRIES,
  DEFAULT_REPLAY_WINDOW,
  MemoryReplayCache,
  type MemoryReplayCacheOptions,
  type ReplayAnswer,
  type ReplayCache,
  type ReplayCode,
  replayOrOff,
  replayVerdict,
  replayVerdictAsync,
} from './replay.js';
export { missingOption, OFF, type Off, type OffByCaller, unjudgedMembers } from './required.js';
export { type Difference, type EscapeOptions, escapeBytes, firstDifference } from './show-bytes.js';
export {
  base64Strict,
  base64urlStrict,
  hex,
  SPELLING_CODES,
  type SpellingCode,
  utf8Strict,
} from './spellings.js';
export {
  type AgeCode,
  durationSeconds,
  type Freshness,
  type Instant,
  instantOrOff,
  judgeAge,
  MAX_PLAUSIBLE_SECONDS,
  requiredInstant,
  unixMillis,
  unixSeconds,
} from './time.js';
export { fail, ok, SeamError, unwrap, type Verdict } from './verdict.js';
