import { hex } from '@agent-seam/canonical';
import type { OpTable } from '@agent-seam/conformance/harness';
import { invitePayload, signInvite, verifyClaim, verifyInvite } from '@agent-seam/envelope';
import { bytesArg, fromVerdict, fromWriter } from './outcome.js';

// biome-ignore lint/suspicious/noExplicitAny: cards and claims travel as untyped JSON; the package judges them.
type Json = any;

/** The ops of @agent-seam/envelope's invites and claims (spec/harness.md, "invite"). */
export const inviteOps: OpTable = {
  'invite.payload': (args) => fromWriter(() => hex.encode(invitePayload(args.card as Json))),
  'invite.sign': (args) => fromWriter(() => signInvite(args.card as Json, bytesArg(args, 'seedHex'))),
  'invite.verify': (args) => fromVerdict(verifyInvite(args.invite, { now: args.now as number })),
  // One store of issued nonces, the claims in order: each answers its verified value or its
  // refusal, and the nonces left unspent are answered too.
  'claim.verifySequence': (args) => {
    const issued = new Set<string>(args.issuedNonces as string[]);
    const answers = (args.claims as unknown[]).map((claim) => {
      const v = verifyClaim(claim, {
        recipientDid: args.recipientDid as string,
        consumeNonce: (nonce) => issued.delete(nonce),
        now: args.now as number | 'off',
        replay: 'off',
      });
      return v.ok ? v.value : v.code;
    });
    return { ok: true, value: { answers, unspent: [...issued] } };
  },
};
