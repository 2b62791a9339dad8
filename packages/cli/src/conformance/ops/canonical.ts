import {
  type CanonicalizeOptions,
  canonicalFromJSON,
  canonicalize,
  canonicalString,
  hex,
  JsonFloat,
  type ParseOptions,
  type ProfileName,
  parseJSON,
  sha256,
} from '@agent-seam/canonical';
import type { OpTable } from '@agent-seam/conformance/harness';
import { bytesArg, fromVerdict, fromWriter, stringArg } from './outcome.js';

const utf8 = (text: string) => new TextEncoder().encode(text);

/**
 * The document a request hands the parse boundary: bytes (`documentHex`), a string
 * (`documentText`), or a value of another type as it is (`input`).
 */
const documentOf = (args: Record<string, unknown>) =>
  args.documentHex !== undefined
    ? bytesArg(args, 'documentHex')
    : 'documentText' in args
      ? stringArg(args, 'documentText')
      : (args.input as Uint8Array);

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
  const make = Object.hasOwn(shapes, kind) ? shapes[kind] : undefined;
  if (make === undefined) throw new Error(`the harness named an unknown construct ${construct}`);
  return make();
}

/** A JSON path as a writer's refusal names it: `$`, then `.name`, `[n]` or `["name"]` steps. */
const JSON_PATH = /^\$(?:\.[A-Za-z_$][\w$]*|\[\d+\]|\["(?:[^"\\]|\\.)*"\])*/;

/** The path a refusal's message names right after its code (`<code>: <path> ...`), or null. */
function pathNamed(code: string, message: string): string | null {
  const rest = message.startsWith(`${code}: `) ? message.slice(code.length + 2) : '';
  const path = JSON_PATH.exec(rest)?.[0];
  return path !== undefined && rest[path.length] === ' ' ? path : null;
}

/** The ops of @agent-seam/canonical (spec/harness.md, "canonical"). */
export const canonicalOps: OpTable = {
  'canonical.parse': (args) =>
    fromVerdict(
      canonicalFromJSON(documentOf(args), {
        ...(args.options as ParseOptions | undefined),
        profile: stringArg(args, 'profile') as ProfileName,
      }),
      hex.encode,
    ),
  // The signer's value: under jcs every number is a double (RFC 8785 reads I-JSON), and so
  // under swarmrelay-v1 (its hub reads with JSON.parse); under the other profiles floats stay
  // floats (marked), so the profile's writer judges them.
  'canonical.write': (args) => {
    const profile = stringArg(args, 'profile') as ProfileName;
    const json = stringArg(args, 'json');
    const parsed =
      profile === 'jcs' || profile === 'swarmrelay-v1'
        ? { ok: true as const, value: JSON.parse(json) }
        : parseJSON(utf8(json), { floats: 'marked', profile });
    if (!parsed.ok) throw new Error(`the harness sent JSON the parser refuses [${parsed.code}]`);
    return fromWriter(() => hex.encode(canonicalize(parsed.value, { profile } as CanonicalizeOptions)));
  },
  'canonical.sha256': (args) => ({ ok: true, value: hex.encode(sha256(bytesArg(args, 'dataHex'))) }),
  // A construct written under a profile; with `explain`, a refusal is answered as its code and
  // the path its message names.
  'canonical.writeConstruct': (args) => {
    const profile = { profile: stringArg(args, 'profile') } as CanonicalizeOptions;
    try {
      return {
        ok: true,
        value: hex.encode(utf8(canonicalString(constructed(stringArg(args, 'construct')), profile))),
      };
    } catch (error) {
      // The refusal as fromWriter reads a SeamError (anything else is rethrown).
      const refusal = fromWriter(() => {
        throw error;
      }) as { ok: false; code: string };
      if (args.explain !== true) return refusal;
      return {
        ok: true,
        value: { code: refusal.code, path: pathNamed(refusal.code, (error as Error).message) },
      };
    }
  },
};
