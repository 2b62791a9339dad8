import { hex, unwrap } from '@agent-seam/canonical';
import { keyPairFromSeed } from '@agent-seam/did';
import { describe, expect, it } from 'vitest';
import {
  parseGraderSidecar,
  signAuditEntry,
  signGraderVerdict,
  verifyAuditEntry,
  verifyExport,
  writeExport,
} from '../src/index.js';

// The README's examples, kept runnable.
describe('README examples', () => {
  it('sign and verify', async () => {
    const seed = new Uint8Array(32).fill(0x11);
    const written = writeExport({
      origin: 'example.com/agentplane',
      key: { keyId: 'k1', seed },
      runs: [
        {
          run: 'run_01J80000000000000000000001',
          sealed: true,
          records: [
            { body: { epoch: 1, v: 1, kind: 'RunAdmitted', canon: 1, capability: 'x', input: {} } },
            { body: { epoch: 1, v: 1, kind: 'RunConcluded', outcome: 'succeeded' } },
          ],
        },
      ],
    });
    const options = {
      keys: new Map([['k1', keyPairFromSeed(seed).publicKey]]),
      anchors: [{ checkpoint: { ...written.checkpoint, root: unwrap(hex.decode(written.checkpoint.root)) } }],
    };
    const report = await verifyExport(written.lines, options);
    expect(report.status).toBe('sound');
    expect(report.notChecked.map((n) => n.code)).toEqual(['blob-bytes']);
    expect((await verifyExport(written.lines, { ...options, strict: true })).status).toBe('unchecked');
    expect(
      (await verifyExport(written.lines, { ...options, strict: true, allowUnchecked: ['blob-bytes'] }))
        .status,
    ).toBe('sound');

    const entry = {
      id: 'e1',
      sessionId: 's',
      ts: '2026-05-11T00:00:00.000Z',
      tool: 't',
      governance: 'audit-logged',
    };
    const hmac = signAuditEntry(entry, 'secret');
    expect(verifyAuditEntry({ ...entry, hmac }, ['new-secret', 'secret'])).toEqual({
      ok: true,
      value: { secretIndex: 1 },
    });
  });

  it('grader-verdict sidecar', () => {
    const sidecar = signGraderVerdict(
      {
        run: 'run_01J80000000000000000000001',
        last_seq: 2,
        last_hash: 'ab'.repeat(32),
        open: false,
        content: new TextEncoder().encode('pass'),
      },
      'grader-1',
      new Uint8Array(32).fill(0x47),
    );
    expect(sidecar.content).toBe('cGFzcw==');
    expect(Object.keys(sidecar).sort()).toEqual(
      ['content', 'kind', 'last_hash', 'last_seq', 'open', 'run', 'signature', 'version'].sort(),
    );
    const parsed = parseGraderSidecar(new TextEncoder().encode(`${JSON.stringify(sidecar, null, 2)}\n`));
    expect(parsed.ok && new TextDecoder().decode(parsed.value.content)).toBe('pass');
  });
});
