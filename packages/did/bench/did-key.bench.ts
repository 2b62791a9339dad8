import { didFromSeed, publicKeyFromDid } from '@agent-seam/did';
import { base58btc } from 'multiformats/bases/base58';
import { compare } from '../../../tools/bench.js';

/** did:key decoding against multiformats' base58btc multibase decoder on the same 64 DIDs. */
const dids = Array.from({ length: 64 }, (_, i) => didFromSeed(new Uint8Array(32).fill(i + 1)));
let i = 0;
const next = () => dids[i++ & 63]!;
compare(
  'did:key decode (64 Ed25519 DIDs)',
  {
    name: '@agent-seam/did publicKeyFromDid',
    run: () => {
      if (!publicKeyFromDid(next()).ok) throw new Error('refused');
    },
  },
  [
    {
      name: 'multiformats base58btc.decode (multibase only)',
      run: () => {
        if (base58btc.decode(next().slice('did:key:'.length)).length !== 34) throw new Error('wrong length');
      },
    },
  ],
);
