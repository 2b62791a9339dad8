import type { ExportReport } from '../index.js';

/** The reference reader's exit codes, plus 3 (no finding, but not checked under --strict). */
export const EXIT = {
  sound: 0,
  findings: 1,
  usage: 2,
  unchecked: 3,
  unreadable: 4,
  unverifiable: 6,
} as const;

export const exitCodeOf = (report: ExportReport): number => EXIT[report.status];
