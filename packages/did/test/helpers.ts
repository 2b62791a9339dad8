import { readdirSync, readFileSync } from 'node:fs';
import { hex, parseJSON } from '@agent-seam/canonical';
import { interopPath } from '@agent-seam/conformance';
import { expect, it } from 'vitest';

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

type Ledger = ReturnType<typeof import('@agent-seam/conformance').openLedger>;

/**
 * A runner that drives one group over this repository's cases and then over
 * upstream's (with `{ interop: true }`), comparing each upstream case value for value
 * with ours when `reproduced(name)` says the same seeds re-derive it byte for byte.
 */
export function makeBothSources(ledger: Ledger, ours: any, upstream: any | null) {
  return function bothSources<C extends { name: string }>(
    group: string,
    kind: 'accept' | 'refuse',
    pick: (doc: any) => C[],
    drive: (c: C, source: 'ours' | 'upstream') => void,
    reproduced: (name: string) => boolean,
  ) {
    for (const c of pick(ours)) it(c.name, () => ledger[kind](group, c.name, () => drive(c, 'ours')));
    if (upstream === null) {
      it(`${group}: interop data absent`, () => ledger.interopMissing(group));
      return;
    }
    for (const c of pick(upstream))
      it(`upstream ${c.name}`, () =>
        ledger[kind](
          group,
          `upstream:${c.name}`,
          () => {
            drive(c, 'upstream');
            if (reproduced(c.name)) expectSameValues(byName(pick(ours), c.name) as never, c as never);
          },
          { interop: true },
        ));
  };
}

/** Every upstream case of the group is re-derived here. */
export const always = () => true;
/** No upstream case of the group is re-derived here (other seeds). */
export const never = () => false;

/**
 * The library rules a reviewer would otherwise check by eye: no Node built-ins in
 * src/ (the code must run in browsers) and no clock reads (time is a `now` argument).
 * `nodeOnly` names the modules a `node` condition selects, the one place a built-in may
 * appear (DESIGN principle 9); no other module may import them by path.
 */
export function expectLibraryRules(srcDir: string, nodeOnly: readonly string[] = []) {
  const files = readdirSync(srcDir).filter((f) => f.endsWith('.ts'));
  expect(files.length).toBeGreaterThan(0);
  for (const f of files) {
    const text = readFileSync(`${srcDir}/${f}`, 'utf8');
    if (!nodeOnly.includes(f)) expect(text, `${f} imports a Node built-in`).not.toMatch(/from ['"]node:/);
    for (const n of nodeOnly)
      expect(text, `${f} imports ${n} by path`).not.toContain(`'./${n.replace(/\.ts$/, '.js')}'`);
    expect(text, `${f} reads the clock`).not.toMatch(/Date\.now\(|new Date\(\)|performance\.now\(/);
  }
}
