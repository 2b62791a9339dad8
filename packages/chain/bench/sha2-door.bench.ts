import * as chain from '@agent-seam/chain';
import { compare } from '../../../tools/bench.js';
import { nobleTwin } from '../../../tools/noble-twin.js';

// chain's hashing entry points on the hashing door as Node selects it (node:crypto)
// against the same source on the door's noble backend (what chain ran before the door).
const twin = await nobleTwin<typeof chain>('chain');
const utf8 = (text: string) => new TextEncoder().encode(text);

const prev = new Uint8Array(32).fill(7);
for (const size of [600, 4096]) {
  const raw = utf8(JSON.stringify({ epoch: 1, kind: 'StepFinished', note: 'x'.repeat(size - 50), v: 1 }));
  const hash = chain.chainHash(prev, raw);
  compare(
    `verifyLink, ${raw.length} B record`,
    { name: 'verifyLink, door (node:crypto)', run: () => chain.verifyLink(prev, raw, hash) },
    [{ name: 'verifyLink, door on noble (before)', run: () => twin.verifyLink(prev, raw, hash) }],
  );
}

// An RFC-004 audit entry: rfc004 canonical bytes, then HMAC-SHA256.
const entry = {
  ts: '2026-12-02T10:00:00Z',
  actor: 'agent:planner',
  action: 'tool.call',
  target: 'search',
  detail: { query: 'weather in Lisbon', results: 10 },
};
const secret = 'audit-secret';
const signed = { ...entry, hmac: chain.signAuditEntry(entry, secret) };
compare(
  'verifyAuditEntry, one secret',
  { name: 'verifyAuditEntry, door (node:crypto)', run: () => chain.verifyAuditEntry(signed, [secret]) },
  [{ name: 'verifyAuditEntry, door on noble (before)', run: () => twin.verifyAuditEntry(signed, [secret]) }],
);
