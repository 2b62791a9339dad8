import type { Redis } from 'ioredis';

/** One Lua script, called with its keys and arguments. */
export type Script = (keys: readonly string[], args: readonly (string | number)[]) => Promise<unknown>;

/**
 * Registers a script on the client (ioredis sends EVALSHA, and EVAL again when the server
 * has lost its script cache, as after a restart) and returns it as a function. Every
 * check-then-write of the stores is one script: Redis runs a script as one atomic step.
 */
export function defineScript(client: Redis, name: string, keyCount: number, lua: string): Script {
  client.defineCommand(name, { numberOfKeys: keyCount, lua });
  const command = (client as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>)[name]!;
  return (keys, args) => command.call(client, ...keys, ...args);
}

/**
 * The lines every script of a forgetful space starts with: KEYS[marker] is the space's
 * memory marker, ARGV[now] the caller's clock. A missing marker means the server lost the
 * space's data since it was written (a restart without persistence, a flush, a failover
 * to a replica that had not caught up): the caller's clock becomes the horizon, at or
 * below which nothing can be vouched for. `none`: no loss seen.
 */
export const horizonLua = (marker: string, now: string) => `
local horizon = redis.call('GET', KEYS[${marker}])
if not horizon then
  redis.call('SET', KEYS[${marker}], ARGV[${now}])
  horizon = ARGV[${now}]
end
local function behind(t)
  return horizon ~= 'none' and tonumber(t) <= tonumber(horizon)
end
`;

/** The marker's value while no loss has been seen. */
export const NO_HORIZON = 'none';
