import { type Ledger, loadInterop, openLedger } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';
import { adOf, runUpstream, type UpstreamCryptobox, upstreamChecks } from './upstream-runner.js';

/**
 * The upstream `cryptobox` group: boxes an upstream agent sealed, opened with upstream's
 * key derivation, and re-sealed byte for byte from the same nonce. Every check counts
 * as interop (the expected values come from ../shared/interop).
 */
const ledger = openLedger();

describe('cryptobox (upstream)', () => {
  const upstream = loadInterop<{ cryptobox: UpstreamCryptobox }>('agent-seam-latest/wire_vectors.json');
  if (upstream === null) {
    it('interop data absent', () => ledger.interopMissing('cryptobox'));
    return;
  }
  const g = upstream.cryptobox;

  it('holds both encPub values, 4 boxes to open and 2 that must not open', () => {
    expect(g.open.length).toBe(4);
    expect(g.mustNotOpen.length).toBe(2);
    expect(upstreamChecks(g)).toBe(8);
  });

  it('runs every case', () => runUpstream(ledger, 'cryptobox', g, true));
});

describe('the runner refuses a case without adHex', () => {
  // Runs each check body directly: these tests are about the runner, not a vector group.
  const run = <R extends void | Promise<void>>(_group: string, _name: string, body: () => R): R => body();
  const passThrough: Ledger = { accept: run, refuse: run, interopMissing: () => {}, notRun: () => {} };
  const seed = '09'.repeat(32);
  const group = (adHex: string | undefined): UpstreamCryptobox => ({
    senderSeed: seed,
    senderEncPub: '001851fc2f06962aca5648fca7ad8fcb032ce8738791471b6489b7571acf9829',
    recipientSeed: seed,
    recipientEncPub: '001851fc2f06962aca5648fca7ad8fcb032ce8738791471b6489b7571acf9829',
    open: [],
    mustNotOpen: [{ name: 'any', blob: 'A'.repeat(40), why: 'x', ...(adHex === undefined ? {} : { adHex }) }],
  });

  it('an absent adHex is a runner error, not an empty associated data', () => {
    expect(thrown(() => adOf({ name: 'no-ad' })).message).toMatch(/has no adHex/);
    expect(thrown(() => runUpstream(passThrough, 'cryptobox', group(undefined), false)).message).toMatch(
      /has no adHex/,
    );
  });

  it('an explicit empty adHex is accepted and means zero bytes', () => {
    expect(adOf({ name: 'explicit-empty', adHex: '' })).toEqual(new Uint8Array(0));
    expect(() => runUpstream(passThrough, 'cryptobox', group(''), false)).not.toThrow();
  });
});
