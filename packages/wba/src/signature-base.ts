import { fail, ok, type Verdict } from '@agent-seam/canonical';
import type { FieldReader } from './headers.js';

/** One covered component and the value it contributes to the signature base. */
export interface ComponentLine {
  /** The component identifier without quotes, e.g. `@authority` or `signature-agent`. */
  name: string;
  value: string;
}

/**
 * RFC 9421 section 2.5 signature base: one `"name": value` line per covered
 * component in the order the sender listed them, then the `@signature-params` line
 * carrying the Signature-Input member value exactly as written. Lines are joined
 * with LF and there is no trailing newline. Identifiers are lowercase sf-strings
 * without `"` or `\`, so wrapping them in quotes is their serialisation.
 */
export function signatureBase(components: readonly ComponentLine[], signatureParams: string): string {
  const lines = components.map((c) => `"${c.name}": ${c.value}`);
  lines.push(`"@signature-params": ${signatureParams}`);
  return lines.join('\n');
}

/** Serialises an sf-string (RFC 8941 section 4.1.6): `"` and `\` escaped, printable ASCII only. */
export function serializeString(value: string): string | null {
  if (!/^[\x20-\x7e]*$/.test(value)) return null;
  return `"${value.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

// Covered header values enter the signature base verbatim; a line break would forge a line.
const FIELD_VALUE = /^[\x20-\x7e\t]*$/;

/**
 * The base lines of the covered components, from the RECEIVED header fields and the
 * verifier's own authority: `@authority` is the caller's, every other component is the
 * field's combined value, trimmed. A covered field that is absent is
 * `missing-covered-header`; one whose value is not text, or holds a character outside
 * visible ASCII, SP and HTAB (a line break would forge a base line), is
 * `malformed-covered-header`.
 */
export function componentLines(
  names: readonly string[],
  fields: FieldReader,
  authority: string,
): Verdict<ComponentLine[], 'missing-covered-header' | 'malformed-covered-header'> {
  const lines: ComponentLine[] = [];
  for (const name of names) {
    if (name === '@authority') {
      lines.push({ name, value: authority });
      continue;
    }
    const raw = fields(name);
    if (!raw.ok) return fail('malformed-covered-header', 'the covered field value is not text');
    if (raw.value === undefined)
      return fail('missing-covered-header', 'a covered header field is not in the message');
    if (!FIELD_VALUE.test(raw.value))
      return fail(
        'malformed-covered-header',
        'a covered header value holds a line break or another character outside visible ASCII, SP and HTAB',
      );
    lines.push({ name, value: raw.value.trim() });
  }
  return ok(lines);
}
