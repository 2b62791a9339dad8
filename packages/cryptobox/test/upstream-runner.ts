import { base64Strict, hex } from '@agent-seam/canonical';
import type { Ledger } from '@agent-seam/conformance';
import { expect } from 'vitest';
import { encPublicKey, openBox, openBoxV1, openBoxVerdict, sealBox } from '../src/index.js';
import { bytesOf } from './helpers.js';

/** The upstream `cryptobox` group: a key pair, boxes that must open and boxes that must not. */
export interface UpstreamCryptobox {
  senderSeed: string;
  senderEncPub: string;
  recipientSeed: string;
  recipientEncPub: string;
  open: { name: string; adHex?: string; blob: string; plaintextHex: string }[];
  mustNotOpen: { name: string; adHex?: string; blob: string; why: string }[];
}

/**
 * The associated data of a case. `adHex` is on every case, empty included; a case
 * without it is a broken vector file, never "no associated data", because that
 * reading is exactly the port that ships open_box without its ad parameter.
 */
export function adOf(c: { name: string; adHex?: string }): Uint8Array {
  if (typeof c.adHex !== 'string') throw new Error(`runner: case ${c.name} has no adHex`);
  return bytesOf(c.adHex);
}

/** Number of checks `runUpstream` attributes to the group: two keys, then every case. */
export const upstreamChecks = (g: UpstreamCryptobox) => 2 + g.open.length + g.mustNotOpen.length;

export function runUpstream(ledger: Ledger, group: string, g: UpstreamCryptobox, interop: boolean): void {
  const attribution = { interop };
  ledger.accept(
    group,
    'encPub/sender',
    () => expect(hex.encode(encPublicKey(bytesOf(g.senderSeed)))).toBe(g.senderEncPub),
    attribution,
  );
  ledger.accept(
    group,
    'encPub/recipient',
    () => expect(hex.encode(encPublicKey(bytesOf(g.recipientSeed)))).toBe(g.recipientEncPub),
    attribution,
  );
  const keys = { recipientSeed: bytesOf(g.recipientSeed), senderPub: bytesOf(g.senderEncPub) };
  const plaintextOf = (opened: Uint8Array | null) => (opened === null ? null : hex.encode(opened));
  for (const c of g.open)
    ledger.accept(
      group,
      `open/${c.name}`,
      () => {
        const options = { ...keys, blob: c.blob, ad: adOf(c) };
        expect(plaintextOf(openBox(options))).toBe(c.plaintextHex);
        expect(plaintextOf(openBoxV1(options))).toBe(c.plaintextHex);
        // The other direction: sealing the plaintext with the blob's own nonce writes the blob.
        const nonce = base64Strict.decode(c.blob);
        if (!nonce.ok) throw new Error(`runner: case ${c.name} has a blob that is not base64`);
        const resealed = sealBox({
          senderSeed: bytesOf(g.senderSeed),
          recipientPub: bytesOf(g.recipientEncPub),
          plaintext: bytesOf(c.plaintextHex),
          ad: adOf(c),
          nonce: nonce.value.subarray(0, 12),
        });
        expect(resealed).toBe(c.blob);
      },
      attribution,
    );
  for (const c of g.mustNotOpen)
    ledger.refuse(
      group,
      `mustNotOpen/${c.name}`,
      () => {
        const options = { ...keys, blob: c.blob, ad: adOf(c) };
        expect(openBox(options)).toBeNull();
        expect(openBoxV1(options)).toBeNull();
        expect(openBoxVerdict(options)).toMatchObject({ ok: false, code: 'authentication-failed' });
      },
      attribution,
    );
}
