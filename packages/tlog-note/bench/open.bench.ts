import { signEd25519, verifyEd25519 } from '@agent-seam/did';
import { cosign, cosignatureMessage, cosignatureVerifier, openNote, signNote } from '@agent-seam/tlog-note';
import { compare } from '../../../tools/bench.js';
import { checkpointBody, log, logKey, pub, w1, w1Key, w2 } from '../test/fixture.js';

// openNote on a checkpoint signed by its log and cosigned by two witnesses, against
// the three bare verifyEd25519 calls it cannot avoid: the ratio is the price of
// parsing, key matching and message building around the signatures.
const body = checkpointBody(123456789n, 7);
const note = cosign(cosign(signNote(body, [log]), w1, 1_700_000_000), w2, 1_700_000_001);
const verifiers = [logKey, w1Key, cosignatureVerifier(w2.name, pub(w2))];
const options = { verifiers, now: 1_700_000_100, maxAge: 3600 };

const bytes = new TextEncoder().encode(body);
const raw = [
  [pub(log), bytes, signEd25519(log.seed, bytes)],
  [
    pub(w1),
    cosignatureMessage(bytes, 1_700_000_000n),
    signEd25519(w1.seed, cosignatureMessage(bytes, 1_700_000_000n)),
  ],
  [
    pub(w2),
    cosignatureMessage(bytes, 1_700_000_001n),
    signEd25519(w2.seed, cosignatureMessage(bytes, 1_700_000_001n)),
  ],
] as const;

if (!openNote(note, options).ok) throw new Error('bench note must open');
compare(
  'openNote, checkpoint with 1 log signature + 2 cosignatures',
  { name: '@agent-seam/tlog-note openNote', run: () => openNote(note, options) },
  [{ name: '3 x verifyEd25519 (the floor)', run: () => raw.map(([k, m, s]) => verifyEd25519(k, m, s)) }],
);

// The same note under a witness policy (log + 2 of 2): the price of the quorum count.
const quorumOptions = {
  quorum: { log: verifiers[0]!, witnesses: verifiers.slice(1), atLeast: 2 },
  now: 1_700_000_100,
  maxAge: 3600,
};
if (!openNote(note, quorumOptions).ok) throw new Error('bench note must meet the quorum');
compare(
  'openNote with a quorum, against the same call with plain verifiers',
  { name: 'openNote { quorum: log + 2 of 2 }', run: () => openNote(note, quorumOptions) },
  [{ name: 'openNote { verifiers }', run: () => openNote(note, options) }],
);
