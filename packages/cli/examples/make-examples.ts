// Regenerates the walkthrough's files: `npx tsx --conditions=source examples/make-examples.ts`
// from packages/cli. The seeds are fixed test material (0x02 and 0x03 repeated), never real keys.
import { writeFileSync } from 'node:fs';
import { base64Strict, utf8Strict } from '@agent-seam/canonical';
import { didFromSeed, signEd25519 } from '@agent-seam/did';

const here = (name: string) => new URL(name, import.meta.url);
const partnerSeed = new Uint8Array(32).fill(3);
const you = didFromSeed(new Uint8Array(32).fill(2));

// The partner's bug: it signs JSON.stringify of the fields in its own member order, where
// the contract signs the canonical JSON (seam profile) of the six fields, names sorted.
const fields = {
  to: you,
  from: didFromSeed(partnerSeed),
  messageId: 'order-42',
  contextId: null,
  text: 'ship 3 crates',
  timestamp: 1784280600,
};
const theirBytes = utf8Strict.encode(JSON.stringify(fields));
const message = { ...fields, sig: base64Strict.encode(signEd25519(partnerSeed, theirBytes)) };
writeFileSync(here('partner-message.json'), `${JSON.stringify(message, null, 2)}\n`);
writeFileSync(here('partner-signed-bytes.txt'), theirBytes);
writeFileSync(here('you.seed'), `${'02'.repeat(32)}\n`);
