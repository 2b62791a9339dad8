#!/usr/bin/env node
import { readManifest } from './manifest.node.js';
import { interopDir, repoRoot } from './paths.node.js';
import { buildReport, formatReport } from './report.node.js';

// Reads the ledgers the package tests wrote (Node and browser runs), prints the table and
// exits non-zero on red. In CI a missing browser run is red, as missing interop data is.
const root = repoRoot();
const report = buildReport(root, readManifest(root), interopDir(), { requireBrowser: !!process.env.CI });
console.log(formatReport(report));
process.exitCode = report.problems.length === 0 ? 0 : 1;
