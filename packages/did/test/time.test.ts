import {
  didFromSeed,
  resolveOpDid,
  signDeviceBindingV2,
  signKeyState,
  signOwnerState,
  verifyDeviceBindingV2,
} from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import { thrownSeamError } from '../../../tools/thrown.ts';
import { NOW, rootDid, seed } from './fixture.js';

// One time convention: every instant is a Date or Unix seconds; milliseconds are refused loudly.
const NOW_DATE = new Date(NOW * 1000);

const refusesMilliseconds = (f: (ms: number) => unknown, option: string) => {
  const e = thrownSeamError(() => f(NOW * 1000));
  expect(e.code).toBe('bad-instant');
  expect(e.message).toContain(option);
};

describe('verifyDeviceBindingV2 now', () => {
  const binding = signDeviceBindingV2({ ts: NOW, validUntil: NOW + 60 }, seed(0x17), seed(0x18));
  const check = (now: number | Date) =>
    verifyDeviceBindingV2(binding, { expectedDeviceDid: binding.deviceDid, now });
  it('a Date and the same seconds give the same verdict', () => {
    expect(check(NOW_DATE)).toEqual(check(NOW));
    expect(check(new Date((NOW + 472) * 1000))).toEqual(check(NOW + 472));
  });
  it('says by how much a binding has expired', () =>
    expect(check(NOW + 472)).toEqual({ ok: false, code: 'expired', detail: 'expired 412 s ago' }));
  it('refuses a millisecond count, naming the option', () =>
    refusesMilliseconds((ms) => check(ms), 'verifyDeviceBindingV2 now'));
});

describe('resolveOpDid now', () => {
  const opDid = didFromSeed(seed(0x16));
  const inline = signKeyState({ rootDid, epoch: 1, opDid, ts: NOW, notAfter: NOW + 10 }, seed(0x15));
  it('a Date and the same seconds give the same answer, on both sides of the window', () => {
    expect(resolveOpDid(rootDid, inline, NOW_DATE)).toBe(opDid);
    expect(resolveOpDid(rootDid, inline, NOW)).toBe(opDid);
    expect(resolveOpDid(rootDid, inline, new Date((NOW + 11) * 1000))).toBe(rootDid);
    expect(resolveOpDid(rootDid, inline, NOW + 11)).toBe(rootDid);
  });
  it('refuses a millisecond count, naming the option', () =>
    refusesMilliseconds((ms) => resolveOpDid(rootDid, inline, ms), 'resolveOpDid now'));
});

describe('instants the signers write', () => {
  it('a Date is written as its whole Unix seconds', () => {
    const a = signDeviceBindingV2(
      { ts: NOW_DATE, validUntil: new Date((NOW + 60) * 1000) },
      seed(1),
      seed(2),
    );
    expect(a).toEqual(signDeviceBindingV2({ ts: NOW, validUntil: NOW + 60 }, seed(1), seed(2)));
    expect(signDeviceBindingV2({ ts: NOW, validUntil: 0 }, seed(1), seed(2)).validUntil).toBe(0);
    const fields = { rootDid, epoch: 1, opDid: rootDid };
    expect(signKeyState({ ...fields, ts: NOW_DATE, notBefore: NOW_DATE }, seed(0x15))).toEqual(
      signKeyState({ ...fields, ts: NOW, notBefore: NOW }, seed(0x15)),
    );
    expect(signKeyState({ ...fields, ts: NOW, notAfter: null }, seed(0x15)).notAfter).toBeNull();
    expect(signOwnerState({ epoch: 1, revoked: [], ts: NOW_DATE }, seed(3))).toEqual(
      signOwnerState({ epoch: 1, revoked: [], ts: NOW }, seed(3)),
    );
  });
  it('a millisecond count is refused, naming the option', () => {
    refusesMilliseconds(
      (ms) => signDeviceBindingV2({ ts: ms, validUntil: 0 }, seed(1), seed(2)),
      'signDeviceBindingV2 ts',
    );
    refusesMilliseconds(
      (ms) => signDeviceBindingV2({ ts: NOW, validUntil: ms }, seed(1), seed(2)),
      'signDeviceBindingV2 validUntil',
    );
    refusesMilliseconds(
      (ms) => signKeyState({ rootDid, epoch: 1, opDid: rootDid, ts: ms }, seed(0x15)),
      'signKeyState ts',
    );
    refusesMilliseconds(
      (ms) => signKeyState({ rootDid, epoch: 1, opDid: rootDid, ts: NOW, notAfter: ms }, seed(0x15)),
      'signKeyState notAfter',
    );
    refusesMilliseconds(
      (ms) => signOwnerState({ epoch: 1, revoked: [], ts: ms }, seed(3)),
      'signOwnerState ts',
    );
  });
});
