import { readdirSync, readFileSync } from 'node:fs';
import { hex, parseJSON } from '@agent-seam/canonical';
import {
  type Implementation,
  interopPath,
  ledgerGroup,
  loadVectors,
  type OpTable,
  openLedger,
  opGroup,
  packageImplementation,
} from '@agent-seam/conformance';
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

type Ledger = ReturnType<typeof openLedger>;

/**
 * What a test of vectors/wire_vectors.json binds once: the ledger its checks record in,
 * this repository's file, and the package the checks are asked of through its ops.
 */
export function openWireVectors(
  pkg: string,
  ops: OpTable,
): { ledger: Ledger; ours: any; impl: Implementation } {
  return {
    ledger: openLedger(),
    ours: loadVectors('wire_vectors.json'),
    impl: packageImplementation(pkg, ops),
  };
}

/**
 * A runner that replays one op group through `impl` over this repository's cases, then
 * over upstream's (with `{ interop: true }`), each upstream case first adapted by `adapt`
 * (upstream states no code, or no device, where this repository's cases do).
 */
export function makeBothFiles(ledger: Ledger, impl: Implementation, ours: any, upstream: any | null) {
  return function bothFiles(
    group: string,
    pick: (doc: any) => any,
    adapt: (g: any) => any = (g) => g,
    options: { perStep?: boolean } = {},
  ) {
    ledgerGroup(it, ledger, impl, opGroup(group), pick(ours), options);
    if (upstream === null) {
      it(`${group}: interop data absent`, () => ledger.interopMissing(group));
      return;
    }
    ledgerGroup(it, ledger, impl, opGroup(group), adapt(pick(upstream)), {
      ...options,
      interop: true,
      prefix: 'upstream:',
    });
  };
}

/** Upstream's refusals that carry no code of their own, given the codes this repository gives them. */
export const withCodes = (list: any[], codes: Record<string, string>) =>
  list.map((c) => ({ ...c, code: c.code ?? codes[c.name] }));

/**
 * A test that upstream's cases picked by `pick` are ours, value for value (the same seeds
 * re-derive them), but those `except` names.
 */
export function makeReproduced(ours: any, upstream: any | null) {
  return (group: string, pick: (doc: any) => any[], except: readonly string[] = []) =>
    it.runIf(upstream !== null)(`${group}: upstream cases are ours, value for value`, () => {
      for (const c of pick(upstream))
        if (!except.includes(c.name)) expectSameValues(byName(pick(ours), c.name), c);
    });
}

/**
 * `openWireVectors` with upstream's agent-seam-latest/wire_vectors.json beside it (null when
 * the interop data is absent), and the two runners over both files bound to them.
 */
export function wireVectorsBesideUpstream(pkg: string, ops: OpTable) {
  const { ledger, ours, impl } = openWireVectors(pkg, ops);
  const upstream = loadUpstream('agent-seam-latest/wire_vectors.json');
  return {
    ledger,
    ours,
    impl,
    upstream,
    bothFiles: makeBothFiles(ledger, impl, ours, upstream),
    reproduced: makeReproduced(ours, upstream),
  };
}

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
