import { fail, ok, SeamError, type Verdict } from '@agent-seam/canonical';

/**
 * Tile and entry bundle paths (C2SP tlog-tiles): `tile/<L>/<N>[.p/<W>]` and
 * `tile/entries/<N>[.p/<W>]`, N written in groups of three digits, every group but the
 * last behind an `x`. The writer spells each tile one way, and the reader takes only that
 * spelling: no leading `x000` group, no leading zero in a level or width.
 */
export const TILE_PATH_CODES = [
  'not-a-string',
  'not-a-tile-path',
  'bad-level',
  'bad-index',
  'bad-width',
  'index-out-of-range',
] as const;
export type TilePathCode = (typeof TILE_PATH_CODES)[number];

/** A tile's address as its path names it. `width` is 256 for a full tile. */
export interface TileAddress {
  /** 0..63, or 'entries' for an entry bundle. */
  level: number | 'entries';
  index: bigint;
  width: number;
}

const LEVEL = /^(0|[1-9][0-9]?)$/;
const INDEX = /^(x[0-9]{3}\/)*[0-9]{3}$/;
const WIDTH = /^[1-9][0-9]{0,2}$/;
const MAX_LEVEL = 63;
const TWO_64 = 1n << 64n;
/**
 * Six groups hold every index below 10^18; with a seventh a tile starts at leaf 10^18 · 256 or
 * later, past 2^64, so more groups are out of range before any number is read.
 */
const MAX_GROUPS = 6;

/** Reads a tile path; every spelling the writer would not produce is refused. */
export function parseTilePath(path: string): Verdict<TileAddress, TilePathCode> {
  if (typeof path !== 'string') return fail('not-a-string', 'a tile path is a string');
  if (!path.startsWith('tile/')) return fail('not-a-tile-path', 'a tile path starts with tile/');
  const rest = path.slice(5);
  const slash = rest.indexOf('/');
  if (slash < 0) return fail('not-a-tile-path', 'a tile path is tile/<level>/<index>');
  const levelText = rest.slice(0, slash);
  const isEntries = levelText === 'entries';
  if (!isEntries && !(LEVEL.test(levelText) && Number(levelText) <= MAX_LEVEL))
    return fail('bad-level', 'the level is entries or a decimal 0..63 without leading zeros');
  const tail = rest.slice(slash + 1);
  const partial = tail.indexOf('.p/');
  const indexText = partial < 0 ? tail : tail.slice(0, partial);
  if (!INDEX.test(indexText) || indexText.startsWith('x000/'))
    return fail('bad-index', 'the index is 3-digit groups, all but the last behind an x, no leading x000');
  let width = 256;
  if (partial >= 0) {
    const widthText = tail.slice(partial + 3);
    if (!WIDTH.test(widthText) || Number(widthText) > 255)
      return fail('bad-width', 'a partial width is a decimal 1..255 without leading zeros');
    width = Number(widthText);
  }
  const groups = indexText.split('/');
  const level = isEntries ? 0 : Number(levelText);
  if (groups.length > MAX_GROUPS) return fail('index-out-of-range', 'the tile starts beyond 2^64 leaves');
  const index = groups.reduce((n, group) => n * 1000n + BigInt(group.replace('x', '')), 0n);
  if (index * 256n ** BigInt(level + 1) >= TWO_64)
    return fail('index-out-of-range', 'the tile starts beyond 2^64 leaves');
  return ok({ level: isEntries ? 'entries' : level, index, width });
}

/** The path of a tile (or, with level 'entries', an entry bundle): the one spelling parseTilePath takes. */
export function formatTilePath(tile: {
  level: number | 'entries';
  index: number | bigint;
  width?: number;
}): string {
  const { level, width = 256 } = tile;
  if (level !== 'entries' && !(Number.isInteger(level) && level >= 0 && level <= MAX_LEVEL))
    throw new SeamError('invalid-argument', 'level must be an integer 0..63 or "entries"');
  if (!Number.isInteger(width) || width < 1 || width > 256)
    throw new SeamError('invalid-argument', 'width must be an integer 1..256');
  const index =
    typeof tile.index === 'bigint' ? tile.index : Number.isSafeInteger(tile.index) ? BigInt(tile.index) : -1n;
  const start = index * 256n ** BigInt(level === 'entries' ? 1 : level + 1);
  if (index < 0n || start >= TWO_64)
    throw new SeamError(
      'invalid-argument',
      'index must be a whole number and the tile start below 2^64 leaves',
    );
  let text = String(index % 1000n).padStart(3, '0');
  for (let rest = index / 1000n; rest > 0n; rest /= 1000n)
    text = `x${String(rest % 1000n).padStart(3, '0')}/${text}`;
  return `tile/${level}/${text}${width === 256 ? '' : `.p/${width}`}`;
}
