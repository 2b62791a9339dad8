import { type Implementation, inProcess, OP_GROUPS, type OpTable } from '@agent-seam/conformance/harness';
import { anetOps } from './anet.js';
import { anetIdentityOps } from './anet-identity.js';
import { canonicalOps } from './canonical.js';
import { cardpubOps } from './cardpub.js';
import { cborOps } from './cbor.js';
import { chainOps } from './chain.js';
import { cryptoboxOps } from './cryptobox.js';
import { didOps } from './did.js';
import { envelopeOps } from './envelope.js';
import { hpkeOps } from './hpke.js';
import { inviteOps } from './invite.js';
import { merkleOps } from './merkle.js';
import { recordOps } from './records.js';
import { relayOps } from './relay.js';
import { tlogOps } from './tlog.js';
import { tlogTilesOps } from './tlog-tiles.js';
import { wbaOps } from './wba.js';

/** Every op the @agent-seam packages answer behind the harness protocol. */
export const SEAM_OPS: OpTable = {
  ...canonicalOps,
  ...didOps,
  ...envelopeOps,
  ...merkleOps,
  ...cborOps,
  ...tlogOps,
  ...wbaOps,
  ...cardpubOps,
  ...recordOps,
  ...relayOps,
  ...inviteOps,
  ...cryptoboxOps,
  ...hpkeOps,
  ...chainOps,
  ...tlogTilesOps,
  ...anetIdentityOps,
  ...anetOps,
};

/** The installed packages as one implementation, in this process; they declare every op group. */
export const seamImplementation = (version: string): Implementation =>
  inProcess(
    { name: '@agent-seam', version, language: 'typescript' },
    OP_GROUPS.map((g) => g.group),
    SEAM_OPS,
  );
