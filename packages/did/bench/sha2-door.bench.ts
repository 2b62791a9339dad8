import * as did from '@agent-seam/did';
import { compare } from '../../../tools/bench.js';
import { nobleTwin } from '../../../tools/noble-twin.js';
import { ed25519Door } from '../src/ed25519.js';
import { equationHolds } from '../src/equation.js';

// did's only hash is SHA-512(R ‖ A ‖ M) in the noble equation. On Node the door verifies
// with OpenSSL, which hashes inside, so routing the challenge through the hashing door
// cannot speed up verifyEd25519 there; these lines show by how much it moves anything.
const twin = await nobleTwin<typeof did>('did');
const twinEquation = await import(`${new URL('../src/equation.ts', import.meta.url).href}?sha2=noble`);
const pair = did.keyPairFromSeed(new Uint8Array(32).fill(4));
const message = new TextEncoder().encode('x'.repeat(100));
const signature = did.signEd25519(pair.seed, message);
compare(
  'verifyEd25519, 100 B message (OpenSSL equation on Node)',
  {
    name: 'verifyEd25519, door (node:crypto)',
    run: () => did.verifyEd25519(pair.publicKey, message, signature),
  },
  [
    {
      name: 'verifyEd25519, door on noble (before)',
      run: () => twin.verifyEd25519(pair.publicKey, message, signature),
    },
  ],
);
// The noble equation, as browsers run it, with its challenge hash on each backend.
const nobleDoor = ed25519Door(equationHolds);
const nobleDoorTwin = ed25519Door(twinEquation.equationHolds);
compare(
  'the noble equation, 100 B message, challenge SHA-512 on each backend',
  {
    name: 'noble equation, SHA-512 by node:crypto',
    run: () => nobleDoor(pair.publicKey, message, signature),
  },
  [
    {
      name: 'noble equation, SHA-512 by noble',
      run: () => nobleDoorTwin(pair.publicKey, message, signature),
    },
  ],
);
