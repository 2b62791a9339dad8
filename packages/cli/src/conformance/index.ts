// Every published vector file with its replayers, in the order the report lists them.
import { anet } from './anet.js';
import { anetIdentity } from './anet-identity.js';
import { canonical } from './canonical.js';
import { cbor } from './cbor.js';
import { chain } from './chain.js';
import { cryptobox } from './cryptobox.js';
import { hpke } from './hpke.js';
import { merkle } from './merkle.js';
import type { FileReplay } from './replay.js';
import { tiles } from './tiles.js';
import { tlog } from './tlog.js';
import { wire } from './wire.js';

export const REPLAYS: readonly FileReplay[] = [
  merkle,
  tlog,
  cbor,
  wire,
  canonical,
  cryptobox,
  hpke,
  chain,
  tiles,
  anetIdentity,
  anet,
];
