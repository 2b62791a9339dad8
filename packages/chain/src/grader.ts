import { base64Strict, fail, ok, SeamError, sha256, type Verdict } from '@agent-seam/canonical';
import { digestOf, domainDigest } from './digest.js';
import { CANON_PROFILE, canonicalOfObject, isObject, type JsonObject, parseWire, safeInt } from './json.js';
import { type KeyedSignature, keyedSignatureOf, signKeyed } from './signature.js';

/** The domain of grader-verdict signatures (a sibling of the record domain, same key family). */
export const GRADER_DOMAIN = 'io.github.hupe1980.agentplane/grader-verdict/v1';
/** The `kind` every sidecar names: what the file is. */
export const GRADER_KIND = 'agentplane.grader-verdict';
export const GRADER_VERSION = 1;
/** A sidecar is one small JSON object; anything larger is refused before parsing. */
export const MAX_SIDECAR_BYTES = 1024 * 1024;

const MEMBERS = ['kind', 'version', 'run', 'last_seq', 'last_hash', 'open', 'content', 'signature'];

/** The sidecar as a grader states it, before signing. `content` is the verdict, opaque bytes. */
export interface GraderClaim {
  run: string;
  last_seq: number;
  last_hash: string;
  open: boolean;
  content: Uint8Array;
}

/** A sidecar that parsed: what it binds, the verdict bytes, and the 32 bytes its signature covers. */
export interface GraderSidecar {
  run: string;
  lastSeq: number;
  lastHash: Uint8Array;
  open: boolean;
  content: Uint8Array;
  signature: KeyedSignature;
  signingInput: Uint8Array;
}

/** The sidecar as it travels: every member, `content` in standard padded base64. */
export interface SignedGraderSidecar {
  kind: typeof GRADER_KIND;
  version: typeof GRADER_VERSION;
  run: string;
  last_seq: number;
  last_hash: string;
  open: boolean;
  content: string;
  signature: KeyedSignature;
}

/** SHA-256(domain ‖ 0x00 ‖ SHA-256(canonical(sidecar without signature))). */
export function graderSigningInput(sidecar: JsonObject): Uint8Array {
  const { signature: _signature, ...rest } = sidecar;
  return domainDigest(GRADER_DOMAIN, sha256(canonicalOfObject(rest, CANON_PROFILE, 'sidecar')));
}

/**
 * The signed sidecar for `claim`. Serialise it with any JSON writer (the reference
 * writes it pretty-printed with a final newline; readers parse, they do not compare text).
 */
export function signGraderVerdict(claim: GraderClaim, keyId: string, seed: Uint8Array): SignedGraderSidecar {
  if (typeof claim !== 'object' || claim === null)
    throw new SeamError('bad-claim', 'claim is not { run, last_seq, last_hash, open, content }');
  if (typeof claim.run !== 'string') throw new SeamError('bad-run', 'claim.run is not a string');
  if (!Number.isSafeInteger(claim.last_seq) || claim.last_seq < 1)
    throw new SeamError('bad-last-seq', 'claim.last_seq is not an integer >= 1');
  if (digestOf(claim.last_hash) === null)
    throw new SeamError('bad-last-hash', 'claim.last_hash is not 64 lowercase hex characters');
  if (!(claim.content instanceof Uint8Array))
    throw new SeamError('bad-content', 'claim.content is not the verdict bytes (a Uint8Array)');
  if (typeof claim.open !== 'boolean') throw new SeamError('bad-open', 'claim.open is not a boolean');
  const unsigned = {
    kind: GRADER_KIND,
    version: GRADER_VERSION,
    run: claim.run,
    last_seq: claim.last_seq,
    last_hash: claim.last_hash,
    open: claim.open,
    content: base64Strict.encode(claim.content),
  } as const;
  return { ...unsigned, signature: signKeyed(keyId, seed, graderSigningInput(unsigned)) };
}

/** Every way parseGraderSidecar refuses a file; inside an export either is the finding `grader-format`. */
export const GRADER_SIDECAR_CODES = ['not-bytes', 'grader-format'] as const;
export type GraderSidecarCode = (typeof GRADER_SIDECAR_CODES)[number];

/**
 * Reads a sidecar file. The member set is exact, and each member is held to its type
 * one by one; any failure refuses the whole file (`grader-format`, the detail naming
 * the member). Binding it to an export is `judgeGraders`' job, and the signature is
 * verified there only when grader keys are supplied.
 */
export function parseGraderSidecar(bytes: Uint8Array): Verdict<GraderSidecar, GraderSidecarCode> {
  if (!(bytes instanceof Uint8Array)) return fail('not-bytes', 'the sidecar file is not a Uint8Array');
  const refuse = (detail: string) => fail('grader-format' as const, detail);
  if (bytes.length > MAX_SIDECAR_BYTES) return refuse('the sidecar exceeds its size cap');
  const parsed = parseWire(bytes, MAX_SIDECAR_BYTES);
  if (!parsed.ok || !isObject(parsed.value)) return refuse('the sidecar is not one JSON object');
  const value = parsed.value;
  const members = Object.keys(value);
  if (members.length !== MEMBERS.length || members.some((m) => !MEMBERS.includes(m)))
    return refuse('the sidecar must carry exactly the known members');
  if (value.kind !== GRADER_KIND) return refuse('kind does not name a grader verdict');
  if (safeInt(value.version) !== GRADER_VERSION)
    return refuse('the sidecar version is not one this reader implements');
  if (typeof value.run !== 'string') return refuse('run is not a string');
  const lastSeq = safeInt(value.last_seq);
  if (lastSeq === null || lastSeq < 1) return refuse('last_seq is not an integer >= 1');
  const lastHash = digestOf(value.last_hash);
  if (lastHash === null) return refuse('last_hash is not 64 lowercase hex characters');
  if (typeof value.open !== 'boolean') return refuse('open is not a boolean');
  const content = base64Strict.decode(value.content);
  if (!content.ok) return refuse('content is not standard padded base64');
  const signature = keyedSignatureOf(value.signature);
  if (signature === null) return refuse('signature is not a key_id and 128 lowercase hex characters');
  let signingInput: Uint8Array;
  try {
    signingInput = graderSigningInput(value);
  } catch {
    return refuse('the sidecar has no canonical form');
  }
  return ok({
    run: value.run,
    lastSeq,
    lastHash,
    open: value.open,
    content: content.value,
    signature,
    signingInput,
  });
}
