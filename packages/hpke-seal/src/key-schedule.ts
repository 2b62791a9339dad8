/** RFC 9180 section 5.1: from the KEM shared secret to the AEAD key, base nonce and exporter secret. */
import { concatBytes, SeamError } from '@agent-seam/canonical';

import { AEAD_EXPORT_ONLY, type AeadId, hpkeSuiteId, labeledExpand, labeledExtract } from './labeled-kdf.js';

export const MODE_BASE = 0x00;
export const MODE_PSK = 0x01;
export const MODE_AUTH = 0x02;
export const MODE_AUTH_PSK = 0x03;
export type Mode = typeof MODE_BASE | typeof MODE_PSK | typeof MODE_AUTH | typeof MODE_AUTH_PSK;

/** AEAD key and nonce lengths; export-only has neither. */
export const aeadKeyLength = (aead: AeadId) => (aead === AEAD_EXPORT_ONLY ? 0 : 32);
export const aeadNonceLength = (aead: AeadId) => (aead === AEAD_EXPORT_ONLY ? 0 : 12);

export interface KeyScheduleInput {
  mode: Mode;
  aead: AeadId;
  sharedSecret: Uint8Array;
  info: Uint8Array;
  psk?: Uint8Array | undefined;
  pskId?: Uint8Array | undefined;
}

export interface KeyScheduleOutput {
  suiteId: Uint8Array;
  keyScheduleContext: Uint8Array;
  secret: Uint8Array;
  key: Uint8Array;
  baseNonce: Uint8Array;
  exporterSecret: Uint8Array;
}

const EMPTY = new Uint8Array(0);
const usesPsk = (mode: Mode) => mode === MODE_PSK || mode === MODE_AUTH_PSK;

/** VerifyPSKInputs: the caller chose the mode, so an inconsistent psk is a programmer error. */
function verifyPskInputs(mode: Mode, psk: Uint8Array, pskId: Uint8Array): void {
  if ((psk.length === 0) !== (pskId.length === 0))
    throw new SeamError('bad-psk', 'psk and pskId must be given together');
  if (psk.length > 0 && !usesPsk(mode))
    throw new SeamError('bad-psk', 'a psk was given for a mode that does not use one');
  if (psk.length === 0 && usesPsk(mode)) throw new SeamError('bad-psk', 'this mode needs a psk and a pskId');
}

export function keySchedule(input: KeyScheduleInput): KeyScheduleOutput {
  const psk = input.psk ?? EMPTY;
  const pskId = input.pskId ?? EMPTY;
  verifyPskInputs(input.mode, psk, pskId);
  const suiteId = hpkeSuiteId(input.aead);
  const pskIdHash = labeledExtract(suiteId, EMPTY, 'psk_id_hash', pskId);
  const infoHash = labeledExtract(suiteId, EMPTY, 'info_hash', input.info);
  const keyScheduleContext = concatBytes([Uint8Array.of(input.mode), pskIdHash, infoHash]);
  const secret = labeledExtract(suiteId, input.sharedSecret, 'secret', psk);
  return {
    suiteId,
    keyScheduleContext,
    secret,
    key: labeledExpand(suiteId, secret, 'key', keyScheduleContext, aeadKeyLength(input.aead)),
    baseNonce: labeledExpand(suiteId, secret, 'base_nonce', keyScheduleContext, aeadNonceLength(input.aead)),
    exporterSecret: labeledExpand(suiteId, secret, 'exp', keyScheduleContext, 32),
  };
}
