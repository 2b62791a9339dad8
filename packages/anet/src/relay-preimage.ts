/**
 * The text a hub request signature covers (FACTS 11). Version 2:
 * `anet-relay/v2/<action>/<aid>/<hubAID>/<ts>/<B>` with B the unpadded base64url of
 * SHA-256(method ‖ 0x00 ‖ path and query ‖ 0x00 ‖ body); the deprecated version 1:
 * `anet-relay/<action>/<aid>/<ts>`, which binds neither the hub nor the request.
 */
import { base64urlStrict, createSha256, type Sha256Hasher, utf8Strict } from '@agent-seam/canonical';
import { RELAY_LABEL_V1, RELAY_LABEL_V2 } from './limits.js';

const ZERO = Uint8Array.of(0);

/** A hasher that has taken `method ‖ 0x00 ‖ target ‖ 0x00`: the body is fed to it next, in any chunks. */
export function requestHasher(method: string, target: string): Sha256Hasher {
  return createSha256()
    .update(utf8Strict.encode(method))
    .update(ZERO)
    .update(utf8Strict.encode(target))
    .update(ZERO);
}

/** B of a version-2 preimage: base64url (no padding) of SHA-256(method ‖ 0 ‖ target ‖ 0 ‖ body), 43 characters. */
export function requestDigest(method: string, target: string, body: Uint8Array): string {
  return base64urlStrict.encode(requestHasher(method, target).update(body).digest());
}

export interface RelayPreimageV2 {
  action: string;
  aid: string;
  hub: string;
  tsMs: number;
  /** B: the request digest (requestDigest). */
  digest: string;
}

/** The version-2 preimage's bytes (ASCII). */
export const relayPreimageV2 = (p: RelayPreimageV2): Uint8Array =>
  utf8Strict.encode(`${RELAY_LABEL_V2}${p.action}/${p.aid}/${p.hub}/${p.tsMs}/${p.digest}`);

/** The deprecated version-1 preimage's bytes: no hub, no request. */
export const relayPreimageV1 = (p: { action: string; aid: string; tsMs: number }): Uint8Array =>
  utf8Strict.encode(`${RELAY_LABEL_V1}${p.action}/${p.aid}/${p.tsMs}`);
