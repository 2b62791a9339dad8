import type { OpGroup } from '../replay.js';
import { anetGroups } from './anet.js';
import { anetIdentityGroups } from './anet-identity.js';
import { canonicalGroups } from './canonical.js';
import { cardpubGroups } from './cardpub.js';
import { cborGroups } from './cbor.js';
import { chainGroups } from './chain.js';
import { cryptoboxGroups } from './cryptobox.js';
import { didGroups } from './did.js';
import { envelopeGroups } from './envelope.js';
import { hpkeGroups } from './hpke.js';
import { inviteGroups } from './invite.js';
import { merkleGroups } from './merkle.js';
import { recordGroups } from './records.js';
import { relayGroups } from './relay.js';
import { tlogGroups } from './tlog.js';
import { tlogTilesGroups } from './tlog-tiles.js';
import { wbaGroups } from './wba.js';

/** Every group replayed through ops: the one replayer each of them has. */
export const OP_GROUPS: readonly OpGroup[] = [
  ...canonicalGroups,
  ...didGroups,
  ...envelopeGroups,
  ...merkleGroups,
  ...cborGroups,
  ...tlogGroups,
  ...wbaGroups,
  ...cardpubGroups,
  ...recordGroups,
  ...relayGroups,
  ...inviteGroups,
  ...cryptoboxGroups,
  ...hpkeGroups,
  ...chainGroups,
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
