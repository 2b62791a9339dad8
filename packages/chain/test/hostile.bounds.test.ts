import { DEFAULT_MAX_LINE_BYTES, splitLines, verifyExport } from '@agent-seam/chain';
import { loadVectors } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';

/**
 * An export line of 100 MB (issue 15, resource bounds). The line reader keeps at most
 * maxLineBytes + 1 bytes of a line whatever its length (the rest is skipped as it
 * streams past), and the verifier refuses that line as line-too-long (after a sound export's header).
 */
const MiB = 1024 * 1024;
const header = new TextEncoder().encode(`${loadVectors('chain.json')['export.sound'][0].lines[0]}\n`);
function* hundredMegabytes(pulled: { chunks: number }, withHeader = false) {
  if (withHeader) yield header;
  const chunk = new Uint8Array(MiB).fill(0x61); // 'a', no newline anywhere
  for (let i = 0; i < 100; i++) {
    pulled.chunks++;
    yield chunk;
  }
}

describe('a 100 MB export line is cut at the limit and refused', () => {
  it('the reader holds at most DEFAULT_MAX_LINE_BYTES + 1 bytes of it (16 MiB, configurable)', async () => {
    const pulled = { chunks: 0 };
    const lengths: number[] = [];
    for await (const line of splitLines(hundredMegabytes(pulled), DEFAULT_MAX_LINE_BYTES))
      lengths.push(line.length);
    expect(pulled.chunks).toBe(100); // one pass over the stream, nothing read twice
    expect(lengths).toEqual([DEFAULT_MAX_LINE_BYTES + 1]);
  });
  it('verifyExport reports it as line-too-long', async () => {
    const report = await verifyExport(
      splitLines(hundredMegabytes({ chunks: 0 }, true), DEFAULT_MAX_LINE_BYTES),
    );
    expect(report.status).toBe('findings');
    expect(report.findings.map((f) => f.code)).toContain('line-too-long');
  });
  it('a smaller limit is honoured the same way', async () => {
    const lengths: number[] = [];
    for await (const line of splitLines(hundredMegabytes({ chunks: 0 }), 1000)) lengths.push(line.length);
    expect(lengths).toEqual([1001]);
    const report = await verifyExport(splitLines(hundredMegabytes({ chunks: 0 }, true), 1000), {
      maxLineBytes: 1000,
    });
    expect(report.findings.map((f) => f.code)).toContain('line-too-long');
  });
});
