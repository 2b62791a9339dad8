import { fail, ok, type Verdict } from '@agent-seam/canonical';
import { type FieldReader, trimOws } from './headers.js';
import { type ComponentId, parseStringDictionary } from './structured-fields.js';

/** One covered component and the value it contributes to the signature base. */
export interface ComponentLine {
  /** The component name without quotes, e.g. `@authority` or `signature-agent`. */
  name: string;
  /** Its parameters as serialised after the quoted name (`;key="sig1"`, `;req`); none when absent. */
  parameters?: string;
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
  const lines = components.map((c) => `"${c.name}"${c.parameters ?? ''}: ${c.value}`);
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

/** Where the derived components' values come from: the caller, never the message. */
export interface DerivedValues {
  authority: string;
  /** The target URI the caller gave, for `@target-uri`. */
  targetUri?: string;
}

type LineCode = 'missing-covered-header' | 'malformed-covered-header';

/**
 * A covered dictionary member (`"signature-agent";key="sig1"`): the member's value as
 * written, its parameters included (RFC 9421 section 2.1.2). The field must be a
 * dictionary of strings: a legacy string, or anything else, cannot name a member.
 */
function memberValue(field: string, key: string): Verdict<string, LineCode> {
  const members = parseStringDictionary(trimOws(field), 'malformed-covered-header');
  if (!members.ok)
    return fail(
      'malformed-covered-header',
      'a covered dictionary member is named in a field that is not a dictionary of strings',
    );
  const member = members.value.find((m) => m.label === key);
  if (member === undefined)
    return fail(
      'missing-covered-header',
      'the covered Signature-Agent has no member under the key the signature names',
    );
  return ok(member.text);
}

/**
 * The base lines of the covered components, from the RECEIVED header fields and the
 * verifier's own values: `@authority` (with or without `req`) is the caller's authority,
 * `@target-uri` the caller's target URI, every other component the field's combined value,
 * trimmed, or with `key` the dictionary member's value. A covered field that is absent is
 * `missing-covered-header`; one whose value is not text, or holds a character outside
 * visible ASCII, SP and HTAB (a line break would forge a base line), is
 * `malformed-covered-header`. The profile's check of the components comes first.
 */
export function componentLines(
  components: readonly ComponentId[],
  fields: FieldReader,
  derived: DerivedValues,
): Verdict<ComponentLine[], LineCode> {
  const lines: ComponentLine[] = [];
  for (const { name, parameters, text } of components) {
    // The identifier is the quoted name, then its parameters as written.
    const line = { name, parameters: text.slice((serializeString(name) ?? '').length) };
    if (name === '@authority' || name === '@target-uri') {
      lines.push({ ...line, value: name === '@authority' ? derived.authority : (derived.targetUri ?? '') });
      continue;
    }
    const raw = fields(name);
    if (!raw.ok) return fail('malformed-covered-header', 'a covered field value is not text');
    if (raw.value === undefined)
      return fail('missing-covered-header', 'a covered header field is not in the message');
    if (!FIELD_VALUE.test(raw.value))
      return fail(
        'malformed-covered-header',
        'a covered header value holds a line break or another character outside visible ASCII, SP and HTAB',
      );
    const key = parameters.find((p) => p.name === 'key')?.value.value;
    if (typeof key !== 'string') {
      lines.push({ ...line, value: raw.value.trim() });
      continue;
    }
    const member = memberValue(raw.value, key);
    if (!member.ok) return member;
    lines.push({ ...line, value: member.value });
  }
  return ok(lines);
}
