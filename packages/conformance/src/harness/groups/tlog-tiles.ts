import { type Case, type OpGroup, refusal, type Step, sides, step, toHex, value } from '../replay.js';

// The groups of @agent-seam/tlog-tiles as questions (spec/harness.md, "tlog-tiles").
const pkg = '@agent-seam/tlog-tiles';
const file = 'tlog_tiles.json';

/** Hex of base64 text the vector file holds (the file's own spelling; generated, so read leniently). */
const base64Hex = (text: string): string => toHex(Uint8Array.from(atob(text), (c) => c.charCodeAt(0)));

/** The members of `from` that are present (a request carries no undefined member). */
const present = (from: Case, names: readonly string[]): Case =>
  Object.fromEntries(names.filter((k) => from[k] !== undefined).map((k) => [k, from[k]]));

/** A tlog-proof file as the request carries it: text, raw bytes as hex, or a JSON value in its place. */
const proofOf = (c: Case): Case =>
  c.proof !== undefined
    ? { proof: c.proof }
    : c.proofBase64 !== undefined
      ? { proofHex: base64Hex(c.proofBase64) }
      : { input: c.proofJson };

/** What a server answers per path: bodies as hex, the other answers (404, status, failure) as spelled. */
const filesOf = (files: Case): Case =>
  Object.fromEntries(
    Object.entries(files).map(([path, f]) => [path, typeof f === 'string' ? base64Hex(f) : f]),
  );

export const tlogTilesGroups: OpGroup[] = [
  {
    file,
    group: 'tlog-proof',
    pkg,
    // A case without a clock is judged with time off by name: only its one check can refuse it.
    replay: (g: Case) => {
      const verify = (c: Case, expect: Step['expect']) =>
        step(
          'tiles.verifyProof',
          {
            ...proofOf(c),
            origin: c.origin ?? g.origin,
            quorum: c.quorum,
            ...(c.leafHash === undefined ? { entryHex: c.entry } : { leafHashHex: c.leafHash }),
            ...present(c, ['maxBytes', 'maxAge']),
            now: c.now ?? 'off',
          },
          expect,
        );
      return sides(
        (c) => [
          verify(
            c,
            value({
              origin: c.origin ?? g.origin,
              index: c.index,
              size: c.size,
              root: c.root,
              extra: c.extra === null ? null : base64Hex(c.extra),
              verifiedBy: c.verifiedBy,
            }),
          ),
        ],
        (c) => [verify(c, refusal(c.code))],
      )(g);
    },
  },
  {
    file,
    group: 'tlog-tiles.paths',
    pkg,
    // Read to the tile's address, and the address written back to the same path.
    replay: sides(
      (c) => {
        const tile = { level: c.level, index: c.index, width: c.width };
        return [
          step('tiles.parsePath', { path: c.path }, value(tile)),
          step('tiles.formatPath', tile, value(c.path)),
        ];
      },
      (c) => [step('tiles.parsePath', { path: c.path }, refusal(c.code))],
    ),
  },
  {
    file,
    group: 'tlog-tiles.read',
    pkg,
    // The group's log with the case's files over it, read by a fresh client: refresh, then the ask.
    replay: (g: Case) => {
      const read = (c: Case, expect: Step['expect']) =>
        step(
          'tiles.read',
          {
            files: filesOf({ ...g.logs.log300, ...c.files }),
            origin: g.origin,
            quorum: c.quorum ?? g.quorum,
            ...(c.seen === undefined ? {} : { seen: c.seen }),
            ...present(c, ['maxCheckpointBytes', 'maxEntryBundleBytes', 'maxAge']),
            now: c.now ?? 'off',
            ask: c.ask,
          },
          expect,
        );
      return sides(
        (c) => [read(c, value({ origin: g.origin, ...c.expect }))],
        (c) => [read(c, refusal(c.code))],
      )(g);
    },
  },
];
