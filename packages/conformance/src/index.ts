export { browserHost } from './browser-host.node.js';
export * from './harness/index.js';
export { serveHarness } from './harness/serve.node.js';
export {
  DEFAULT_MAX_LINE_BYTES,
  DEFAULT_TIMEOUT_MS,
  type StdioOptions,
  stdioImplementation,
} from './harness/stdio.node.js';
export {
  type CheckOptions,
  type CheckRecord,
  type Ledger,
  type LedgerLine,
  type LedgerRuntime,
  recordingLedger,
} from './ledger.js';
export { ledgerDir, ledgerEnabled, openLedger } from './ledger.node.js';
export {
  type GroupDeclaration,
  type Manifest,
  type PackageDeclaration,
  packageDir,
  readManifest,
} from './manifest.node.js';
export { interopDir, repoRoot } from './paths.node.js';
export type { BlockRegistrar, ReplayedFile, ReplaySpec } from './replay-groups.js';
export { replayGroups } from './replay-groups.node.js';
export { buildReport, formatReport, type GroupRow, type Report, type ReportOptions } from './report.node.js';
export {
  type GroupReplay,
  REPLAY_RUNTIMES,
  type RuntimeCells,
  type RuntimeNotes,
  type RuntimeRun,
  readRuntimeRuns,
  runtimeCells,
  runtimeNotes,
  runtimeRunsPath,
} from './runtime-replay.node.js';
export {
  casesLessData,
  groupsOf,
  interopPath,
  type Layout,
  loadInterop,
  loadVectors,
} from './vectors.node.js';
