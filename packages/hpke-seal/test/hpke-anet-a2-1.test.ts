import { hex, unwrap } from '@agent-seam/canonical';
import { loadInterop, openLedger } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import { deriveKeyPair, open, setupBaseR } from '../src/index.js';
import { bytes } from './rfc9180-runner.js';

const ledger = openLedger();
const GROUP = 'hpke.anet-a2-1';

interface A21 {
  info: string;
  ikmR: string;
  pkRm: string;
  enc: string;
  encryptions: { seq: number; aad: string; ct: string; pt: string }[];
}
interface Extracted {
  seal: { id: string; exports_computed_by_me?: Record<string, string> }[];
}

// A point of order 8 on Curve25519 (RFC 7748 section 5 lists it among the inputs that
// give an all-zero X25519 output); every private key maps it to zero.
const SMALL_ORDER_POINT = 'e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800';

describe('hpke.anet-a2-1: RFC 9180 A.2.1 as ANetCore v0.15 pins it (opening side)', () => {
  const a21 = loadInterop<A21>('anet/ANetCore-v0.15/seal/testdata/rfc9180-a2-1.json');
  const extracted = loadInterop<Extracted>('anet/extracted_vectors.json');
  if (a21 === null || extracted === null) {
    it('interop data absent', () => ledger.interopMissing(GROUP));
    return;
  }
  const exports = extracted.seal.find((e) => e.id === 'RFC9180-A.2.1')!.exports_computed_by_me!;
  const recipient = deriveKeyPair(bytes(a21.ikmR));
  const context = () =>
    unwrap(
      setupBaseR({ recipientPrivateKey: recipient.privateKey, enc: bytes(a21.enc), info: bytes(a21.info) }),
    );
  const first = a21.encryptions[0]!;
  const single = (over: Partial<Parameters<typeof open>[0]>) =>
    open({
      recipientPrivateKey: recipient.privateKey,
      enc: bytes(a21.enc),
      info: bytes(a21.info),
      aad: bytes(first.aad),
      ciphertext: bytes(first.ct),
      ...over,
    });

  it('derives pkRm from ikmR', () =>
    ledger.accept(GROUP, 'pkRm', () => expect(hex.encode(recipient.publicKey)).toBe(a21.pkRm), {
      interop: true,
    }));

  it('opens the seq-0 encryption with the single-shot open', () =>
    ledger.accept(GROUP, 'open-seq-0', () => expect(hex.encode(unwrap(single({})))).toBe(first.pt), {
      interop: true,
    }));

  for (const [ctx, value] of Object.entries(exports).filter(([k]) => k !== 'exporter_secret')) {
    it(`exports for context "${ctx}"`, () =>
      ledger.accept(
        GROUP,
        `export-${ctx === '' ? 'empty' : ctx}`,
        () => expect(hex.encode(context().export(bytes(ctx), 32))).toBe(value),
        {
          interop: true,
        },
      ));
  }

  it('refuses the ciphertext under another aad', () =>
    ledger.refuse(
      GROUP,
      'wrong-aad',
      () => {
        const v = single({ aad: bytes('436f756e742d31') });
        expect(v.ok ? 'opened' : v.code).toBe('decrypt-failed');
      },
      { interop: true },
    ));

  it('refuses a small-order enc before any decryption', () =>
    ledger.refuse(
      GROUP,
      'small-order-enc',
      () => {
        const v = single({ enc: bytes(SMALL_ORDER_POINT) });
        expect(v.ok ? 'opened' : v.code).toBe('bad-enc');
      },
      { interop: true },
    ));

  it('refuses an enc of the wrong length', () =>
    ledger.refuse(
      GROUP,
      'short-enc',
      () => {
        const v = single({ enc: bytes(a21.enc).subarray(0, 31) });
        expect(v.ok ? 'opened' : v.code).toBe('bad-enc');
      },
      { interop: true },
    ));
});
