import { SeamError } from '@agent-seam/canonical';

/**
 * Argument checks for values the caller holds (seeds, associated data, plaintext).
 * Getting these wrong is a programmer error and throws; wire input never comes here.
 */
export function requireOptions(options: unknown, what: string): void {
  if (typeof options !== 'object' || options === null)
    throw new SeamError('missing-argument', `${what} takes an options object`);
}

export function requireBytes(value: unknown, name: string): Uint8Array {
  if (!(value instanceof Uint8Array))
    throw new SeamError(
      value === undefined ? 'missing-argument' : 'bad-argument',
      `${name} must be a Uint8Array`,
    );
  return value;
}

export function requireLength(value: unknown, length: number, name: string): Uint8Array {
  const bytes = requireBytes(value, name);
  if (bytes.length !== length) throw new SeamError('bad-argument', `${name} must be ${length} bytes`);
  return bytes;
}

/** A size cap the caller chose, or the default; anything but a non-negative integer is an error. */
export function capOf(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isSafeInteger(value) || value < 0)
    throw new SeamError('bad-argument', `${name} must be a non-negative integer`);
  return value;
}
