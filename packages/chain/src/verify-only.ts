/**
 * `@agent-seam/chain/verify`: export verification (the whole file, or record by record),
 * chain links, record and grader signatures, audit HMACs and anchors; not the writer side
 * (`writeExport`, `writeRunRecords`, `signRecord`, `signGraderVerdict`, `signAuditEntry`).
 * tools/bundle-check.ts proves that no export left out here reaches a bundle of this entry.
 */

export {
  AUDIT_CODES,
  type AuditCode,
  type AuditEntry,
  type AuditSecret,
  auditSigningBytes,
  verifyAuditEntry,
} from './audit.js';
export { AUDIT_CHECKS, LINK_CHECKS, RECORD_SIGNATURE_CHECKS } from './checks.js';
export { DIGEST_SIZE, domainDigest, ZERO_HASH } from './digest.js';
export { type Anchor, type AnchorCheckpoint, readAnchor, type WitnessKey } from './export/anchors.js';
export { EXPORT_CHECKS, explainReport } from './export/checks.js';
export { FRAME_KINDS, type UnreadableRun } from './export/frames.js';
export { exportHeadline } from './export/headline.js';
export {
  type ExportRangeOptions,
  mergeExportReports,
  PART_FORMAT,
  type PartialExportReport,
  type PartLine,
  type PartRange,
  verifyExportRange,
} from './export/parts.js';
export { SEALING_OUTCOMES } from './export/reading.js';
export type {
  AnchorOutcome,
  ExportReport,
  ExportStep,
  ExportStepId,
  Finding,
  FindingCode,
  GraderOutcome,
  NotChecked,
  NotCheckedCode,
  UnaccountedMember,
} from './export/report.js';
export { CALLER_MATERIAL, FINDING_CODES, NOT_CHECKED_CODES } from './export/report.js';
export {
  DEFAULT_MAX_LINE_BYTES,
  type ExportOptions,
  ExportVerifier,
  KNOWN_CANONS,
  type VerifyExportOptions,
  verifyExport,
} from './export/verifier.js';
export { witnessVerifierKey } from './export/witness.js';
export {
  GRADER_DOMAIN,
  GRADER_KIND,
  GRADER_SIDECAR_CODES,
  type GraderClaim,
  type GraderSidecar,
  type GraderSidecarCode,
  graderSigningInput,
  parseGraderSidecar,
  type SignedGraderSidecar,
} from './grader.js';
export { splitLines } from './lines.js';
export { chainHash, LINK_CODES, type LinkCode, verifyLink } from './record.js';
export { rfc3339Seconds } from './rfc3339.js';
export {
  type KeyedSignature,
  RECORD_DOMAIN,
  recordSigningInput,
  SIGNATURE_CODES,
  type SignatureCode,
  type TrustedKeys,
  type VerifySignatureCode,
  verifyKeyed,
  verifyRecordSignature,
} from './signature.js';
