import { readFileSync } from 'node:fs';
import { hex, parseJSON } from '@agent-seam/canonical';
import { interopPath } from '@agent-seam/conformance';
import { expect } from 'vitest';

/** Hex text from a vector file as bytes; a malformed vector is a test failure, not a skip. */
export function bytes(text: string): Uint8Array {
  const decoded = hex.decode(text);
  if (!decoded.ok) throw new Error(`vector hex is malformed: ${decoded.code}`);
  return decoded.value;
}

export const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

/**
 * A third-party JSON file read through canonical's parse boundary with float literals
 * marked, so `1784273681.0` stays a float (JSON.parse would make it an integer and
 * hide the very thing the float-ts cases are about). Null when the data is absent.
 */
export function loadUpstream(relative: string): any | null {
  const path = interopPath(relative);
  if (path === null) return null;
  const parsed = parseJSON(new Uint8Array(readFileSync(path)), { floats: 'marked' });
  if (!parsed.ok) throw new Error(`upstream ${relative} does not parse: ${parsed.code}`);
  return parsed.value;
}

/** Descriptive members that say why a case exists; they are prose, not bytes. */
const PROSE = new Set(['note', 'why', 'category']);

/**
 * Value-for-value comparison of an upstream case with this repository's case of the
 * same name: every member upstream carries (prose aside) must be identical here.
 */
export function expectSameValues(
  ours: Record<string, unknown> | undefined,
  upstream: Record<string, unknown>,
) {
  expect(ours, 'this repository has a case of the same name').toBeDefined();
  for (const [k, v] of Object.entries(upstream)) if (!PROSE.has(k)) expect(ours![k], k).toEqual(v);
}

export const byName = <T extends { name: string }>(list: T[], name: string): T | undefined =>
  list.find((c) => c.name === name);
