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
