import { type Ledger, loadInterop } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import { encPublicKey } from '../src/index.js';
import { bytesOf } from './helpers.js';
import { adOf, runUpstream, type UpstreamCryptobox } from './upstream-runner.js';

/**
 * The upstream `cryptobox` group is skipped by name in tools/manifest.json: its encPub
 * values come from a seed-to-X25519 derivation (and an HKDF salt/info) that the vectors
 * do not state and that we could not reconstruct. These tests keep the skip honest.
 */
describe('cryptobox (upstream, skipped by name)', () => {
  const upstream = loadInterop<{ cryptobox: UpstreamCryptobox }>('agent-seam-latest/wire_vectors.json');
  if (upstream === null) return;
  const g = upstream.cryptobox;

  it('is present and non-empty, and every case carries adHex', () => {
    expect(g.open.length).toBe(4);
    expect(g.mustNotOpen.length).toBe(2);
    for (const c of [...g.open, ...g.mustNotOpen]) expect(typeof c.adHex).toBe('string');
  });

  it('still derives encPub differently from this package (remove the skip when this goes red)', () => {
    expect(encPublicKey(bytesOf(g.senderSeed))).not.toEqual(bytesOf(g.senderEncPub));
    expect(encPublicKey(bytesOf(g.recipientSeed))).not.toEqual(bytesOf(g.recipientEncPub));
  });
});

describe('the runner refuses a case without adHex', () => {
  // Runs each check body directly: these tests are about the runner, not a vector group.
  const run = <R extends void | Promise<void>>(_group: string, _name: string, body: () => R): R => body();
  const passThrough: Ledger = { accept: run, refuse: run, interopMissing: () => {} };
  const seed = '09'.repeat(32);
  const group = (adHex: string | undefined): UpstreamCryptobox => ({
    senderSeed: seed,
    senderEncPub: '57db4b359f23ae5e146e4e2512056704722506348c150c14753d0c933d04d421',
    recipientSeed: seed,
    recipientEncPub: '57db4b359f23ae5e146e4e2512056704722506348c150c14753d0c933d04d421',
    open: [],
    mustNotOpen: [{ name: 'any', blob: 'AAAA', why: 'x', ...(adHex === undefined ? {} : { adHex }) }],
  });

  it('an absent adHex is a runner error, not an empty associated data', () => {
    expect(() => adOf({ name: 'no-ad' })).toThrow(/has no adHex/);
    expect(() => runUpstream(passThrough, 'cryptobox', group(undefined), false)).toThrow(/has no adHex/);
  });

  it('an explicit empty adHex is accepted and means zero bytes', () => {
    expect(adOf({ name: 'explicit-empty', adHex: '' })).toEqual(new Uint8Array(0));
    expect(() => runUpstream(passThrough, 'cryptobox', group(''), false)).not.toThrow();
  });
});
