import {
  ledgerGroup,
  loadVectors,
  openLedger,
  opGroup,
  packageImplementation,
} from '@agent-seam/conformance';
import { describe, it } from 'vitest';
// The package's answers to the harness protocol: the ops `seam conformance` asks of it too.
import { tlogOps } from '../../cli/src/conformance/ops/tlog.js';

// vectors/tlog_note.json replayed through its groups' op replayers (spec/harness.md, "tlog-note").
const ledger = openLedger();
const doc = loadVectors('tlog_note.json');
const impl = packageImplementation('@agent-seam/tlog-note', tlogOps);

const GROUPS = [
  'tlog.note',
  'tlog.reject.note',
  'tlog.go-rules',
  'tlog.quorum',
  'tlog.checkpoint',
  'tlog.reject.checkpoint',
  'tlog.vkey',
  'tlog.reject.vkey',
];
for (const group of GROUPS) describe(group, () => ledgerGroup(it, ledger, impl, opGroup(group), doc[group]));
