// The test-facing half of the package, for test files that run inside vitest browser
// mode (selected by the `browser` export condition). The report stays Node-only.
export { interopDir, ledgerEnabled, repoRoot } from './context.browser.js';
export * from './harness/index.js';
export { type HostDirEntry, hostDir, hostFile } from './host-files.browser.js';
export { openLedger } from './ledger.browser.js';
export type { CheckOptions, CheckRecord, Ledger } from './ledger.js';
export { replayGroups } from './replay-groups.browser.js';
export type { BlockRegistrar, ReplayedFile, ReplaySpec } from './replay-groups.js';
export { interopPath, loadInterop, loadVectors } from './vectors.browser.js';
