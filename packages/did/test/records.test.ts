import {
  didFromSeed,
  isRevoked,
  MAX_REVOKED,
  newerOwnerState,
  resolveOpDid,
  signDeviceBindingV2,
  signKeyState,
  signOwnerState,
  verifyDeviceBindingV2,
  verifyKeyState,
  verifyOwnerState,
} from '@agent-seam/did';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { thrownSeamError } from '../../../tools/thrown.ts';
import { compareCodePoints, verifiablePayload } from '../src/signed-record.js';

const seed = (b: number) => new Uint8Array(32).fill(b);
const root = seed(0x15);
const rootDid = didFromSeed(root);
const NOW = 1784273681;
const keyState = signKeyState(
  { rootDid, epoch: 1, opDid: didFromSeed(seed(0x16)), revokedOps: [], ts: NOW },
  root,
);
const binding = signDeviceBindingV2({ ts: NOW, validUntil: 0 }, seed(0x17), seed(0x18));
const ownerState = signOwnerState({ epoch: 1, revoked: [didFromSeed(seed(0x21))], ts: NOW }, seed(0x1f));

/** The record with one member replaced by an arbitrary value (or removed). */
const withOneFieldReplaced = (record: Record<string, unknown>) =>
  fc
    .tuple(fc.constantFrom(...Object.keys(record)), fc.option(fc.anything(), { nil: undefined }))
    .map(([key, value]) => {
      const copy: Record<string, unknown> = { ...record };
      if (value === undefined) delete copy[key];
      else copy[key] = value;
      return copy;
    });

describe('record verifiers never throw on wrong-typed fields', () => {
  it('verifyKeyState and resolveOpDid (as inline and as pin)', () => {
    fc.assert(
      fc.property(withOneFieldReplaced(keyState), fc.anything(), (record, junk) => {
        expect(() => verifyKeyState(record, rootDid)).not.toThrow();
        const answer = resolveOpDid(rootDid, record, NOW, { pinned: junk });
        expect(typeof answer).toBe('string');
        expect(typeof resolveOpDid(rootDid, junk, NOW, { pinned: record })).toBe('string');
      }),
      { numRuns: 300 },
    );
  });

  it('verifyDeviceBindingV2', () => {
    fc.assert(
      fc.property(withOneFieldReplaced(binding as never), (record) => {
        const verdict = verifyDeviceBindingV2(record, { expectedDeviceDid: binding.deviceDid, now: NOW });
        expect(typeof verdict.ok).toBe('boolean');
      }),
      { numRuns: 200 },
    );
  });

  it('verifyOwnerState', () => {
    fc.assert(
      fc.property(withOneFieldReplaced(ownerState as never), (record) => {
        expect(typeof verifyOwnerState(record, { rootDid: ownerState.rootDid }).ok).toBe('boolean');
      }),
      { numRuns: 200 },
    );
  });

  it('whole records of any shape', () => {
    fc.assert(
      fc.property(fc.anything(), (junk) => {
        expect(verifyKeyState(junk, rootDid).ok).toBe(false);
        expect(verifyOwnerState(junk, { rootDid }).ok).toBe(false);
        expect(verifyDeviceBindingV2(junk, { expectedDeviceDid: rootDid, now: NOW }).ok).toBe(false);
        expect(resolveOpDid(rootDid, junk, NOW, { pinned: junk })).toBe(rootDid);
      }),
      { numRuns: 300 },
    );
  });
});

describe('OwnerState semantics', () => {
  const state = (epoch: number) => ({ rootDid, epoch, revoked: [], ts: NOW });
  it('only a strictly greater epoch replaces the kept state', () => {
    expect(newerOwnerState(null, state(0)).epoch).toBe(0);
    expect(newerOwnerState(state(3), state(4)).epoch).toBe(4);
    const kept = state(3);
    expect(newerOwnerState(kept, { ...state(3), ts: NOW + 1 })).toBe(kept);
    expect(newerOwnerState(kept, state(2))).toBe(kept);
  });

  it('isRevoked answers membership only', () => {
    const verdict = verifyOwnerState(ownerState, { rootDid: ownerState.rootDid });
    expect(verdict.ok && isRevoked(verdict.value, didFromSeed(seed(0x21)))).toBe(true);
    expect(verdict.ok && isRevoked(verdict.value, didFromSeed(seed(0x22)))).toBe(false);
  });

  it('the signer sorts, de-duplicates and caps the revoked list', () => {
    const a = didFromSeed(seed(1));
    const b = didFromSeed(seed(2));
    const signed = signOwnerState({ epoch: 1, revoked: [b, a, b], ts: NOW }, seed(0x1f));
    expect(signed.revoked).toEqual([a, b].sort());
    expect(verifyOwnerState(signed, { rootDid: signed.rootDid }).ok).toBe(true);
    const tooMany = Array.from({ length: MAX_REVOKED + 1 }, (_, i) => `did:key:z${i}`);
    expect(
      thrownSeamError(() => signOwnerState({ epoch: 1, revoked: tooMany, ts: NOW }, seed(0x1f))).code,
    ).toBe('too-many-revoked');
  });
});

describe('bindingV2 at its edges', () => {
  const bounded = signDeviceBindingV2({ ts: NOW, validUntil: NOW + 60 }, seed(0x17), seed(0x18));
  const check = (now: number) =>
    verifyDeviceBindingV2(bounded, { expectedDeviceDid: bounded.deviceDid, now });
  it('holds through validUntil itself and expires the second after', () => {
    expect(check(NOW + 60).ok).toBe(true);
    expect(check(NOW + 61)).toMatchObject({ ok: false, code: 'expired' });
  });
  it('a caller that names no device is a programmer error', () => {
    expect(thrownSeamError(() => verifyDeviceBindingV2(bounded, { now: NOW } as never)).code).toBe(
      'bad-argument',
    );
  });
});

describe('the signed-record helpers', () => {
  // Verdicts and thrown errors are compared whole. Each `why` names the mutant(s) of src/ the case
  // holds by `file.ts:line:column` of the `--rest` run.
  it('in code point order a prefix comes first', () => {
    // why: kills signed-record.ts:49:57 (`-1` → `+1`), code no test reached: a revoked list
    // with one entry the prefix of another.
    expect([
      compareCodePoints('ab', 'abc'),
      compareCodePoints('abc', 'ab'),
      compareCodePoints('ab', 'ab'),
    ]).toEqual([-1, 1, 0]);
  });

  it('a record holding a lone surrogate has no payload to verify, and the refusal says why', () => {
    // why: kills signed-record.ts:35:40 (the detail emptied) directly, as well as through the binding.
    expect(verifiablePayload({ typ: '\ud800' })).toEqual({
      ok: false,
      code: 'cannot-canonicalize',
      detail: 'typ is a string holding an unpaired surrogate',
    });
  });
});
