import type { Hello, Outcome, Request } from './protocol.js';
import { PROTOCOL_VERSION } from './protocol.js';

/** An implementation of the seam as the harness sees it: a hello, then one answer per request. */
export interface Implementation {
  hello(): Promise<Hello>;
  answer(request: Request): Promise<Outcome>;
  /** Release what the implementation holds (a child process); idempotent. */
  close(): Promise<void>;
}

/** An op's handler: the args of a request to its outcome (a refusal is an outcome, not a throw). */
export type OpHandler = (args: Record<string, unknown>) => Outcome | Promise<Outcome>;

export type OpTable = Readonly<Record<string, OpHandler>>;

/** Who the in-process implementation is. */
export type Identity = Omit<Hello, 'protocol' | 'groups'>;

/**
 * An implementation made of op handlers in this process. An op it has no handler for is
 * skipped; a handler that throws is answered as a refusal named `threw: <message>` so the
 * case disagrees visibly instead of ending the run.
 */
export function inProcess(identity: Identity, groups: readonly string[], ops: OpTable): Implementation {
  return {
    hello: async () => ({ protocol: PROTOCOL_VERSION, ...identity, groups: [...groups] }),
    async answer(request) {
      const handler = Object.hasOwn(ops, request.op) ? ops[request.op] : undefined;
      if (handler === undefined) return { skipped: `no handler for ${request.op}` };
      try {
        return await handler(request.args);
      } catch (error) {
        return { ok: false, code: `threw: ${(error as Error)?.message ?? String(error)}` };
      }
    },
    close: async () => {},
  };
}
