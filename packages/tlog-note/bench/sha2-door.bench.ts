import * as tlog from '@agent-seam/tlog-note';
import { compare } from '../../../tools/bench.js';
import { nobleTwin } from '../../../tools/noble-twin.js';

// tlog-note hashes only to compute key ids (SHA-256(name ‖ 0x0A ‖ type ‖ key)[0..4]);
// checkpoints and note openings hash nothing per call. The key-id path, on the hashing
// door as Node selects it (node:crypto) and on the door's noble backend (before).
const twin = await nobleTwin<typeof tlog>('tlog-note');
const verifier = tlog.ed25519Verifier('example.com/log', new Uint8Array(32).fill(9));
const vkey = tlog.formatVerifierKey(verifier);
if (!tlog.parseVerifierKey(vkey).ok) throw new Error('bench setup: the vkey does not parse');
compare(
  'parseVerifierKey (checks the key id)',
  { name: 'parseVerifierKey, door (node:crypto)', run: () => tlog.parseVerifierKey(vkey) },
  [{ name: 'parseVerifierKey, door on noble (before)', run: () => twin.parseVerifierKey(vkey) }],
);
