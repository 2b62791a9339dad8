import { hex, unwrap } from '@agent-seam/canonical';
import { loadVectors, openLedger } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import { deriveKeyPair, open, seal } from '../src/index.js';

const ledger = openLedger();
const GROUP = 'hpke.roundtrip';
const b = (text: string) => unwrap(hex.decode(text));

interface Case {
  name: string;
  info: string;
  aad: string;
  plaintext: string;
  psk?: string;
  pskId?: string;
  ikmE: string;
  enc: string;
  ciphertext: string;
  code?: string;
  why?: string;
  /** Fields given to open as the JSON value they are (their hex text), not decoded. */
  asIs?: ('enc' | 'ciphertext')[];
}
const group = loadVectors<{ 'hpke.roundtrip': { recipientIkm: string; accept: Case[]; refuse: Case[] } }>(
  'hpke_seal.json',
)[GROUP];
const recipient = deriveKeyPair(b(group.recipientIkm));
const pskOf = (c: Case) => (c.psk === undefined ? {} : { psk: b(c.psk), pskId: b(c.pskId!) });
const wire = (c: Case, field: 'enc' | 'ciphertext') =>
  c.asIs?.includes(field) ? (c[field] as unknown as Uint8Array) : b(c[field]);
const openCase = (c: Case) =>
  open({
    recipientPrivateKey: recipient.privateKey,
    enc: wire(c, 'enc'),
    info: b(c.info),
    aad: b(c.aad),
    ciphertext: wire(c, 'ciphertext'),
    ...pskOf(c),
  });

describe('hpke.roundtrip: single-shot seal/open with seeded ephemeral keys', () => {
  it('has the cases the manifest floor counts', () =>
    expect([group.accept.length, group.refuse.length]).toEqual([4, 10]));
  for (const c of group.accept) {
    it(`seals and opens ${c.name}`, () =>
      ledger.accept(GROUP, c.name, () => {
        const sealed = seal({
          recipientPublicKey: recipient.publicKey,
          info: b(c.info),
          aad: b(c.aad),
          plaintext: b(c.plaintext),
          ...pskOf(c),
          random: () => b(c.ikmE),
        });
        expect([hex.encode(sealed.enc), hex.encode(sealed.ciphertext)]).toEqual([c.enc, c.ciphertext]);
        expect(hex.encode(unwrap(openCase(c)))).toBe(c.plaintext);
      }));
  }
  for (const c of group.refuse) {
    it(`refuses ${c.name}: ${c.why}`, () =>
      ledger.refuse(GROUP, c.name, () => {
        const v = openCase(c);
        expect(v.ok ? 'opened' : v.code).toBe(c.code);
      }));
  }
});
