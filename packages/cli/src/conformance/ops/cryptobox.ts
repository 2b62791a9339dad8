import { hex, parseJSON } from '@agent-seam/canonical';
import type { OpTable, Outcome } from '@agent-seam/conformance/harness';
import {
  encPublicKey,
  encPublicKeyPq,
  type KeyRing,
  type OpenBoxOptions,
  openBox,
  openBoxV1,
  openBoxV1Verdict,
  openBoxVerdict,
  openPayload,
  readSealedField,
  sealBox,
  sealPayload,
} from '@agent-seam/cryptobox';
import { bytesArg, fromVerdict, fromWriter, stringArg } from './outcome.js';

type Args = Record<string, unknown>;

/**
 * The key ring a request names (spec/harness.md, "cryptobox"): one key-encryption key that
 * wraps by XOR under its name; a key wrapped by another name it cannot unwrap. XOR is test
 * material only, which is all the vectors need.
 */
function xorRing(kek: unknown): KeyRing {
  const { name, hex: text } = kek as { name: string; hex: string };
  const key = bytesArg({ kek: text }, 'kek');
  const xor = (a: Uint8Array) => a.map((x, i) => x ^ key[i % key.length]!);
  return {
    wrap: (dataKey) => ({ wrappedBy: name, sealed: xor(dataKey) }),
    unwrap: (wrapped) => (wrapped.wrappedBy === name ? xor(wrapped.sealed) : null),
  };
}

/** The opener's options; the blob goes as received, whatever its JSON type (the opener judges it). */
const openOptions = (args: Args): OpenBoxOptions => ({
  recipientSeed: bytesArg(args, 'recipientSeedHex'),
  senderPub: bytesArg(args, 'senderPubHex'),
  blob: args.blob as string,
  ad: bytesArg(args, 'adHex'),
  ...(args.maxChars === undefined ? {} : { maxChars: args.maxChars as number }),
});

/**
 * A box opened by the opener the request names: the verdict answers, and the opener that
 * answers null for any refusal must open to the same plaintext, or the answer says it does not.
 */
function openBoxOp(args: Args): Outcome {
  const v1Only = stringArg(args, 'opener') === 'v1-only';
  const verdict = (v1Only ? openBoxV1Verdict : openBoxVerdict)(openOptions(args));
  const opened = (v1Only ? openBoxV1 : openBox)(openOptions(args));
  const same = verdict.ok
    ? opened !== null && hex.encode(opened) === hex.encode(verdict.value)
    : opened === null;
  return same
    ? fromVerdict(verdict, hex.encode)
    : { ok: false, code: `nullable-opener-disagrees: ${opened === null ? 'null' : 'opened'}` };
}

/** The random draws a request carries, handed out in order, each of the length asked. */
function draws(args: Args): (length: number) => Uint8Array {
  const queue = (args.randomHex as unknown[]).map((_, i) => bytesArg(args.randomHex as Args, String(i)));
  return (length) => {
    const next = queue.shift();
    if (next === undefined || next.length !== length)
      throw new Error(`the sealer asked for ${length} random bytes the request does not carry`);
    return next;
  };
}

/** The op `sealed.readField` reads: the `output` member of the document (agentplane-v1). */
function fieldOf(json: string): unknown {
  const parsed = parseJSON(new TextEncoder().encode(json), { profile: 'agentplane-v1' });
  if (!parsed.ok) throw new Error('args.json is not a JSON document');
  return (parsed.value as { output?: unknown }).output;
}

/** The ops of @agent-seam/cryptobox (spec/harness.md, "cryptobox"). */
export const cryptoboxOps: OpTable = {
  'box.publicKey': (args) => ({ ok: true, value: hex.encode(encPublicKey(bytesArg(args, 'seedHex'))) }),
  'box.publicKeyPq': (args) => ({ ok: true, value: hex.encode(encPublicKeyPq(bytesArg(args, 'seedHex'))) }),
  'box.seal': (args) =>
    fromWriter(() =>
      sealBox({
        senderSeed: bytesArg(args, 'senderSeedHex'),
        recipientPub: bytesArg(args, 'recipientPubHex'),
        plaintext: bytesArg(args, 'plaintextHex'),
        ad: bytesArg(args, 'adHex'),
        nonce: bytesArg(args, 'nonceHex'),
        ...(args.recipientPqPubHex === undefined
          ? {}
          : {
              recipientPqPub: bytesArg(args, 'recipientPqPubHex'),
              encapsulationSeed: bytesArg(args, 'encapsulationSeedHex'),
            }),
      }),
    ),
  'box.open': openBoxOp,
  'sealed.open': (args) =>
    fromVerdict(
      openPayload('envelopeHex' in args ? bytesArg(args, 'envelopeHex') : (args.envelope as Uint8Array), {
        ad: bytesArg(args, 'adHex'),
        keyRing: xorRing(args.kek),
        ...(args.maxBytes === undefined ? {} : { maxBytes: args.maxBytes as number }),
        ...(args.maxWrappedKeyBytes === undefined
          ? {}
          : { maxWrappedKeyBytes: args.maxWrappedKeyBytes as number }),
      }),
      hex.encode,
    ),
  'sealed.seal': (args) =>
    fromWriter(() =>
      hex.encode(
        sealPayload({
          plaintext: bytesArg(args, 'plaintextHex'),
          ad: bytesArg(args, 'adHex'),
          scope: stringArg(args, 'scope'),
          keyRing: xorRing(args.kek),
          random: draws(args),
        }),
      ),
    ),
  'sealed.readField': (args) =>
    fromVerdict(readSealedField(fieldOf(stringArg(args, 'json'))), (field) => ({
      spelling: field.spelling,
      envelopeHex: hex.encode(field.envelope),
    })),
};
