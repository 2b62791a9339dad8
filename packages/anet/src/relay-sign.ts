/**
 * Signing a hub request on the client: the four X-ANet-* headers for a request, over the
 * version-2 preimage (or, for a wire-1 peer, the deprecated version 1).
 */
import { base64urlStrict, SeamError } from '@agent-seam/canonical';
import { signEd25519 } from '@agent-seam/did';
import { RELAY_ACTIONS, RELAY_V1_ACTIONS, type RelayAction } from './limits.js';
import { relayPreimageV1, relayPreimageV2, requestDigest } from './relay-preimage.js';

export interface SignHubRequestInput {
  action: RelayAction;
  /** The signer's AID. */
  aid: string;
  /** The AID of the hub the request is for. */
  hub: string;
  /** The key state whose key signs (the log's last event, normally). */
  seq: number;
  /** When it is signed, Unix milliseconds (the hub allows five minutes either way). */
  tsMs: number;
  method: string;
  /** Path and query exactly as sent. */
  target: string;
  body?: Uint8Array;
  /** 'v1' writes the deprecated preimage (wire-1 hubs; poll, ack, register, profile). */
  version?: 'v2' | 'v1';
}

/** The X-ANet-* headers of a signed request, as ANet spells their names (a record: Fetch's HeadersInit takes it). */
export type RelayHeaders = Record<'X-ANet-AID' | 'X-ANet-TS' | 'X-ANet-Seq' | 'X-ANet-Sig', string>;

/** Signs a hub request with the 32-byte Ed25519 seed of the key at `seq`. Throws SeamError on a bad input. */
export function signHubRequest(input: SignHubRequestInput, seed: Uint8Array): RelayHeaders {
  const bad = (why: string) => new SeamError('bad-argument', why);
  const { action, aid, hub, seq, tsMs, method, target } = input;
  if (!RELAY_ACTIONS.includes(action)) throw bad(`action must be one of ${RELAY_ACTIONS.join(', ')}`);
  for (const [name, value] of [
    ['aid', aid],
    ['hub', hub],
  ] as const)
    if (typeof value !== 'string' || value === '' || value.includes('/'))
      throw bad(`${name} is an AID (no slash)`);
  if (!Number.isSafeInteger(seq) || seq < 0) throw bad('seq is a non-negative integer');
  if (!Number.isSafeInteger(tsMs) || tsMs < 0) throw bad('tsMs is Unix milliseconds');
  if (typeof method !== 'string' || typeof target !== 'string') throw bad('method and target are strings');
  const version = input.version ?? 'v2';
  if (version === 'v1' && !RELAY_V1_ACTIONS.includes(action)) throw bad(`version 1 has no action ${action}`);
  const preimage =
    version === 'v1'
      ? relayPreimageV1({ action, aid, tsMs })
      : relayPreimageV2({
          action,
          aid,
          hub,
          tsMs,
          digest: requestDigest(method, target, input.body ?? new Uint8Array(0)),
        });
  return {
    'X-ANet-AID': aid,
    'X-ANet-TS': String(tsMs),
    'X-ANet-Seq': String(seq),
    'X-ANet-Sig': base64urlStrict.encode(signEd25519(seed, preimage)),
  };
}
