#!/usr/bin/env node
import { readManifest } from './manifest.node.js';
import { interopDir, repoRoot } from './paths.node.js';
import { buildReport, formatReport } from './report.node.js';

// Reads the ledgers the package tests wrote (Node and browser runs) and the runtime
// matrix's replay counts, prints the table and exits non-zero on red. In CI a missing
// browser run or runtime replay is red, as missing interop data is.
const root = repoRoot();
const ci = !!process.env.CI;
const report = buildReport(root, readManifest(root), interopDir(), {
  requireBrowser: ci,
  requireRuntimes: ci,
});
console.log(formatReport(report));
process.exitCode = report.problems.length === 0 ? 0 : 1;
