export {
  AUDIT_CODES,
  type AuditCode,
  type AuditEntry,
  type AuditSecret,
  auditSigningBytes,
  signAuditEntry,
  verifyAuditEntry,
} from './audit.js';
export { DIGEST_SIZE, domainDigest, ZERO_HASH } from './digest.js';
export type { Anchor, AnchorCheckpoint, WitnessKey } from './export/anchors.js';
export { FRAME_KINDS } from './export/frames.js';
export type {
  AnchorOutcome,
  ExportReport,
  Finding,
  FindingCode,
  GraderOutcome,
  NotChecked,
  NotCheckedCode,
  UnaccountedMember,
} from './export/report.js';
export { FINDING_CODES } from './export/report.js';
export {
  DEFAULT_MAX_LINE_BYTES,
  type ExportOptions,
  ExportVerifier,
  KNOWN_CANONS,
  verifyExport,
} from './export/verifier.js';
export { witnessVerifierKey } from './export/witness.js';
export {
  type ExportPlan,
  type RecordPlan,
  type RunPlan,
  type WrittenExport,
  writeExport,
  writeRunRecords,
} from './export/writer.js';
export {
  GRADER_DOMAIN,
  type GraderClaim,
  type GraderSidecar,
  graderSigningInput,
  parseGraderSidecar,
  signGraderVerdict,
} from './grader.js';
export { splitLines } from './lines.js';
export { chainHash, type LinkCode, verifyLink } from './record.js';
export {
  type KeyedSignature,
  RECORD_DOMAIN,
  recordSigningInput,
  SIGNATURE_CODES,
  type SignatureCode,
  signRecord,
  type TrustedKeys,
  verifyKeyed,
  verifyRecordSignature,
} from './signature.js';
