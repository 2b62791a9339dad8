import type { Profile } from './profiles.js';
import { hasLoneSurrogate, sortKeys } from './strings.js';

/**
 * Canonical text by the engine's own JSON.stringify, for the values where it writes
 * exactly what the writer writes. Given an array of member names as its replacer,
 * JSON.stringify writes every object's members in the order of that array (ECMA-262
 * SerializeJSONObject uses the PropertyList), so the union of all names, sorted in the
 * profile's order, makes it write sorted members; its string escapes and number
 * spellings are the ones the profiles use (strings.ts, numbers.ts). A survey of the
 * value first checks that nothing in it needs the writer: a refusal, a bigint or
 * JsonFloat, a number the profile spells differently, deep nesting (JSON.stringify
 * recurses on the native stack), a member name that objects without it would
 * inherit, or a property that is not enumerable (JSON.stringify reads every listed
 * name). Such values are left to the writer: null is returned. Small values never
 * come here (canonicalize.ts): the survey and the name list cost more than they save.
 * A getter is read twice on this path (survey, then JSON.stringify), once by the writer.
 */

/** JSON.stringify recurses; deeper values go to the iterative writer. */
const MAX_DEPTH = 200;

const wellFormed: (s: string) => boolean =
  typeof (String.prototype as { isWellFormed?: unknown }).isWellFormed === 'function'
    ? (s) => (s as string & { isWellFormed(): boolean }).isWellFormed()
    : (s) => !hasLoneSurrogate(s);

const isPlainObject = (v: object): boolean => {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

class Survey {
  readonly names = new Set<string>();
  objects = 0;
  members = 0;
  private readonly anyNumber: boolean;
  private readonly anyString: boolean;

  constructor(profile: Profile) {
    this.anyNumber = profile.numbers === 'ecmascript';
    this.anyString = profile.loneSurrogates === 'escape';
  }

  /** True when JSON.stringify writes `v` as the writer would (see the module comment). */
  check(v: unknown, depth: number): boolean {
    switch (typeof v) {
      case 'string':
        return this.anyString || wellFormed(v);
      case 'number':
        // Non-ECMAScript profiles spell safe integers alike (-0 aside); others need the writer.
        return this.anyNumber ? Number.isFinite(v) : Number.isSafeInteger(v) && !Object.is(v, -0);
      case 'boolean':
        return true;
      case 'object':
        if (v === null) return true;
        if (depth >= MAX_DEPTH) return false;
        if (Array.isArray(v)) {
          for (let i = 0; i < v.length; i++) if (!this.check(v[i], depth + 1)) return false;
          return true;
        }
        return isPlainObject(v) && this.checkObject(v as Record<string, unknown>, depth);
      default:
        return false;
    }
  }

  private checkObject(record: Record<string, unknown>, depth: number): boolean {
    const keys = Object.keys(record);
    // JSON.stringify reads a listed name even where it is not enumerable; the writer skips it.
    if (Object.getOwnPropertyNames(record).length !== keys.length) return false;
    this.objects++;
    this.members += keys.length;
    const { names } = this;
    for (const key of keys) {
      if (!names.has(key)) {
        // JSON.stringify reads each listed name with [[Get]]: an object without the name
        // must not find it on Object.prototype (`__proto__` would be written as an object).
        if (key in Object.prototype || !(this.anyString || wellFormed(key))) return false;
        names.add(key);
      }
      if (!this.check(record[key], depth + 1)) return false;
    }
    return true;
  }
}

/** The canonical text of `value` when JSON.stringify writes it exactly; null to use the writer. */
export function nativeText(value: unknown, profile: Profile): string | null {
  // A toJSON on the shared prototypes would be called by JSON.stringify, never by the writer.
  if ('toJSON' in Object.prototype || 'toJSON' in Array.prototype) return null;
  const survey = new Survey(profile);
  if (!survey.check(value, 0)) return null;
  const { names, objects, members } = survey;
  // JSON.stringify looks up every listed name in every object: bound that work.
  if (objects * names.size > 4 * members + 64) return null;
  return JSON.stringify(value, sortKeys([...names], profile));
}
