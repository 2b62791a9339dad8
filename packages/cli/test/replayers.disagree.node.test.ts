// The replayers of `seam conformance` held to disagree. Without this, a replayer that stopped
// comparing would still report every case as agreeing (the first mutation run of
// src/conformance/ found most of its survivors there). Two changes to a published vector file,
// one at a time, each replayed through the one group it touches:
// - a case's expectation changed (its refusal `code`, or its `expect` string): that case, and
//   only it, must disagree;
// - any field of an accepted case changed (an input or an expected output): the same, except the
//   fields listed in UNJUDGED, each with the reason the verdict does not depend on it (and each
//   checked still to agree, so that the list cannot go stale).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPLAYS } from '../src/conformance/index.js';
import type { FileReplay } from '../src/conformance/replay.js';
import { groupPath, replayVectors } from '../src/conformance/run.js';

const root = join(import.meta.dirname, '..', '..', '..', 'vectors');
/** One directory for every changed vector file (the cases run one after another). */
const dir = mkdtempSync(join(tmpdir(), 'seam-replayers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const WRONG = 'x-not-this-code';

type Path = (string | number)[];
// Vector files are untyped JSON, walked member by member.
type Json = any;

const at = (doc: Json, path: Path): Json => path.reduce((v, k) => v[k], doc);
const named = (c: Json) => typeof c?.name === 'string';
const record = (c: Json) => typeof c === 'object' && c !== null && !Array.isArray(c);

/** Every list of cases in `doc` (an array of objects: merkle's proofs have no names), by its path. */
function caseLists(doc: Json, path: Path = []): Path[] {
  if (Array.isArray(doc))
    return doc.length > 0 && doc.every(record) ? [path] : doc.flatMap((v, i) => caseLists(v, [...path, i]));
  if (typeof doc !== 'object' || doc === null) return [];
  return Object.entries(doc).flatMap(([k, v]) => caseLists(v, [...path, k]));
}

/** The paths of every scalar inside `value`. */
function leaves(value: Json, path: Path = []): Path[] {
  if (typeof value !== 'object' || value === null) return [path];
  return Object.entries(value).flatMap(([k, v]) =>
    leaves(v, [...path, Array.isArray(value) ? Number(k) : k]),
  );
}

/** Another value of the same kind: the last digit of a hex string, a number moved, a flag flipped. */
function changed(v: Json): Json {
  if (typeof v === 'boolean') return !v;
  if (typeof v === 'number') return v + 1 === v ? v * 2 : v + 1;
  if (typeof v === 'string' && /^([0-9a-f]{2})+$/.test(v))
    return v.slice(0, -1) + (v.endsWith('0') ? '1' : '0');
  if (typeof v === 'string') return `${v}x`;
  return 0;
}

/** The group a list of cases belongs to, as the report names it. */
const groupOf = (replay: FileReplay, list: Path): string =>
  replay.layout === 'seam-wire' && list[0] === 'reject' ? `reject.${list[1]}` : String(list[0]);

/**
 * The cases that disagree when `doc` is replayed through `group` alone. Every disagreement must
 * say what disagreed: its text starts with a word (the field compared, or the verdict), never
 * with an empty label.
 */
async function disagreeing(
  replay: FileReplay,
  group: string,
  doc: Json,
): Promise<{ name: string; why: string }[]> {
  writeFileSync(join(dir, replay.file), JSON.stringify(doc));
  const one = { ...replay, groups: { [group]: replay.groups[group]! } };
  const report = await replayVectors(dir, [one]);
  expect(report.groups.map((g) => g.group)).toEqual([group]);
  const failed = report.groups.flatMap((g) => g.failed);
  for (const f of failed) expect(f.why).toMatch(/^[A-Za-z]/);
  return failed;
}

/** A replayer names a case as the file does (by its index when it has no name), or under its list (`refuse/<name>`, `pad-0`). */
const isCase = ({ name }: { name: string }, c: Json, index: number) => {
  const own = c.name ?? String(index);
  return name === own || name.endsWith(`/${own}`) || name.endsWith(`-${own}`);
};

/** Lists of keys that a group's cases share (a JWK Set): a key changed must make some case disagree. */
const shared = (list: Path) => list.join('.').endsWith('.jwks.keys');

/** A refusal case: its fields other than the expected code need not change the verdict. */
const refusing = (list: Path, c: Json) =>
  typeof c.code === 'string' || c.mustReject === true || list.some((k) => /refuse|reject/.test(String(k)));

/** Fields of an accepted case that no replayer compares, and why the verdict does not depend on them. */
const UNJUDGED: { file: string; list: string; leaf: RegExp; why: string }[] = [
  { file: '*', list: '*', leaf: /^(name|why|rule)$/, why: 'a description for the reader' },
  {
    file: 'wire_vectors.json',
    list: 'numberHazards',
    leaf: /^(payload\..*|signMustNotEmit|verifyNeedsPythonRepr)$/,
    why: 'facts about the vector itself, not asked of an implementation (spec/harness.md): the requests carry pythonCanonical',
  },
  {
    file: 'wire_vectors.json',
    list: 'did',
    leaf: /^multicodec$/,
    why: 'a fact about the vector itself (it follows from the curve), not asked of an implementation (spec/harness.md)',
  },
  {
    file: 'wire_vectors.json',
    list: 'wba.card.accept',
    leaf: /^card\.client_name$/,
    why: "a card's metadata is the card's own, returned as received: only client_id and the key source are judged",
  },
  {
    file: 'tlog_note.json',
    list: 'tlog.quorum.accept',
    leaf: /^(now|maxAge)$/,
    why: 'one second later, or one second more of allowed age, still finds the checkpoint fresh',
  },
  {
    file: 'wire_vectors.json',
    list: 'relay.fresh',
    leaf: /^now$/,
    why: 'one second later is still inside the minute the token names',
  },
  {
    file: 'wire_vectors.json',
    list: 'envelope.freshness.replay',
    leaf: /^(windowSeconds|maxEntries|steps\.\d+\.now)$/,
    why: 'the second delivery is refused at any window, cache size and time that still hold the first',
  },
  {
    file: 'wire_vectors.json',
    list: 'wba.request.accept',
    leaf: /^url$/,
    why: "the case's point: the authority comes from the server's configuration, not the URL; the path is not a signed component",
  },
  {
    file: 'wire_vectors.json',
    list: 'wba.fetch.accept',
    leaf: /^response\.headers\.content-type$/,
    why: "a directory's media type is not judged: its body is read as a JWK Set whatever the response calls it",
  },
  {
    file: 'merkle.json',
    list: 'merkle.proofs.inclusion',
    leaf: /^size$/,
    why: 'leaf 0 of a tree of 10 leaves has the proof shape of 13 (every sibling to its right, four levels), and RFC 6962 binds the size only through that shape',
  },
  {
    file: 'cryptobox.json',
    list: 'sealed.payload.payloads',
    leaf: /^wrappedKey$/,
    why: 'the wrapped key shown as text: the envelope carries it, and the sealing is compared byte for byte',
  },
  {
    file: 'hpke_seal.json',
    list: 'seal.v2.accept',
    leaf: /^envelope$/,
    why: "the last byte ends outer extension 100's value, which a first-contact envelope (access kind 0) does not authenticate; the case compares its key, not its value",
  },
  {
    file: 'chain.json',
    list: 'chain.signatures',
    leaf: /^keys\.test-other$/,
    why: 'a key of the key set the record is not signed with',
  },
  {
    file: 'chain.json',
    list: 'audit.hmac',
    leaf: /^secrets\.1$/,
    why: 'the previous secret: the entry is sealed with the current one, tried first',
  },
  {
    file: 'chain.json',
    list: 'export.sound',
    leaf: /^options\.(now|maxCheckpointAge)$/,
    why: 'one second later, or one second more of allowed age, still finds the anchor fresh',
  },
  {
    file: 'chain.json',
    list: 'export.findings',
    leaf: /^lines\.\d+$/,
    why: "the first case's finding is the missing header: the header is read from the first line only, and the reading stops there",
  },
];

const unjudged = (file: string, list: Path, leaf: Path) =>
  UNJUDGED.find(
    (u) =>
      (u.file === '*' || u.file === file) &&
      (u.list === '*' || u.list === list.join('.')) &&
      u.leaf.test(leaf.join('.')),
  );

/** The UNJUDGED entries some field of some accepted case matched: each must be used. */
const used = new Set<(typeof UNJUDGED)[number]>();
afterAll(() => {
  expect(UNJUDGED.filter((u) => !used.has(u)).map((u) => `${u.file} ${u.list} ${u.leaf}`)).toEqual([]);
});

/** A group's own fields, outside its lists of cases: what its cases share (a seed, a clock, a request). */
function sharedLeaves(value: Json, path: Path = []): Path[] {
  if (typeof value !== 'object' || value === null) return [path];
  if (Array.isArray(value) && value.length > 0 && value.every(record)) return [];
  return Object.entries(value)
    .filter(([k]) => !(k === '_' || k === 'note' || k.endsWith('Note')))
    .flatMap(([k, v]) => sharedLeaves(v, [...path, Array.isArray(value) ? Number(k) : k]));
}

/** Shared fields no case depends on, and why. */
const SHARED_UNJUDGED: { file: string; group: string; leaf: RegExp; why: string }[] = [
  ...['bindingV2', 'domainLinkage.refuse', 'wba.directory', 'wba.request'].map((group) => ({
    file: 'wire_vectors.json',
    group,
    leaf: /^(checkNow|now)$/,
    why: "one second (or millisecond) later is still inside every case's window",
  })),
  ...['seal.v1', 'seal.dack'].map((group) => ({
    file: 'hpke_seal.json',
    group,
    leaf: /^keys\.(nowMs|otherEpochIkm)$/,
    why: "one second (or millisecond) later is still inside every case's window; the other epoch's key stands for a key that opens nothing, which any other key does alike",
  })),
  // The capability cases sit on the edges of their window: the clock is judged in v2.
  ...['seal.v2', 'seal.v2-refuse'].map((group) => ({
    file: 'hpke_seal.json',
    group,
    leaf: /^keys\.otherEpochIkm$/,
    why: "the other epoch's key stands for a key that opens nothing, which any other key does alike",
  })),
  ...['seal.v1', 'seal.dack'].map((group) => ({
    file: 'hpke_seal.json',
    group,
    leaf: /^keys\.mailbox(Seed|Epoch)$/,
    why: 'no capability to judge: a v1 envelope carries no credential, and the dack envelope is a first contact',
  })),
  {
    file: 'hpke_seal.json',
    group: 'seal.v2-refuse',
    leaf: /^keys\.interactionIkm$/,
    why: 'every case is refused with this key changed too, and with the same code: by a check that does not use it or that fails either way',
  },
  {
    file: 'hpke_seal.json',
    group: 'seal.v1',
    leaf: /^keys\.interactionIkm$/,
    why: 'a v1 envelope has no interaction layer',
  },
  {
    file: 'hpke_seal.json',
    group: 'seal.dack',
    leaf: /^keys\.interactionIkm$/,
    why: "the group's envelope is a first contact, opened with the epoch key",
  },
  {
    file: 'hpke_seal.json',
    group: 'seal.dack',
    leaf: /^envelope$/,
    why: "the last byte ends outer extension 100's value, which a first-contact envelope does not authenticate (as in seal.v2's accepted cases)",
  },
  {
    file: 'wire_vectors.json',
    group: 'relay',
    leaf: /^seedB$/,
    why: "the other agent's seed: the replayer signs with A's, and B appears by the DID each case gives",
  },
  {
    file: 'wire_vectors.json',
    group: 'wba.profile',
    leaf: /^seedHex$/,
    why: "the profile's cases are requests to verify, carrying their signatures; none is made here",
  },
  ...['anet.key-state', 'anet.pins', 'anet.resolver'].map((group) => ({
    file: 'anet_identity.json',
    group,
    leaf: /^nowMs$/,
    why: 'the clock the logs are replayed and the envelopes opened at: a millisecond later is inside every window of the cases that do not give their own',
  })),
  {
    file: 'anet_identity.json',
    group: 'anet.notice',
    leaf: /^kels\.(witnessAsAgent|otherHub)$/,
    why: 'the witness logs of two refusals (another AID, an agent): with a byte changed they fail to replay, which is refused with the same code',
  },
  ...['anet.pow', 'anet.directory', 'anet.objects', 'anet.messages', 'anet.ledger', 'anet.card'].map(
    (group) => ({
      file: 'anet.json',
      group,
      leaf: /^nowMs$/,
      why: "the verifier's clock: a millisecond later is inside every window of the group's cases (anet.relay-auth has cases exactly 5 minutes old and ahead, and is held to it)",
    }),
  ),
  ...['anet.relay-auth', 'anet.objects', 'anet.card'].map((group) => ({
    file: 'anet.json',
    group,
    leaf: /^kels\.truncated$/,
    why: 'a log cut by one byte: with another byte changed it still does not replay, refused with the same code',
  })),
  {
    file: 'cryptobox.json',
    group: 'sealed.reject',
    leaf: /^kek\.hex$/,
    why: 'every refusal comes before a data key is unwrapped',
  },
];

const sharedUsed = new Set<(typeof SHARED_UNJUDGED)[number]>();
afterAll(() => {
  expect(
    SHARED_UNJUDGED.filter((u) => !sharedUsed.has(u)).map((u) => `${u.file} ${u.group} ${u.leaf}`),
  ).toEqual([]);
});

for (const replay of REPLAYS) {
  const text = readFileSync(join(root, replay.file), 'utf8');
  const lists = caseLists(JSON.parse(text));

  describe(`${replay.file}: one case's expectation changed disagrees, alone`, () => {
    const coded = lists.flatMap((list) => {
      const i = at(JSON.parse(text), list).findIndex(
        (c: Json) => named(c) && (typeof c.code === 'string' || typeof c.expect === 'string'),
      );
      return i < 0 ? [] : [{ list, i }];
    });

    it('has cases to change', () => {
      expect(coded.length).toBeGreaterThan(0);
    });

    for (const { list, i } of coded) {
      const c = at(JSON.parse(text), [...list, i]);
      it(`${list.join('.')}: ${c.name}`, async () => {
        const doc = JSON.parse(text);
        const target = at(doc, [...list, i]);
        if (typeof target.code === 'string') target.code = WRONG;
        else target.expect = WRONG;
        const failed = await disagreeing(replay, groupOf(replay, list), doc);
        expect(failed).toHaveLength(1);
        expect(isCase(failed[0]!, c, i)).toBe(true);
        // The disagreement shows what the vector says.
        expect(failed[0]!.why).toContain(WRONG);
      });
    }
  });

  describe(`${replay.file}: any field of an accepted case changed disagrees, alone`, () => {
    const accepting = lists.filter((list) => !refusing(list, at(JSON.parse(text), [...list, 0])));

    it('has accepted cases to change', () => {
      expect(accepting.length).toBeGreaterThan(0);
    });

    for (const list of accepting) {
      const c = at(JSON.parse(text), [...list, 0]);
      for (const leaf of leaves(c)) {
        const reason = unjudged(replay.file, list, leaf);
        if (reason) used.add(reason);
        it(`${list.join('.')}: ${c.name ?? 0}: ${leaf.join('.')}${reason ? ` (not judged: ${reason.why})` : ''}`, async () => {
          const doc = JSON.parse(text);
          const parent = at(doc, [...list, 0, ...leaf.slice(0, -1)]);
          const key = leaf.at(-1)!;
          parent[key] = changed(parent[key]);
          const failed = await disagreeing(replay, groupOf(replay, list), doc);
          if (reason) expect(failed).toEqual([]);
          else if (shared(list)) expect(failed.length).toBeGreaterThan(0);
          else {
            expect(failed).toHaveLength(1);
            expect(isCase(failed[0]!, c, 0)).toBe(true);
          }
        });
      }
    }
  });

  const doc = JSON.parse(text);
  const shares = Object.keys(replay.groups).flatMap((group) => {
    const path = groupPath(replay.layout, group);
    const value = path.reduce((v: Json, k) => v?.[k], doc);
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
    return sharedLeaves(value).map((leaf) => ({ group, path, leaf }));
  });
  if (shares.length > 0)
    describe(`${replay.file}: any field a group's cases share, changed, makes some case disagree`, () => {
      for (const { group, path, leaf } of shares) {
        const reason = SHARED_UNJUDGED.find(
          (u) => u.file === replay.file && u.group === group && u.leaf.test(leaf.join('.')),
        );
        if (reason) sharedUsed.add(reason);
        it(`${group}: ${leaf.join('.')}${reason ? ` (not judged: ${reason.why})` : ''}`, async () => {
          const changedDoc = JSON.parse(text);
          const parent = at(changedDoc, [...path, ...leaf.slice(0, -1)]);
          const key = leaf.at(-1)!;
          parent[key] = changed(parent[key]);
          const failed = await disagreeing(replay, group, changedDoc);
          if (reason) expect(failed).toEqual([]);
          else expect(failed.length).toBeGreaterThan(0);
        });
      }
    });
}
