import { hex } from '@agent-seam/canonical';

/** Importing a key costs about as much as a verification, so recent keys are kept. */
export const KEY_CACHE_LIMIT = 256;

/**
 * A bounded cache of imported public keys: at most KEY_CACHE_LIMIT entries, oldest first
 * out, whatever keys an attacker sends. Shared by the backends that import keys.
 */
export function keyCache<K>(importKey: (publicKey: Uint8Array) => K): (publicKey: Uint8Array) => K {
  const keys = new Map<string, K>();
  return (publicKey) => {
    const id = hex.encode(publicKey);
    let key = keys.get(id);
    if (key === undefined) {
      key = importKey(publicKey);
      if (keys.size >= KEY_CACHE_LIMIT) keys.delete(keys.keys().next().value!);
      keys.set(id, key);
    }
    return key;
  };
}
