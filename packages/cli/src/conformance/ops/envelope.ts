import { hex } from '@agent-seam/canonical';
import type { OpTable, Outcome } from '@agent-seam/conformance/harness';
import {
  MemoryReplayCache,
  signEnvelope,
  signingPayload,
  verifyEnvelope,
  verifyEnvelopeAsync,
} from '@agent-seam/envelope';
import { bytesArg, disagreeing, explained, fromWriter } from './outcome.js';

// biome-ignore lint/suspicious/noExplicitAny: the message travels as untyped JSON; the package judges it.
type Message = any;

/** The verifier's options as the request names them (spec/harness.md, `envelope.verify`). */
const verifyOptions = (args: Record<string, unknown>, now: unknown = args.now) =>
  ({
    ...(typeof args.recipientDid === 'string' ? { recipientDid: args.recipientDid } : {}),
    now,
    replay: args.replay,
    ...(args.maxSkew === undefined ? {} : { maxSkew: args.maxSkew }),
  }) as Parameters<typeof verifyEnvelope>[1];

/** The ops of @agent-seam/envelope (spec/harness.md, "envelope"). */
export const envelopeOps: OpTable = {
  'envelope.signingPayload': (args) => fromWriter(() => hex.encode(signingPayload(args.message as Message))),
  'envelope.sign': (args) =>
    fromWriter(() => signEnvelope(args.message as Message, bytesArg(args, 'seedHex'))),
  // The sync verifier answers; the async one, and a clock given as a Date, must judge alike.
  'envelope.verify': async (args): Promise<Outcome> => {
    const sync = verifyEnvelope(args.envelope, verifyOptions(args));
    const disagreement = disagreeing(sync, {
      'async-verifier': await verifyEnvelopeAsync(args.envelope, verifyOptions(args)),
      ...(typeof args.now === 'number'
        ? { 'date-clock': verifyEnvelope(args.envelope, verifyOptions(args, new Date(args.now * 1000))) }
        : {}),
    });
    return disagreement ?? explained(sync, args.explain);
  },
  // One cache, the deliveries in order: each answers first-seen (its replay verdict) or its refusal.
  'envelope.verifySequence': async (args) => {
    const deliveries = args.deliveries as { envelope: unknown; now: number }[];
    const recipientDid = args.recipientDid as string;
    // `unavailable`: a shared store whose every answer is a rejected promise, judged by the
    // asynchronous verifier (the one that awaits a store).
    if (args.cache === 'unavailable') {
      const replay = {
        windowSeconds: 600,
        checkAndRemember: () => Promise.reject(new Error('connect ECONNREFUSED')),
      };
      const value: string[] = [];
      for (const { envelope, now } of deliveries) {
        const v = await verifyEnvelopeAsync(envelope, { recipientDid, now, replay });
        value.push(v.ok ? v.value.replay : v.code);
      }
      return { ok: true, value };
    }
    const replay = new MemoryReplayCache(args.cache as ConstructorParameters<typeof MemoryReplayCache>[0]);
    return {
      ok: true,
      value: deliveries.map(({ envelope, now }) => {
        const v = verifyEnvelope(envelope, { recipientDid, now, replay });
        return v.ok ? v.value.replay : v.code;
      }),
    };
  },
};
