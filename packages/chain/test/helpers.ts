import { hex, utf8Strict } from '@agent-seam/canonical';
import type { ExportOptions } from '../src/index.js';

/** Hex from a vector file as bytes; a malformed value is a broken vector, so it throws. */
export function unhex(text: string): Uint8Array {
  const bytes = hex.decode(text);
  if (!bytes.ok) throw new Error('bad hex in vector');
  return bytes.value;
}

export const keyMap = (keys: Record<string, string> | undefined) =>
  keys === undefined ? undefined : new Map(Object.entries(keys).map(([id, h]) => [id, unhex(h)]));

/** Vector options (hex and text) to verifier options (bytes). */
export function optionsOf(o: Record<string, any> = {}): ExportOptions {
  const out: ExportOptions = {};
  if (o.keys) out.keys = keyMap(o.keys)!;
  if (o.graderKeys) out.graderKeys = keyMap(o.graderKeys)!;
  if (o.witnessKeys) out.witnessKeys = o.witnessKeys;
  if (o.graderVerdicts) out.graderVerdicts = o.graderVerdicts.map((t: string) => utf8Strict.encode(t));
  if (o.anchors)
    out.anchors = o.anchors.map((a: any) =>
      'note' in a ? { note: a.note } : { checkpoint: { ...a.checkpoint, root: unhex(a.checkpoint.root) } },
    );
  for (const k of ['maxCheckpointAge', 'now', 'maxLineBytes', 'strict', 'allowUnchecked'] as const)
    if (o[k] !== undefined) out[k] = o[k];
  return out;
}
