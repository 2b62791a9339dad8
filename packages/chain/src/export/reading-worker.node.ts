// A reading thread of the parallel pass (pass.node.ts): it takes the readings of the
// lines it is sent, in order, and sends them back. Readings depend on the line alone, so
// it needs nothing of the file but the options of the pass the lines belong to.
import { parentPort } from 'node:worker_threads';
import type { TrustedKeys } from '../signature.js';
import { LineReader, type LineReading } from './reading.js';

/** What a thread is sent: a pass beginning (its reader's options), a batch of its lines, its end. */
export type ToReader =
  | { kind: 'begin'; pass: number; maxLine: number; keys: TrustedKeys | undefined }
  /** Lines packed in one buffer: each line's end in it, -1 for a value that was no line. */
  | { kind: 'batch'; pass: number; id: number; buffer: ArrayBuffer; ends: Int32Array }
  | { kind: 'end'; pass: number };

/**
 * A reading as it travels back. A frame's value may hold JsonFloat, which a structured
 * clone would not keep, so a frame comes back as its bytes and is read again there.
 */
export type TravellingReading =
  | Exclude<LineReading, { type: 'frame' }>
  | { type: 'frame-bytes'; bytes: Uint8Array };

export interface FromReader {
  pass: number;
  id: number;
  readings: TravellingReading[];
}

const readers = new Map<number, LineReader>();

parentPort!.on('message', (message: ToReader) => {
  if (message.kind === 'begin') readers.set(message.pass, new LineReader(message.maxLine, message.keys));
  else if (message.kind === 'end') readers.delete(message.pass);
  else parentPort!.postMessage(readBatch(readers.get(message.pass)!, message));
});

function readBatch(reader: LineReader, { pass, id, buffer, ends }: ToReader & { kind: 'batch' }): FromReader {
  const bytes = new Uint8Array(buffer);
  const readings: TravellingReading[] = [];
  let start = 0;
  for (const end of ends) {
    if (end < 0) {
      readings.push(reader.read(null) as TravellingReading);
      continue;
    }
    const line = bytes.subarray(start, end);
    start = end;
    const reading = reader.read(line);
    readings.push(reading.type === 'frame' ? { type: 'frame-bytes', bytes: line.slice() } : reading);
  }
  return { pass, id, readings };
}
