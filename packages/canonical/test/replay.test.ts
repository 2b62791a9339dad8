import { MemoryReplayCache, type ReplayAnswer } from '@agent-seam/canonical';
import { describe, expect, it } from 'vitest';
import { thrown } from '../../../tools/thrown.ts';

/**
 * Cases written against the survivors of a Stryker run over the replay cache (issue 15, run
 * as `pnpm mutate --filter envelope --rest` while the cache lived in envelope; it moved to
 * canonical so that hpke-seal's openers share it): each `why` names the mutant(s) the case
 * kills. Thrown errors are compared whole.
 */

const seamError = (code: string, message: string) => ({
  name: 'SeamError',
  code,
  message: `${code}: ${message}`,
});

/** One sender 's' (key `1:s<id>`, 3 + id characters); every call at one `now`. */
const answer = (cache: MemoryReplayCache, id: string, timestamp: number, now = 20): ReplayAnswer =>
  cache.checkAndRemember('s', id, timestamp, now);

describe('MemoryReplayCache options', () => {
  it('a cap of 0 entries or characters is refused, naming the option', () => {
    // why: replay.ts:49:25 ('bad-options' → ""), 49:40 (the message → ''), 78:85
    // ('maxEntries' → "") and 79:79 ('maxChars' → "")
    expect(thrown(() => new MemoryReplayCache({ maxEntries: 0 }))).toEqual(
      seamError('bad-options', 'maxEntries must be a positive integer'),
    );
    expect(thrown(() => new MemoryReplayCache({ maxChars: 0 }))).toEqual(
      seamError('bad-options', 'maxChars must be a positive integer'),
    );
  });

  it('a window that is not a duration is refused, naming the option', () => {
    // why: replay.ts:76:7 ('MemoryReplayCache windowSeconds' → "")
    expect(thrown(() => new MemoryReplayCache({ windowSeconds: -1 }))).toEqual(
      seamError('bad-duration', 'MemoryReplayCache windowSeconds must be a non-negative number of seconds'),
    );
  });

  it('a cap of exactly 1 entry is allowed, and holds one message', () => {
    // why: replay.ts:48:39 (`value < 1` → `value <= 1`: a cap of 1 was refused)
    const cache = new MemoryReplayCache({ maxEntries: 1 });
    expect([answer(cache, 'a', 10), answer(cache, 'a', 10), answer(cache, 'b', 11), cache.size]).toEqual([
      'new',
      'seen',
      'new',
      1,
    ]);
  });
});

describe('MemoryReplayCache caps: the exact boundaries', () => {
  it('a key exactly maxChars long is remembered; one longer is forgotten', () => {
    // why: replay.ts:92:38 (`key.length > maxChars` → `>=`: a key of exactly the cap was
    // answered forgotten)
    const cache = new MemoryReplayCache({ maxChars: 4 });
    expect([answer(cache, 'xy', 10), answer(cache, 'x', 10), answer(cache, 'x', 10)]).toEqual([
      'forgotten',
      'new',
      'seen',
    ]);
  });

  it('when full, a message as old as the oldest one remembered is forgotten, not let in', () => {
    // why: replay.ts:95:11 (`timestamp <= oldest` → `<`: the oldest was forgotten to make
    // room, and the new message of the same age answered new)
    const cache = new MemoryReplayCache({ maxEntries: 1 });
    expect([answer(cache, 'a', 10), answer(cache, 'b', 10), answer(cache, 'a', 10), cache.size]).toEqual([
      'new',
      'forgotten',
      'seen',
      1,
    ]);
  });
});

/** Every ordering of `items`. */
const permutations = <T>(items: readonly T[]): T[][] =>
  items.length <= 1
    ? [[...items]]
    : items.flatMap((item, i) =>
        permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [item, ...rest]),
      );

describe('MemoryReplayCache forgets oldest timestamp first', () => {
  it('at capacity, entries are forgotten strictly oldest first, whatever order they arrived in', () => {
    // why: the heap (OldestFirst) in replay.ts: 129:12 (`i > 0` → false), 130:23 (`i - 1`
    // → `i + 1`: the sift-up never ends, a timeout), 131:11 (→ true), 132:7 (`move` removed),
    // 146:5 (the sift-down loop never runs), 147:19 (`2 * i` → `2 / i`), 148:11 (→ true),
    // 149:11 (the right-child test → true, → false, `&&` → `||`, `child + 1 < n` → `>=`),
    // 149:28 (→ true, `<` → `>=`), 149:39 (`times[child + 1]` → `times[child - 1]`),
    // 150:11 (→ true, → false, `>=` → `<`), 115:37 (keys starting non-empty): each forgot
    // a younger message before an older one, or kept one it had forgotten. Every ordering
    // of six distinct timestamps is filled in, then six newer messages push them out one
    // by one; after each, exactly the k oldest are forgotten and the rest still seen.
    const times = [10, 20, 30, 40, 50, 60];
    for (const order of permutations(times)) {
      const cache = new MemoryReplayCache({ maxEntries: times.length });
      for (const t of order) expect(answer(cache, `id${t}`, t)).toBe('new');
      for (let k = 1; k <= times.length; k++) {
        expect(answer(cache, `newer${k}`, 100 + k)).toBe('new');
        expect(
          times.map((t) => answer(cache, `id${t}`, t)),
          `order ${order}, ${k} pushed out`,
        ).toEqual(times.map((_t, rank) => (rank < k ? 'forgotten' : 'seen')));
        expect(cache.size).toBe(times.length);
      }
    }
  });

  it('expired entries leave in timestamp order too, and the last one leaves the cache empty', () => {
    // why: replay.ts:115:37 (keys starting as ["Stryker was here"]: after an out-of-order
    // pair, the heap paired the older timestamp's removal with the wrong key, and the
    // younger message stayed remembered after its window)
    const cache = new MemoryReplayCache({ windowSeconds: 10 });
    expect([answer(cache, 'a', 10, 10), answer(cache, 'b', 5, 10)]).toEqual(['new', 'new']);
    expect([answer(cache, 'b', 5, 16), answer(cache, 'a', 10, 16), cache.size]).toEqual([
      'forgotten',
      'seen',
      1,
    ]);
    expect([answer(cache, 'a', 10, 21), cache.size]).toEqual(['forgotten', 0]);
  });
});

describe('MemoryReplayCache among equal timestamps: the first remembered is the first forgotten', () => {
  // Which of two equally old messages is forgotten first is the heap's choice; both answers
  // refuse the replay, but as different codes (replayed or replay-cache-full), so a change
  // of order is visible. These cases hold the order the heap has.
  it('two equal timestamps pushed in turn: the first is forgotten first', () => {
    // why: replay.ts:131:11 (`times[parent] <= time` → `<`: the second sifted above the first)
    const cache = new MemoryReplayCache({ maxEntries: 2 });
    expect([answer(cache, 'x', 5), answer(cache, 'y', 5), answer(cache, 'z', 6)]).toEqual([
      'new',
      'new',
      'new',
    ]);
    expect([answer(cache, 'x', 5), answer(cache, 'y', 5)]).toEqual(['forgotten', 'seen']);
  });

  it('two equal children: the left one rises', () => {
    // why: replay.ts:149:28 (`times[child + 1] < times[child]` → `<=`: the right child rose)
    const cache = new MemoryReplayCache({ maxEntries: 4 });
    for (const [id, t] of [
      ['r', 1],
      ['x', 5],
      ['y', 5],
      ['z', 9],
      ['w', 10],
      ['v', 11],
    ] as const)
      expect(answer(cache, id, t)).toBe('new');
    expect([answer(cache, 'r', 1), answer(cache, 'x', 5), answer(cache, 'y', 5)]).toEqual([
      'forgotten',
      'forgotten',
      'seen',
    ]);
  });

  it('a child equal to the entry sinking does not rise above it', () => {
    // why: replay.ts:150:11 (`times[child] >= time` → `>`: the equal child rose, and the
    // other equally old message was forgotten first)
    const cache = new MemoryReplayCache({ maxEntries: 3 });
    for (const [id, t] of [
      ['r', 1],
      ['x', 5],
      ['y', 5],
      ['w', 10],
      ['v', 11],
    ] as const)
      expect(answer(cache, id, t)).toBe('new');
    expect([answer(cache, 'r', 1), answer(cache, 'y', 5), answer(cache, 'x', 5)]).toEqual([
      'forgotten',
      'forgotten',
      'seen',
    ]);
  });
});

describe('MemoryReplayCache window: the exact boundary', () => {
  it('a replay windowSeconds after its timestamp is still seen; one second later it is forgotten, never new', () => {
    // why: holds the expiry arithmetic of replay.ts:90 (`peek() + windowSeconds < now`;
    // `<` → `<=` forgot the message at the last second of its window, `+` → `-` forgot it
    // at once); the forgotten replay answers forgotten, never new, while a newer message is new
    const cache = new MemoryReplayCache({ windowSeconds: 600 });
    expect(answer(cache, 'a', 1000, 1000)).toBe('new');
    expect([answer(cache, 'a', 1000, 1600), cache.size]).toEqual(['seen', 1]);
    expect([answer(cache, 'a', 1000, 1601), cache.size]).toEqual(['forgotten', 0]);
    expect([answer(cache, 'b', 1001, 1601), answer(cache, 'b', 1001, 1601)]).toEqual(['new', 'seen']);
  });
});
