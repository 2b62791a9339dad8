import type { OpTable } from '@agent-seam/conformance/harness';
import {
  listenTokenMessage,
  relayOrigin,
  relaySendMessage,
  signListenToken,
  signRelaySend,
  verifyListenToken,
  verifyRelaySend,
} from '@agent-seam/envelope';
import { bytesArg, fromVerdict, fromWriter } from './outcome.js';

// biome-ignore lint/suspicious/noExplicitAny: deposits and claims travel as untyped JSON; the package judges them.
type Json = any;

/** The ops of the relay's signatures in @agent-seam/envelope (spec/harness.md, "relay"). */
export const relayOps: OpTable = {
  'relay.sendMessage': (args) => fromWriter(() => relaySendMessage(args.send as Json)),
  'relay.signSend': (args) => fromWriter(() => signRelaySend(args.send as Json, bytesArg(args, 'seedHex'))),
  'relay.verifySend': (args) => fromVerdict(verifyRelaySend(args.send, args.sig)),
  'relay.origin': (args) => fromWriter(() => relayOrigin(args.relayUrl as string)),
  'relay.listenTokenMessage': (args) => fromWriter(() => listenTokenMessage(args as Json)),
  'relay.signListenToken': (args) =>
    fromWriter(() => signListenToken(args as Json, bytesArg(args, 'seedHex'))),
  'relay.verifyListenToken': (args) => fromVerdict(verifyListenToken(args.token, args as Json)),
};
