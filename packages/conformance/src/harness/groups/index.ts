import type { OpGroup } from '../replay.js';
import { anetGroups } from './anet.js';
import { anetIdentityGroups } from './anet-identity.js';
import { canonicalGroups } from './canonical.js';
import { cborGroups } from './cbor.js';
import { didGroups } from './did.js';
import { envelopeGroups } from './envelope.js';
import { merkleGroups } from './merkle.js';
import { tlogTilesGroups } from './tlog-tiles.js';

/** Every group replayed through ops: the one replayer each of them has. */
export const OP_GROUPS: readonly OpGroup[] = [
  ...canonicalGroups,
  ...didGroups,
  ...envelopeGroups,
  ...merkleGroups,
  ...cborGroups,
  ...tlogTilesGroups,
  ...anetIdentityGroups,
  ...anetGroups,
];

/** The op replayer of a group (for a package's vector test). */
export function opGroup(group: string): OpGroup {
  const found = OP_GROUPS.find((g) => g.group === group);
  if (found === undefined) throw new Error(`no op replayer for group ${group}`);
  return found;
}
