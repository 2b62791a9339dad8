export { type CheckOptions, type CheckRecord, type Ledger, openLedger } from './ledger.js';
export {
  type GroupDeclaration,
  type Manifest,
  type PackageDeclaration,
  packageDir,
  readManifest,
} from './manifest.js';
export { interopDir, repoRoot } from './paths.js';
export { buildReport, formatReport, type GroupRow, type Report } from './report.js';
export { groupsOf, interopPath, type Layout, loadInterop, loadVectors } from './vectors.js';
