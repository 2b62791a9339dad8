import { encode } from '@agent-seam/coredet-cbor';
import { describe, expect, it } from 'vitest';
import { readAObjEnvelope } from '../src/index.js';

/** An envelope map {1: signer, 2: ksn, 3: alg, 4: sig}, with members replaced or removed (undefined). */
const envelope = (edit: Record<number, unknown> = {}) => {
  const map = new Map<number, unknown>([
    [1, 'bafy-signer'],
    [2, 3],
    [3, -8],
    [4, new Uint8Array(64).fill(7)],
  ]);
  for (const [key, value] of Object.entries(edit))
    value === undefined ? map.delete(Number(key)) : map.set(Number(key), value);
  return encode(map as never);
};

// The witness notice and anet's signed objects both read their envelope here; each rule
// below is one that a forged envelope would otherwise pass.
describe('readAObjEnvelope: the AObj envelope, read strictly', () => {
  it('a well-formed envelope gives its signer, key state, algorithm and signature', () =>
    expect(readAObjEnvelope(envelope())).toEqual({
      ok: true,
      value: { signer: 'bafy-signer', ksn: 3, alg: -8, signature: new Uint8Array(64).fill(7) },
    }));
  it('a preimage reference is kept when present, and absent when the envelope has none', () => {
    expect(readAObjEnvelope(envelope({ 5: 'bafy-object' }))).toMatchObject({
      ok: true,
      value: { preimageRef: 'bafy-object' },
    });
    const none = readAObjEnvelope(envelope());
    expect(none.ok && 'preimageRef' in none.value).toBe(false);
  });
  it.each([
    ['the signer', 1],
    ['the key state', 2],
    ['the algorithm', 3],
    ['the signature', 4],
  ])('%s (key %i) is required', (_, key) =>
    expect(readAObjEnvelope(envelope({ [key]: undefined }))).toMatchObject({
      ok: false,
      code: 'bad-aobj-envelope',
    }),
  );
  it('the table is closed: key 6 is refused', () =>
    expect(readAObjEnvelope(envelope({ 6: 'x' }))).toMatchObject({ ok: false, code: 'bad-aobj-envelope' }));
  it('a preimage reference is text', () =>
    expect(readAObjEnvelope(envelope({ 5: 1 }))).toMatchObject({ ok: false, code: 'bad-aobj-envelope' }));
  it('bytes that are not a map are refused, and the detail says what the decoder found', () => {
    const verdict = readAObjEnvelope(encode(1));
    expect(verdict).toMatchObject({ ok: false, code: 'bad-aobj-envelope' });
    expect(verdict.ok ? '' : verdict.detail).toMatch(/^[a-z-]+: ./);
  });
  it('the algorithm is -8 (Ed25519): -7 is refused', () =>
    expect(readAObjEnvelope(envelope({ 3: -7 }))).toEqual({
      ok: false,
      code: 'bad-aobj-envelope',
      detail: 'the algorithm is not -8 (Ed25519)',
    }));
  it('a key state beyond 2^53 is refused', () =>
    expect(readAObjEnvelope(envelope({ 2: 2n ** 60n }))).toEqual({
      ok: false,
      code: 'bad-aobj-envelope',
      detail: 'the key state is beyond 2^53',
    }));
  it('the signature is 64 bytes: 63 is refused', () =>
    expect(readAObjEnvelope(envelope({ 4: new Uint8Array(63) }))).toEqual({
      ok: false,
      code: 'bad-aobj-envelope',
      detail: 'the signature is 63 bytes, not 64',
    }));
});
