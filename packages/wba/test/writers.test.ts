import { SeamError } from '@agent-seam/canonical';
import { loadVectors } from '@agent-seam/conformance';
import { describe, expect, it } from 'vitest';
import { parseSignatureAgent, signDirectory, signRequest, TIME_CODES } from '../src/index.js';

const ours = loadVectors('wire_vectors.json');
const seed = new Uint8Array(32).fill(7);

/** The SeamError a writer throws (the test fails when it returns). */
function writerError(call: () => unknown): SeamError {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(SeamError);
    return error as SeamError;
  }
  throw new Error('the writer produced what its reader refuses');
}

/**
 * Issue 32, writers refuse what readers refuse: every refusal case of the vectors a writer
 * could be asked to produce, asked of the writer, throws a SeamError naming the field. A
 * case no writer can be asked for (a number where a header goes, two header lines, a
 * signature edited after signing, a verifier's clock) is left out by this rule.
 */
describe('writers refuse what their readers refuse', () => {
  // Signature-Agent: a case that is one sf-string names a URL signRequest could be given.
  const agents = ours['wba.signature-agent'].refuse.filter(
    (c: any) => typeof c.header === 'string' && /^"[^"\\]*"$/.test(c.header),
  );
  it('covers the Signature-Agent URLs a writer could be given', () => expect(agents.length).toBe(5));
  for (const c of agents)
    it(`signRequest signatureAgent: ${c.name}`, () => {
      const url = c.header.slice(1, -1);
      expect(parseSignatureAgent(c.header)).toMatchObject({ ok: false, code: c.expect });
      const error = writerError(() =>
        signRequest({ seed, authority: 'example.com', created: 1, expires: 2, signatureAgent: url }),
      );
      expect(error.message).toMatch(/^bad-argument: signRequest signatureAgent/);
    });

  // Times: a refusal a writer's own created and expires make (not one of the verifier's clock).
  const times = [
    ...ours['wba.profile'].refuse.map((c: any) => ({ ...c, write: 'request' })),
    ...ours['wba.directory'].refuse.map((c: any) => ({ ...c, write: 'directory' })),
  ].filter((c) => ['expires-before-created', 'lifetime-too-long'].includes(c.expect));
  it('covers the time refusals a writer could be asked for', () => {
    expect(times.length).toBe(2);
    expect(TIME_CODES).toContain('lifetime-too-long');
  });
  for (const c of times)
    it(`${c.write === 'request' ? 'signRequest' : 'signDirectory'}: ${c.name}`, () => {
      const input = c.headers['signature-input'] as string;
      const created = Number(/created=(\d+)/.exec(input)![1]);
      const expires = Number(/expires=(\d+)/.exec(input)![1]);
      const options = { seed, authority: 'example.com', created, expires };
      const error = writerError(() =>
        c.write === 'request' ? signRequest(options) : signDirectory(options),
      );
      expect(error.message).toMatch(/^bad-argument: sign(Request|Directory) expires - created is -?\d+ s/);
    });
});
