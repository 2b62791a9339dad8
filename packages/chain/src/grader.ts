import { canonicalize, fail, hex, ok, SeamError, type Verdict } from '@agent-seam/canonical';
import { sha256 } from '@noble/hashes/sha2.js';
import { domainDigest } from './digest.js';
import { CANON_PROFILE, isObject, type JsonObject, parseWire, safeInt } from './json.js';
import { type KeyedSignature, signKeyed } from './signature.js';

/** The domain of grader-verdict signatures (a sibling of the record domain, same key family). */
export const GRADER_DOMAIN = 'io.github.hupe1980.agentplane/grader-verdict/v1';
export const GRADER_VERSION = 1;
/** A sidecar is one small JSON object; anything larger is refused before parsing. */
export const MAX_SIDECAR_BYTES = 1024 * 1024;

const MEMBERS = ['version', 'run', 'last_seq', 'last_hash', 'open', 'verdict', 'signature'];

/** The sidecar as a writer states it, before signing. `verdict` is the grader's own JSON. */
export interface GraderClaim {
  run: string;
  last_seq: number;
  last_hash: string;
  open: boolean;
  verdict: unknown;
}

/** A sidecar that parsed: what it binds, and the 32 bytes its signature covers. */
export interface GraderSidecar {
  run: string;
  lastSeq: number;
  lastHash: Uint8Array;
  open: boolean;
  signature: unknown;
  signingInput: Uint8Array;
}

/** SHA-256(domain ‖ 0x00 ‖ SHA-256(canonical(sidecar without signature))). */
export function graderSigningInput(sidecar: JsonObject): Uint8Array {
  const { signature: _signature, ...rest } = sidecar;
  return domainDigest(GRADER_DOMAIN, sha256(canonicalize(rest, { profile: CANON_PROFILE })));
}

/** The signed sidecar object for `claim`; serialise it with any JSON writer. */
export function signGraderVerdict(
  claim: GraderClaim,
  keyId: string,
  seed: Uint8Array,
): JsonObject & { signature: KeyedSignature } {
  if (!hex.decode(claim.last_hash).ok || claim.last_hash.length !== 64)
    throw new SeamError('bad-last-hash', 'last_hash is 64 lowercase hex characters');
  const unsigned: JsonObject = { version: GRADER_VERSION, ...claim };
  return { ...unsigned, signature: signKeyed(keyId, seed, graderSigningInput(unsigned)) };
}

/**
 * Reads a sidecar file. Any member outside the known set, a wrong type or an unknown
 * version refuses the whole file (`grader-format`); binding it to an export is
 * `judgeGraders`' job.
 */
export function parseGraderSidecar(bytes: Uint8Array): Verdict<GraderSidecar, 'grader-format'> {
  if (bytes.length > MAX_SIDECAR_BYTES) return fail('grader-format', 'the sidecar exceeds its size cap');
  const parsed = parseWire(bytes, MAX_SIDECAR_BYTES);
  if (!parsed.ok || !isObject(parsed.value))
    return fail('grader-format', 'the sidecar is not one JSON object');
  const value = parsed.value;
  if (Object.keys(value).some((m) => !MEMBERS.includes(m)) || Object.keys(value).length !== MEMBERS.length)
    return fail('grader-format', 'the sidecar must carry exactly the known members');
  const lastSeq = safeInt(value.last_seq);
  const lastHash =
    typeof value.last_hash === 'string' && value.last_hash.length === 64 ? hex.decode(value.last_hash) : null;
  if (safeInt(value.version) !== GRADER_VERSION)
    return fail('grader-format', 'the sidecar version is not one this reader implements');
  if (
    typeof value.run !== 'string' ||
    lastSeq === null ||
    lastSeq < 1 ||
    lastHash === null ||
    !lastHash.ok ||
    typeof value.open !== 'boolean'
  )
    return fail('grader-format', 'run, last_seq, last_hash or open is malformed');
  let signingInput: Uint8Array;
  try {
    signingInput = graderSigningInput(value);
  } catch {
    return fail('grader-format', 'the sidecar has no canonical form');
  }
  return ok({
    run: value.run,
    lastSeq,
    lastHash: lastHash.value,
    open: value.open,
    signature: value.signature,
    signingInput,
  });
}
