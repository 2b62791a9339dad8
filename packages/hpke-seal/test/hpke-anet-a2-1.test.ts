import { hex, unwrap } from '@agent-seam/canonical';
import { loadInterop, openLedger } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import { deriveKeyPair, open, setupBaseR } from '../src/index.js';
import { SMALL_ORDER } from './envelope-fixture.js';
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

  /** A refusal case: the seq-0 encryption opened with one argument changed is refused with `code`. */
  const refuses = (
    title: string,
    name: string,
    over: () => Partial<Parameters<typeof open>[0]>,
    code: string,
  ) =>
    it(title, () =>
      ledger.refuse(
        GROUP,
        name,
        () => {
          const v = single(over());
          expect(v.ok ? 'opened' : v.code).toBe(code);
        },
        { interop: true },
      ),
    );

  refuses(
    'refuses the ciphertext under another aad',
    'wrong-aad',
    () => ({ aad: bytes('436f756e742d31') }),
    'decrypt-failed',
  );
  refuses(
    'refuses a small-order enc before any decryption',
    'small-order-enc',
    () => ({ enc: SMALL_ORDER }),
    'bad-enc',
  );
  refuses(
    'refuses an enc of the wrong length',
    'short-enc',
    () => ({ enc: bytes(a21.enc).subarray(0, 31) }),
    'bad-enc',
  );
});
