import { interopPath, loadInterop } from '@agent-seam/conformance';
import { describe, expect, it, vi } from 'vitest';
import { EXIT } from '../src/cli/exit.js';
import { main } from '../src/cli/main.js';

// The command reads files from disk, so this check runs under Node only and is not
// counted in a vector group (the browser suite could not make it).
describe('agentplane golden export (21c6b42), through the command', () => {
  const file = interopPath('agentplane/golden/export.jsonl');
  const x = loadInterop('agentplane/extracted_vectors.json');
  if (file === null || x === null) {
    it('NOT RUN: interop data absent (allowed outside CI only)', () => expect(process.env.CI).toBeFalsy());
    return;
  }
  // The reference reader exits 0 on its own unsigned golden file read without keys, and
  // (reading strictly, seed 003 step 4) 1 once a record key is given.
  it('agrees with the reference reader on exit codes', async () => {
    const recordKey = `golden-record=${x.golden_fixture_inputs.record_key.public_hex}`;
    const quiet = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      expect(await main([file])).toBe(EXIT.sound);
      expect(await main([file, '--key', recordKey])).toBe(EXIT.findings);
    } finally {
      quiet.mockRestore();
    }
  });
});
