import { fail, ok, type Verdict } from '@agent-seam/canonical';
import type { WbaCode } from './codes.js';
import { fieldReader, type HeaderSource } from './headers.js';
import { componentLines, signatureBase } from './signature-base.js';
import { parseSignatureInput } from './structured-fields.js';

/** What one Signature-Input member signed, as the verifier would rebuild it. */
export interface MemberSignatureBase {
  label: string;
  /** The member's keyid parameter, when it is a string. */
  keyid?: string;
  /**
   * The RFC 9421 signature base (lines joined with LF, no trailing newline) built from
   * the RECEIVED header fields and the authority you give; null when a covered header
   * keeps it from being built, and `code` says why.
   */
  base: string | null;
  code?: 'missing-covered-header' | 'malformed-covered-header';
}

/**
 * The signature base of every Signature-Input member of a received message, built the
 * way `verifyRequest` and `verifyDirectory` build it: the covered fields as received
 * (combined and trimmed), `@authority` as the caller's own authority, the member text
 * verbatim. For a person comparing with the base the signer says it signed; a wrong
 * authority shows up in the first line. Refuses what keeps the members from being read.
 */
export function signatureBases(
  headers: HeaderSource,
  authority: string,
): Verdict<MemberSignatureBase[], WbaCode> {
  const fields = fieldReader(headers);
  if (!fields.ok) return fields;
  const input = fields.value('signature-input');
  if (!input.ok) return input;
  if (input.value === undefined) return fail('missing-signature-input');
  const members = parseSignatureInput(input.value);
  if (!members.ok) return members;
  return ok(
    members.value.map((member): MemberSignatureBase => {
      const keyid = member.parameters.find((p) => p.name === 'keyid')?.value.value;
      const out: MemberSignatureBase = { label: member.label, base: null };
      if (typeof keyid === 'string') out.keyid = keyid;
      const lines = componentLines(member.components, fields.value, { authority });
      if (lines.ok) out.base = signatureBase(lines.value, member.text);
      else out.code = lines.code;
      return out;
    }),
  );
}
