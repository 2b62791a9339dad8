import { readFileSync } from 'node:fs';
import { base64Strict, hex, unwrap } from '@agent-seam/canonical';
import { interopPath, loadInterop, openLedger } from '@agent-seam/conformance';
import {
  COSIGNATURE_V1,
  computeKeyId,
  ED25519_NOTE,
  formatCheckpoint,
  parseCheckpoint,
} from '@agent-seam/tlog-note';
import { describe, expect, it } from 'vitest';

/**
 * The agentplane notes (interop/agentplane/NOTES.md, section 5 and 6) give the golden
 * witness's key ids for both signature types and the golden checkpoint body; the
 * witness public key and the checkpoint root come from extracted_vectors.json.
 */
const ledger = openLedger();
const G = 'tlog.agentplane';
const interop = { interop: true };
const notesPath = interopPath('agentplane/NOTES.md');
const extracted = loadInterop('agentplane/extracted_vectors.json');

describe('tlog.agentplane', () => {
  if (notesPath === null || extracted === null) {
    it('interop data absent', () => ledger.interopMissing(G));
    return;
  }
  const notes = readFileSync(notesPath, 'utf8');
  const witness = extracted.golden_fixture_inputs.witness_key;
  const publicKey = unwrap(base64Strict.decode(witness.public_base64));
  const ids = notes.match(/Golden:\s+`([0-9a-f]{8})` \(with 0x01 it would be `([0-9a-f]{8})`\)/)!;
  const body = JSON.parse(`"${notes.match(/Golden example: `(agentplane\\n[^`]*)`/)![1]}"`) as string;

  it('witness-key-id/cosignature', () =>
    ledger.accept(
      G,
      'witness-key-id/cosignature',
      () => expect(hex.encode(computeKeyId(witness.name, COSIGNATURE_V1, publicKey))).toBe(ids[1]),
      interop,
    ));
  it('witness-key-id/note-type', () =>
    ledger.accept(
      G,
      'witness-key-id/note-type',
      () => expect(hex.encode(computeKeyId(witness.name, ED25519_NOTE, publicKey))).toBe(ids[2]),
      interop,
    ));
  it('golden-checkpoint-body', () =>
    ledger.accept(
      G,
      'golden-checkpoint-body',
      () => {
        const golden = extracted.golden_export_chain.checkpoint;
        const cp = unwrap(parseCheckpoint(body));
        expect([cp.origin, cp.size, hex.encode(cp.root)]).toEqual([
          golden.origin,
          BigInt(golden.size),
          golden.root,
        ]);
        expect(formatCheckpoint(cp)).toBe(body);
      },
      interop,
    ));
});
