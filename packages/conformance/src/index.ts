export {
  type CheckOptions,
  type CheckRecord,
  type Ledger,
  ledgerEnabled,
  openLedger,
} from './ledger.node.js';
export {
  type GroupDeclaration,
  type Manifest,
  type PackageDeclaration,
  packageDir,
  readManifest,
} from './manifest.node.js';
export { interopDir, repoRoot } from './paths.node.js';
export { buildReport, formatReport, type GroupRow, type Report } from './report.node.js';
export { groupsOf, interopPath, type Layout, loadInterop, loadVectors } from './vectors.node.js';
