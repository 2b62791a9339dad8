import { bytesEqual, fail, ok, type Verdict } from '@agent-seam/canonical';
import { emptyRoot } from '@agent-seam/merkle';
import type { NoteVerifier } from '@agent-seam/tlog-note';
import { isObject } from '../json.js';
import { type Checkpoint, isOrigin } from './frames.js';
import { prefixRootOf, type SealedLeaf } from './log.js';
import type { AnchorOutcome, Finding, FindingCode, NotChecked } from './report.js';
import { checkpointOfNote, cosignaturesOf } from './witness.js';

export type { WitnessKey } from './witness.js';

/**
 * A checkpoint from somewhere other than the file: one an earlier audit printed
 * (`checkpoint`), or a C2SP note a witness may have cosigned (`note`).
 */
export type Anchor = { checkpoint: AnchorCheckpoint } | { note: string };

/** An outside checkpoint; without an origin it is taken to be of the header's origin. */
export interface AnchorCheckpoint {
  origin?: string;
  size: number;
  root: Uint8Array;
}

/**
 * The checkpoint an anchor names. Anchors are the auditor's own input, so one that is
 * not a checkpoint (a note whose body is not one, a size-0 claim beside a non-empty
 * root, a bad origin or root) is a bad configuration, never a finding about the file.
 */
export function readAnchor(anchor: Anchor): Verdict<AnchorCheckpoint, 'bad-anchor'> {
  if (!isObject(anchor)) return fail('bad-anchor', 'the anchor is not { checkpoint } or { note }');
  if ('note' in anchor) {
    const checkpoint = typeof anchor.note === 'string' ? checkpointOfNote(anchor.note) : null;
    return checkpoint === null ? fail('bad-anchor', 'the note body is not a checkpoint') : ok(checkpoint);
  }
  const checkpoint = anchor.checkpoint;
  if (!isObject(checkpoint)) return fail('bad-anchor', 'the checkpoint is not { origin?, size, root }');
  if (checkpoint.origin !== undefined && !isOrigin(checkpoint.origin))
    return fail('bad-anchor', 'the origin is not a log origin');
  if (!Number.isSafeInteger(checkpoint.size) || checkpoint.size < 0)
    return fail('bad-anchor', 'the size is not a whole number');
  if (!(checkpoint.root instanceof Uint8Array) || checkpoint.root.length !== 32)
    return fail('bad-anchor', 'the root is not 32 bytes');
  if (checkpoint.size === 0 && !bytesEqual(checkpoint.root, emptyRoot()))
    return fail('bad-anchor', 'a size-0 checkpoint beside a root the empty log cannot have');
  return ok(checkpoint);
}

/** An anchor as given, with the checkpoint `readAnchor` read from it. */
export interface ReadAnchor {
  anchor: Anchor;
  checkpoint: AnchorCheckpoint;
}

interface AnchorInput {
  anchors: readonly ReadAnchor[];
  witnessKeys: readonly NoteVerifier[];
  maxAge: number | undefined;
  now: number | undefined;
  checkpoint: Checkpoint | null;
  leaves: readonly SealedLeaf[];
  disclosure: boolean;
}

/**
 * Step 6 and the witness half of step 4. Only a checkpoint from outside the file
 * makes the rebuilt root evidence about deletion; without one the report says so.
 */
export function judgeAnchors(input: AnchorInput): {
  findings: Finding[];
  notChecked: NotChecked[];
  outcomes: AnchorOutcome[];
  witnesses: { name: string; latest: number }[];
} {
  const findings: Finding[] = [];
  const notChecked: NotChecked[] = [];
  const outcomes: AnchorOutcome[] = [];
  const latest = new Map<string, number>();
  const find = (anchor: number, code: FindingCode, message: string) =>
    findings.push({ code, anchor, message });

  input.anchors.forEach(({ anchor, checkpoint }, i) => {
    let cosignedBy: string[] = [];
    if ('note' in anchor) {
      const cosignatures = cosignaturesOf(anchor.note, input.witnessKeys);
      cosignedBy = cosignatures.map((c) => c.name);
      for (const c of cosignatures) latest.set(c.name, Math.max(latest.get(c.name) ?? 0, c.timestamp));
      if (input.witnessKeys.length === 0)
        notChecked.push({
          code: 'witness-cosignatures',
          anchor: i,
          message: 'no witness keys were supplied: the note could be the operator’s own',
        });
      else if (cosignatures.length === 0)
        find(
          i,
          'anchor-not-cosigned',
          'no line of the anchor note is a cosignature by a supplied witness key',
        );
    }
    const status = compareAnchor(i, checkpoint, input, find, notChecked);
    outcomes.push({
      anchor: i,
      origin: checkpoint.origin ?? input.checkpoint?.origin,
      size: checkpoint.size,
      status,
      cosignedBy,
    });
  });

  // An anchor that could not be compared settles nothing about deletion either.
  if (outcomes.every((o) => o.status === 'not-compared'))
    notChecked.push({
      code: 'deletion',
      message: `${input.anchors.length === 0 ? 'no checkpoint from outside the file' : 'no checkpoint from outside the file could be compared'}: ${
        input.disclosure
          ? 'the paths were proved against the file’s own header'
          : 'deletion of whole runs was not checked, only internal consistency'
      }`,
    });
  judgeFreshness(input, latest, findings, notChecked);
  return { findings, notChecked, outcomes, witnesses: [...latest].map(([name, t]) => ({ name, latest: t })) };
}

function compareAnchor(
  i: number,
  anchor: AnchorCheckpoint,
  input: AnchorInput,
  find: (anchor: number, code: FindingCode, message: string) => void,
  notChecked: NotChecked[],
): AnchorOutcome['status'] {
  const header = input.checkpoint;
  if (header === null) {
    notChecked.push({
      code: 'anchor-not-compared',
      anchor: i,
      message: 'the file has no usable header checkpoint to compare with',
    });
    return 'not-compared';
  }
  if (anchor.origin !== undefined && anchor.origin !== header.origin) {
    find(
      i,
      'anchor-origin-mismatch',
      'the anchor names a history of another origin, which this file cannot be part of',
    );
    return 'finding';
  }
  if (anchor.size === header.size) {
    if (bytesEqual(anchor.root, header.root)) return 'matched';
    find(
      i,
      'anchor-root-mismatch',
      'at the same size the anchor has a different root than the checkpoint: two histories',
    );
    return 'finding';
  }
  if (input.disclosure) {
    notChecked.push({
      code: 'anchor-not-compared',
      anchor: i,
      message: 'a package carries no consistency proof to another size',
    });
    return 'not-compared';
  }
  if (anchor.size > header.size) {
    find(
      i,
      'anchor-beyond-file',
      'the anchor is larger than the file’s log: this file cannot be part of that history',
    );
    return 'finding';
  }
  const prefix = prefixRootOf(input.leaves, anchor.size);
  if (prefix === null || !bytesEqual(prefix, anchor.root)) {
    find(
      i,
      'anchor-prefix-mismatch',
      'the file’s first leaves do not rebuild to the anchor: a run inside the prefix was removed, replaced or moved',
    );
    return 'finding';
  }
  notChecked.push({
    code: 'anchor-prefix-only',
    anchor: i,
    message: `the anchor holds leaves 0..${anchor.size}; the rest are held only to the file’s own header`,
  });
  return 'prefix-matched';
}

/** Per witness key: its latest verified timestamp against the verifier's clock. Keys are never compared with each other. */
function judgeFreshness(
  input: AnchorInput,
  latest: Map<string, number>,
  findings: Finding[],
  notChecked: NotChecked[],
): void {
  if (input.maxAge === undefined || input.now === undefined) return;
  if (latest.size === 0) {
    notChecked.push({
      code: 'witness-freshness',
      message: 'no verified cosignature was available to judge freshness by',
    });
    return;
  }
  const { now, maxAge } = input;
  for (const [name, t] of latest) {
    if (now - t > maxAge)
      findings.push({
        code: 'witness-stale',
        message: `witness ${name} is stale: its latest cosignature is ${now - t} s old, ${now - t - maxAge} s past the maximum age of ${maxAge} s`,
      });
    else if (t - now > maxAge)
      findings.push({
        code: 'witness-ahead',
        message: `witness ${name} is ahead of this reader's clock: its latest cosignature is ${t - now} s in the future (allowed skew ${maxAge} s)`,
      });
  }
}
