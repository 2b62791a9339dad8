import {
  type CanonicalizeOptions,
  canonicalFromJSON,
  canonicalString,
  JsonFloat,
  type ParseOptions,
  type ProfileName,
} from '@agent-seam/canonical';
import { opEntries } from './harness.js';
import { bytesOf, type Case, type FileReplay, Mismatch, refused, same, sides, throwsCode } from './replay.js';

const pkg = '@agent-seam/canonical';
const _utf8 = (text: string) => new TextEncoder().encode(text);

/** The parse boundary's canonical text for a document, which must be accepted. */
function parsedText(document: Uint8Array | string, profile: ProfileName, options: ParseOptions = {}): string {
  const verdict = canonicalFromJSON(document, { ...options, profile });
  if (!verdict.ok) throw new Mismatch(`refused [${verdict.code}], the vector says it is accepted`);
  return new TextDecoder().decode(verdict.value);
}

/** The parse boundary's verdict for a document, which must be this refusal. */
const parseRefused = (document: Uint8Array | string, profile: ProfileName, code: string, options = {}) =>
  refused(canonicalFromJSON(document, { ...options, profile }), code);

/**
 * A sign-side input JSON cannot carry, named by the construct vocabulary of
 * canonical_profiles.json (the same names the canonical package's tests build).
 */
function constructed(construct: string): unknown {
  const at = construct.indexOf(':');
  const [kind, arg] = at < 0 ? [construct, ''] : [construct.slice(0, at), construct.slice(at + 1)];
  const shapes: Record<string, () => unknown> = {
    json: () => JSON.parse(arg),
    number: () => Number(arg),
    bigint: () => BigInt(arg),
    float: () => new JsonFloat(Number(arg)),
    'undefined-member': () => ({ a: undefined, b: 1 }),
    'undefined-element': () => [1, undefined],
    'undefined-deep': () => ({ list: [1, { 'odd key': [undefined] }] }),
    cycle: () => {
      const a: Record<string, unknown> = { v: 1 };
      a.self = a;
      return a;
    },
    'shared-reference': () => {
      const x = { v: 1 };
      return { a: x, b: [x] };
    },
    function: () => ({ f: () => 0 }),
    date: () => ({ d: new Date(0) }),
  };
  const make = shapes[kind];
  if (make === undefined) throw new Mismatch(`the vector names an unknown construct ${construct}`);
  return make();
}

const signed = (c: Case) => () =>
  canonicalString(constructed(c.construct), { profile: c.profile } as CanonicalizeOptions);

/** The sign side refuses with the case's code, its message naming where the value sits when `path` is given. */
function signRefused(c: Case): void {
  let message = '';
  throwsCode(() => {
    try {
      signed(c)();
    } catch (error) {
      message = (error as Error).message;
      throw error;
    }
  }, c.code);
  if (c.path !== undefined && !message.startsWith(`${c.code}: ${c.path} `))
    throw new Mismatch(`the message does not name the path ${c.path}`);
}

export const canonical: FileReplay = {
  file: 'canonical_profiles.json',
  layout: 'top-level',
  groups: {
    'canonical.signSide': {
      pkg,
      replay: sides((c) => same(signed(c)(), c.canonical, 'canonical'), signRefused),
    },
    ...opEntries('canonical_profiles.json'),
    'canonical.nonFinite': {
      pkg,
      // A case is a document for the parse boundary or a construct for the sign side.
      replay: sides(
        (c) =>
          same(
            c.construct === undefined ? parsedText(bytesOf(c.documentHex), c.profile) : signed(c)(),
            c.canonical,
            'canonical',
          ),
        (c) =>
          c.construct === undefined
            ? parseRefused(bytesOf(c.documentHex), c.profile, c.code)
            : signRefused(c),
      ),
    },
  },
};
