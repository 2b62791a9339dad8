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

/** Every way parseCheckpoint refuses a body. */
export const CHECKPOINT_CODES = [
  'not-a-string',
  'invalid-utf8',
  'control-character',
  'missing-final-newline',
  'too-few-lines',
  'empty-origin',
  'bad-size',
  'bad-root-hash',
  'empty-extension-line',
  'size-zero-with-nonempty-root',
] as const;
export type CheckpointCode = (typeof CHECKPOINT_CODES)[number];

// ASCII decimal, no sign, no leading zero (a lone "0" is the empty tree).
const DECIMAL = /^(0|[1-9][0-9]*)$/;
const MAX_SIZE = (1n << 64n) - 1n;
const EMPTY_TREE_ROOT = sha256(new Uint8Array(0));

export function parseCheckpoint(body: string): Verdict<Checkpoint, CheckpointCode> {
  if (typeof body !== 'string') return fail('not-a-string', 'a checkpoint body is a string');
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

/**
 * The checkpoint text. Throws SeamError naming the field when the fields would not
 * parse back to themselves (a newline or control character inside a line, an empty
 * origin or extension line, a size outside uint64, a root that is not 32 bytes, or
 * size 0 beside a root other than the empty tree's).
 */
export function formatCheckpoint(checkpoint: Checkpoint): string {
  if (typeof checkpoint !== 'object' || checkpoint === null)
    throw new SeamError('invalid-field', 'checkpoint is not an object');
  const { origin, size, root, extensions = [] } = checkpoint;
  if (!Array.isArray(extensions)) throw new SeamError('invalid-field', 'extensions is not an array');
  // Each field is one line; the parse code of an empty one names which kind it was.
  const lines: [string, unknown, CheckpointCode][] = [
    ['origin', origin, 'empty-origin'],
    ...extensions.map((e, i): [string, unknown, CheckpointCode] => [
      `extensions[${i}]`,
      e,
      'empty-extension-line',
    ]),
  ];
  for (const [field, line, empty] of lines) {
    if (typeof line !== 'string') throw new SeamError('invalid-field', `${field} is not a string`);
    if (line.length === 0) throw new SeamError(empty, `${field} is empty`);
    if (line.includes('\n')) throw new SeamError('invalid-field', `${field} contains a newline`);
    const text = checkText(line);
    if (!text.ok) throw new SeamError(text.code, `${field} has no note spelling (${text.code})`);
  }
  if (typeof size !== 'bigint' || size < 0n || size > MAX_SIZE)
    throw new SeamError('bad-size', 'size is not a bigint from 0 to 2^64 - 1');
  if (!(root instanceof Uint8Array) || root.length !== 32)
    throw new SeamError('bad-root-hash', 'root is not 32 bytes');
  if (size === 0n && !bytesEqual(root, EMPTY_TREE_ROOT))
    throw new SeamError(
      'size-zero-with-nonempty-root',
      'size is 0 but root is not the empty tree\'s, SHA-256("")',
    );
  return [origin, String(size), base64Strict.encode(root), ...extensions].map((l) => `${l}\n`).join('');
}
