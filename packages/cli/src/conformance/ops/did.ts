import { hex } from '@agent-seam/canonical';
import type { OpTable, Outcome } from '@agent-seam/conformance/harness';
import {
  base58btc,
  type Curve,
  didFromPublicKey,
  publicKeyFromDid,
  verificationKeyFromDid,
  verifyEd25519,
  verifyEd25519Async,
} from '@agent-seam/did';
import { bytesArg, fromVerdict, stringArg } from './outcome.js';

/** The ops of @agent-seam/did (spec/harness.md, "did"). */
export const didOps: OpTable = {
  'did.fromPublicKey': (args) => ({
    ok: true,
    value: didFromPublicKey(bytesArg(args, 'publicKeyHex'), stringArg(args, 'curve') as Curve),
  }),
  'did.publicKey': (args) =>
    fromVerdict(publicKeyFromDid(args.did), (k) => ({
      curve: k.curve,
      publicKeyHex: hex.encode(k.publicKey),
    })),
  'did.verificationKey': (args) => fromVerdict(verificationKeyFromDid(args.did), hex.encode),
  'base58btc.decode': (args) => fromVerdict(base58btc.decode(stringArg(args, 'text')), hex.encode),
  // The sync door answers; the WebCrypto door must say the same, or the answer says it does not.
  'ed25519.verify': async (args): Promise<Outcome> => {
    const inputs = [
      bytesArg(args, 'publicKeyHex'),
      bytesArg(args, 'messageHex'),
      bytesArg(args, 'signatureHex'),
    ] as const;
    const sync = fromVerdict(verifyEd25519(...inputs));
    const viaWebCrypto = fromVerdict(await verifyEd25519Async(...inputs));
    if (JSON.stringify(sync) !== JSON.stringify(viaWebCrypto))
      return { ok: false, code: `async-door-disagrees: ${JSON.stringify(viaWebCrypto)}` };
    return sync;
  },
};
