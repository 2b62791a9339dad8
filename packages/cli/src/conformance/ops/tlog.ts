import { hex } from '@agent-seam/canonical';
import type { OpTable, Outcome } from '@agent-seam/conformance/harness';
import {
  formatCheckpoint,
  formatVerifierKey,
  type NoteVerifier,
  type OpenedNote,
  openNote,
  parseCheckpoint,
  parseVerifierKey,
} from '@agent-seam/tlog-note';
import { bytesArg, fromVerdict, fromWriter } from './outcome.js';

// biome-ignore lint/suspicious/noExplicitAny: the request travels as untyped JSON; the package judges it.
type Json = Record<string, any>;

// Each vkey is parsed on its own, so a key listed twice is two trusted verifiers. The vectors'
// trusted keys are well formed: one the reader refuses is the harness's bug, so it throws.
function key(vkey: string): NoteVerifier {
  const v = parseVerifierKey(vkey);
  if (!v.ok) throw new Error(`a trusted key is refused [${v.code}]`);
  return v.value;
}

/** The note opened under the request's keys, clock and limits (spec/harness.md, `tlog.open`). */
const open = (args: Json, show: (opened: OpenedNote) => unknown): Outcome =>
  fromVerdict(
    openNote('noteHex' in args ? bytesArg(args, 'noteHex') : args.note, {
      verifiers: args.verifiers?.map(key),
      quorum:
        args.quorum === undefined
          ? undefined
          : {
              log: key(args.quorum.log),
              witnesses: args.quorum.witnesses.map(key),
              atLeast: args.quorum.atLeast,
            },
      now: args.now,
      maxAge: args.maxAge,
      maxBytes: args.maxBytes,
      maxSignatures: args.maxSignatures,
    }),
    show,
  );

/** The ops of @agent-seam/tlog-note (spec/harness.md, "tlog-note"). */
export const tlogOps: OpTable = {
  'tlog.open': (args) =>
    open(args, (v) => ({
      body: v.body,
      verifiedBy: v.verifiedBy.map((s) => ({
        name: s.name,
        type: s.type,
        ...(s.timestamp === undefined ? {} : { timestamp: String(s.timestamp) }),
      })),
      ...(args.unverified === true
        ? { unverified: v.unverified.map(({ name, base64 }) => ({ name, base64 })) }
        : {}),
    })),
  'tlog.parseCheckpoint': (args) =>
    fromVerdict(parseCheckpoint(args.text as string), (c) => ({
      origin: c.origin,
      size: String(c.size),
      rootHex: hex.encode(c.root),
      extensions: c.extensions,
    })),
  'tlog.formatCheckpoint': (args) =>
    fromWriter(() =>
      formatCheckpoint({
        origin: args.origin as string,
        size: BigInt(args.size as string),
        root: bytesArg(args, 'rootHex'),
        extensions: args.extensions as string[],
      }),
    ),
  'tlog.parseVerifierKey': (args) =>
    fromVerdict(parseVerifierKey(args.vkey as string), (k) => ({
      name: k.name,
      keyIdHex: hex.encode(k.keyId),
      type: k.type,
      publicKeyHex: hex.encode(k.publicKey),
    })),
  'tlog.formatVerifierKey': (args) =>
    fromWriter(() =>
      formatVerifierKey({
        name: args.name as string,
        type: args.type as NoteVerifier['type'],
        keyId: bytesArg(args, 'keyIdHex'),
        publicKey: bytesArg(args, 'publicKeyHex'),
      }),
    ),
};
