// Everything a verifier needs is the verify-only entry; the root adds the signing side.

export { signAuditEntry } from './audit.js';
export {
  type ExportPlan,
  type RecordPlan,
  type RunPlan,
  type WrittenExport,
  type WrittenRun,
  writeExport,
  writeRunRecords,
} from './export/writer.js';
export { signGraderVerdict } from './grader.js';
export { signRecord } from './signature.js';
export * from './verify-only.js';
