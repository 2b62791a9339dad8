// The replayers of `seam conformance` held to notice a package that answers wrongly. The other
// replayer tests change the vector file; this one changes the package: every function the
// replayers import from a package is wrapped, and on cue one call returns a wrong answer (an
// acceptance turned into a refusal, a refusal with another code, a value with one byte, one
// character or one member changed). Each call a case makes to the package that owns its group is
// cued in turn, and the case, replayed alone, must disagree; the calls listed in UNJUDGED are
// held to still agree, each for the reason given. A replayer that checks a verdict only where a
// correct package would pass (`accepted(v)` dropped before `if (v.ok)`), or compares a value
// twice where only the second comparison could see a wrong decode, is caught here and nowhere
// else.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { REPLAYS } from '../src/conformance/index.js';
import { type FileReplay, Mismatch } from '../src/conformance/replay.js';
import { groupPath } from '../src/conformance/run.js';

const fake = vi.hoisted(() => {
  type Cue = { fn: string; nth: number; variant: string };
  type Call = { fn: string; variants: string[] };
  const state = { owner: '', cue: undefined as Cue | undefined, calls: [] as Call[], counts: new Map() };

  const isRecord = (x: unknown): x is Record<string, unknown> =>
    typeof x === 'object' && x !== null && Object.getPrototypeOf(x) === Object.prototype;
  const isVerdict = (x: unknown): x is { ok: boolean; code?: string; value?: unknown } =>
    isRecord(x) && typeof x.ok === 'boolean';

  /**
   * The wrong answers a result can be turned into: a verdict `refused` (when it accepted), with
   * another `code` (when it refused) or with its `value` changed; anything else `changed` (bytes,
   * text, numbers, flags, lists, maps, a record's first member that can change). None for nothing,
   * functions and class instances.
   */
  function variants(x: unknown): string[] {
    if (isVerdict(x))
      return x.ok ? ['refused', ...(variants(x.value).length > 0 ? ['value'] : [])] : ['code'];
    if (x instanceof Uint8Array || Array.isArray(x) || x instanceof Map) return ['changed'];
    if (['string', 'number', 'bigint', 'boolean'].includes(typeof x)) return ['changed'];
    return isRecord(x) && Object.values(x).some((v) => variants(v).length > 0) ? ['changed'] : [];
  }

  /** `x` with one thing wrong. */
  function wrong(x: unknown, variant: string): unknown {
    if (isVerdict(x)) {
      if (variant === 'refused')
        return { ok: false, code: 'x-fake-refusal', detail: 'refused by the fake package' };
      if (variant === 'code') return { ...x, code: `${x.code}-x` };
      return { ...x, value: wrong(x.value, variants(x.value)[0]!) };
    }
    if (x instanceof Uint8Array) {
      const y = x.length === 0 ? new Uint8Array(1) : x.slice();
      y[y.length - 1]! ^= 1;
      return y;
    }
    if (Array.isArray(x)) return x.length === 0 ? [0] : x.slice(0, -1);
    if (x instanceof Map) {
      const y = new Map(x);
      if (y.size === 0) y.set('x', 0);
      else y.delete([...y.keys()].at(-1));
      return y;
    }
    if (typeof x === 'string') return `${x}x`;
    if (typeof x === 'number') return Number.isNaN(x) ? 0 : x + 1 === x ? x * 2 : x + 1;
    if (typeof x === 'bigint') return x + 1n;
    if (typeof x === 'boolean') return !x;
    const record = x as Record<string, unknown>;
    const [k, v] = Object.entries(record).find(([, v]) => variants(v).length > 0)!;
    return { ...record, [k]: wrong(v, variants(v)[0]!) };
  }

  /** The result of call `nth` of `fn`: recorded, and wrong when it is the cued call. */
  function answer(fn: string, nth: number, result: unknown): unknown {
    state.calls.push({ fn, variants: variants(result) });
    const cue = state.cue;
    return cue && cue.fn === fn && cue.nth === nth ? wrong(result, cue.variant) : result;
  }

  const isClass = (f: unknown) =>
    typeof f === 'function' && /^class\b/.test(Function.prototype.toString.call(f));

  /**
   * The package `pkg` with its functions wrapped; only calls to the owner of the replayed group are
   * recorded. With `classes`, a class is replaced by a subclass whose methods are wrapped too (for a
   * replayer that asks a package's object, as tlog-tiles' TileLog).
   */
  function wrapped(pkg: string, module: Record<string, unknown>, classes = false): Record<string, unknown> {
    return Object.fromEntries(
      Object.entries(module).map(([name, f]) => {
        if (typeof f !== 'function') return [name, f];
        if (isClass(f))
          return [name, classes ? wrappedClass(pkg, name, f as new (...a: unknown[]) => object) : f];
        return [name, wrappedFunction(`${pkg}.${name}`, pkg, f as (...a: unknown[]) => unknown)];
      }),
    );
  }

  function wrappedClass(pkg: string, name: string, base: new (...a: unknown[]) => object) {
    const sub = class extends base {};
    for (const method of Object.getOwnPropertyNames(base.prototype)) {
      const d = Object.getOwnPropertyDescriptor(base.prototype, method)!;
      if (method === 'constructor' || typeof d.value !== 'function') continue;
      Object.defineProperty(sub.prototype, method, {
        ...d,
        value: wrappedFunction(`${pkg}.${name}.${method}`, pkg, d.value),
      });
    }
    return sub;
  }

  /** `f` recording its calls (and answering wrongly when cued) while `pkg` owns the replayed group. */
  function wrappedFunction(fn: string, pkg: string, f: (...a: unknown[]) => unknown) {
    const call = function (this: unknown, ...args: unknown[]) {
      if (state.owner !== pkg) return (f as (...a: unknown[]) => unknown).apply(this, args);
      const nth = state.counts.get(fn) ?? 0;
      state.counts.set(fn, nth + 1);
      let result: unknown;
      try {
        result = (f as (...a: unknown[]) => unknown).apply(this, args);
      } catch (error) {
        // A refusal by throwing (a signer given what it cannot sign): the wrong answers return,
        // or throw the same code with a message that starts otherwise.
        state.calls.push({ fn, variants: ['returned', 'message'] });
        const cue = state.cue?.fn === fn && state.cue.nth === nth ? state.cue.variant : undefined;
        if (cue === 'returned') return undefined;
        if (cue === 'message') throw Object.assign(new Error(`x ${(error as Error).message}`), error);
        throw error;
      }
      return result instanceof Promise ? result.then((r) => answer(fn, nth, r)) : answer(fn, nth, result);
    };
    return call;
  }
  return { state, wrapped };
});

vi.mock('@agent-seam/canonical', async (original) => fake.wrapped('@agent-seam/canonical', await original()));
vi.mock('@agent-seam/did', async (original) => fake.wrapped('@agent-seam/did', await original()));
vi.mock('@agent-seam/envelope', async (original) => fake.wrapped('@agent-seam/envelope', await original()));
vi.mock('@agent-seam/cardpub', async (original) => fake.wrapped('@agent-seam/cardpub', await original()));
vi.mock('@agent-seam/wba', async (original) => fake.wrapped('@agent-seam/wba', await original()));
vi.mock('@agent-seam/coredet-cbor', async (original) =>
  fake.wrapped('@agent-seam/coredet-cbor', await original()),
);
vi.mock('@agent-seam/cryptobox', async (original) => fake.wrapped('@agent-seam/cryptobox', await original()));
vi.mock('@agent-seam/hpke-seal', async (original) => fake.wrapped('@agent-seam/hpke-seal', await original()));
vi.mock('@agent-seam/merkle', async (original) => fake.wrapped('@agent-seam/merkle', await original()));
vi.mock('@agent-seam/tlog-note', async (original) => fake.wrapped('@agent-seam/tlog-note', await original()));
vi.mock('@agent-seam/chain', async (original) => fake.wrapped('@agent-seam/chain', await original()));
vi.mock('@agent-seam/tlog-tiles', async (original) =>
  fake.wrapped('@agent-seam/tlog-tiles', await original(), true),
);
vi.mock('@agent-seam/anet-identity', async (original) =>
  fake.wrapped('@agent-seam/anet-identity', await original()),
);
vi.mock('@agent-seam/anet', async (original) => fake.wrapped('@agent-seam/anet', await original()));

const root = join(import.meta.dirname, '..', '..', '..', 'vectors');

/**
 * Calls whose wrong answer no case can see, and why: `group`, the case's name, and the call
 * (`<package>.<function>#<nth call in the case> <variant>`). Each entry must excuse some call,
 * so that the list cannot go stale.
 */
const UNJUDGED: { group: RegExp; name: RegExp; call: RegExp; why: string }[] = [
  {
    group: /^seal\.(v[12](-refuse)?|dack)$/,
    name: /./,
    call: /^@agent-seam\/hpke-seal\.deriveKeyPair#(1|2|4|5|7|8) changed$/,
    why: "the other epoch's and the interaction's key pairs (the second and third each request derives): a case opens with the epoch key, the first, and the interaction key opens only a second layer",
  },
  {
    group: /^seal\.dack$/,
    name: /./,
    call: /^@agent-seam\/hpke-seal\.openEnvelope#\d value$/,
    why: "the group's envelope is opened only for its confirmation keys (a changed key is seen); the opened envelope's other members are seal.v2's to judge",
  },
  {
    group: /^hpke\.roundtrip$/,
    name: /./,
    call: /^@agent-seam\/hpke-seal\.deriveKeyPair#0 changed$/,
    why: "the first pair derived: the sealer's, which uses only its public key (a changed private key, the member the fake changes, is judged by the opener's own pair); in a refusal, the opener's, whose case refuses under any key",
  },
  {
    group: /^seal\.v[12](-refuse)?$/,
    name: /^(too-large|envelope-as-hex-text|trailing-byte|version-3|outer-key-9|outer-kid-15-bytes|suite-2|other-recipient|unknown-kid)$/,
    call: /^@agent-seam\/hpke-seal\.deriveKeyPair#[036] changed$/,
    why: "each request's epoch key pair (a refusal is asked twice, the second time for its detail too), refused before the recipient's private key opens anything: for its size, form, version, suite, or a kid naming another key",
  },
  {
    group: /^tlog\.(reject\.note|go-rules|quorum)$/,
    name: /./,
    call: /^@agent-seam\/tlog-note\.parseVerifierKey#\d value$/,
    why: 'a verifier key whose signature the note does not reach: refused before its signature lines are read, or a key with no line of its own (a witness that did not cosign)',
  },
  {
    group: /^envelope\.freshness$/,
    name: /^replay\//,
    call: /^@agent-seam\/envelope\.verifyEnvelope#\d+ value$/,
    why: "a replay sequence states the cache's answer to each delivery (first-seen or its refusal), not the message's fields",
  },
  {
    group: /^seal\.(v2-refuse|v1)$/,
    name: /^replayed$/,
    call: /^@agent-seam\/hpke-seal\.openEnvelope(V1)?#[02] value$/,
    why: 'the first delivery primes the replay store: that it opened is judged, and the case is the second delivery’s refusal',
  },
  {
    group: /^anet\.resolver$/,
    name: /^(accept|refuse)\//,
    call: /^@agent-seam\/anet-identity\.pinKel#[01] value$/,
    why: "the case's pinned log is set up by pinning it (that it pinned is asserted); the pin's value is only stored, and the case judges the resolver's answer over that store",
  },
  {
    group: /^tlog-tiles\.read$/,
    name: /^refuse\//,
    call: /^@agent-seam\/tlog-tiles\.TileLog\.refresh#0 value$/,
    why: 'a refusal answers its code alone (a protocol refusal carries nothing else); the checkpoint a first refresh read is compared on the accepting side',
  },
  {
    group: /^numberHazards$/,
    name: /./,
    call: /^@agent-seam\/canonical\.parseJSON#0 value$/,
    why: 'the value read with floats marked is only given to the writer, which must refuse it whatever its members',
  },
  {
    group: /^anet\.(key-state|pins|notice|key-set|resolver)$/,
    name: /./,
    call: /^@agent-seam\/anet-identity\.replayKel#\d value$/,
    why: 'a log replayed only to be handed to the function the group judges (anet.kel compares replays); its first member, the version, is read by none of them for these logs',
  },
  {
    group: /^anet\.key-set$/,
    name: /^update\//,
    call: /^@agent-seam\/anet-identity\.verifyKeySet#[01] value$/,
    why: "the two sets are only handed to keySetUpdate, which compares seq and bytes; the accepted cases compare the sets' fields",
  },
  {
    group: /^(cbor\.encodeRefuse|numberHazards)$/,
    name: /./,
    call: /#\d+ message$/,
    why: 'these vectors give the code a signer throws, not its message (canonical sign-side cases give the path it names, and are held to it)',
  },
];
const excused = new Set<(typeof UNJUDGED)[number]>();
/** The groups replayed, and how many there are: a filtered run (a mutation run's) replays some. */
const replayed = new Set<string>();
let groupCount = 0;
afterAll(() => {
  // Only a run of every group can tell that an entry excuses nothing.
  if (replayed.size < groupCount) return;
  expect(UNJUDGED.filter((u) => !excused.has(u)).map((u) => `${u.group} ${u.call}`)).toEqual([]);
});

/** The checks of one group of a vector file, as `seam conformance` builds them. */
function checksOf(replay: FileReplay, group: string) {
  const doc = JSON.parse(readFileSync(join(root, replay.file), 'utf8'));
  const value = groupPath(replay.layout, group).reduce((v, k) => v?.[k], doc);
  const entry = replay.groups[group]!;
  return { pkg: entry.pkg, checks: entry.replay(value, doc) };
}

/** Runs one check with `cue` in place; returns the calls it made to the owner and what it threw. */
async function run(owner: string, check: () => unknown, cue?: { fn: string; nth: number; variant: string }) {
  Object.assign(fake.state, { owner, cue, calls: [], counts: new Map() });
  let thrown: unknown;
  try {
    await check();
  } catch (error) {
    thrown = error;
  }
  const calls = fake.state.calls;
  Object.assign(fake.state, { owner: '', cue: undefined });
  return { calls, thrown };
}

for (const replay of REPLAYS) {
  const doc = JSON.parse(readFileSync(join(root, replay.file), 'utf8'));
  const groups = Object.keys(replay.groups).filter(
    (g) => groupPath(replay.layout, g).reduce((v, k) => v?.[k], doc) !== undefined,
  );
  groupCount += groups.length;
  describe(`${replay.file}: a package answering one call wrongly makes the case disagree`, () => {
    for (const group of groups) {
      it(group, async () => {
        replayed.add(group);
        const { pkg, checks } = checksOf(replay, group);
        const missed: string[] = [];
        let cued = 0;
        for (const [i, [name, check]] of checks.entries()) {
          const honest = await run(pkg, check);
          expect(honest.thrown, `${group} ${name} agrees with the real package`).toBeUndefined();
          const seen = new Map<string, number>();
          for (const call of honest.calls) {
            const nth = seen.get(call.fn) ?? 0;
            seen.set(call.fn, nth + 1);
            for (const variant of call.variants) {
              cued++;
              // A fresh check: a case may keep state (a replay cache) from its first run.
              const fresh = checksOf(replay, group).checks[i]![1];
              const { thrown } = await run(pkg, fresh, { fn: call.fn, nth, variant });
              // A disagreement says what disagreed: its text starts with a word, never an empty label.
              if (thrown instanceof Mismatch)
                expect(thrown.message, `${name}: ${call.fn}#${nth}`).toMatch(/^[A-Za-z]/);
              if (thrown !== undefined) continue;
              const what = `${call.fn}#${nth} ${variant}`;
              const reason = UNJUDGED.find(
                (u) => u.group.test(group) && u.name.test(name) && u.call.test(what),
              );
              if (reason) excused.add(reason);
              else missed.push(`${name}: ${what}`);
            }
          }
        }
        expect(cued).toBeGreaterThan(0);
        expect(missed, missed.join('\n')).toEqual([]);
      });
    }
  });
}
