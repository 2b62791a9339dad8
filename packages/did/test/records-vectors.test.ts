import { loadVectors, openLedger } from '@agent-seam/conformance';
import {
  bindingPayload,
  bindingV2Payload,
  didFromSeed,
  resolveOpDid,
  signDeviceBindingV2,
  signOwnerState,
  verifyDeviceBindingV2,
  verifyOwnerState,
} from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { always, bytes, loadUpstream, makeBothSources } from './helpers.js';

const ledger = openLedger();
const ours = loadVectors('wire_vectors.json');
const upstream = loadUpstream('agent-seam-latest/wire_vectors.json');
const text = (b: Uint8Array) => new TextDecoder().decode(b);

const bothSources = makeBothSources(ledger, ours, upstream);

describe('binding (v1 payload)', () => {
  bothSources(
    'binding',
    'accept',
    (d) => d.binding,
    (c: any) => expect(text(bindingPayload(c))).toBe(c.bindingPayload),
    always,
  );
});

describe('bindingV2', () => {
  const checkNow = (doc: any) => doc.bindingV2.checkNow as number;
  bothSources(
    'bindingV2',
    'accept',
    (d) => d.bindingV2.cases.map((c: any) => ({ ...c, checkNow: checkNow(d) })),
    (c: any) => {
      expect(text(bindingV2Payload(c))).toBe(c.bindingPayload);
      const signed = signDeviceBindingV2(c, bytes(c.ownerSeed), bytes(c.deviceSeed));
      expect(signed).toEqual(c.binding);
      const verdict = verifyDeviceBindingV2(c.binding, { expectedDeviceDid: c.deviceDid, now: c.checkNow });
      expect(verdict.ok).toBe(true);
    },
    always,
  );
  // Upstream cases name no device: the honest caller asks about the device the case is built for.
  const device = didFromSeed(new Uint8Array(32).fill(0x18));
  const codes: Record<string, string> = {
    'float-ts': 'not-integer',
    'missing-deviceSig': 'missing-field',
    'wrong-typ': 'wrong-typ',
  };
  bothSources(
    'bindingV2',
    'refuse',
    (d) => d.bindingV2.reject.map((c: any) => ({ ...c, checkNow: checkNow(d) })),
    (c: any) => {
      const verdict = verifyDeviceBindingV2(c.input, {
        expectedDeviceDid: c.expectedDeviceDid ?? device,
        now: c.checkNow,
      });
      expect(verdict).toMatchObject({ ok: false, code: c.code ?? codes[c.name] });
    },
    (name) => name !== 'float-ts',
  );
});

describe('ownerState', () => {
  bothSources(
    'ownerState',
    'accept',
    (d) => d.ownerState.cases,
    (c: any) => {
      const verdict = verifyOwnerState(c.record, { rootDid: c.rootDid });
      expect(verdict).toEqual({
        ok: true,
        value: { rootDid: c.rootDid, epoch: c.epoch, revoked: c.record.revoked, ts: c.ts },
      });
      const signed = signOwnerState(c.record, bytes(c.ownerSeed));
      expect(signed).toEqual(c.record);
      const { sig: _sig, ...body } = signed;
      expect(JSON.stringify(Object.fromEntries(Object.entries(body).sort()))).toBe(c.statePayload);
    },
    always,
  );
  const codes: Record<string, string> = {
    'float-ts': 'not-integer',
    'unsorted-revoked': 'non-canonical',
    'wrong-typ': 'wrong-typ',
    'foreign-signer': 'bad-signature',
    'missing-sig': 'missing-field',
  };
  const ownerRoot = didFromSeed(new Uint8Array(32).fill(0x1f));
  bothSources(
    'ownerState',
    'refuse',
    (d) => d.ownerState.reject,
    (c: any) => {
      const verdict = verifyOwnerState(c.input, { rootDid: c.expectedRootDid ?? ownerRoot });
      expect(verdict).toMatchObject({ ok: false, code: c.code ?? codes[c.name] });
    },
    (name) => name !== 'float-ts',
  );
});

describe('reject.keystate (the ratchet)', () => {
  // rootDid and checkNow are the same in both files (asserted below), so one resolver serves both.
  const { rootDid, checkNow } = ours.reject.keystate;
  const resolveCase = (c: any) => {
    let got: string | undefined;
    expect(() => {
      got = resolveOpDid(rootDid, c.inline, checkNow, { pinned: c.pinned });
    }).not.toThrow();
    expect(got).toBe(c.expect);
    if (c.mustNotResolveTo !== undefined) expect(got).not.toBe(c.mustNotResolveTo);
  };
  for (const kind of ['accept', 'refuse'] as const)
    bothSources('reject.keystate', kind, (d) => d.reject.keystate[kind], resolveCase, always);
  it('rootDid and checkNow match upstream', () => {
    expect(upstream === null || upstream.reject.keystate.rootDid === rootDid).toBe(true);
    expect(upstream === null || upstream.reject.keystate.checkNow === checkNow).toBe(true);
  });
});
