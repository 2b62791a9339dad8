#!/usr/bin/env node
import { readManifest } from './manifest.node.js';
import { interopDir, repoRoot } from './paths.node.js';
import { buildReport, formatReport } from './report.node.js';

// Reads the ledgers the package tests wrote, prints the table and exits non-zero on red.
const root = repoRoot();
const report = buildReport(root, readManifest(root), interopDir());
console.log(formatReport(report));
process.exitCode = report.problems.length === 0 ? 0 : 1;
