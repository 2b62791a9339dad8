import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import type { Implementation } from './implementation.js';
import type { Request } from './protocol.js';

/**
 * The implementation side of the protocol (spec/harness.md) over a pair of streams: the
 * hello, then one answer line per request line, in order. Ends when the input ends; a
 * line that is not a request ends it too (there is no id to answer).
 */
export async function serveHarness(impl: Implementation, input: Readable, output: Writable): Promise<void> {
  const write = (message: unknown) =>
    new Promise<void>((resolve, reject) =>
      output.write(`${JSON.stringify(message)}\n`, (e) => (e ? reject(e) : resolve())),
    );
  for await (const line of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
    let message: Partial<Request> & { hello?: unknown };
    try {
      message = JSON.parse(line);
    } catch {
      throw new Error('the harness sent a line that is not JSON');
    }
    if (message.hello !== undefined) {
      await write(await impl.hello());
      continue;
    }
    if (!Number.isInteger(message.id) || typeof message.op !== 'string')
      throw new Error('the harness sent a line that is not a request');
    await write({ id: message.id, ...(await impl.answer(message as Request)) });
  }
}
