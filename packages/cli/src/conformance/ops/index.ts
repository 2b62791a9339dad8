import { type Implementation, inProcess, OP_GROUPS, type OpTable } from '@agent-seam/conformance/harness';
import { anetOps } from './anet.js';
import { anetIdentityOps } from './anet-identity.js';
import { canonicalOps } from './canonical.js';
import { cborOps } from './cbor.js';
import { didOps } from './did.js';
import { envelopeOps } from './envelope.js';
import { merkleOps } from './merkle.js';
import { tlogTilesOps } from './tlog-tiles.js';

/** Every op the @agent-seam packages answer behind the harness protocol. */
export const SEAM_OPS: OpTable = {
  ...canonicalOps,
  ...didOps,
  ...envelopeOps,
  ...merkleOps,
  ...cborOps,
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
