import { didFromSeed } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
// The package's answers to the harness protocol: the ops `seam conformance` asks of it too
// (ownerState's signed bytes are asked of canonical's writer).
import { canonicalOps } from '../../cli/src/conformance/ops/canonical.js';
import { recordOps } from '../../cli/src/conformance/ops/records.js';
import { wireVectorsBesideUpstream, withCodes } from './helpers.js';

const { ours, upstream, bothFiles, reproduced } = wireVectorsBesideUpstream('@agent-seam/did', {
  ...recordOps,
  ...canonicalOps,
});

describe('binding (v1 payload)', () => {
  bothFiles('binding', (d) => d.binding);
  reproduced('binding', (d) => d.binding);
});

describe('bindingV2', () => {
  // Upstream cases name no device: the honest caller asks about the device the case is built for.
  const device = didFromSeed(new Uint8Array(32).fill(0x18));
  const codes = { 'float-ts': 'not-integer', 'missing-deviceSig': 'missing-field', 'wrong-typ': 'wrong-typ' };
  bothFiles(
    'bindingV2',
    (d) => d.bindingV2,
    (g) => ({
      ...g,
      reject: withCodes(g.reject, codes).map((c) => ({
        ...c,
        expectedDeviceDid: c.expectedDeviceDid ?? device,
      })),
    }),
    { perStep: true },
  );
  reproduced('bindingV2', (d) => [...d.bindingV2.cases, ...d.bindingV2.reject], ['float-ts']);
});

describe('ownerState', () => {
  const codes = {
    'float-ts': 'not-integer',
    'unsorted-revoked': 'non-canonical',
    'wrong-typ': 'wrong-typ',
    'foreign-signer': 'bad-signature',
    'missing-sig': 'missing-field',
  };
  bothFiles(
    'ownerState',
    (d) => d.ownerState,
    (g) => ({ ...g, reject: withCodes(g.reject, codes) }),
    {
      perStep: true,
    },
  );
  reproduced('ownerState', (d) => [...d.ownerState.cases, ...d.ownerState.reject], ['float-ts']);
});

describe('reject.keystate (the ratchet)', () => {
  bothFiles('reject.keystate', (d) => d.reject.keystate);
  reproduced('reject.keystate', (d) => [...d.reject.keystate.accept, ...d.reject.keystate.refuse]);
  it('rootDid and checkNow match upstream', () => {
    const { rootDid, checkNow } = ours.reject.keystate;
    expect(upstream === null || upstream.reject.keystate.rootDid === rootDid).toBe(true);
    expect(upstream === null || upstream.reject.keystate.checkNow === checkNow).toBe(true);
  });
});
