// The pure harness entry (@agent-seam/conformance/harness): no node: module, no vitest.
export * from './harness/index.js';
