import { loadVectors } from '@agent-seam/conformance';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitLines, verifyExport } from '../src/index.js';

const doc = loadVectors('chain.json');
const base: string[] = doc['export.sound'].find((v: any) => v.name === 'unkeyed').lines;
const recordLines = base.map((l, i) => (l.startsWith('{"seq"') ? i : -1)).filter((i) => i >= 0);

describe('verifyExport on arbitrary damage', () => {
  it('never throws, whatever bytes a line holds', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: base.length - 1 }),
        fc.uint8Array({ maxLength: 64 }),
        fc.integer({ min: 0, max: 2000 }),
        async (line, junk, at) => {
          const lines: (string | Uint8Array)[] = [...base];
          const bytes = new TextEncoder().encode(base[line]!);
          const cut = Math.min(at, bytes.length);
          lines[line] = new Uint8Array([...bytes.subarray(0, cut), ...junk, ...bytes.subarray(cut)]);
          const report = await verifyExport(lines);
          // Framing lines are not hashed, so some damage (white space, a case's state) is invisible;
          // the claim here is only that the verdict is one of the three, never an exception.
          expect(['sound', 'findings', 'unverifiable']).toContain(report.status);
          expect(report.status === 'sound').toBe(
            report.findings.length === 0 && report.status !== 'unverifiable',
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('any change to a hashed raw character is a finding, never sound', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...recordLines),
        fc.nat(),
        fc.integer({ min: 0x21, max: 0x7e }),
        async (i, pos, code) => {
          const record = JSON.parse(base[i]!);
          const at = pos % record.raw.length;
          fc.pre(record.raw.charCodeAt(at) !== code);
          record.raw = record.raw.slice(0, at) + String.fromCharCode(code) + record.raw.slice(at + 1);
          const lines = [...base];
          lines[i] = JSON.stringify(record);
          const report = await verifyExport(lines);
          expect(report.status).toBe('findings');
          expect(report.findings.map((f) => f.code)).toContain('record-hash-mismatch');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('dropping, repeating or swapping lines is never sound', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: base.length - 1 }),
        fc.integer({ min: 1, max: base.length - 1 }),
        fc.constantFrom('drop', 'repeat', 'swap'),
        async (a, b, how) => {
          fc.pre(how !== 'swap' || base[a] !== base[b]);
          const lines = [...base];
          if (how === 'drop') lines.splice(a, 1);
          else if (how === 'repeat') lines.splice(a, 0, base[b]!);
          else [lines[a], lines[b]] = [lines[b]!, lines[a]!];
          const report = await verifyExport(lines);
          expect(report.status).toBe('findings');
        },
      ),
      { numRuns: 300 },
    );
  });

  it('splitLines gives the same lines whatever the chunking', async () => {
    const text = new TextEncoder().encode(`${base.join('\n')}\n`);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 4096 }), { maxLength: 50 }), async (sizes) => {
        const chunks: Uint8Array[] = [];
        let at = 0;
        for (const size of sizes) {
          if (at >= text.length) break;
          chunks.push(text.subarray(at, at + size));
          at += size;
        }
        if (at < text.length) chunks.push(text.subarray(at));
        const lines: string[] = [];
        for await (const line of splitLines(chunks, 1 << 20)) lines.push(new TextDecoder().decode(line));
        expect(lines).toEqual(base);
      }),
      { numRuns: 200 },
    );
  });

  it('splitLines cuts an over-long line to cap + 1 bytes and keeps the next one whole', async () => {
    const lines: Uint8Array[] = [];
    const input = [new TextEncoder().encode(`${'a'.repeat(100)}\nshort\n`)];
    for await (const line of splitLines(input, 10)) lines.push(line);
    expect(lines.map((l) => l.length)).toEqual([11, 5]);
  });
});
