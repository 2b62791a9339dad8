import type { CheckSpec } from '@agent-seam/canonical';
import type { AuditCode } from './audit.js';
import type { LinkCode } from './record.js';
import type { VerifySignatureCode } from './signature.js';

/** `verifyLink`'s checks, in its order. */
export const LINK_CHECKS: readonly CheckSpec<LinkCode>[] = [
  { id: 'bytes', title: 'prev, raw and hash are bytes', codes: ['not-bytes'] },
  {
    id: 'link',
    title: 'prev and hash are 32-byte digests, and hash is the chain hash of prev and raw',
    codes: ['record-hash-mismatch'],
  },
];

/**
 * `verifyRecordSignature`'s checks, in its order (what the key signs is
 * `recordSigningInput(hash)`). A hash of the wrong length is covered by no signature:
 * `signature-invalid` with a detail about the hash, told apart by `detailStarts`.
 */
export const RECORD_SIGNATURE_CHECKS: readonly CheckSpec<VerifySignatureCode>[] = [
  { id: 'hash', title: 'the chain hash is bytes', codes: ['not-bytes'] },
  {
    id: 'hash-length',
    title: 'the chain hash is 32 bytes',
    codes: ['signature-invalid'],
    detailStarts: ['the hash'],
  },
  { id: 'present', title: 'the record carries a signature (not null)', codes: ['signature-absent'] },
  {
    id: 'spelling',
    title: 'exactly a key_id and 128 lowercase hex characters',
    codes: ['signature-malformed'],
  },
  { id: 'key', title: 'the key_id names a key you supplied', codes: ['signature-unknown-key'] },
  {
    id: 'signature',
    title: 'the Ed25519 signature verifies over the record signing input',
    codes: ['signature-invalid'],
    detailStarts: ['the signature does not verify'],
  },
];

/** `verifyAuditEntry`'s checks, in its order (what the HMAC covers is `auditSigningBytes(entry)`). */
export const AUDIT_CHECKS: readonly CheckSpec<AuditCode>[] = [
  { id: 'secret', title: 'at least one secret that is not empty', codes: ['audit-no-secret'] },
  { id: 'entry', title: 'the entry is a JSON object', codes: ['audit-not-object'] },
  { id: 'hmac-present', title: 'it carries an hmac', codes: ['audit-hmac-missing'] },
  {
    id: 'hmac-spelling',
    title: 'the hmac is sha256: and 64 lowercase hex characters',
    codes: ['audit-hmac-malformed'],
  },
  { id: 'canonical', title: 'the entry has an rfc004 canonical form', codes: ['audit-not-canonical'] },
  { id: 'hmac', title: 'the HMAC under one of the secrets matches', codes: ['audit-hmac-mismatch'] },
];
