import { ledgerGroup, opGroup } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
// The package's answers to the harness protocol: the ops `seam conformance` asks of it too.
import { didOps } from '../../cli/src/conformance/ops/did.js';
import { openWireVectors } from './helpers.js';

const { ledger, ours, impl } = openWireVectors('@agent-seam/did', didOps);

interface DoorCase {
  name: string;
  publicHex: string;
  messageHex: string;
  signatureHex: string;
  code?: string;
}

const group = ours.reject.ed25519 as { accept: DoorCase[]; refuse: DoorCase[] };

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
  ledgerGroup(it, ledger, impl, opGroup('reject.ed25519'), group);
});
