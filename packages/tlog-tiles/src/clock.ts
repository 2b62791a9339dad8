import { type Instant, instantOrOff, type Off } from '@agent-seam/canonical';
import { openNote, type WitnessQuorum } from '@agent-seam/tlog-note';

const NO_NOTE = new Uint8Array(0);

/**
 * Reads a quorum and the clock it needs before any note. A quorum naming witnesses needs
 * the caller's `now` (their cosignatures carry a time), or `'off'` by name; then openNote,
 * asked about no note, throws on a quorum, clock or maxAge it would refuse to use. Throws
 * SeamError naming `where` and the option, never a refusal of what is read later.
 */
export function witnessClock(
  quorum: WitnessQuorum,
  now: Instant | Off | undefined,
  maxAge: number | undefined,
  where: string,
): Instant | Off | undefined {
  const timed = Array.isArray(quorum?.witnesses) && quorum.witnesses.length > 0;
  const clock = timed ? instantOrOff(now, where, "to judge the witness cosignatures' times") : now;
  openNote(NO_NOTE, { quorum, now: clock, maxAge });
  return clock;
}
