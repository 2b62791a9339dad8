import { hex, parseJSON } from '@agent-seam/canonical';
import {
  encPublicKey,
  encPublicKeyPq,
  type KeyRing,
  openBox,
  openBoxV1,
  openBoxV1Verdict,
  openBoxVerdict,
  openPayload,
  readSealedField,
  sealBox,
  sealPayload,
} from '@agent-seam/cryptobox';
import { accepted, bytesOf, type Case, cases, type FileReplay, Mismatch, refused, same } from './replay.js';

const pkg = '@agent-seam/cryptobox';
const plaintextOf = (opened: Uint8Array | null) => (opened === null ? null : hex.encode(opened));

/** The vectors' key ring: one named key-encryption key that wraps by XOR (test material only). */
function xorRing(kek: { name: string; hex: string }): KeyRing {
  const key = bytesOf(kek.hex);
  const xor = (a: Uint8Array) => a.map((x, i) => x ^ key[i % key.length]!);
  return {
    wrap: (dataKey) => ({ wrappedBy: kek.name, sealed: xor(dataKey) }),
    unwrap: (wrapped) => (wrapped.wrappedBy === kek.name ? xor(wrapped.sealed) : null),
  };
}

const openOptions = (c: Case) => ({
  recipientSeed: bytesOf(c.recipientSeedHex),
  senderPub: bytesOf(c.senderEncPubHex),
  blob: c.blob,
  ad: bytesOf(c.adHex),
  ...(c.maxChars === undefined ? {} : { maxChars: c.maxChars }),
});

/** Seals the case's box again (the nonce and, for v2, the encapsulation seed from the file) and opens it. */
function boxRoundTrip(c: Case, v2: boolean): void {
  const recipientSeed = bytesOf(c.recipientSeedHex);
  same(hex.encode(encPublicKey(bytesOf(c.senderSeedHex))), c.senderEncPubHex, 'sender encryption key');
  same(hex.encode(encPublicKey(recipientSeed)), c.recipientEncPubHex, 'recipient encryption key');
  if (v2) same(hex.encode(encPublicKeyPq(recipientSeed)), c.recipientPqPubHex, 'recipient ML-KEM key');
  const blob = sealBox({
    senderSeed: bytesOf(c.senderSeedHex),
    recipientPub: bytesOf(c.recipientEncPubHex),
    plaintext: bytesOf(c.plaintextHex),
    ad: bytesOf(c.adHex),
    nonce: bytesOf(c.nonceHex),
    ...(v2
      ? { recipientPqPub: bytesOf(c.recipientPqPubHex), encapsulationSeed: bytesOf(c.encapsulationSeedHex) }
      : {}),
  });
  same(blob, c.blob, 'sealed box');
  same(plaintextOf(openBox(openOptions(c))), c.plaintextHex, 'opened');
  if (!v2) same(plaintextOf(openBoxV1(openOptions(c))), c.plaintextHex, 'opened as v1');
}

/** The sealed-field value the case's JSON holds under `output` (parsed as agentplane-v1 reads it). */
function fieldOf(json: string): unknown {
  const parsed = parseJSON(new TextEncoder().encode(json), { profile: 'agentplane-v1' });
  if (!parsed.ok) throw new Mismatch('the vector JSON does not parse');
  return (parsed.value as { output: unknown }).output;
}

export const cryptobox: FileReplay = {
  file: 'cryptobox.json',
  layout: 'top-level',
  groups: {
    'box.roundtrip': { pkg, replay: (g) => cases(g, (c) => boxRoundTrip(c, false)) },
    'box.reject': {
      pkg,
      replay: (g) =>
        cases(g, (c) => {
          refused(openBoxVerdict(openOptions(c)), c.code);
          refused(openBoxV1Verdict(openOptions(c)), c.code);
          same(openBox(openOptions(c)), null, 'openBox');
        }),
    },
    'box.v2': { pkg, replay: (g) => cases(g, (c) => boxRoundTrip(c, true)) },
    'box.v2-refuse': {
      pkg,
      replay: (g) =>
        cases(g, (c) => {
          const v1Only = c.opener === 'v1-only';
          refused((v1Only ? openBoxV1Verdict : openBoxVerdict)(openOptions(c)), c.code);
          same((v1Only ? openBoxV1 : openBox)(openOptions(c)), null, 'open');
        }),
    },
    'sealed.payload': {
      pkg,
      replay: (g) =>
        cases(g.payloads, (c) => {
          const envelope = bytesOf(c.envelopeHex);
          accepted(
            openPayload(envelope, { ad: bytesOf(c.adHex), keyRing: xorRing(g.kek) }),
            bytesOf(c.plaintextHex),
          );
          const draws = [bytesOf(c.dataKeyHex), bytesOf(c.nonceHex)];
          const sealed = sealPayload({
            plaintext: bytesOf(c.plaintextHex),
            ad: bytesOf(c.adHex),
            scope: c.scope,
            keyRing: xorRing(g.kek),
            random: () => draws.shift()!,
          });
          same(hex.encode(sealed), c.envelopeHex, 'sealed payload');
        }),
    },
    'sealed.reject': {
      pkg,
      replay: (g) =>
        cases(g.cases, (c) =>
          refused(
            openPayload(c.envelopeHex === undefined ? c.envelope : bytesOf(c.envelopeHex), {
              ad: bytesOf(c.adHex),
              keyRing: xorRing(g.kek),
              ...(c.maxBytes === undefined ? {} : { maxBytes: c.maxBytes }),
              ...(c.maxWrappedKeyBytes === undefined ? {} : { maxWrappedKeyBytes: c.maxWrappedKeyBytes }),
            }),
            c.code,
          ),
        ),
    },
    'sealed.field': {
      pkg,
      replay: (g) => [
        ...cases(g.accept, (c) => {
          const v = readSealedField(fieldOf(c.json));
          accepted(v);
          if (v.ok)
            same([v.value.spelling, hex.encode(v.value.envelope)], [c.spelling, c.envelopeHex], 'field');
        }),
        ...cases(g.refuse, (c) => refused(readSealedField(fieldOf(c.json)), c.code)),
      ],
    },
  },
};
