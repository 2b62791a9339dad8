import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import {
  DEFAULT_REPLAY_ENTRIES,
  DEFAULT_REPLAY_WINDOW,
  type ReplayAnswer,
  type ReplayCache,
} from '@agent-seam/canonical';
import { Unreadable, UsageError } from './io.js';

/**
 * Once-only delivery for a one-shot command. A process that exits cannot remember what
 * it accepted, so a verify command with a replay rule is given either a store
 * (`--replay-file PATH`, this small JSON file of the deliveries it accepted, kept for the
 * contract's 600 s window) or the caller's waiver by name (`--no-replay-check`); never
 * neither. The file is this machine's own: one command at a time should use it.
 */
export interface ReplayChoice {
  replay: ReplayCache | 'off';
  /** What the output says about replay. */
  said: string;
}

/** One remembered delivery: sender, message id, and the moment it is aged by. */
type Entry = [sender: string, messageId: string, timestamp: number];

class ReplayFile implements ReplayCache {
  readonly windowSeconds = DEFAULT_REPLAY_WINDOW;
  private readonly entries: Entry[];

  constructor(private readonly path: string) {
    this.entries = existsSync(path) ? readEntries(path) : [];
  }

  checkAndRemember(sender: string, messageId: string, timestamp: number, now: number): ReplayAnswer {
    const live = this.entries.filter(([, , t]) => t + this.windowSeconds >= now);
    if (live.some(([s, m]) => s === sender && m === messageId)) return 'seen';
    // A full file forgets nothing: it refuses, as a full MemoryReplayCache refuses the oldest.
    if (live.length >= DEFAULT_REPLAY_ENTRIES) return 'forgotten';
    live.push([sender, messageId, timestamp]);
    writeFileSync(this.path, `${JSON.stringify({ windowSeconds: this.windowSeconds, entries: live })}\n`);
    return 'new';
  }
}

function readEntries(path: string): Entry[] {
  let entries: unknown;
  try {
    entries = (JSON.parse(readFileSync(path, 'utf8')) as { entries?: unknown }).entries;
  } catch {
    entries = undefined;
  }
  const isEntry = (e: unknown): e is Entry =>
    Array.isArray(e) &&
    e.length === 3 &&
    typeof e[0] === 'string' &&
    typeof e[1] === 'string' &&
    Number.isSafeInteger(e[2]);
  if (!Array.isArray(entries) || !entries.every(isEntry))
    throw new Unreadable(`${path} is not a replay file: it holds {"entries": [[sender, id, time], ...]}`);
  return entries;
}

/** `--replay-file PATH` or `--no-replay-check`: exactly one (a usage error otherwise). */
export function replayChoice(file: string | undefined, waived: boolean): ReplayChoice {
  if (file !== undefined && waived)
    throw new UsageError('give --replay-file PATH or --no-replay-check, not both');
  if (waived) return { replay: 'off', said: 'replay NOT checked: --no-replay-check waives it' };
  if (file === undefined)
    throw new UsageError(
      'a one-shot command cannot remember deliveries: give --replay-file PATH (a store of what it accepted) or --no-replay-check (waive the check)',
    );
  return { replay: new ReplayFile(file), said: `replay checked against ${file}` };
}
