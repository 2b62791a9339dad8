import { loadInterop, openLedger } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import { padme } from '../src/index.js';
import { padLengthFor } from '../src/padme.js';
import { timeViolation } from '../src/time-window.js';

const ledger = openLedger();
const GROUP = 'seal.anet-rules';
const interop = { interop: true };
const DAY = 86_400_000;

describe('seal.anet-rules: Padmé and the time window as ANetCore v0.15 pins them', () => {
  const extracted = loadInterop<any>('anet/extracted_vectors.json');
  if (extracted === null) {
    it('interop data absent', () => ledger.interopMissing(GROUP));
    return;
  }
  const entry = (id: string) => extracted.seal.find((e: any) => e.id === id);
  const pairs = entry('PADME-TABLE').pairs_n_padme as [number, number][];
  for (const [n, expected] of pairs)
    it(`padme(${n}) = ${expected}`, () =>
      ledger.accept(GROUP, `padme-${n}`, () => expect(padme(n)).toBe(expected), interop));

  const sealed = entry('VEC-SEALED-1').derived_by_me;
  it('VEC-SEALED-1: an encoding of 722 bytes with an empty pad takes 14 zero bytes to reach 736', () =>
    ledger.accept(
      GROUP,
      'vec-sealed-1-pad',
      () => {
        expect(padme(sealed.inner_len_with_empty_pad)).toBe(sealed.padme_of_that);
        expect(padLengthFor(sealed.inner_len_with_empty_pad)).toBe(sealed.pad_zero_bytes);
      },
      interop,
    ));

  // The CHECKTIME cases of seal/envelope_test.go, transcribed from their descriptions.
  // time_t0 reads "1767225600000 = 2026-01-01T00:00:00Z in unix ms (...)".
  const t0 = Number.parseInt(extracted._about.time_t0, 10);
  const checkTime: [string, number, number, number, string][] = [
    ['ts=t0, exp=t0+1d, now=t0+1', t0, t0 + DAY, t0 + 1, 'ok'],
    ['now == exp', t0, t0 + DAY, t0 + DAY, 'ok'],
    ['now = exp+1', t0, t0 + DAY, t0 + DAY + 1, 'expired'],
    ['ts = now+300000', t0 + 300_000, t0 + 300_000 + DAY, t0, 'ok'],
    ['ts = now+300001', t0 + 300_001, t0 + 300_001 + DAY, t0, 'from-future'],
    ['exp-ts = 15d', t0, t0 + 15 * DAY, t0, 'ok'],
    ['exp-ts = 15d+1', t0, t0 + 15 * DAY + 1, t0, 'bad-lifetime'],
    ['exp = ts-1', t0, t0 - 1, t0, 'bad-lifetime'],
  ];
  const described = entry('CHECKTIME').cases as [string, string][];
  it('transcribes every CHECKTIME case', () => expect(checkTime.map((c) => [c[0], c[4]])).toEqual(described));
  for (const [name, ts, exp, now, expected] of checkTime) {
    const record = expected === 'ok' ? ledger.accept : ledger.refuse;
    it(`checkTime: ${name} -> ${expected}`, () =>
      record(
        GROUP,
        `checktime ${name}`,
        () => expect(timeViolation(ts, exp, now)?.code ?? 'ok').toBe(expected),
        interop,
      ));
  }
});
