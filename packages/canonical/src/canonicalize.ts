import type { CanonicalizeCode } from './codes.js';
import { JsonFloat } from './json-value.js';
import { spellNumberValue } from './numbers.js';
import { type Profile, type ProfileName, profileOf } from './profiles.js';
import { quote, sortKeys } from './strings.js';
import { SeamError } from './verdict.js';

export interface CanonicalizeOptions {
  profile: ProfileName | Profile;
}

const refuse = (code: CanonicalizeCode, message: string): never => {
  throw new SeamError(code, message);
};

const isPlainObject = (v: object): boolean => {
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
};

/** One open container on the writer's explicit stack. */
interface Frame {
  container: object;
  /** Array elements, or the member values in sorted member order. */
  values: unknown[];
  /** Quoted member names in sorted order; null for an array. */
  names: string[] | null;
  next: number;
}

function spellScalar(v: unknown, profile: Profile): string {
  switch (typeof v) {
    case 'string': {
      const q = quote(v, profile);
      return q ?? refuse('lone-surrogate', 'a string holds an unpaired surrogate');
    }
    case 'number':
    case 'bigint':
      return spellNumber(v, profile);
    case 'boolean':
      return v ? 'true' : 'false';
    case 'undefined':
      return refuse('undefined-value', 'undefined has no JSON spelling');
    default:
      if (v === null) return 'null';
      if (v instanceof JsonFloat) return spellNumber(v, profile);
      return refuse('unsupported-type', `a ${typeof v} has no JSON spelling`);
  }
}

function spellNumber(v: number | bigint | JsonFloat, profile: Profile): string {
  const s = spellNumberValue(v, profile.numbers);
  // Number spellings start with a digit or '-'; refusal codes start with a letter.
  const c = s.charCodeAt(0);
  return c >= 97 && c <= 122 ? refuse(s as CanonicalizeCode, numberMessage(s as CanonicalizeCode)) : s;
}

function numberMessage(code: CanonicalizeCode): string {
  if (code === 'not-finite') return 'NaN and Infinity have no JSON spelling';
  if (code === 'unsafe-integer') return 'integer outside the range this profile keeps exact';
  return 'this number would be written differently by a Python and a JavaScript reader; do not sign it';
}

/** Opens a container: returns its frame, or the text of an empty container. */
function open(v: object, profile: Profile): Frame | string {
  if (Array.isArray(v)) {
    return v.length === 0 ? '[]' : { container: v, values: v, names: null, next: 0 };
  }
  if (!isPlainObject(v))
    return refuse('unsupported-type', 'only arrays and plain objects are JSON containers');
  const record = v as Record<string, unknown>;
  let keys = Object.keys(record);
  if (profile.undefinedMembers === 'drop') keys = keys.filter((k) => record[k] !== undefined);
  if (keys.length === 0) return '{}';
  sortKeys(keys, profile);
  const names = new Array<string>(keys.length);
  const values = new Array<unknown>(keys.length);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    names[i] = quote(k, profile) ?? refuse('lone-surrogate', 'a member name holds an unpaired surrogate');
    values[i] = record[k];
  }
  return { container: v, values, names, next: 0 };
}

/**
 * The canonical text of `value` under `options.profile`. This is the SIGN side: it
 * throws SeamError for any value the profile cannot write faithfully (see
 * CanonicalizeCode). Iterative, so nesting depth is limited by memory, not the stack.
 */
export function canonicalString(value: unknown, options: CanonicalizeOptions): string {
  const profile = profileOf(options?.profile);
  let out = '';
  const stack: Frame[] = [];
  const onPath = new Set<object>();
  let v = value;
  for (;;) {
    if (typeof v === 'object' && v !== null && !(v instanceof JsonFloat)) {
      if (onPath.has(v)) refuse('cycle', 'the value contains itself');
      const opened = open(v, profile);
      if (typeof opened === 'string') out += opened;
      else {
        onPath.add(v);
        stack.push(opened);
        out += opened.names === null ? '[' : `{${opened.names[0]}:`;
        v = opened.values[0];
        continue;
      }
    } else out += spellScalar(v, profile);
    // Close every container that is finished, then move to the next sibling.
    let top = stack[stack.length - 1];
    while (top !== undefined && ++top.next === top.values.length) {
      out += top.names === null ? ']' : '}';
      onPath.delete(top.container);
      stack.pop();
      top = stack[stack.length - 1];
    }
    if (top === undefined) return out;
    out += top.names === null ? ',' : `,${top.names[top.next]}:`;
    v = top.values[top.next];
  }
}

const UTF8 = new TextEncoder();

/** The canonical UTF-8 bytes of `value` under `options.profile` (see canonicalString). */
export function canonicalize(value: unknown, options: CanonicalizeOptions): Uint8Array {
  return UTF8.encode(canonicalString(value, options));
}
