import { base64Strict, bytesEqual, fail, ok, SeamError, sha256, type Verdict } from '@agent-seam/canonical';
import { checkText } from './text.js';

/**
 * The checkpoint note text (C2SP tlog-checkpoint): origin, tree size, base64 root hash,
 * then optional non-empty extension lines, every line ending in a newline.
 */
export interface Checkpoint {
  origin: string;
  /** uint64 tree size. */
  size: bigint;
  /** 32-byte RFC 6962 root hash. */
  root: Uint8Array;
  extensions: string[];
}

export type CheckpointCode =
  | 'invalid-utf8'
  | 'control-character'
  | 'missing-final-newline'
  | 'too-few-lines'
  | 'empty-origin'
  | 'bad-size'
  | 'bad-root-hash'
  | 'empty-extension-line'
  | 'size-zero-with-nonempty-root';

// ASCII decimal, no sign, no leading zero (a lone "0" is the empty tree).
const DECIMAL = /^(0|[1-9][0-9]*)$/;
const MAX_SIZE = (1n << 64n) - 1n;
const EMPTY_TREE_ROOT = sha256(new Uint8Array(0));

export function parseCheckpoint(body: string): Verdict<Checkpoint, CheckpointCode> {
  const checked = checkText(body);
  if (!checked.ok) return checked;
  if (!body.endsWith('\n')) return fail('missing-final-newline');
  const lines = body.slice(0, -1).split('\n');
  if (lines.length < 3) return fail('too-few-lines');
  const [origin, sizeText, rootText, ...extensions] = lines as [string, string, string, ...string[]];
  if (origin.length === 0) return fail('empty-origin');
  if (!DECIMAL.test(sizeText)) return fail('bad-size', 'not a canonical decimal');
  const size = BigInt(sizeText);
  if (size > MAX_SIZE) return fail('bad-size', 'larger than uint64');
  const root = base64Strict.decode(rootText);
  if (!root.ok) return fail('bad-root-hash', 'not canonical base64');
  if (root.value.length !== 32) return fail('bad-root-hash', 'not 32 bytes');
  if (extensions.some((line) => line.length === 0)) return fail('empty-extension-line');
  if (size === 0n && !bytesEqual(root.value, EMPTY_TREE_ROOT)) return fail('size-zero-with-nonempty-root');
  return ok({ origin, size, root: root.value, extensions });
}

/** The checkpoint text; throws SeamError with the parse code when the result would not parse back. */
export function formatCheckpoint(checkpoint: Checkpoint): string {
  const { origin, size, root, extensions = [] } = checkpoint;
  // A field holding a newline would parse back as different fields.
  if ([origin, ...extensions].some((field) => field.includes('\n')))
    throw new SeamError('invalid-field', 'checkpoint fields must not contain newlines');
  const text = [origin, String(size), base64Strict.encode(root), ...extensions].map((l) => `${l}\n`).join('');
  const parsed = parseCheckpoint(text);
  if (!parsed.ok) throw new SeamError(parsed.code, 'the checkpoint fields do not form a valid checkpoint');
  return text;
}
