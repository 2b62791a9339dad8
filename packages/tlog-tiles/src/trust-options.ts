import { SeamError } from '@agent-seam/canonical';
import type { WitnessQuorum } from '@agent-seam/tlog-note';

/**
 * What every verifier here needs from its caller before it reads anything: the checkpoint
 * origin it accepts and the quorum that must have signed. `prefix` is where the caller gave
 * them (`'policy.'` for verifyTlogProof, `''` for TileLog), so the SeamError names the option.
 */
export function requireOriginAndQuorum(
  origin: unknown,
  quorum: WitnessQuorum | undefined,
  prefix: string,
): { origin: string; quorum: WitnessQuorum } {
  if (typeof origin !== 'string' || origin.length === 0)
    throw new SeamError(
      'invalid-argument',
      `${prefix}origin is the checkpoint origin you accept (a non-empty string)`,
    );
  if (quorum === undefined)
    throw new SeamError('invalid-quorum', `${prefix}quorum { log, witnesses, atLeast } is required`);
  return { origin, quorum };
}
