import { replayGroups } from '@agent-seam/conformance';
import { describe, it } from 'vitest';
// The package's answers to the harness protocol: the ops `seam conformance` asks of it too.
import { tlogOps } from '../../cli/src/conformance/ops/tlog.js';

// vectors/tlog_note.json replayed through its groups' op replayers (spec/harness.md, "tlog-note").
replayGroups(it, describe, {
  file: 'tlog_note.json',
  package: '@agent-seam/tlog-note',
  ops: tlogOps,
  groups: [
    'tlog.note',
    'tlog.reject.note',
    'tlog.go-rules',
    'tlog.quorum',
    'tlog.checkpoint',
    'tlog.reject.checkpoint',
    'tlog.vkey',
    'tlog.reject.vkey',
  ],
});
