import { hex } from '@agent-seam/canonical';
import type { OpTable, Outcome } from '@agent-seam/conformance/harness';
import { signEnvelope, signingPayload, verifyEnvelope, verifyEnvelopeAsync } from '@agent-seam/envelope';
import { bytesArg, fromVerdict, fromWriter } from './outcome.js';

// biome-ignore lint/suspicious/noExplicitAny: the message travels as untyped JSON; the package judges it.
type Message = any;

/** The verifier's options as the request names them (spec/harness.md, `envelope.verify`). */
const verifyOptions = (args: Record<string, unknown>) =>
  ({
    ...(typeof args.recipientDid === 'string' ? { recipientDid: args.recipientDid } : {}),
    now: args.now,
    replay: args.replay,
    ...(args.maxSkew === undefined ? {} : { maxSkew: args.maxSkew }),
  }) as Parameters<typeof verifyEnvelope>[1];

/** The ops of @agent-seam/envelope (spec/harness.md, "envelope"). */
export const envelopeOps: OpTable = {
  'envelope.signingPayload': (args) => fromWriter(() => hex.encode(signingPayload(args.message as Message))),
  'envelope.sign': (args) =>
    fromWriter(() => signEnvelope(args.message as Message, bytesArg(args, 'seedHex'))),
  // The sync verifier answers; the async one must give the same verdict.
  'envelope.verify': async (args): Promise<Outcome> => {
    const sync = fromVerdict(verifyEnvelope(args.envelope, verifyOptions(args)));
    const viaWebCrypto = fromVerdict(await verifyEnvelopeAsync(args.envelope, verifyOptions(args)));
    if (JSON.stringify(sync) !== JSON.stringify(viaWebCrypto))
      return { ok: false, code: `async-verifier-disagrees: ${JSON.stringify(viaWebCrypto)}` };
    return sync;
  },
};
