import {
  DEFAULT_MAX_LINE_BYTES,
  type ExportOptions,
  type ExportReport,
  ExportVerifier,
  hex,
  splitLines,
} from './seam.js';

/**
 * Verifies an agentplane export or package file off the page's thread: the file is read
 * as a stream, split into lines and fed to chain's ExportVerifier (the reader behind
 * `seam export verify`), so a file of hundreds of MB never sits in memory whole and
 * the page keeps answering. Progress goes out about ten times a second.
 */

export type ExportMessage =
  | { type: 'progress'; bytes: number; total: number; lines: number; seconds: number }
  | { type: 'report'; report: ExportReport; bytes: number; lines: number; seconds: number }
  | { type: 'error'; message: string };

const post = (message: ExportMessage) => (self as unknown as Worker).postMessage(message);

/** Record and grader keys arrive as { keyId: hex public key }; the verifier takes a Map. */
function keyMap(value: unknown, name: string): Map<string, Uint8Array> | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null)
    throw new Error(`${name} is { "key id": "hex public key" }`);
  const keys = new Map<string, Uint8Array>();
  for (const [id, text] of Object.entries(value)) {
    const key = hex.decode(text);
    if (!key.ok) throw new Error(`${name}.${id} is not lowercase hex`);
    keys.set(id, key.value);
  }
  return keys;
}

function exportOptions(options: Record<string, unknown>): ExportOptions {
  const { keys, graderKeys, ...rest } = options;
  const out: ExportOptions = { ...rest };
  const records = keyMap(keys, 'keys');
  const graders = keyMap(graderKeys, 'graderKeys');
  if (records !== undefined) out.keys = records;
  if (graders !== undefined) out.graderKeys = graders;
  return out;
}

self.onmessage = async (event: MessageEvent<{ file: Blob; options: Record<string, unknown> }>) => {
  const { file, options } = event.data;
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  let bytes = 0;
  let lines = 0;
  try {
    const verifier = new ExportVerifier(exportOptions(options));
    const reader = file.stream().getReader();
    async function* chunks() {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        bytes += value.length;
        yield value;
      }
    }
    const maxLine = typeof options.maxLineBytes === 'number' ? options.maxLineBytes : DEFAULT_MAX_LINE_BYTES;
    let told = 0;
    for await (const line of splitLines(chunks(), maxLine)) {
      verifier.push(line);
      lines++;
      if (performance.now() - told > 100) {
        told = performance.now();
        post({ type: 'progress', bytes, total: file.size, lines, seconds: seconds() });
      }
    }
    post({ type: 'report', report: verifier.finish(), bytes, lines, seconds: seconds() });
  } catch (error) {
    post({ type: 'error', message: (error as Error).message });
  }
};
