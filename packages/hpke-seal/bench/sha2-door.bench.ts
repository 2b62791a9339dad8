import { fail, ok } from '@agent-seam/canonical';
import * as hpke from '@agent-seam/hpke-seal';
import { compare } from '../../../tools/bench.js';
import { nobleTwin } from '../../../tools/noble-twin.js';
import { plain, sealPlain } from '../test/envelope-fixture.js';

// openEnvelope hashes the body for the signature preimage (SHA-256 of the body sits at
// inner key 9), so its hashing grows with the message. On the hashing door as Node
// selects it (node:crypto) against the same source on the door's noble backend (before).
// HKDF stays on noble in both (spec/canonical.md): it is the same work on each side.
const twin = await nobleTwin<typeof hpke>('hpke-seal');
const { epoch, sender } = plain;
const tsMs = 1_767_225_600_000;
for (const size of [64, 64 * 1024, 1 << 20]) {
  const sealed = sealPlain({ tsMs, expMs: tsMs + 1000, body: new Uint8Array(size).fill(1), ksn: 3 });
  const options = {
    ownAid: 'bafyreito',
    keyRing: hpke.keyRingOf([epoch.privateKey]),
    resolveSenderKey: (q: { ksn: number }) =>
      q.ksn === 3 ? ok(sender.publicKey) : fail('bad-key-state' as const),
    now: new Date(tsMs),
    mailbox: 'off' as const,
    replay: 'off' as const,
  };
  if (!hpke.openEnvelope(sealed.bytes, options).ok)
    throw new Error('bench setup: the envelope does not open');
  const label = size >= 1 << 20 ? '1 MB' : size >= 1024 ? `${size / 1024} KB` : `${size} B`;
  compare(
    `openEnvelope (v2, one layer), ${label} body`,
    { name: 'openEnvelope, door (node:crypto)', run: () => hpke.openEnvelope(sealed.bytes, options) },
    [{ name: 'openEnvelope, door on noble (before)', run: () => twin.openEnvelope(sealed.bytes, options) }],
  );
}
