import {
  type CanonicalizeOptions,
  canonicalFromJSON,
  canonicalize,
  hex,
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
};
