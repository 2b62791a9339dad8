import { loadVectors, openLedger } from '@agent-seam/conformance';
import { verifyEd25519 } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { bytes } from './helpers.js';

const ledger = openLedger();

interface DoorCase {
  name: string;
  publicHex: string;
  messageHex: string;
  signatureHex: string;
  code?: string;
}

const group = loadVectors('wire_vectors.json').reject.ed25519 as { accept: DoorCase[]; refuse: DoorCase[] };
const judge = (c: DoorCase) => verifyEd25519(bytes(c.publicHex), bytes(c.messageHex), bytes(c.signatureHex));

describe('reject.ed25519 (the door, one refusal per check)', () => {
  it('holds the fourteen small-order encodings as key and as R, and every door code', () => {
    expect(group.refuse.filter((c) => c.code === 'small-order-key')).toHaveLength(14);
    expect(group.refuse.filter((c) => c.code === 'small-order-r')).toHaveLength(14);
    expect(new Set(group.refuse.map((c) => c.code))).toEqual(
      new Set([
        'small-order-key',
        'small-order-r',
        'non-canonical-key',
        'non-canonical-r',
        'non-canonical-s',
        'bad-signature',
        'bad-length',
      ]),
    );
  });
  for (const c of group.accept)
    it(`accept ${c.name}`, () =>
      ledger.accept('reject.ed25519', c.name, () => expect(judge(c)).toEqual({ ok: true, value: true })));
  for (const c of group.refuse)
    it(`refuse ${c.name}`, () =>
      ledger.refuse('reject.ed25519', c.name, () =>
        expect(judge(c)).toMatchObject({ ok: false, code: c.code }),
      ));
});
