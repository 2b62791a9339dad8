import { hex } from '@agent-seam/canonical';
import {
  cardEnvelopePayload,
  domainLinkageSigningInput,
  signCardEnvelope,
  signDomainLinkage,
  verifyA2ACard,
  verifyCardEnvelope,
  verifyCardEnvelopeAsync,
  verifyDomainLinkage,
} from '@agent-seam/cardpub';
import type { OpTable, Outcome } from '@agent-seam/conformance/harness';
import { bytesArg, disagreeing, explained, fromVerdict, fromWriter } from './outcome.js';

// biome-ignore lint/suspicious/noExplicitAny: cards and envelopes travel as untyped JSON; the package judges them.
type Json = any;

/** The verifier's options as the request names them (spec/harness.md, `cardpub.verify`). */
const cardOptions = (args: Record<string, unknown>, now: unknown = args.now) =>
  ({
    ...(typeof args.expectedDid === 'string' ? { expectedDid: args.expectedDid } : {}),
    now,
    ...(args.maxAge === undefined ? {} : { maxAge: args.maxAge }),
    ...(args.maxSkew === undefined ? {} : { maxSkew: args.maxSkew }),
  }) as Parameters<typeof verifyCardEnvelope>[1];

/** The ops of @agent-seam/cardpub (spec/harness.md, "cardpub"). */
export const cardpubOps: OpTable = {
  'cardpub.envelopePayload': (args) =>
    fromWriter(() => hex.encode(cardEnvelopePayload(args.card as Json, args.ts as number))),
  'cardpub.sign': (args) =>
    fromWriter(() => signCardEnvelope(args.card as Json, bytesArg(args, 'seedHex'), args.ts as number)),
  // The sync verifier answers; the async one, and a clock given as a Date, must judge alike.
  'cardpub.verify': async (args): Promise<Outcome> => {
    const sync = verifyCardEnvelope(args.envelope, cardOptions(args));
    const disagreement = disagreeing(sync, {
      'async-verifier': await verifyCardEnvelopeAsync(args.envelope, cardOptions(args)),
      ...(typeof args.now === 'number'
        ? { 'date-clock': verifyCardEnvelope(args.envelope, cardOptions(args, new Date(args.now * 1000))) }
        : {}),
    });
    return disagreement ?? explained(sync, args.explain);
  },
  'linkage.sign': (args) =>
    fromWriter(() =>
      signDomainLinkage(bytesArg(args, 'seedHex'), {
        origin: args.origin as string,
        nbf: args.nbf as number,
        exp: args.exp as number,
      }),
    ),
  'linkage.signingInput': (args) => {
    const bytes = domainLinkageSigningInput(args.token);
    return bytes === null ? { ok: false, code: 'malformed-jws' } : { ok: true, value: hex.encode(bytes) };
  },
  'linkage.verify': (args) =>
    fromVerdict(
      verifyDomainLinkage(args.token, {
        did: args.did as string,
        origin: args.origin as string,
        now: args.now as number,
      }),
    ),
  'a2a.verify': (args) =>
    fromVerdict(
      verifyA2ACard(
        args.card,
        args.signature,
        args.jwks === undefined ? { publicKey: bytesArg(args, 'publicKeyHex') } : { jwks: args.jwks as Json },
      ),
    ),
};
